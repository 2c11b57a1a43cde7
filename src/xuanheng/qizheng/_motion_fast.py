"""Hot path of :func:`xuanheng.qizheng.motion.is_stationary`: 留 from a table of stations, 1600–2400.

No rule lives here. The exact test asks the ephemeris for the planet's speed half a 留 window before and
after the instant (two calls of about 50 µs each); a station lies in the window exactly when the table of
stations (``data/stations.bin``, the instants where the same ephemeris speed changes sign, made by
``scripts/gen_stations.py`` to 10⁻⁸ day) has one between the window's ends. Windows reaching outside the
table fall back to the exact test, as do speeds the exact test would skip anyway. ``tests/qizheng/
test_motion.py`` checks the table against the ephemeris and the two tests against each other.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from functools import cache
from importlib import resources

from xuanheng.qizheng import motion


@cache
def table() -> tuple[float, float, dict[str, tuple[float, ...]]]:
    """(first JD, last JD, stations of each planet), read once from ``data/stations.bin``."""
    raw = resources.files("xuanheng.qizheng").joinpath("data").joinpath("stations.bin").read_bytes()
    magic, first, last = struct.unpack_from("<4sdd", raw, 0)
    if magic != b"XHS1":
        raise ValueError("data/stations.bin: not a station table (bad magic)")
    pos = struct.calcsize("<4sdd")
    out: dict[str, tuple[float, ...]] = {}
    for name in motion.PLANET_BODY:  # the generator's order (水 金 火 木 土)
        (n,) = struct.unpack_from("<I", raw, pos)
        pos += 4
        out[name] = struct.unpack_from(f"<{n}d", raw, pos)
        pos += 8 * n
    if pos != len(raw):
        raise ValueError("data/stations.bin: trailing bytes")
    return first, last, out


def is_stationary(name: str, jd_ut: float, speed: float) -> bool:
    """Same answer as :func:`xuanheng.qizheng.motion.is_stationary`."""
    if abs(speed) >= motion.SKIP_ABOVE[name]:
        return False
    half = motion.LIU_DAYS[name] / 2.0
    first, last, stations = table()
    lo, hi = jd_ut - half, jd_ut + half
    if lo < first or hi > last:
        return motion.is_stationary(name, jd_ut, speed)
    s = stations[name]
    i = bisect_left(s, lo)
    return i < len(s) and s[i] <= hi


__all__ = ["is_stationary", "table"]
