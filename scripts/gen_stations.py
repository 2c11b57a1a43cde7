"""Generate ``src/xuanheng/qizheng/data/stations.bin``: the stations of 水 金 火 木 土, 1600–2400.

Run: ``.venv/bin/python scripts/gen_stations.py`` (≈ 40 s). The file is committed;
``tests/qizheng/test_motion.py`` re-derives stations from the ephemeris in sample years and checks that the
chart's 留 from the table is the exact test's (``xuanheng.qizheng.motion.is_stationary``).

A station is an instant where the planet's apparent geocentric speed in longitude (the same swisseph speed the
chart reads, through ``xuanheng.astro.ephemeris.body_ephemeris``: the data files 1800–2400, the Moshier theory
before) changes sign. The years are scanned in steps of :data:`STEP` days (the shortest run between two
stations of any of the five, Mercury's retrogradation, lasts about 20 days) and each sign change is bisected
to :data:`TOLERANCE` days.

Layout (little-endian): header ``<4sdd`` = magic ``XHS1``, first and last JD (UT) covered; then for each
planet in the order 水 金 火 木 土 an ``<I`` count followed by that many ``<d`` station instants (JD UT),
increasing.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from xuanheng.astro.ephemeris import body_ephemeris
from xuanheng.qizheng.motion import PLANET_BODY

JD_FIRST = 2305447.5  # 1600-01-01
JD_LAST = 2597641.5  # 2401-01-01
STEP = 4.0
TOLERANCE = 1e-8
ORDER = tuple(PLANET_BODY)  # 水 金 火 木 土, the order the reader (_motion_fast) expects
OUT = Path(__file__).resolve().parent.parent / "src" / "xuanheng" / "qizheng" / "data" / "stations.bin"


def stations(name: str, jd_first: float = JD_FIRST, jd_last: float = JD_LAST) -> list[float]:
    """Every station of planet *name* between the two Julian Days (UT)."""
    eph = body_ephemeris()
    body = PLANET_BODY[name]

    def direct(jd: float) -> bool:
        return eph.position(body, jd).speed > 0

    out = []
    a, da = jd_first, direct(jd_first)
    while a < jd_last:
        b = min(a + STEP, jd_last)
        db = direct(b)
        if db != da:
            lo, hi = a, b
            while hi - lo > TOLERANCE:
                mid = (lo + hi) / 2.0
                if direct(mid) == da:
                    lo = mid
                else:
                    hi = mid
            out.append((lo + hi) / 2.0)
        a, da = b, db
    return out


def main() -> int:
    parts = [struct.pack("<4sdd", b"XHS1", JD_FIRST, JD_LAST)]
    for name in ORDER:
        found = stations(name)
        parts.append(struct.pack(f"<I{len(found)}d", len(found), *found))
        print(f"{name}: {len(found)} stations", file=sys.stderr)
    OUT.write_bytes(b"".join(parts))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
