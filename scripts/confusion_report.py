"""The part of the confusion reports that every method's shares (scripts/liuyao_confusion.py,
scripts/liuren_confusion.py): the book × judge table, how often each settling path agreed, each weighed
step's sign against the book, and the disagreeing cases grouped. A method's script says which path settled
a judgment, which steps are weighed and how a case's reason reads; this module only counts and prints."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

POLS = ("good", "bad", "mixed")

#: (case, judgment, settling path) — the path is the method's name for what settled the verdict
Row = tuple[dict[str, Any], Any, str]


def lines(
    split: str,
    rows: list[Row],
    *,
    weighed: Callable[[Any], bool],
    path_title: str,
    width: int,
    misses: bool,
    miss_line: Callable[[Row], str],
) -> list[str]:
    """The report of *split*: the confusion, the settling paths (``path_title``), the signs of the steps
    for which *weighed* holds (keys padded to *width*), and with *misses* every disagreeing case as
    *miss_line* prints it, grouped by (book, judge)."""
    out = [f"## {split}: {len(rows)} cases", ""]
    conf = Counter((c["verdict"], j.verdict.word.polarity) for c, j, _ in rows)
    ok = sum(conf[(p, p)] for p in POLS)
    out.append(f"agree {ok}/{len(rows)}; rows the book, columns the judge (good bad mixed)")
    for b in POLS:
        out.append(f"  {b:5s} " + " ".join(f"{conf[(b, j)]:3d}" for j in POLS))
    path: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    steps: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for c, j, settled in rows:
        p = path[settled]
        p[0] += j.verdict.word.polarity == c["verdict"]
        p[1] += 1
        for s in j.steps:
            if s.effect == "=" or not weighed(s):
                continue
            if c["verdict"] == "mixed":
                steps[s.key][2] += 1
            else:
                steps[s.key][0 if (s.effect == "+") == (c["verdict"] == "good") else 1] += 1
    out += ["", f"{path_title}: agree / cases"]
    out += [f"  {k:{width}s} {a:3d} / {n:3d}" for k, (a, n) in sorted(path.items(), key=lambda x: -x[1][1])]
    out += ["", "weighed step: sign agrees / disagrees with the book (good and bad cases) / on mixed cases"]
    by_count = sorted(steps.items(), key=lambda x: -sum(x[1]))
    out += [f"  {k:{width}s} {a:3d} {d:3d} {m:3d}" for k, (a, d, m) in by_count]
    if misses:
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for row in rows:
            c, j, _ = row
            if j.verdict.word.polarity != c["verdict"]:
                groups[(c["verdict"], j.verdict.word.polarity)].append(miss_line(row))
        for (b, jp), items in sorted(groups.items(), key=lambda x: -len(x[1])):
            out += ["", f"book {b}, judge {jp}: {len(items)}", *items]
    return out


def ablation_counts(
    base: list[tuple[dict[str, Any], Any]], off: list[tuple[dict[str, Any], Any]]
) -> dict[str, int]:
    """One rule switched off, against the judge as it is, over the same cases in the same order (each a
    (case, judgment) pair): the agreeing cases without the rule (``ok``) and with it (``base``), the cases
    whose polarity changes, and of those the agreeing ones lost and the disagreeing ones won."""
    pol = [
        (c["verdict"], a.verdict.word.polarity, b.verdict.word.polarity)
        for (c, a), (_, b) in zip(base, off, strict=True)
    ]
    return {
        "ok": sum(b == book for book, _, b in pol),
        "base": sum(a == book for book, a, _ in pol),
        "changed": sum(a != b for _, a, b in pol),
        "lost": sum(a == book != b for book, a, b in pol),
        "won": sum(b == book != a for book, a, b in pol),
    }
