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
* with ``--signs``, the information table of docs/liuren-judgment.md (round 9): each settling path by the
  verdict it gives, with the book's verdicts on those cases, its agreement and the share the book gives that
  verdict on the split (the base rate: what answering it everywhere would get); then each weighed step's
  sign (the 日, 辰, 年命 and 傳 steps also by their relation to the day stem) with how often the book's
  verdict is that sign's polarity, against the base rate, dev and holdout side by side. A sign informs only
  where it stands above its base rate on both splits;
* with ``--file-signs``, the per-file table of round 11: each settling path and weighed sign per casebook
  file, right / stated on dev and holdout, against the file's own base rate; a sign right below its base
  rate in most files is noise, whatever its pooled figure;
* with ``--orders``, the book-stated orders of round 9 counted on the judge's verdicts: a *good* verdict
  kept only where a favourable sign the books state holds (else *mixed* or *bad*), a *bad* one only where an
  adverse sign holds, and a fixed precedence (the 類神's state, the 辰 against the 日, the 末傳's 生剋 of the
  day stem) deciding before the judge's own weighing; the settling signs of the chapters and the wounded
  類神 keep their verdicts;
* with ``--ablate``, the ablation table of docs/liuren-judgment.md: every rule that can weigh or settle a
  verdict (the steps with a weight, the qualifiers of ``[part.*]``, the ``weigh.*`` settlings) switched off
  in turn through the judge's own switch (``judgment.switched_off``: the one implementation, judged as if
  that rule were not there), the agreeing cases on dev and on the holdout without it, against the judge as
  it is. A rule *gains* on a split where switching it off loses agreeing cases.

Run ``python scripts/liuren_confusion.py [--split dev|holdout] [--misses] [--files] [--ablate] [--off K,…]
[--leishen [--matter] [--min N]] [--signs] [--file-signs] [--orders]``. Measuring only: it changes nothing;
the ``blind`` split is refused, and the holdout is for checking, never for choosing rules
(docs/liuren-judgment.md).
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


# ── round 9: which signs inform, and the book-stated orders ────────────────────────────────────────────
#: the settling steps that keep their verdict under every order of ``--orders``: the wounded 類神, 財在鬼鄉
#: and the chapter signs of 《大六壬指南》卷三 (each read for its own question)
HARD = frozenset(
    {"weigh.lei_hurt", "weigh.cai_gui", "weigh.bing_ma", "weigh.bing_turn", "weigh.zhai_gui", "weigh.xing_ma",
     "weigh.shi_lu"}
)  # fmt: skip
#: a sign is marked where it stands this many points above (or below) its base rate on both splits
MARGIN = 5
#: and is stated at least this many times on each split
LEAST = 5


def _pct(a: int, n: int) -> str:
    return f"{100 * a / n:.0f} %" if n else "—"


def settle_rows(rows: list[tuple[dict[str, Any], Any]]) -> dict[tuple[str, str], Counter[str]]:
    """The book's verdicts of *rows* by (settling path, the judge's verdict)."""
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for c, j in rows:
        out[(_settled(j), j.verdict.word.polarity)][c["verdict"]] += 1
    return out


def sign_rows(rows: list[tuple[dict[str, Any], Any]]) -> dict[tuple[str, str], Counter[str]]:
    """The book's verdicts of *rows* by weighed sign (step key, ``+`` / ``-``), each sign counted once a case;
    the 日, 辰, 年命, 初傳 and 末傳 steps also under their relation to what they stand against
    (``mo.ke``: the 末傳 overcomes the day stem)."""
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for c, j in rows:
        seen: set[tuple[str, str]] = set()
        for s in j.steps:
            if s.key.startswith("weigh.") or s.effect == "=":
                continue
            keys = [s.key]
            if s.key in ("ri", "chen", "ming", "chu", "mo"):
                keys.append(f"{s.key}.{s.facts.get('relation')}")
            seen.update((k, s.effect) for k in keys)
        for key in seen:
            out[key][c["verdict"]] += 1
    return out


def information(by_split: dict[str, list[tuple[dict[str, Any], Any]]]) -> list[str]:
    """The information table (``--signs``) of the splits in *by_split* (each a list of (case, judgment)):
    the settling paths, then the signs, each against its base rate — the share of the split's cases whose
    book verdict is the polarity the path gives or the sign stands for."""
    splits = list(by_split)
    base = {s: Counter(c["verdict"] for c, _ in by_split[s]) for s in splits}
    size = {s: len(by_split[s]) for s in splits}
    settles = {s: settle_rows(by_split[s]) for s in splits}
    lines = [
        "Settling path → the judge's verdict: per split, the cases it settles, the book's verdicts on them "
        "(good / bad / mixed), the agreeing ones and their share against the base rate (the share of the "
        "split's cases the book gives that verdict).",
        "",
        "| path → verdict | " + " | ".join(f"{s}: cases, book g/b/m, agree (base)" for s in splits) + " |",
        "|---|" + "---|" * len(splits),
    ]
    keys = sorted({k for s in splits for k in settles[s]}, key=lambda k: -sum(settles[splits[0]][k].values()))
    for key in keys:
        cells = []
        for s in splits:
            b = settles[s].get(key, Counter())
            n = sum(b.values())
            agree = b[key[1]]
            cells.append(
                f"{n}, {b['good']}/{b['bad']}/{b['mixed']}, {agree} = {_pct(agree, n)} "
                f"({_pct(base[s][key[1]], size[s])})"
                if n
                else "—"
            )
        lines.append(f"| `{key[0]}` → {key[1]} | " + " | ".join(cells) + " |")
    signs = {s: sign_rows(by_split[s]) for s in splits}
    lines += [
        "",
        "Weighed sign: per split, the cases whose book verdict is the sign's polarity (+ good, − bad) / the "
        f"cases it is stated on, the share, and the base rate; *informs* where it stands ≥ {MARGIN} points "
        f"above its base rate on both splits, *misleads* where ≥ {MARGIN} below on both (stated at least "
        f"{LEAST} times on each).",
        "",
        "| sign | " + " | ".join(f"{s}: agree / stated (base)" for s in splits) + " | reads |",
        "|---|" + "---|" * (len(splits) + 1),
    ]
    keys2 = sorted({k for s in splits for k in signs[s]}, key=lambda k: -sum(signs[splits[0]][k].values()))
    for key in keys2:
        pol = "good" if key[1] == "+" else "bad"
        cells, lifts = [], []
        for s in splits:
            b = signs[s].get(key, Counter())
            n = sum(b.values())
            cells.append(f"{b[pol]}/{n} = {_pct(b[pol], n)} ({_pct(base[s][pol], size[s])})" if n else "—")
            if n >= LEAST:
                lifts.append(100 * b[pol] / n - 100 * base[s][pol] / size[s])
        reads = ""
        if len(lifts) == len(splits):
            reads = "informs" if min(lifts) >= MARGIN else "misleads" if max(lifts) <= -MARGIN else ""
        sign = "+" if key[1] == "+" else "−"
        lines.append(f"| `{key[0]}` {sign} | " + " | ".join(cells) + f" | {reads} |")
    return lines


def file_signs(by_split: dict[str, list[tuple[dict[str, Any], Any]]]) -> list[str]:
    """The per-file table (``--file-signs``, round 11 of docs/liuren-judgment.md): each settling path by the
    verdict it gives and each weighed sign (as ``--signs`` keys them), per casebook file, the cases it is
    stated on and the right ones (the book's verdict is the sign's polarity) on each split of *by_split*
    (each a list of (case, judgment)), and the count a sign right at the file's base rate would get on
    those cases (the share of the file's cases of that split the book gives that polarity). *below* /
    *above*: the files where it is right less / more often than that count, the splits taken together; a
    sign below in most of the files it is stated in carries no information the books share."""
    splits = list(by_split)
    per: dict[tuple[str, str], list[tuple[dict[str, Any], Any]]] = defaultdict(list)
    for s in splits:
        for c, j in by_split[s]:
            per[(s, file_of(c))].append((c, j))
    names = [f for f in FILES.values() if any((s, f) in per for s in splits)]
    # (sign, split, file) → (right, stated, expected at the base rate)
    got: dict[tuple[tuple[str, str], str, str], tuple[int, int, float]] = {}
    for (s, f), rows in per.items():
        base = Counter(c["verdict"] for c, _ in rows)
        for kind, counted in (("path", settle_rows(rows)), ("sign", sign_rows(rows))):
            for key, b in counted.items():
                pol = key[1] if kind == "path" else "good" if key[1] == "+" else "bad"
                n = sum(b.values())
                label = (
                    f"`{key[0]}` → {key[1]}"
                    if kind == "path"
                    else f"`{key[0]}` {'+' if key[1] == '+' else '−'}"
                )
                got[((kind, label), s, f)] = (b[pol], n, n * base[pol] / len(rows))
    signs = sorted(
        {k for k, _, _ in got},
        key=lambda k: (k[0] != "path", -sum(v[1] for (kk, _, _), v in got.items() if kk == k)),
    )
    lines = [
        "Per casebook file: right / stated, "
        + " · ".join(splits)
        + "; per split the total and (in brackets) "
        "what the files' base rates would give on the same cases; *below* / *above*: the files where the "
        "sign is right less / more often than its base rate would make it (the splits together).",
        "",
        "| sign | " + " | ".join(splits) + " | " + " | ".join(names) + " | below / above |",
        "|---|" + "---|" * (len(splits) + len(names) + 1),
    ]
    for key in signs:
        cells = []
        for s in splits:
            vals = [got[(key, s, f)] for f in names if (key, s, f) in got]
            cells.append(
                f"{sum(v[0] for v in vals)}/{sum(v[1] for v in vals)} ({sum(v[2] for v in vals):.1f})"
            )
        below = above = 0
        for f in names:
            vals = [got[(key, s, f)] for s in splits if (key, s, f) in got]
            if not vals:
                cells.append("")
                continue
            right, expect = sum(v[0] for v in vals), sum(v[2] for v in vals)
            below += right < expect - 1e-9
            above += right > expect + 1e-9
            each = [got.get((key, s, f)) for s in splits]
            cells.append(" · ".join(f"{v[0]}/{v[1]}" if v else "—" for v in each))
        lines.append(f"| {key[1]} | " + " | ".join(cells) + f" | {below} / {above} |")
    return lines


def order_signs(case: dict[str, Any], j: Any) -> dict[str, int]:
    """The signs the orders of ``--orders`` read on *case*'s chart and judgment *j* (+1 for, −1 against,
    0 silent), each from its rule statement and the core's 五行 and 旺衰 (not from the judge's weights):

    * ``lei_present``: the 類神 (a spirit, not a place) in 課傳 and not void, else against (a 類神 that is
      the harm the other way round);
    * ``lei_state``: the 類神 void or absent against; 旺相 and feeding or matching the day stem for; a 類神
      of what is hoped for that overcomes the day stem against (〈心印賦〉's note on the 類神; 002-005);
    * ``ganzhi``: the spirit on the 辰 (the matter) feeding the day stem for, overcoming it against, silent
      when void (〈心印賦〉, 〈指掌賦〉: the 日 the person, the 辰 the matter);
    * ``mo``: the 末傳 feeding the day stem for, overcoming it against, silent when void (the 歸宿);
    * ``ri``: the spirit on the day stem feeding it for, overcoming it against, silent when void."""
    import accuracy
    from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT
    from xuanheng.core.relations import liu_he
    from xuanheng.core.wangshuai import state_by_month

    ch = accuracy.liuren_chart(case)
    f = j.focus.facts
    se = STEM_ELEMENT[ch.day.stem]
    void = set(ch.xun_kong)

    def to_stem(b: int) -> int:
        return 0 if b in void else _relation(BRANCH_ELEMENT[b], se)

    out = {
        "ganzhi": to_stem(ch.zhi_shang),
        "mo": to_stem(ch.san_chuan[2].branch),
        "ri": to_stem(ch.gan_shang),
    }
    out["lei_present"] = out["lei_state"] = 0
    if f["place"] not in ("日上", "辰上"):
        b = BRANCHES.index(j.focus.branch)
        flip = -1 if f["harm"] else 1
        month = ch.month_branch if ch.month_branch is not None else liu_he(ch.yue_jiang)
        wang = state_by_month(BRANCH_ELEMENT[b], month).value in ("旺", "相")
        present = f["place"] != "天地盤"
        out["lei_present"] = flip * (1 if present and b not in void else -1)
        el = BRANCH_ELEMENT[b]
        if b in void or not present:
            out["lei_state"] = -flip
        elif wang and (_relation(el, se) > 0 or el == se):
            out["lei_state"] = flip
        elif not f["harm"] and _relation(el, se) < 0:
            out["lei_state"] = -1
    return out


#: the favourable (``+``) and adverse (``-``) gates and the precedence orders of ``--orders``
GATES = (("+", ("lei_state",)), ("+", ("mo",)), ("+", ("ri",)), ("+", ("lei_state", "mo")),
         ("+", ("lei_state", "mo", "ri")), ("-", ("mo",)), ("-", ("lei_present",)), ("-", ("ri",)),
         ("-", ("ganzhi",)), ("-", ("mo", "lei_present", "ri")))  # fmt: skip
ORDERS = (("lei_present",), ("lei_state",), ("ganzhi",), ("mo",), ("lei_state", "ganzhi", "mo"),
          ("lei_present", "ganzhi", "mo"), ("lei_state", "mo"), ("ganzhi", "lei_state", "mo"),
          ("mo", "lei_state", "ganzhi"))  # fmt: skip


def gated(
    polarity: str, settled: str, signs: dict[str, int], gate: tuple[str, tuple[str, ...]], to: str
) -> str:
    """*polarity* under *gate*: a verdict of the gate's side (``+`` good, ``-`` bad) kept only where one of
    its signs stands that way, else *to*; a verdict settled by a :data:`HARD` step is kept."""
    side, keys = gate
    want = 1 if side == "+" else -1
    if settled in HARD or polarity != ("good" if side == "+" else "bad"):
        return polarity
    return polarity if any(signs[k] == want for k in keys) else to


def ordered(polarity: str, settled: str, signs: dict[str, int], order: tuple[str, ...]) -> str:
    """*polarity* under a precedence *order*: the first sign of it that speaks decides; where none does (or
    a :data:`HARD` step settled it) the judge's verdict stands."""
    if settled in HARD:
        return polarity
    for k in order:
        if signs[k]:
            return "good" if signs[k] > 0 else "bad"
    return polarity


def orders_report(splits: Iterable[str]) -> list[str]:
    """The agreeing cases of each split under every gate and order (``--orders``), counted on the judge's
    verdicts, against the judge as it is and the commonest verdict."""
    got = {s: [(c, j, _settled(j), order_signs(c, j)) for c, j in _judged(s)] for s in splits}

    def agree(fn: Any) -> str:
        return " | ".join(str(sum(fn(j.verdict.word.polarity, st, sg) == c["verdict"] for c, j, st, sg in r))
                          for r in got.values())  # fmt: skip

    lines = ["| reading | " + " | ".join(got) + " |", "|---|" + "---|" * len(got)]
    lines.append("| the judge | " + agree(lambda p, st, sg: p) + " |")
    for pol in POLS:
        lines.append(f"| always {pol} | " + agree(lambda p, st, sg, pol=pol: pol) + " |")
    for gate in GATES:
        other = ("mixed", "bad") if gate[0] == "+" else ("mixed", "good")
        for to in other:
            fn = lambda p, st, sg, gate=gate, to=to: gated(p, st, sg, gate, to)  # noqa: E731
            what = "good" if gate[0] == "+" else "bad"
            lines.append(f"| {what} only with {' or '.join(gate[1])} {gate[0]}, else {to} | {agree(fn)} |")
    for order in ORDERS:
        fn = lambda p, st, sg, order=order: ordered(p, st, sg, order)  # noqa: E731
        lines.append(f"| {' → '.join(order)} → the judge | {agree(fn)} |")
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
    ap.add_argument("--signs", action="store_true", help="each settling path and sign against its base rate")
    ap.add_argument(
        "--file-signs", action="store_true", help="each path and sign per casebook file (round 11)"
    )
    ap.add_argument("--orders", action="store_true", help="the book-stated gates and orders of round 9")
    args = ap.parse_args(argv)
    if confusion_report.refused_split(args.split or (), SPLITS):
        return 2
    if args.signs:
        print("\n".join(information({s: _judged(s) for s in args.split or SPLITS})))
        return 0
    if args.file_signs:
        print("\n".join(file_signs({s: _judged(s) for s in args.split or SPLITS})))
        return 0
    if args.orders:
        print("\n".join(orders_report(args.split or SPLITS)))
        return 0
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
