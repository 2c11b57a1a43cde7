"""The fast solar day (``xuanheng.astro.sun_fast`` through ``time.solar.day_events``) against the plain
statements (``sun_events`` = swisseph ``rise_trans``, ``true_solar_offset`` = ``time_equ``,
``is_daytime``): the same events
within 0.5 s for |φ| ≤ 60° (5 s up to 65°, where ``rise_trans`` itself converges less tightly: the fast
answer then sits closer to the horizon criterion than the plain one), no event where the plain search finds
none, and the equation of time within 0.05 s. docs/time.md gives these bounds."""

from __future__ import annotations

import math
import random

import pytest
import swisseph as swe

from xuanheng.astro.ephemeris import jd_from_unix
from xuanheng.astro.sun_fast import UNDECIDED, solar_day
from xuanheng.time.solar import day_events, is_daytime, sun_events, true_solar_offset

DAY = 86400.0


def _cases(n: int, lat_max: float, seed: int) -> list[tuple[float, float, float, float]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        lon, lat = rng.uniform(-180, 180), rng.uniform(-lat_max, lat_max)
        # civil midnight of a zone that may be far from the meridian (day boundaries off local midnight)
        offset = round(lon / 15) + rng.choice([0, 0, 0, -3, 2, 5])
        day = rng.randrange(-25000, 30000)
        start = day * DAY - offset * 3600.0
        out.append((start, lon, lat, start + rng.uniform(0, DAY - 1)))
    return out


def _altitude_error(unix: float, lon: float, lat: float) -> float:
    """True geocentric altitude of the Sun's centre minus the rising criterion (upper limb on the apparent
    horizon at 1013.25 hPa / 15 °C, seen from the surface), degrees — written here from the criterion."""
    jd = jd_from_unix(unix)
    x, _ = swe.calc_ut(jd, 0, swe.FLG_MOSEPH)
    hor = swe.azalt(jd, swe.ECL2HOR, (lon, lat, 0.0), 1013.25, 15.0, (x[0], x[1], x[2]))
    refraction = -swe.refrac_extended(0.0, 0.0, 1013.25, 15.0, 0.0065, swe.APP_TO_TRUE)[0]
    semi = math.degrees(math.asin(696000.0 / (x[2] * 149597870.7)))
    parallax = math.degrees(math.asin(6378.137 / (x[2] * 149597870.7)))
    return float(hor[1]) - (-refraction - semi + parallax)


@pytest.mark.parametrize(("lat_max", "bound"), [(60.0, 0.5), (65.0, 5.0)])
def test_events_agree_with_rise_trans(lat_max: float, bound: float) -> None:
    worst = 0.0
    for start, lon, lat, utc in _cases(600, lat_max, int(lat_max)):
        rise, sset, off, up = day_events(start, lon, lat, utc)
        p_rise, p_set = sun_events(start, lon, lat)
        assert up == is_daytime(utc, lon, lat, p_rise, p_set)
        for fast, plain in ((rise, p_rise), (sset, p_set)):
            assert (fast is None) == (plain is None), (start, lon, lat)
            if fast is not None and plain is not None:
                err = abs(fast - plain)
                worst = max(worst, err)
                if err > 0.5:  # only where the plain search is the looser of the two
                    assert (
                        abs(_altitude_error(fast, lon, lat)) <= abs(_altitude_error(plain, lon, lat)) + 1e-4
                    )
        assert abs(off - true_solar_offset(utc, lon)) < 0.05
    assert worst < bound, worst


def test_day_or_night_everywhere() -> None:
    """The 晝/夜 answer equals is_daytime's at every latitude, also where the civil day's sunset comes before
    its sunrise (the altitude rule) and in polar day and night."""
    for start, lon, lat, utc in _cases(600, 90.0, 11):
        *_, up = day_events(start, lon, lat, utc)
        assert up == is_daytime(utc, lon, lat, *sun_events(start, lon, lat))


def test_polar_days_and_nights_fall_back_to_the_plain_search() -> None:
    for start, lon, lat in [
        (1703116800.0, 15.0, 78.2),  # Svalbard, 2023-12-21: polar night
        (1687305600.0, 15.0, 78.2),  # Svalbard, 2023-06-21: midnight sun
        (1687305600.0, 25.0, 66.5),  # near the polar circle at the solstice: the Sun grazes the horizon
        (1703116800.0, -68.0, -67.5),
    ]:
        sd = solar_day(jd_from_unix(start))
        assert sd.rise_set(lon, lat, True) is UNDECIDED
        rise, sset, _, up = day_events(start, lon, lat, start + 3600.0)
        assert (rise, sset) == sun_events(start, lon, lat)
        assert up == is_daytime(start + 3600.0, lon, lat, rise, sset)


def test_days_far_from_the_meridian() -> None:
    # a zone far east of its meridian (UTC+14 at 170° W): the day's events fall near its ends
    rng = random.Random(4)
    for _ in range(400):
        lon, lat = -170.0 + rng.uniform(-5, 5), rng.uniform(-50, 50)
        start = rng.randrange(0, 20000) * DAY - 14 * 3600.0  # UTC+14 civil midnight at 170° W
        rise, sset, _, up = day_events(start, lon, lat, start + 7200.0)
        p = sun_events(start, lon, lat)
        assert (rise is None, sset is None) == (p[0] is None, p[1] is None)
        assert up == is_daytime(start + 7200.0, lon, lat, *p)
        for fast, plain in zip((rise, sset), p, strict=True):
            assert fast is None or plain is None or abs(fast - plain) < 0.5
