"""Leave-one-file-out for the 大六壬 judge (issue 28, round 12): does it beat the trivial baselines on a
casebook file it was not tuned on?

For each casebook file F of the study splits (``cuiyan``, ``cunyan``, ``huixuan``, ``shao``, ``shao_blind``,
``suoji``, ``zhinan``; dev and holdout cases only — the blind files are never opened), the polarity
agreement on F of

* (a) the judge as it is;
* (b) always the commonest polarity of the *other* files;
* (c) per kind of question (``reading.judgment.kind_of``), the commonest polarity of that kind in the other
  files (the commonest of the other files where the kind is not there);
* (d) the judge with each rule (a weighed step, a qualifier ``[part.*]``, a settling ``weigh.*``) or each
  group of rules switched off through the judge's own switch (``judgment.switched_off``).

The cross-validated figure of a switch (``lofo``): for each F, the switch is taken where it gains on the
other files (their agreeing cases, dev and holdout together) and F is counted with it, else without it; the
sum over the files, against the judge's own sum, says whether choosing that switch on the rest carries to a
file not looked at. Beside it: 應期 among the first two (dev + holdout), which a kept change must not lose.

Where the judge loses to (b)/(c) is broken down (``--where``) by the book's polarity (the *mixed* cases),
by the path that settled the verdict (a ``weigh.*`` step or the plain sum, the default when no sign decides),
and by kind of question.

Run ``python scripts/liuren_lofo.py [--where] [--ablate] [--off K,…]``. Measuring only: the baselines are
reported, never used as a rule (a base rate is no rule of any book).
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

POLS = ("good", "bad", "mixed")
#: the study files (the split ``blind`` lives in other files, never opened here)
FILES = ("cuiyan", "cunyan", "huixuan", "shao", "shao_blind", "suoji", "zhinan")
SPLITS = frozenset({"dev", "holdout"})

#: groups of rules switched off together for (d)
GROUPS: dict[str, tuple[str, ...]] = {
    "日上 (ri)": ("ri",),
    "辰上 (chen)": ("chen",),
    "初傳 (chu)": ("chu",),
    "末傳 (mo)": ("mo",),
    "年命 (ming)": ("ming",),
    "類神 steps": ("lei.chuan", "lei.ke", "lei.absent", "harm.chuan", "harm.ke", "harm.absent"),
    "類神 settlings": ("weigh.lei", "weigh.lei_strong", "weigh.lei_qi", "weigh.lei_weak"),
    "貴人": ("gui.ni", "gui.yu", "gui.men"),
    "課體": ("keti.good", "keti.bad"),
    "畢法": ("bifa.good", "bifa.bad"),
    "初末 settle": ("weigh.mo", "weigh.mo_kong"),
    "qualifiers of places": (
        *("kong.good", "kong.bad", "wang.good", "wang.bad", "jiang.ji", "jiang.xiong"),
        *("he", "xing", "dun.gui", "stage.good", "stage.bad"),
    ),
    "chapter signs": (
        *("weigh.bing_ma", "weigh.xing_ma", "weigh.bing_turn", "weigh.shi_lu", "weigh.song_she"),
        *("weigh.cai_gan", "weigh.zhai_hurt", "weigh.ke_de", "weigh.shi_ma", "weigh.zhai_gui"),
    ),
    "weather, 折腰": ("weigh.tian", "weigh.mo_zhe"),
}


def cases() -> list[dict[str, Any]]:
    """The dev and holdout cases of the study files, each with its ``file``."""
    out: list[dict[str, Any]] = []
    for name in FILES:
        with (ROOT / "tests" / "liuren" / "casebook" / f"{name}.toml").open("rb") as f:
            for c in tomllib.load(f)["case"]:
                if c["split"] not in SPLITS:  # pragma: no cover - the study files hold no other split
                    raise SystemExit(f"{c['id']}: split {c['split']!r} is not measured here")
                out.append({**c, "file": name})
    return out


def kind(case: dict[str, Any]) -> str:
    from xuanheng.reading.judgment import kind_of

    return kind_of(case["topic"])


#: (polarity, 應期 among the first two: True / False / None when the book gives no branch, settling path)
Judged = tuple[str, bool | None, str]


def judged(cs: Sequence[dict[str, Any]], off: Iterable[str] = ()) -> list[Judged]:
    """The judge on every case of *cs*, as scripts/accuracy.py casts it, with the rules *off* switched off."""
    import accuracy
    from xuanheng.liuren.judgment import switched_off

    out: list[Judged] = []
    with switched_off(*off):
        for c in cs:
            j = accuracy.liuren_judgment(c)
            book = [k["branch"] for k in c.get("ying_qi", ()) if "branch" in k]
            ying = book[0] in [k.branch for k in j.ying_qi[:2]] if book else None
            path = next((s.key for s in reversed(j.steps) if s.key.startswith("weigh.")), "sum")
            out.append((j.verdict.word.polarity, ying, path))
    return out


def commonest(verdicts: Iterable[str]) -> str:
    """The commonest polarity (ties by the order good, bad, mixed)."""
    n = Counter(verdicts)
    return max(POLS, key=lambda p: (n[p], -POLS.index(p)))


def baselines(cs: Sequence[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """Per case, (b) the commonest polarity of the other files and (c) that of its kind in the other files."""
    b: list[str] = []
    k: list[str] = []
    for c in cs:
        rest = [x for x in cs if x["file"] != c["file"]]
        overall = commonest(x["verdict"] for x in rest)
        same = [x["verdict"] for x in rest if kind(x) == kind(c)]
        b.append(overall)
        k.append(commonest(same) if same else overall)
    return b, k


def per_file(cs: Sequence[dict[str, Any]], pols: Sequence[str]) -> dict[str, int]:
    """The agreeing cases per file."""
    n: Counter[str] = Counter()
    for c, p in zip(cs, pols, strict=True):
        n[c["file"]] += p == c["verdict"]
    return {f: n[f] for f in FILES}


def ying_count(rows: Sequence[Judged]) -> tuple[int, int]:
    said = [y for _, y, _ in rows if y is not None]
    return sum(said), len(said)


def lofo(cs: Sequence[dict[str, Any]], base: Sequence[Judged], other: Sequence[Judged]) -> tuple[int, int]:
    """(cross-validated sum, plain sum) of a switch: for each file, the switch's verdicts where it gains
    on the other files, else the base's."""
    b = per_file(cs, [p for p, _, _ in base])
    o = per_file(cs, [p for p, _, _ in other])
    total_b, total_o = sum(b.values()), sum(o.values())
    cv = 0
    for f in FILES:
        gains_rest = (total_o - o[f]) > (total_b - b[f])
        cv += o[f] if gains_rest else b[f]
    return cv, total_o


def table(cs: Sequence[dict[str, Any]], base: Sequence[Judged]) -> list[str]:
    b, k = baselines(cs)
    judge = per_file(cs, [p for p, _, _ in base])
    always_b, per_kind = per_file(cs, b), per_file(cs, k)
    count = Counter(c["file"] for c in cs)
    out = [
        "| file | cases | (a) judge | (b) commonest of the others | (c) per kind, of the others |",
        "|---|---|---|---|---|",
    ]
    for f in FILES:
        com = next(p for c, p in zip(cs, b, strict=True) if c["file"] == f)
        out.append(f"| {f} | {count[f]} | {judge[f]} | {always_b[f]} ({com}) | {per_kind[f]} |")
    out.append(
        f"| all | {len(cs)} | {sum(judge.values())} | {sum(always_b.values())} | {sum(per_kind.values())} |"
    )
    return out


def where(cs: Sequence[dict[str, Any]], base: Sequence[Judged]) -> list[str]:
    """Where the judge loses to (b): by the book's polarity, by settling path and verdict, by kind."""
    b, k = baselines(cs)
    out = ["", "by the book's polarity: cases, judge right, (b) right, (c) right"]
    for pol in POLS:
        ix = [i for i, c in enumerate(cs) if c["verdict"] == pol]
        out.append(
            f"  {pol:5s} {len(ix):4d} {sum(base[i][0] == pol for i in ix):4d} "
            f"{sum(b[i] == pol for i in ix):4d} {sum(k[i] == pol for i in ix):4d}"
        )
    out += ["", "by settling path → verdict: cases, judge right, (b) right, (c) right, book g/b/m"]
    paths: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, (p, _, path) in enumerate(base):
        paths[(path, p)].append(i)
    for (path, p), ix in sorted(paths.items(), key=lambda x: -len(x[1])):
        book = Counter(cs[i]["verdict"] for i in ix)
        out.append(
            f"  {path + ' → ' + p:28s} {len(ix):4d} {sum(p == cs[i]['verdict'] for i in ix):4d} "
            f"{sum(b[i] == cs[i]['verdict'] for i in ix):4d} {sum(k[i] == cs[i]['verdict'] for i in ix):4d}"
            f"   {book['good']}/{book['bad']}/{book['mixed']}"
        )
    out += ["", "by kind of question: cases, judge right, (b) right, (c) right, book g/b/m, judge g/b/m"]
    kinds: dict[str, list[int]] = defaultdict(list)
    for i, c in enumerate(cs):
        kinds[kind(c)].append(i)
    for kd, ix in sorted(kinds.items(), key=lambda x: -len(x[1])):
        book = Counter(cs[i]["verdict"] for i in ix)
        said = Counter(base[i][0] for i in ix)
        out.append(
            f"  {kd:10s} {len(ix):4d} {sum(base[i][0] == cs[i]['verdict'] for i in ix):4d} "
            f"{sum(b[i] == cs[i]['verdict'] for i in ix):4d} {sum(k[i] == cs[i]['verdict'] for i in ix):4d}"
            f"   {book['good']}/{book['bad']}/{book['mixed']}   {said['good']}/{said['bad']}/{said['mixed']}"
        )
    return out


def ablate(cs: Sequence[dict[str, Any]], base: Sequence[Judged]) -> list[str]:
    """(d): each group and each rule switched off; per file, the lofo and plain sums, 應期."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import liuren_confusion

    base_total = sum(per_file(cs, [p for p, _, _ in base]).values())
    y0 = ying_count(base)
    trials: list[tuple[str, tuple[str, ...]]] = list(GROUPS.items())
    trials += [(r, (r,)) for r in liuren_confusion.rules()]
    out = [
        "",
        f"judge: {base_total} agreeing, 應期 {y0[0]}/{y0[1]}; per switch: lofo (cross-validated) / plain "
        "sum, 應期, and per file the change against the judge",
        "",
        "| off | lofo | plain | 應期 | " + " | ".join(FILES) + " |",
        "|---|---|---|---|" + "---|" * len(FILES),
    ]
    b = per_file(cs, [p for p, _, _ in base])
    for name, keys in trials:
        rows = judged(cs, keys)
        cv, plain = lofo(cs, base, rows)
        o = per_file(cs, [p for p, _, _ in rows])
        y = ying_count(rows)
        out.append(
            f"| {name} | {cv - base_total:+d} | {plain - base_total:+d} | {y[0] - y0[0]:+d} | "
            + " | ".join(f"{o[f] - b[f]:+d}" for f in FILES)
            + " |"
        )
    return out


def against(cs: Sequence[dict[str, Any]], now: Sequence[Judged], saved: dict[str, list[Any]]) -> list[str]:
    """The judge now against saved verdicts (another version of it): per file and split the agreeing cases
    before → after, the lofo figure of the change, 應期, and the cases that moved."""
    before: list[Judged] = [(saved[c["id"]][0], saved[c["id"]][1], saved[c["id"]][2]) for c in cs]
    b, o = per_file(cs, [p for p, _, _ in before]), per_file(cs, [p for p, _, _ in now])
    cv, plain = lofo(cs, before, now)
    was = sum(b.values())
    out = ["", f"against the saved verdicts: plain {was} → {plain}, lofo {was} → {cv}"]
    for split in sorted(SPLITS):
        ix = [i for i, c in enumerate(cs) if c["split"] == split]
        ok0 = sum(before[i][0] == cs[i]["verdict"] for i in ix)
        ok1 = sum(now[i][0] == cs[i]["verdict"] for i in ix)
        y0, y1 = ying_count([before[i] for i in ix]), ying_count([now[i] for i in ix])
        out.append(f"  {split}: polarity {ok0} → {ok1}/{len(ix)}, 應期 {y0[0]} → {y1[0]}/{y1[1]}")
    out.append("  per file: " + ", ".join(f"{f} {b[f]} → {o[f]}" for f in FILES))
    for i, c in enumerate(cs):
        if before[i][0] != now[i][0] or before[i][1] != now[i][1]:
            mark = "+" if now[i][0] == c["verdict"] else "-" if before[i][0] == c["verdict"] else " "
            out.append(
                f"  {mark} {c['id']} ({c['split']}, {c['topic']}) book {c['verdict']}: {before[i][0]} → "
                f"{now[i][0]}; 應期 {before[i][1]} → {now[i][1]}"
            )
    return out


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--where", action="store_true", help="where the judge loses to the baselines")
    ap.add_argument("--ablate", action="store_true", help="(d): each rule and group switched off")
    ap.add_argument("--off", default="", help="rules switched off for the whole run, comma-separated")
    ap.add_argument("--save", help="write the judge's verdicts and 應期 to this JSON file")
    ap.add_argument("--against", help="compare with the verdicts saved by --save (e.g. from main)")
    a = ap.parse_args(argv)
    cs = cases()
    off = [k for k in a.off.split(",") if k]
    base = judged(cs, off)
    out = table(cs, base)
    y = ying_count(base)
    dev = [i for i, c in enumerate(cs) if c["split"] == "dev"]
    hold = [i for i, c in enumerate(cs) if c["split"] == "holdout"]
    for name, ix in (("dev", dev), ("holdout", hold)):
        ok = sum(base[i][0] == cs[i]["verdict"] for i in ix)
        yy = ying_count([base[i] for i in ix])
        out.append(f"{name}: polarity {ok}/{len(ix)}, 應期 {yy[0]}/{yy[1]}")
    out.append(f"all: 應期 {y[0]}/{y[1]}")
    if a.save:
        Path(a.save).write_text(json.dumps({c["id"]: list(r) for c, r in zip(cs, base, strict=True)}))
    if a.against:
        out += against(cs, base, json.loads(Path(a.against).read_text()))
    if a.where:
        out += where(cs, base)
    if a.ablate:
        out += ablate(cs, base)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
