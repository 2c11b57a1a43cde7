"""順 逆 留 伏, with the station test checked against a dense scan written here."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from xuanheng.astro import Body
from xuanheng.astro.ephemeris import body_ephemeris
from xuanheng.qizheng.motion import (
    FU_LIMITS,
    LIU_DAYS,
    PLANET_BODY,
    SKIP_ABOVE,
    fu_limit,
    is_stationary,
    motion,
)


def station_near(name: str, jd: float) -> bool:
    """Any sign change of the speed within ±½·留 days, found by stepping every 0.05 day. The speeds are the
    same ephemeris's that the chart reads (``body_ephemeris``): the scan checks the station test, not the
    backends, which can put a station seconds apart and so disagree on an instant whose ½·留 edge falls
    on it."""
    eph, half = body_ephemeris(), LIU_DAYS[name] / 2
    n = int(2 * half / 0.05) + 1
    speeds = [eph.position(PLANET_BODY[name], jd - half + k * (2 * half / (n - 1))).speed for k in range(n)]
    return any((a > 0) != (b > 0) for a, b in pairwise(speeds))


@pytest.mark.parametrize("name", ["水", "金", "火", "木", "土"])
def test_stationary_against_scan(name: str) -> None:
    eph = body_ephemeris()
    rng = random.Random(f"stations of {name}")  # the same instants in every run (str hashes are salted)
    body = PLANET_BODY[name]
    # sample near stations: find a few by stepping, then test instants around each
    jd, prev, tested = 2451545.0, eph.position(body, 2451545.0).speed, 0
    while tested < 3:
        jd += 1.0
        v = eph.position(body, jd).speed
        if (v > 0) != (prev > 0):
            tested += 1
            for _ in range(12):
                t = jd + rng.uniform(-LIU_DAYS[name], LIU_DAYS[name])
                s = eph.position(body, t).speed
                assert is_stationary(name, t, s) == station_near(name, t)
                if station_near(name, t):
                    assert abs(s) < SKIP_ABOVE[name]  # the skip bound is safe
        prev = v


def test_fu_and_states() -> None:
    g = FU_LIMITS["gengwu"]
    assert g[0]["木"] == pytest.approx(13 * 360 / 365.25)
    assert fu_limit("水", True) > fu_limit("水", False)
    assert fu_limit("金", False, "moira") == 3.0
    assert motion("日", 100.0, 1.0, 100.0, 2451545.0).state == "順"
    assert motion("羅", 100.0, -0.05, 10.0, 2451545.0).state == "逆"
    assert motion("木", 100.0, 0.2, 105.0, 2451545.0).state == "伏"  # 5° from the Sun
    assert motion("木", 100.0, 0.2, 130.0, 2451545.0).state == "順"
    m = motion("火", 100.0, -0.3, 280.0, 2451545.0)
    assert m.retrograde and m.state == "逆" and not m.combust
    assert Body.MERCURY in PLANET_BODY.values()
