"""The swisseph (Moshier) backend against skyfield + DE421 for the bodies 七政四餘 will use."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from xuanheng.astro import Body, default_ephemeris, jd_from_unix, unix_from_jd
from xuanheng.errors import OutOfRangeError


def test_out_of_range() -> None:
    eph = default_ephemeris()
    with pytest.raises(OutOfRangeError):
        eph.position(Body.SUN, eph.jd_max + 1)
    with pytest.raises(OutOfRangeError):
        eph.position(Body.MOON, eph.jd_min - 1)


def test_unix_round_trip() -> None:
    assert jd_from_unix(0.0) == 2440587.5
    assert unix_from_jd(jd_from_unix(1.7e9)) == pytest.approx(1.7e9, abs=1e-4)


@pytest.mark.parametrize(
    ("body", "target", "tol_arcsec"),
    [
        (Body.SUN, "sun", 0.2),
        (Body.MOON, "moon", 5.0),
        (Body.MERCURY, "mercury", 2.0),
        (Body.VENUS, "venus", 2.0),
        (Body.MARS, "mars", 2.0),
        (Body.JUPITER, "jupiter barycenter", 2.0),
        (Body.SATURN, "saturn barycenter", 2.0),
    ],
)
def test_bodies_against_skyfield(sky: dict[str, Any], body: Body, target: str, tol_arcsec: float) -> None:
    from skyfield.framelib import ecliptic_frame

    ts, sk = sky["ts"], sky["eph"]
    eph = default_ephemeris()
    jds = np.linspace(2415100.5, 2469700.5, 60)
    t = ts.ut1_jd(jds)
    lat, lon, _ = sk["earth"].at(t).observe(sk[target]).apparent().frame_latlon(ecliptic_frame)
    for jd, lo, la in zip(jds, lon.degrees, lat.degrees, strict=True):
        p = eph.position(body, float(jd))
        assert abs((p.lon - lo + 180) % 360 - 180) * 3600 < tol_arcsec
        assert abs(p.lat - la) * 3600 < tol_arcsec


def test_nodes_and_apogee_move_as_expected() -> None:
    """Mean node regresses 19.3°/yr (period 18.61 yr); mean apogee advances 40.7°/yr (8.85 yr)."""
    eph = default_ephemeris()
    n = eph.position(Body.MEAN_NODE, 2451545.0)
    a = eph.position(Body.MEAN_APOGEE, 2451545.0)
    assert n.speed * 365.25 == pytest.approx(-360 / 18.6130, rel=1e-3)
    assert a.speed * 365.25 == pytest.approx(360 / 8.8504, rel=2e-3)
    assert eph.position(Body.TRUE_NODE, 2451545.0).lon == pytest.approx(n.lon, abs=2.0)
