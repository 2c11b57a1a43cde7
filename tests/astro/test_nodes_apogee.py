"""羅計 and 月孛 against series written here from Meeus, and against DE421's osculating orbit.

* Mean node: Meeus, *Astronomical Algorithms* 2nd ed., eq. 47.7 (ELP-2000/82 mean elements, Chapront-Touzé
  & Chapront), plus the nutation in longitude (swisseph gives it on the true equinox of date).
* Mean apogee: Meeus ch. 50, the mean perigee ϖ (Ω + ω measured along the ecliptic and then the orbit) plus
  180°, turned into an ecliptic longitude through the mean node with i = 5.145396° (ELP mean inclination):
  swisseph's mean apogee is that projection, up to 7′ from ϖ + 180°.
* True node and osculating apogee: the osculating orbit of the Moon about the Earth from DE421 position and
  velocity (h = r × v, e = v × h / μ − r / |r|), in the ecliptic of date. With the Swiss Ephemeris files
  (what the engine reads in 1800–2400) they agree to about 0.2″ and 0.6″; with the Moshier Moon it was 50″
  and 260″ (its velocity errors enter the osculating elements; docs/qizheng.md).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from xuanheng.astro.bodies import lunar_apogee, lunar_node, nutation, tt_from_ut
from xuanheng.errors import OptionError

JD_1800, JD_2200 = 2378496.5, 2524593.5


def meeus(jd: float) -> dict[str, float]:
    t = (jd - 2451545.0) / 36525.0
    om = 125.0445479 - 1934.1362891 * t + 0.0020754 * t * t + t**3 / 467441 - t**4 / 60616000
    per = 83.3532465 + 4069.0137287 * t - 0.0103200 * t * t - t**3 / 80053 + t**4 / 18999000
    i = math.radians(5.145396)
    u = math.radians(per + 180.0 - om)
    apo = om + math.degrees(math.atan2(math.cos(i) * math.sin(u), math.cos(u)))
    return {"node": om % 360.0, "apogee": apo % 360.0}


def _d(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0) * 3600.0


@pytest.mark.parametrize("jd", np.linspace(JD_1800, JD_2200, 80) + 0.37)
def test_mean_node_and_apogee_against_meeus(jd: float) -> None:
    m = meeus(tt_from_ut(float(jd)))  # the series take dynamical time
    dpsi = nutation(float(jd))[2]
    assert _d(lunar_node(float(jd), "mean").lon, m["node"] + dpsi) < 0.5
    assert _d(lunar_apogee(float(jd), "mean").lon, m["apogee"] + dpsi) < 2.0


def test_speeds() -> None:
    """Mean node regresses 360° in 6798.4 d (18.61 yr); mean apogee advances 360° in 3232.6 d (8.85 yr)."""
    jd = 2451545.0
    assert lunar_node(jd).speed == pytest.approx(-360 / 6798.38, rel=2e-3)
    assert lunar_apogee(jd).speed * 3232.6 / 360 == pytest.approx(1.0, abs=0.15)  # the projection wobbles


def test_osculating_against_de421(sky: dict[str, Any]) -> None:
    from skyfield.framelib import ecliptic_frame

    ts, sk = sky["ts"], sky["eph"]
    jds = np.linspace(2415030.5, 2469800.5, 120)
    t = ts.tt_jd(jds)
    rel = (sk["moon"] - sk["earth"]).at(t)
    rot = ecliptic_frame.rotation_at(t)
    r = np.einsum("ijn,jn->in", rot, rel.position.au)
    v = np.einsum("ijn,jn->in", rot, rel.velocity.au_per_d)
    h = np.cross(r.T, v.T).T
    node = np.degrees(np.arctan2(h[0], -h[1])) % 360.0
    mu = (398600.435436 + 4902.800066) / 149597870.700**3 * 86400.0**2
    e = np.cross(v.T, h.T).T / mu - r / np.linalg.norm(r, axis=0)
    apo = np.degrees(np.arctan2(-e[1], -e[0])) % 360.0
    import swisseph as swe

    worst = [0.0, 0.0]
    for jd, n, a in zip(jds, node, apo, strict=True):
        ut = float(jd)
        for _ in range(3):  # the UT by the ΔT swisseph uses with the files
            ut = float(jd) - swe.deltat_ex(ut, swe.FLG_SWIEPH)
        worst[0] = max(worst[0], _d(lunar_node(ut, "true").lon, n))
        worst[1] = max(worst[1], _d(lunar_apogee(ut, "osculating").lon, a))
    # with the Swiss Ephemeris files (the Moshier Moon gave 50″ and 260″: its velocity errors)
    assert worst[0] < 0.5 and worst[1] < 1.5, worst


def test_unknown_kinds() -> None:
    with pytest.raises(OptionError):
        lunar_node(2451545.0, "osculating")
    with pytest.raises(OptionError):
        lunar_apogee(2451545.0, "true")
