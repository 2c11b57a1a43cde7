"""A precise apparent Sun from the IAU SOFA/ERFA routines (``pyerfa``), used to build the term table.

The Moshier Sun of swisseph differs from JPL DE421 by up to 0.08″ (≈ 2 s of a term instant); the Earth
model ``epv00`` of SOFA (a VSOP2000 fit to DE405, 4.6 km over 1900–2100) brings the apparent longitude
within 0.015″ of DE421 (≈ 0.4 s). Reduction, following the IERS Conventions (2010) ch. 5–7 and SOFA:

1. light-time: the Sun's barycentric position at t − τ minus the Earth's at t (``epv00``);
2. annual aberration with the Earth's barycentric velocity (``ab``);
3. frame bias, IAU 2006 precession and IAU 2000A nutation to the true equator and equinox (``pnm06a``);
4. rotation by the true obliquity (``obl06`` + Δε from ``nut06a``) to the ecliptic of date.

``pyerfa`` is needed only by ``scripts/gen_time_tables.py`` and its tests, not at run time.
"""

from __future__ import annotations

import math

import swisseph as swe

#: speed of light in AU per day (IAU 2012: c = 299 792 458 m/s, au = 149 597 870 700 m)
C_AU_PER_DAY = 299792458.0 * 86400.0 / 149597870700.0
_J2000 = 2451545.0


def sun_apparent_longitude_tt(jd_tt: float) -> float:
    """Apparent geocentric ecliptic longitude of the Sun (degrees, ecliptic and equinox of date) at TT."""
    import warnings

    import erfa
    import numpy as np

    # epv00 warns outside 1900–2100; its accuracy there is documented in docs/time.md
    warnings.filterwarnings("ignore", message=".*epv00.*", category=erfa.ErfaWarning)

    d2 = jd_tt - _J2000
    pvh, pvb = erfa.epv00(_J2000, d2)
    eb, ev = pvb[0], pvb[1]
    tau = 0.0
    p = eb
    for _ in range(3):
        ph, pb = erfa.epv00(_J2000, d2 - tau)
        p = (pb[0] - ph[0]) - eb
        tau = float(np.linalg.norm(p)) / C_AU_PER_DAY
    r = float(np.linalg.norm(p))
    v = ev / C_AU_PER_DAY
    pa = erfa.ab(p / r, v, float(np.linalg.norm(pvh[0])), math.sqrt(1.0 - float(v @ v)))
    x = erfa.pnm06a(_J2000, d2) @ pa
    _dpsi, deps = erfa.nut06a(_J2000, d2)
    eps = float(erfa.obl06(_J2000, d2)) + float(deps)
    return math.degrees(math.atan2(x[1] * math.cos(eps) + x[2] * math.sin(eps), x[0])) % 360.0


def ut_from_tt(jd_tt: float) -> float:
    """UT Julian Day of a TT Julian Day with swisseph's ΔT (the same ΔT the rest of the engine uses)."""
    ut = jd_tt - swe.deltat_ex(jd_tt, swe.FLG_MOSEPH)
    for _ in range(2):
        ut = jd_tt - swe.deltat_ex(ut, swe.FLG_MOSEPH)
    return float(ut)


def tt_from_ut(jd_ut: float) -> float:
    """TT Julian Day of a UT Julian Day (swisseph ΔT)."""
    return float(jd_ut + swe.deltat_ex(jd_ut, swe.FLG_MOSEPH))


def term_crossing_tt(target_deg: float, guess_tt: float) -> float:
    """TT Julian Day when the precise apparent Sun reaches *target_deg*, starting near *guess_tt*."""
    jd = guess_tt
    for _ in range(12):
        lon = sun_apparent_longitude_tt(jd)
        d = (target_deg - lon + 180.0) % 360.0 - 180.0
        speed = swe.calc(jd, swe.SUN, swe.FLG_MOSEPH | swe.FLG_SPEED)[0][3]
        jd += d / speed
        if abs(d) < 1e-9:
            break
    return jd


__all__ = ["C_AU_PER_DAY", "sun_apparent_longitude_tt", "term_crossing_tt", "tt_from_ut", "ut_from_tt"]
