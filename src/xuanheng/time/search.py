"""Root finding on the ephemeris: solar-term instants and new moons (the slow, exact path).

The table in ``data/time_tables.bin`` is generated with these functions (``scripts/gen_time_tables.py``)
and they are the fallback outside its range. All instants are Unix seconds (UTC, ≈ UT1).
"""

from __future__ import annotations

import math

from xuanheng.astro.ephemeris import SwissEphemeris, default_ephemeris, jd_from_unix, unix_from_jd

_EPH: SwissEphemeris = default_ephemeris()

#: stop when the longitude residual is below this (degrees; 1e-8° ≈ 1 ms of the Sun's motion)
_TOL_SUN = 1e-9
_TOL_MOON = 1e-8


def sun_longitude(seconds: float) -> float:
    """Apparent geocentric ecliptic longitude of the Sun (degrees) at a Unix time."""
    jd = jd_from_unix(seconds)
    _EPH.check_range(jd)
    return _EPH.sun_longitude(jd)[0]


def term_crossing(k: int, near: float) -> float:
    """Instant (Unix s) when the Sun's apparent longitude reaches 15·k°, nearest to *near* (±~7 days)."""
    target = 15.0 * (k % 24)
    jd = jd_from_unix(near)
    _EPH.check_range(jd)
    for _ in range(20):
        lon, speed = _EPH.sun_longitude(jd)
        d = (target - lon + 180.0) % 360.0 - 180.0
        jd += d / speed
        if abs(d) < _TOL_SUN:
            break
    _EPH.check_range(jd)
    return unix_from_jd(jd)


def term_around(seconds: float) -> tuple[tuple[int, float], tuple[int, float]]:
    """The term at or before *seconds* and the one after it, as (k, instant) pairs."""
    lon = sun_longitude(seconds)
    k = math.floor(lon / 15.0) % 24
    prev = term_crossing(k, seconds - (lon - 15.0 * k) % 360.0 / 0.9856 * 86400.0)
    if prev > seconds:  # the longitude was rounded onto the boundary
        k = (k - 1) % 24
        prev = term_crossing(k, prev - 15.2 * 86400.0)
    nxt = term_crossing(k + 1, prev + 15.2 * 86400.0)
    return (k, prev), ((k + 1) % 24, nxt)


def new_moon_near(near: float) -> float:
    """Instant (Unix s) of the new moon (Moon − Sun apparent longitude = 0) nearest to *near* (±~14 days)."""
    jd = jd_from_unix(near)
    _EPH.check_range(jd)
    for _ in range(30):
        el, rate = _EPH.elongation(jd)
        d = -((el + 180.0) % 360.0 - 180.0)
        jd += d / rate
        if abs(d) < _TOL_MOON:
            break
    _EPH.check_range(jd)
    return unix_from_jd(jd)


def new_moon_before(seconds: float) -> float:
    """The last new moon at or before *seconds*."""
    el, _ = _EPH.elongation(jd_from_unix(seconds))
    nm = new_moon_near(seconds - el / 12.19 * 86400.0)
    if nm > seconds:
        nm = new_moon_near(nm - 29.53 * 86400.0)
    return nm


def term_crossing_precise(k: int, near: float) -> float:
    """Like :func:`term_crossing` but with the ERFA Sun (needs ``pyerfa``; used to build the table).

    Starts from the Moshier solution and refines it in TT with :mod:`xuanheng.astro.erfa_sun`; the
    result is converted to UT with swisseph's ΔT.
    """
    from xuanheng.astro.erfa_sun import term_crossing_tt, tt_from_ut, ut_from_tt

    rough = term_crossing(k, near)
    tt = term_crossing_tt(15.0 * (k % 24), tt_from_ut(jd_from_unix(rough)))
    return unix_from_jd(ut_from_tt(tt))
