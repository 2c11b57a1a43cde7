"""Where the 大六壬 judge disagrees with the casebooks: the confusion, the deciding path, each step's record.

For the cases of ``tests/liuren/casebook`` (cast as ``scripts/accuracy.py`` casts them), per split:

* the confusion of the book's polarity (rows) against the judge's (columns);
* which settling step decided (``weigh.*``, or the plain sum) and how often it agreed with the book;
* for every weighed step, how often its sign (``+`` / ``-``) is the book's polarity on the good and bad cases
  (the book's mixed cases counted apart): a step near chance is one the books do not decide on;
* with ``--misses``, each disagreeing case with the book's stated reason, grouped by (book, judge);
* with ``--leishen``, the 類神-first readings of 《大六壬指南》 and 《六壬大全》 (the 類神 present or
  absent in 課傳, 旺相 or 休囚 by the month, 生 or 剋 the day stem and the day branch, void, riding an
  auspicious or an ominous 天將, 相生 or 克戰 with its seat; the 末傳's 生剋 with the day stem), each as a
  sign, against the book's polarity, over all the cases whose 類神 is a spirit found by its 六親, 天將 or
  branch (not a place: 日上, 辰上) and per topic with at least ``--min`` such cases; with ``--matter`` the
  topic's own 類神 also where a person is asked about. For a 類神 that is the harm (illness, suits, theft)
  presence, strength, a void and the seat count the other way.

* with ``--files``, the confusion of each casebook file apart (the file a case's id names: ``sh-``
  邵彥和, ``hx-`` 《壬占彙選》, ``cy-`` 《六壬存驗》, ``sj-`` 《壬學瑣記》, ``cuy-`` 《六壬粹言》,
  ``zn-`` 《大六壬指南》〈占驗〉, ``shb-`` 邵彥和's cases of round 7's blind set) and the
  settling step of the cases the judge reads *bad* where the book says *good*, per file;
* with ``--ablate``, the ablation table of docs/liuren-judgment.md: every rule that can weigh or settle a
  verdict (the steps with a weight, the qualifiers of ``[part.*]``, the ``weigh.*`` settlings) switched off
  in turn through the judge's own switch (``judgment.switched_off``: the one implementation, judged as if
  that rule were not there), the agreeing cases on dev and on the holdout without it, against the judge as
  it is. A rule *gains* on a split where switching it off loses agreeing cases.

Run ``python scripts/liuren_confusion.py [--split dev|holdout] [--misses] [--files] [--ablate] [--off K,…]
[--leishen [--matter] [--min N]]``. Measuring only: it changes nothing; the ``blind`` split is refused, and
the holdout is for checking, never for choosing rules (docs/liuren-judgment.md).
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from xuanheng.core.wuxing import generates, overcomes

sys.path.insert(0, str(Path(__file__).resolve().parent))

POLS = ("good", "bad", "mixed")
SPLITS = ("dev", "holdout")
#: the casebook files by the prefix of their case ids
FILES = {
    "sh": "shao",
    "hx": "huixuan",
    "cy": "cunyan",
    "sj": "suoji",
    "cuy": "cuiyan",
    "zn": "zhinan",
    "shb": "shao_blind",
}


def _cases(split: str) -> list[dict[str, Any]]:
    """The casebook's cases of *split*; any split but dev and holdout is refused."""
    if split not in SPLITS:
        raise SystemExit(f"split {split!r} refused: only {', '.join(SPLITS)} are measured here")
    import accuracy

    return [c for c in accuracy.cases("liuren") if c["split"] == split]


def _judged(split: str, off: Iterable[str] = ()) -> list[tuple[dict[str, Any], Any]]:
    """(case, judgment) for every case of *split*, cast and judged as the accuracy page does, with the
    rules *off* switched off."""
    import accuracy
    from xuanheng.liuren.judgment import switched_off

    cases = _cases(split)
    with switched_off(*off):
        return [(c, accuracy.liuren_judgment(c)) for c in cases]


def _settled(j: Any) -> str:
    """The ``weigh.*`` step that settled judgment *j*, or ``sum``."""
    return next((s.key for s in reversed(j.steps) if s.key.startswith("weigh.")), "sum")


def file_of(case: dict[str, Any]) -> str:
    """The casebook file of *case*, by its id's prefix."""
    return FILES[case["id"].rsplit("-", 1)[0]]


def report(split: str, misses: bool, off: Iterable[str] = ()) -> list[str]:
    import confusion_report

    rows = [(c, j, _settled(j)) for c, j in _judged(split, off)]

    def miss(row: confusion_report.Row) -> str:
        c = row[0]
        return f"  {c['id']} {c['topic']}/{c['about']}: {c.get('reasoning', '').strip()}"

    return confusion_report.lines(
        split,
        rows,
        weighed=lambda s: not s.key.startswith("weigh."),
        path_title="deciding step",
        width=20,
        misses=misses,
        miss_line=miss,
    )


def files_report(split: str, off: Iterable[str] = ()) -> list[str]:
    """Per casebook file: the confusion (book rows, judge columns), always-good's figure beside the judge's,
    and for the book's *good* cases read *bad* the settling step that decided them."""
    by: dict[str, list[tuple[dict[str, Any], Any]]] = defaultdict(list)
    for c, j in _judged(split, off):
        by[file_of(c)].append((c, j))
    out = [f"## {split}: per file (rows the book, columns the judge: good bad mixed)", ""]
    for name in FILES.values():
        part = by.get(name, [])
        if not part:
            continue
        conf = Counter((c["verdict"], j.verdict.word.polarity) for c, j in part)
        ok = sum(conf[(p, p)] for p in POLS)
        good = sum(c["verdict"] == "good" for c, _ in part)
        out.append(f"{name}: agree {ok}/{len(part)} (always good {good})")
        for b in POLS:
            out.append(f"  {b:5s} " + " ".join(f"{conf[(b, p)]:3d}" for p in POLS))
        wrong = Counter(
            _settled(j) for c, j in part if c["verdict"] == "good" and j.verdict.word.polarity == "bad"
        )
        out.append("  good read bad, settled by: " + ", ".join(f"{k} {n}" for k, n in wrong.most_common()))
        out.append("")
    return out


def rules() -> list[str]:
    """Every rule that can weigh or settle a verdict: the steps with a weight (or a computed one), the
    qualifiers of ``[part.*]`` and the settling ``weigh.*`` steps (not ``weigh.even``, which only says the
    sum is even)."""
    from xuanheng.liuren.judgment import data

    d = data()
    out = [k for k, v in d.steps.items() if v.weight != 0 and not k.startswith("weigh.")]
    out += [k for k in d.steps if k.startswith("weigh.") and k != "weigh.even"]
    return out + list(d.parts)


def _fires(key: str, j: Any) -> bool:
    """Whether the rule *key* is stated as a step of judgment *j* (a settling ``weigh.*`` step included). A
    qualifier (``[part.*]``) is no step of its own: it shows only in the changes it makes when off."""
    return any(s.key == key for s in j.steps)


def ablation() -> list[dict[str, Any]]:
    """Per rule: the agreeing cases of each split with the rule switched off, the cases it is stated on,
    those whose polarity changes without it, and of those the agreeing ones lost and the others won."""
    import confusion_report

    def extra(key: str, rows: list[tuple[dict[str, Any], Any]]) -> dict[str, int]:
        return {"fires": sum(_fires(key, j) for _, j in rows)}

    return confusion_report.ablation(rules(), _judged, SPLITS, extra)


GROUPS = (
    ("gains on both splits", lambda r: r["gain_dev"] > 0 and r["gain_holdout"] > 0),
    ("gains on dev, loses or is even on the holdout", lambda r: r["gain_dev"] > 0),
    ("gains on the holdout only", lambda r: r["gain_holdout"] > 0),
    ("changes no verdict: dead weight", lambda r: r["dev_changed"] == 0 and r["holdout_changed"] == 0),
    ("gains on neither split (switched off, it loses nothing)", lambda r: True),
)


def ablation_table(rows: list[dict[str, Any]]) -> list[str]:
    """The ablation as markdown, one table per group."""
    from xuanheng.liuren.judgment import data

    parts = set(data().parts)
    b = rows[0]
    lines = [
        f"Judge as it is: dev {b['dev_base']}, holdout {b['holdout_base']} agreeing. Per rule: the gain "
        "(agreeing cases lost when it is switched off, less those won; negative: switching it off gains), "
        "the cases it is stated on (a qualifier: —), the cases whose polarity changes without it, and of "
        "those the agreeing cases lost / the disagreeing ones won, dev | holdout.",
    ]
    done: set[str] = set()
    for title, test in GROUPS:
        part = [r for r in rows if r["rule"] not in done and test(r)]
        done |= {r["rule"] for r in part}
        if not part:
            continue
        part.sort(key=lambda r: (-(r["gain_dev"] + r["gain_holdout"]), r["rule"]))
        lines += ["", f"**{title}** ({len(part)})", ""]
        lines += [
            "| rule | gain dev | gain holdout | stated on | changes | lost / won off |",
            "|---|---|---|---|---|---|",
        ]
        for r in part:
            fires = "—" if r["rule"] in parts else f"{r['dev_fires']} \\| {r['holdout_fires']}"
            lines.append(
                f"| `{r['rule']}` | {r['gain_dev']:+d} | {r['gain_holdout']:+d} | {fires} | "
                f"{r['dev_changed']} \\| {r['holdout_changed']} | {r['dev_lost']}/{r['dev_won']} \\| "
                f"{r['holdout_lost']}/{r['holdout_won']} |"
            )
    return lines


#: the auspicious 天將 (《六壬大全》卷一〈十二天將〉; as the judge's)
_JI = frozenset({"貴人", "六合", "青龍", "太常", "太陰", "天后"})
#: the readings of the 類神-first table, in the order printed
READINGS = (
    ("present", "類神 in 課傳 (+) / absent (−)"),
    ("in_chuan", "類神 in 三傳 (+) / not (−)"),
    ("wang", "類神 旺相 (+) / 休囚死 (−)"),
    ("to_gan", "類神 生 日干 (+) / 剋 日干 (−)"),
    ("to_zhi", "類神 生 日支 (+) / 剋 日支 (−)"),
    ("kong", "類神 not void (+) / 空亡 (−)"),
    ("seat", "類神 and its seat 相生 (+) / 克戰 (−)"),
    ("wang_seat", "類神 旺相 and 相生 with its seat (+) / 克戰 with it (−)"),
    ("jiang", "類神 乘 吉將 (+) / 凶將 (−)"),
    ("mo_gan", "末傳 生 日干 (+) / 剋 日干 (−)"),
)


def _relation(a: int, b: int) -> int:
    """+1 when element *a* generates *b*, −1 when it overcomes it, 0 otherwise (五行 indices; the core's
    :mod:`xuanheng.core.wuxing`)."""
    return 1 if generates(a, b) else -1 if overcomes(a, b) else 0


def leishen_signs(case: dict[str, Any], matter: bool = False) -> dict[str, int] | None:
    """The signs (+1 good, −1 bad, 0 not applicable) of the 類神-first readings on *case*'s chart, or None
    when its 類神 is a place (the day stem or branch) or there is no topic. With *matter*, the 類神 of the
    topic itself, also where the question is about another person (whose 類神 the judge reads)."""
    import accuracy

    if matter:
        case = {**case, "about": "自己"}

    from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT

    chart = accuracy.liuren_chart(case)
    j = accuracy.liuren_judgment(case)
    f = j.focus.facts
    if f["place"] in ("日上", "辰上"):
        return None
    b = BRANCHES.index(j.focus.branch)
    el, gan_el = BRANCH_ELEMENT[b], STEM_ELEMENT[chart.day.stem]
    flip = -1 if f["harm"] else 1
    mo = chart.san_chuan[2].branch
    seat_el = BRANCH_ELEMENT[chart.lower_of(b)]
    # 〈心印賦〉 on 青龍 and 太常 as 類神: strong and 相生 with what it stands on, good; 上下克戰, bad
    seat = 1 if _relation(el, seat_el) > 0 or _relation(seat_el, el) > 0 else -1 if el != seat_el else 0
    wang = f["state"] in ("旺", "相")
    return {
        "present": flip * (1 if f["place"] != "天地盤" else -1),
        "in_chuan": flip * (1 if f["in_san_chuan"] else -1),
        "wang": flip * (1 if f["state"] in ("旺", "相") else -1),
        "to_gan": _relation(el, gan_el),
        "to_zhi": _relation(el, BRANCH_ELEMENT[chart.day.branch]),
        "kong": flip * (-1 if f["kong"] else 1),
        "seat": flip * seat,
        "wang_seat": flip * (-1 if seat < 0 else 1 if seat > 0 and wang else 0),
        "jiang": 1 if f["tian_jiang"] in _JI else -1,
        "mo_gan": _relation(BRANCH_ELEMENT[mo], gan_el),
    }


def leishen_report(split: str, least: int, matter: bool = False) -> list[str]:
    """The 類神-first table of *split*: per reading, over all and per topic, the cases where the sign agrees
    with the book / where it disagrees (good and bad cases), and how the book's mixed cases split (+ / −)."""
    got = [(c, leishen_signs(c, matter)) for c in _cases(split)]
    rows = [(c, s) for c, s in got if s is not None]
    whose = "the topic's 類神" if matter else "the judge's 類神 (the person's where one is asked about)"
    head = f"## {split}, {whose}: the 類神-first readings ({len(rows)} cases with a 類神 spirit; "
    lines = [head + f"{len(got) - len(rows)} read a place or no topic)", ""]
    topics = Counter(c["topic"] for c, _ in rows)
    groups = [("all", rows)] + [
        (t, [(c, s) for c, s in rows if c["topic"] == t]) for t, n in topics.most_common() if n >= least
    ]
    lines.append("reading | " + " | ".join(f"{g} ({len(r)})" for g, r in groups))
    lines.append("|".join(["---"] * (len(groups) + 1)))
    for key, label in READINGS:
        cells = []
        for _, part in groups:
            agree = sum(
                1
                for c, s in part
                if s[key] and c["verdict"] != "mixed" and (s[key] > 0) == (c["verdict"] == "good")
            )
            dis = sum(
                1
                for c, s in part
                if s[key] and c["verdict"] != "mixed" and (s[key] > 0) != (c["verdict"] == "good")
            )
            mix = [s[key] for c, s in part if s[key] and c["verdict"] == "mixed"]
            pct = f"{100 * agree // (agree + dis)} %" if agree + dis else "—"
            cells.append(f"{agree}/{agree + dis} {pct}; mixed +{mix.count(1)} −{mix.count(-1)}")
        lines.append(f"{label} | " + " | ".join(cells))
    return lines


def main(argv: list[str]) -> int:
    import confusion_report

    ap = confusion_report.parser(
        __doc__, "dev or holdout (any other split is refused)", "rules switched off, comma-separated"
    )
    ap.add_argument("--files", action="store_true", help="the confusion of each casebook file apart")
    ap.add_argument("--leishen", action="store_true", help="the 類神-first readings against the books")
    ap.add_argument(
        "--matter", action="store_true", help="with --leishen: the topic's 類神, not the person's"
    )
    ap.add_argument("--min", type=int, default=8, help="the least cases of a topic shown in its own column")
    args = ap.parse_args(argv)
    if confusion_report.refused_split(args.split or (), SPLITS):
        return 2
    if args.ablate:
        print("\n".join(ablation_table(ablation())))
        return 0
    off = [k for k in args.off.split(",") if k]
    for split in args.split or ["dev"]:
        if args.leishen:
            print("\n".join(leishen_report(split, args.min, args.matter)))
        elif args.files:
            print("\n".join(files_report(split, off)))
        else:
            print("\n".join(report(split, args.misses, off)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
