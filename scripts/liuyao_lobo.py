"""Which parts of the 六爻 judge generalize across books, which were fitted to one file (issue 27, round 12).

For the eight casebook files that hold dev and holdout cases only — zengshan_principles, zengshan_topics,
bushi_zhengzong, yiyin, yimao, blind, blind2, blind3 (read by name; no other file of
``tests/liuyao/casebook`` is opened, and a case whose ``split`` is not ``dev`` or ``holdout`` is skipped) —
every switchable piece of the verdict and of the 用神 choice is switched off in turn
(``judgment.switched_off``: the one implementation judged as if the piece were not there; the pieces are
those of ``scripts/liuyao_confusion.py --ablate`` and the 用神 rules ``_reading_ctx.YONG_RULES``), and per
file and per measure (polarity, 用神, the book's first 應期 among the judge's first two) the cases the piece
turns right (wrong → right when switched off: *won*) and wrong (right → wrong: *lost*) are counted. A
piece's **gain** in a file is lost − won (what the piece is worth there).

Classes (over the files the piece fires in or changes a case of; the gain summed over the three measures):

* **generalizes** — a gain in two files or more, more than half of those it fires in, and a loss of at
  most one case in every file;
* **fitted** — a positive gain in all, but all of it from one file (every other file neutral or worse);
* **harmful** — a negative gain in all;
* **weak** — a gain in two files or more, but fewer than half of those it fires in, and no file losing
  more than one case;
* **inert** — changes no case of any file;
* **mixed** — the rest.

The leave-one-file-out estimate (``--lofo``): for each file F the pieces to remove are chosen from the
per-file table of the seven other files alone — by the policy *harmful* (remove the pieces whose summed gain
without F is negative), *fitted* (and those whose positive gain without F comes from one file), or *zero*
(and those with no gain without F), or *nested* (those whose own leave-one-file-out worth under *fitted*,
counted on the seven files alone, is positive) — and F is judged with all of them off together; the
per-measure scores of the eight files are summed and set against the judge as it is. No choice sees the
file it scores.

Run ``python scripts/liuyao_lobo.py [--table] [--lofo] [--tsv]``. Measuring only: it changes nothing.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: the casebook files measured, by name (no other file is opened)
FILES = (
    "zengshan_principles",
    "zengshan_topics",
    "bushi_zhengzong",
    "yiyin",
    "yimao",
    "blind",
    "blind2",
    "blind3",
)
SHORT = {
    "zengshan_principles": "zp",
    "zengshan_topics": "zt",
    "bushi_zhengzong": "bs",
    "yiyin": "yy",
    "yimao": "ym",
    "blind": "b1",
    "blind2": "b2",
    "blind3": "b3",
}
SPLITS = ("dev", "holdout")
MEASURES = ("polarity", "yong", "ying")
POLICIES = ("harmful", "fitted", "zero", "nested")

#: (polarity right, 用神 right, 應期 right or None where the book gives no time)
Score = tuple[bool, bool, bool | None]


def cases() -> list[dict[str, Any]]:
    """The dev and holdout cases of :data:`FILES`, each with its file as ``_file``."""
    out = []
    for name in FILES:
        with (ROOT / "tests" / "liuyao" / "casebook" / f"{name}.toml").open("rb") as f:
            for c in tomllib.load(f)["case"]:
                if c.get("split") in SPLITS:
                    out.append({**c, "_file": name})
    return out


def pieces() -> list[str]:
    """Every switchable piece: the verdict's (``liuyao_confusion.rules``) and the 用神 choice's."""
    import liuyao_confusion
    from xuanheng.liuyao._reading_ctx import YONG_RULES

    return [*liuyao_confusion.rules(), *YONG_RULES]


def score(case: dict[str, Any]) -> tuple[Score, Any, str]:
    """The case judged (``accuracy.judge_liuyao``'s measures) with the judgment and its settling key."""
    import accuracy

    j, settled = accuracy.liuyao_judgment(case)
    y = case["yong"]
    want = 0 if y.get("fu") else y["position"]
    yong_ok = (j.focus.position or 0) == want and j.focus.branch == y["branch"]
    book = [k["branch"] for k in case.get("ying_qi", ())]
    ying_ok = (book[0] in [k.branch for k in j.ying_qi[:2]]) if book else None
    return (j.verdict.word.polarity == case["verdict"], yong_ok, ying_ok), j, settled


def judged(cs: Sequence[dict[str, Any]], off: Iterable[str] = ()) -> list[tuple[Score, Any, str]]:
    from xuanheng.liuyao.judgment import switched_off

    with switched_off(*off):
        return [score(c) for c in cs]


def _fires(key: str, j: Any, settled: str, base: Score, off: Score) -> bool:
    """Whether *key* took part: a 用神 rule where the 用神 or any measure moves without it; a verdict piece as
    ``liuyao_confusion`` counts it."""
    if key.startswith("yong."):
        return base != off
    import liuyao_confusion

    return liuyao_confusion._fires(key, j, settled)


@dataclass
class Row:
    """One piece: per file and measure [lost, won] when switched off, and the cases it fires on per file."""

    piece: str
    counts: dict[str, list[list[int]]]
    fires: dict[str, int]

    def gain(self, f: str, m: int | None = None) -> int:
        ms = range(3) if m is None else (m,)
        return sum(self.counts[f][i][0] - self.counts[f][i][1] for i in ms)

    def changes(self, f: str) -> bool:
        return any(lost or won for lost, won in self.counts[f])


def table(cs: Sequence[dict[str, Any]], keys: Sequence[str]) -> tuple[list[Score], list[Row]]:
    base = judged(cs)
    rows = []
    for key in keys:
        offs = judged(cs, [key])
        counts = {f: [[0, 0] for _ in MEASURES] for f in FILES}
        fires = dict.fromkeys(FILES, 0)
        for c, (b, j, st), (o, _, _) in zip(cs, base, offs, strict=True):
            f = c["_file"]
            fires[f] += _fires(key, j, st, b, o)
            for i in range(3):
                if b[i] is None or b[i] == o[i]:
                    continue
                counts[f][i][0 if b[i] else 1] += 1
        rows.append(Row(key, counts, fires))
    return [b for b, _, _ in base], rows


def classify(row: Row, files: Iterable[str] = FILES) -> str:
    """The piece's class over *files* (see the module's text)."""
    files = list(files)
    took = [f for f in files if row.fires[f] or row.changes(f)]
    if not any(row.changes(f) for f in files):
        return "inert"
    gains = [row.gain(f) for f in took]
    helped = sum(g > 0 for g in gains)
    total = sum(gains)
    if helped >= 2 and helped * 2 > len(took) and min(gains) >= -1:
        return "generalizes"
    if total > 0 and helped == 1:
        return "fitted"
    if total < 0:
        return "harmful"
    if helped >= 2 and min(gains) >= -1:
        return "weak"
    return "mixed"


def piece_lofo(row: Row, files: Sequence[str], policy: str = "fitted") -> int:
    """The leave-one-file-out worth of removing *row*'s piece alone over *files*: each file G scores the
    piece's removal (its gain lost) where *policy* removes it on the other files of *files*."""
    return sum(-row.gain(g) for g in files if removed(row, [h for h in files if h != g], policy))


def removed(row: Row, files: Iterable[str], policy: str) -> bool:
    """Whether *policy* removes the piece, judged on *files* alone. ``nested``: where the piece's own
    leave-one-file-out worth over *files* under ``fitted`` (:func:`piece_lofo`) is positive."""
    files = list(files)
    if policy == "nested":
        return piece_lofo(row, files) > 0
    total = sum(row.gain(f) for f in files)
    if total < 0:
        return True
    if policy == "harmful":
        return False
    if total > 0 and sum(row.gain(f) > 0 for f in files) == 1:
        return True
    return policy == "zero" and total == 0


def sums(scores: Iterable[tuple[dict[str, Any], Score]], pick: Callable[[dict[str, Any]], bool]) -> list[int]:
    out = [0, 0, 0, 0]  # polarity, 用神, 應期 right, timed cases
    for c, s in scores:
        if not pick(c):
            continue
        out[0] += s[0]
        out[1] += s[1]
        if s[2] is not None:
            out[2] += s[2]
            out[3] += 1
    return out


def lofo(
    cs: Sequence[dict[str, Any]], base: Sequence[Score], rows: Sequence[Row], policy: str
) -> tuple[dict[str, list[str]], list[Score]]:
    """The pieces chosen without each file and the file's cases judged with them off."""
    chosen: dict[str, list[str]] = {}
    out: list[Score] = list(base)
    for f in FILES:
        others = [g for g in FILES if g != f]
        off = [r.piece for r in rows if removed(r, others, policy)]
        chosen[f] = off
        idx = [i for i, c in enumerate(cs) if c["_file"] == f]
        for i, (s, _, _) in zip(idx, judged([cs[i] for i in idx], off), strict=True):
            out[i] = s
    return chosen, out


def _cell(row: Row, f: str) -> str:
    if not row.fires[f] and not row.changes(f):
        return ""
    g = [row.gain(f, i) for i in range(3)]
    return f"{row.fires[f]}: " + "·".join(f"{x:+d}" if x else "0" for x in g)


def table_lines(rows: Sequence[Row]) -> list[str]:
    head = "| piece | class | " + " | ".join(SHORT[f] for f in FILES) + " | all pol·用·應 | lofo |"
    out = [head, "|---|---|" + "---|" * (len(FILES) + 2)]
    order = ("generalizes", "weak", "fitted", "mixed", "harmful", "inert")
    for cls in order:
        for r in sorted(
            (r for r in rows if classify(r) == cls), key=lambda r: (-sum(r.gain(f) for f in FILES), r.piece)
        ):
            tot = [sum(r.gain(f, i) for f in FILES) for i in range(3)]
            cells = " | ".join(_cell(r, f) for f in FILES)
            all_ = "·".join(f"{x:+d}" for x in tot)
            out.append(f"| `{r.piece}` | {cls} | {cells} | {all_} | {piece_lofo(r, FILES):+d} |")
    return out


def tsv_lines(rows: Sequence[Row]) -> list[str]:
    out = ["piece\tclass\tfile\tfires\t" + "\t".join(f"{m}_lost\t{m}_won" for m in MEASURES)]
    for r in rows:
        for f in FILES:
            c = r.counts[f]
            out.append(
                f"{r.piece}\t{classify(r)}\t{f}\t{r.fires[f]}\t" + "\t".join(f"{a}\t{b}" for a, b in c)
            )
    return out


def _fmt(v: list[int]) -> str:
    return f"{v[0]} · {v[1]} · {v[2]}/{v[3]}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", action="store_true", help="the per-file table (markdown)")
    ap.add_argument("--tsv", action="store_true", help="the per-file counts, one line per piece and file")
    ap.add_argument("--lofo", action="store_true", help="the leave-one-file-out estimate per policy")
    ap.add_argument("--off", default="", help="pieces switched off (comma-separated) before measuring")
    args = ap.parse_args(argv)
    cs = cases()
    keys = pieces()
    from xuanheng.liuyao.judgment import switched_off

    with switched_off(*[k for k in args.off.split(",") if k]):
        base, rows = table(cs, keys)
        pairs = list(zip(cs, base, strict=True))
        for split in SPLITS:
            print(
                f"judge as it is, {split} (polarity · 用神 · 應期):",
                _fmt(sums(pairs, lambda c, s=split: c["split"] == s)),
            )
        if args.table:
            print("\n".join(table_lines(rows)))
        if args.tsv:
            print("\n".join(tsv_lines(rows)))
        if args.lofo:
            print(f"\nleave-one-file-out, all dev + holdout, as it is: {_fmt(sums(pairs, lambda c: True))}")
            for policy in POLICIES:
                chosen, got = lofo(cs, base, rows, policy)
                new = list(zip(cs, got, strict=True))
                print(f"policy {policy}: {_fmt(sums(new, lambda c: True))}")
                for f in FILES:
                    b = sums(pairs, lambda c, f=f: c["_file"] == f)
                    a = sums(new, lambda c, f=f: c["_file"] == f)
                    print(f"  {f}: {_fmt(b)} → {_fmt(a)}; off {len(chosen[f])}: {', '.join(chosen[f])}")
                full = [r.piece for r in rows if removed(r, FILES, policy)]
                print(f"  chosen on all files ({len(full)}): {', '.join(full)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
