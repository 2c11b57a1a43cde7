"""Where the 大六壬 judge disagrees with the casebooks: the confusion, the deciding path, each step's record.

For the cases of ``tests/liuren/casebook`` (cast as ``scripts/accuracy.py`` casts them), per split:

* the confusion of the book's polarity (rows) against the judge's (columns);
* which settling step decided (``weigh.*``, or the plain sum) and how often it agreed with the book;
* for every weighed step, how often its sign (``+`` / ``-``) is the book's polarity on the good and bad cases
  (the book's mixed cases counted apart): a step near chance is one the books do not decide on;
* with ``--misses``, each disagreeing case with the book's stated reason, grouped by (book, judge).

Run ``python scripts/liuren_confusion.py [--split dev|holdout] [--misses]``. Measuring only: it changes
nothing, and the holdout is for checking, never for choosing rules (docs/liuren-judgment.md).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

POLS = ("good", "bad", "mixed")


def _judged(split: str) -> list[tuple[dict[str, Any], Any]]:
    """(case, judgment) for every case of *split*, cast and judged as the accuracy page does."""
    import accuracy

    return [(c, accuracy.liuren_judgment(c)) for c in accuracy.cases("liuren") if c["split"] == split]


def report(split: str, misses: bool) -> list[str]:
    rows = _judged(split)
    lines = [f"## {split}: {len(rows)} cases", ""]
    conf = Counter((c["verdict"], j.verdict.word.polarity) for c, j in rows)
    ok = sum(conf[(p, p)] for p in POLS)
    lines.append(f"agree {ok}/{len(rows)}; rows the book, columns the judge (good bad mixed)")
    for b in POLS:
        lines.append(f"  {b:5s} " + " ".join(f"{conf[(b, j)]:3d}" for j in POLS))
    path: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    steps: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for c, j in rows:
        keys = [s.key for s in j.steps]
        decided = next((k for k in reversed(keys) if k.startswith("weigh.")), "sum")
        path[decided][0] += j.verdict.word.polarity == c["verdict"]
        path[decided][1] += 1
        for s in j.steps:
            if s.effect == "=" or s.key.startswith("weigh."):
                continue
            if c["verdict"] == "mixed":
                steps[s.key][2] += 1
            else:
                steps[s.key][0 if (s.effect == "+") == (c["verdict"] == "good") else 1] += 1
    lines += ["", "deciding step: agree / cases"]
    lines += [f"  {k:20s} {a:3d} / {n:3d}" for k, (a, n) in sorted(path.items(), key=lambda x: -x[1][1])]
    lines += ["", "weighed step: sign agrees / disagrees with the book (good and bad cases) / on mixed cases"]
    lines += [
        f"  {k:20s} {a:3d} {d:3d} {m:3d}" for k, (a, d, m) in sorted(steps.items(), key=lambda x: -sum(x[1]))
    ]
    if misses:
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for c, j in rows:
            if j.verdict.word.polarity != c["verdict"]:
                why = c.get("reasoning", "").strip()
                groups[(c["verdict"], j.verdict.word.polarity)].append(
                    f"  {c['id']} {c['topic']}/{c['about']}: {why}"
                )
        for (b, j), items in sorted(groups.items(), key=lambda x: -len(x[1])):
            lines += ["", f"book {b}, judge {j}: {len(items)}", *items]
    return lines


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--split", choices=("dev", "holdout"), action="append")
    ap.add_argument("--misses", action="store_true", help="list the disagreeing cases with the book's reason")
    args = ap.parse_args(argv)
    for split in args.split or ["dev"]:
        print("\n".join(report(split, args.misses)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
