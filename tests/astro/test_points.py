"""Ascendant, 紫炁 presets, IAU 2006 general precession, fixed stars and the fast moonrise."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
import swisseph as swe

from xuanheng.astro.bodies import (
    ascendant,
    general_precession,
    polar_limit,
    ziqi,
    ziqi_presets,
)
from xuanheng.astro.stars import star_ecliptic, stars
from xuanheng.errors import OptionError, OutOfRangeError


def _d(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def test_ascendant_against_swisseph_houses() -> None:
    """Our formula (Meeus eq. 14.2) against swisseph's own house code (swe.houses_ex, another code path)."""
    rng = random.Random(4)
    for _ in range(300):
        jd = rng.uniform(2378496.5, 2524593.5)
        lon, lat = rng.uniform(-180, 180), rng.uniform(-66, 66)
        ours = ascendant(jd, lon, lat)
        theirs = swe.houses_ex(jd, lat, lon, b"P", swe.FLG_MOSEPH)[1][0]
        assert _d(ours, theirs) < 1e-6


def test_ascendant_polar_refused() -> None:
    jd = 2451545.0
    assert 66.5 < polar_limit(jd) < 66.6
    with pytest.raises(OutOfRangeError) as e:
        ascendant(jd, 20.0, 70.0)
    assert e.value.field == "lat"


def test_ziqi_presets() -> None:
    presets = ziqi_presets()
    assert set(presets) == {"moira", "qing", "almanac", "neipian"}
    # horo-api's 1983-10-27 18:30 +08:00 snapshot (Moira's preset): 341.37294725976085
    jd = swe.julday(1983, 10, 27, 10.5)
    assert ziqi(jd, "moira").lon == pytest.approx(341.37294725976085, abs=1e-7)
    assert presets["moira"].period_days == pytest.approx(28 * 365.2564)
    # the Qing root: 七宮 17°50′14″53微 counted from 星紀 (270°)
    q = presets["qing"]
    assert q.lon0 == pytest.approx(270 + 7 * 30 + 17 + 50 / 60 + (14 + 53 / 60) / 3600 - 360, abs=1e-6)
    assert q.speed == pytest.approx((2 * 60 + 6.720777) / 3600, rel=1e-9)
    # Moira and the Qing root agree to 0.2° over 1800–2200; the modern almanac sits 36° away
    for jd in np.linspace(2378496.5, 2524593.5, 9):
        assert _d(ziqi(float(jd), "moira").lon, ziqi(float(jd), "qing").lon) < 0.2
        assert 30 < _d(ziqi(float(jd), "moira").lon, ziqi(float(jd), "almanac").lon) < 40
        # 《七政算內篇》 as reconstructed (PlanetCalendar, mingyu-core): Moira's period, 99.11° ahead
        ahead = (ziqi(float(jd), "neipian").lon - ziqi(float(jd), "moira").lon) % 360
        assert ahead == pytest.approx(99.11, abs=0.01)
    with pytest.raises(OptionError):
        ziqi(jd, "nonesuch")


def test_general_precession_against_swisseph_user_ayanamsa() -> None:
    """p_A differences equal swisseph's ayanamsa with SIDM_USER (the mode Moira uses for 歲差校正)."""
    t0 = 2195882.5
    swe.set_sid_mode(swe.SIDM_USER, t0, 4.0)
    try:
        for jd in (2378496.5, 2446000.5, 2451545.0, 2524593.5):
            ours = 4.0 + general_precession(jd) - general_precession(t0)
            assert ours == pytest.approx(swe.get_ayanamsa_ut(jd), abs=0.1 / 3600)
    finally:
        swe.set_sid_mode(swe.SIDM_FAGAN_BRADLEY, 0, 0)


def test_star_table_is_complete() -> None:
    table = stars()
    assert len(table) == 31
    for s in table.values():
        assert 0 <= s.ra < 360 and -90 <= s.dec <= 90 and s.src
    assert {k for k, s in table.items() if not s.pm_known} == {"eta_And", "35_Ari", "the_Cnc"}


def test_stars_against_skyfield(sky: dict[str, Any]) -> None:
    """The same catalogue data reduced by skyfield (IAU 2006/2000A, full aberration): within 0.5″."""
    from skyfield.api import Star
    from skyfield.framelib import ecliptic_frame

    from xuanheng.astro import default_ephemeris

    ts, sk = sky["ts"], sky["eph"]
    eph = default_ephemeris()
    for jd_tt in np.linspace(2415030.5, 2469800.5, 7):
        t = ts.tt_jd(jd_tt)
        ut = float(jd_tt) - eph.delta_t(float(jd_tt)) / 86400.0
        for s in stars().values():
            star = Star(
                ra_hours=s.ra / 15.0, dec_degrees=s.dec, ra_mas_per_year=s.pm_ra, dec_mas_per_year=s.pm_dec
            )
            lat, lon, _ = sk["earth"].at(t).observe(star).apparent().frame_latlon(ecliptic_frame)
            ours = star_ecliptic(s, ut)
            assert _d(ours[0], lon.degrees) * 3600 < 0.5, (s.key, _d(ours[0], lon.degrees) * 3600)
            assert abs(ours[1] - lat.degrees) * 3600 < 0.5


def test_stars_against_horo_api_snapshot() -> None:
    """horo-api (Swiss Ephemeris fixed stars) on 1983-10-27 10:30 UT: within 1.5″ (η And, θ Cnc have no
    proper motion in our table, which accounts for their 1″)."""
    jd = swe.julday(1983, 10, 27, 10.5)
    horo = {"alf_Vir": 203.60486030691936, "eta_And": 22.151599956312694, "zet_Ori": 84.45432225258405,
            "lam_Ori": 83.47963016250384, "mu_Gem": 95.07338175673972, "the_Cnc": 125.49749030308075,
            "gam_Crv": 190.49040925120565, "bet_Ari": 33.74476063351535}  # fmt: skip
    for key, lon in horo.items():
        assert _d(star_ecliptic(key, jd)[0], lon) * 3600 < 1.5, key
