"""List the lunar months in which the Chinese and the Korean calendar systems differ, 1900–2050.

Run from the checkout: ``python scripts/korean_lunar_diff.py`` prints the markdown table that
docs/time.md carries between the markers ``<!-- korean-diff:begin -->`` and ``<!-- korean-diff:end -->``;
``--write`` replaces that block in docs/time.md. tests/time/test_lunar_korean.py checks that the block
equals :func:`render` so the list cannot go stale.

A row is one lunation (one new moon) whose month begins on a different day, or carries a different
number or 閏 mark, in the two systems. Everything comes from ``xuanheng.time.lunar``.
"""

from __future__ import annotations

import sys
from datetime import UTC, date, datetime
from pathlib import Path

from xuanheng.time.lunar import RECKONING, LunarDate, lunar_date_of_day
from xuanheng.time.tables import NEW_MOONS

FIRST = date(1900, 1, 1)
LAST = date(2050, 12, 31)
BEGIN = "<!-- korean-diff:begin -->"
END = "<!-- korean-diff:end -->"
DOC = Path(__file__).resolve().parent.parent / "docs" / "time.md"
_EPOCH = date(1970, 1, 1).toordinal()


def _month_starts(system: str) -> list[tuple[int, LunarDate]]:
    """(civil day, LunarDate) of every first day of a month in FIRST … LAST."""
    out = []
    for d in range(FIRST.toordinal() - _EPOCH, LAST.toordinal() - _EPOCH + 1):
        x = lunar_date_of_day(d, system)
        if x.day == 1:
            out.append((d, x))
    return out


def _label(x: LunarDate) -> str:
    return str(x)[: -len("初一")]  # "1914年閏五月初一" → "1914年閏五月"


def _iso(d: int) -> str:
    return date.fromordinal(d + _EPOCH).isoformat()


def _wall(t: float, system: str) -> str:
    off = RECKONING[system].offset(t)
    return datetime.fromtimestamp(round(t + off), UTC).strftime("%m-%d %H:%M:%S")


def differing_months() -> list[tuple[float, int, LunarDate, int, LunarDate]]:
    """(new moon, Chinese first day, Chinese date, Korean first day, Korean date) of each lunation
    that differs. The two systems' month starts are paired in order: each lunation begins in both, at
    most one day apart (the offsets differ by at most 1 h 14 min)."""
    cn, kr = _month_starts("chinese"), _month_starts("korean")
    # a lunation whose first day is just outside the range in one system only: drop the unpaired end
    if kr[0][0] - cn[0][0] > 15:
        cn = cn[1:]
    elif cn[0][0] - kr[0][0] > 15:
        kr = kr[1:]
    n = min(len(cn), len(kr))
    rows = []
    for (dc, xc), (dk, xk) in zip(cn[:n], kr[:n], strict=True):
        if abs(dc - dk) > 1:  # pragma: no cover - a pairing error, not a calendar fact
            raise RuntimeError(f"month starts {_iso(dc)} and {_iso(dk)} do not pair")
        if dc != dk or (xc.year, xc.month, xc.leap) != (xk.year, xk.month, xk.leap):
            mid = (min(dc, dk) + 0.5) * 86400.0
            moon = min(NEW_MOONS, key=lambda t: abs(t - mid))
            rows.append((moon, dc, xc, dk, xk))
    return rows


def render() -> str:
    rows = differing_months()
    lines = [
        BEGIN,
        "| new moon (UTC) | at Chinese reckoning | Chinese month, first day | at Korean reckoning "
        "| Korean month, first day |",
        "|---|---|---|---|---|",
    ]
    for moon, dc, xc, dk, xk in rows:
        utc = datetime.fromtimestamp(round(moon), UTC).strftime("%Y-%m-%d %H:%M:%S")
        lines.append(
            f"| {utc} | {_wall(moon, 'chinese')} | {_label(xc)} {_iso(dc)} "
            f"| {_wall(moon, 'korean')} | {_label(xk)} {_iso(dk)} |"
        )
    lines.append(f"\n{len(rows)} lunations differ in {FIRST.year}–{LAST.year}.")
    lines.append(END)
    return "\n".join(lines)


def _write() -> None:
    text = DOC.read_text("utf-8")
    a, b = text.index(BEGIN), text.index(END) + len(END)
    DOC.write_text(text[:a] + render() + text[b:], "utf-8")


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        _write()
    else:
        print(render())
