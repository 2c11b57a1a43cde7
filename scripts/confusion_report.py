"""The part of the confusion reports that every method's shares (scripts/liuyao_confusion.py,
scripts/liuren_confusion.py): the book × judge table, how often each settling path agreed, each weighed
step's sign against the book, and the disagreeing cases grouped. A method's script says which path settled
a judgment, which steps are weighed and how a case's reason reads; this module only counts and prints."""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
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


def ablation(
    rules: Iterable[str],
    judged: Callable[[str, tuple[str, ...]], list[Any]],
    splits: Sequence[str],
    extra: Callable[[str, list[Any]], dict[str, int]],
) -> list[dict[str, Any]]:
    """Every rule of *rules* switched off in turn: per split, :func:`ablation_counts` against the judge as
    it is and the columns *extra* counts on the judge as it is (``extra(rule, rows)``); and the gain of the
    rule on dev and holdout. *judged* gives a split's rows (case and judgment first) with the rules it is
    given switched off."""
    base = {s: judged(s, ()) for s in splits}
    out = []
    for key in rules:
        row: dict[str, Any] = {"rule": key}
        for s in splits:
            off = judged(s, (key,))
            counts = ablation_counts([(r[0], r[1]) for r in base[s]], [(r[0], r[1]) for r in off])
            row.update({f"{s}_{k}": v for k, v in counts.items()})
            row.update({f"{s}_{k}": v for k, v in extra(key, base[s]).items()})
        row["gain_dev"] = row["dev_base"] - row["dev_ok"]
        row["gain_holdout"] = row["holdout_base"] - row["holdout_ok"]
        out.append(row)
    return out


def parser(doc: str | None, split_help: str, off_help: str) -> argparse.ArgumentParser:
    """The options every confusion script takes: --split, --misses, --ablate, --off."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    ap.add_argument("--split", action="append", help=split_help)
    ap.add_argument("--misses", action="store_true", help="list the disagreeing cases with the book's reason")
    ap.add_argument("--ablate", action="store_true", help="the ablation table of every verdict rule")
    ap.add_argument("--off", default="", help=off_help)
    return ap


def refused_split(asked: Iterable[str], splits: Sequence[str]) -> bool:
    """Whether a split asked for is not one of *splits* (said on stderr): the blind split is never measured
    by a confusion script."""
    for split in asked:
        if split not in splits:
            print(f"split {split!r} refused: only {', '.join(splits)} are measured here", file=sys.stderr)
            return True
    return False
