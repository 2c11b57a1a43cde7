"""Generate ``src/xuanheng/time/data/time_tables.bin``: solar-term instants and new moons, 1600–2400.

Run: ``.venv/bin/python scripts/gen_time_tables.py`` (≈ 15 s; needs ``pyerfa``). The file is committed;
tests re-derive samples from the ephemeris and check it against skyfield + DE421.

Layout (little-endian): header ``<4sqqqq`` = magic ``XHT1``, Gregorian year of the first term, its k
(21 = 立春; longitude 15·k°), number of terms, number of new moons; then the term instants and the new-moon
instants, each an int64 count of milliseconds since 1970-01-01T00:00Z (UTC ≈ UT1). Terms are consecutive
(k, k+1, …). Terms: the ERFA apparent Sun (``xuanheng.astro.erfa_sun``, ≤ 0.015″ from DE421), UT by
swisseph's ΔT; new moons: the pyswisseph Moshier Sun and Moon (``xuanheng.time.search``).
"""

from __future__ import annotations

import calendar as _cal
import struct
import sys
from array import array
from pathlib import Path

from xuanheng.time.search import new_moon_near, term_crossing_precise

FIRST_YEAR = 1600
LAST_YEAR = 2400
OUT = Path(__file__).resolve().parent.parent / "src" / "xuanheng" / "time" / "data" / "time_tables.bin"


def generate() -> tuple[list[int], list[int]]:
    """Return (term instants, new-moon instants) in integer milliseconds."""
    day = 86400.0
    start = _cal.timegm((FIRST_YEAR, 2, 4, 0, 0, 0))
    t = term_crossing_precise(21, start)
    terms = [t]
    k = 21
    end = _cal.timegm((LAST_YEAR + 1, 1, 1, 0, 0, 0))
    while t < end:
        k += 1
        t = term_crossing_precise(k, t + 15.2 * day)
        terms.append(t)
    nm = new_moon_near(_cal.timegm((FIRST_YEAR - 1, 12, 1, 0, 0, 0)))
    moons = [nm]
    while nm < end + 40 * day:
        nm = new_moon_near(nm + 29.53 * day)
        moons.append(nm)
    return [round(x * 1000) for x in terms], [round(x * 1000) for x in moons]


def main() -> int:
    terms, moons = generate()
    head = struct.pack("<4sqqqq", b"XHT1", FIRST_YEAR, 21, len(terms), len(moons))
    body = array("q", terms + moons)
    if sys.byteorder != "little":
        body.byteswap()
    OUT.write_bytes(head + body.tobytes())
    print(f"wrote {OUT} ({len(terms)} terms, {len(moons)} new moons)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
