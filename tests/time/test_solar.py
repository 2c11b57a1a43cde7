"""True solar time, sunrise/sunset (against skyfield's almanac) and the 晝夜 options."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from xuanheng.time import CalendarOptions, calendar
from xuanheng.time.solar import equation_of_time, sun_events, true_solar_offset

CST = timezone(timedelta(hours=8))


@pytest.mark.parametrize(
    ("when", "minutes"),
    # extremes of the equation of time (apparent − mean): about −14.2 min mid-February, +16.4 min early
    # November (Meeus, Astronomical Algorithms, ch. 28)
    [(datetime(2024, 2, 11, 12, tzinfo=UTC), -14.2), (datetime(2024, 11, 3, 12, tzinfo=UTC), 16.4)],
)
def test_equation_of_time_extremes(when: datetime, minutes: float) -> None:
    assert abs(equation_of_time(when.timestamp()) / 60.0 - minutes) < 0.3


def test_true_solar_offset_is_longitude_plus_eot() -> None:
    t = datetime(2024, 6, 1, tzinfo=UTC).timestamp()
    assert true_solar_offset(t, 120.0) == pytest.approx(120.0 * 240.0 + equation_of_time(t))
    c = calendar(datetime(2024, 2, 11, 12, 0, tzinfo=CST), 120.0, 30.0, CalendarOptions(true_solar=True))
    assert c.solar_time is not None
    # at 120° E mean solar time is the clock; true solar time lags by ~14 min in February
    assert (c.solar_time.hour, c.solar_time.minute) in ((11, 45), (11, 46))
    assert c.to_json()["options"]["true_solar"] is True


def test_sunrise_sunset_against_skyfield(sky: dict[str, Any]) -> None:
    from skyfield import almanac
    from skyfield.api import wgs84

    ts, eph = sky["ts"], sky["eph"]
    rng = random.Random(3)
    worst = 0.0
    for _ in range(25):
        lat, lon = rng.uniform(-60, 60), rng.uniform(-180, 180)
        start = datetime(1950, 1, 1, tzinfo=UTC) + timedelta(days=rng.randint(0, 36000))
        start -= timedelta(hours=round(lon / 15))
        rise, sset = sun_events(start.timestamp(), lon, lat)
        t, is_rise = almanac.find_discrete(
            ts.from_datetime(start),
            ts.from_datetime(start + timedelta(days=1)),
            almanac.sunrise_sunset(eph, wgs84.latlon(lat, lon)),
        )
        for ti, up in zip(t, is_rise, strict=True):
            ours = rise if up else sset
            assert ours is not None
            worst = max(worst, abs(ours - ti.utc_datetime().timestamp()))
    # refraction models differ (skyfield: fixed −0.8333°; swisseph: from pressure and temperature)
    assert worst < 30.0, worst


def test_day_night_options() -> None:
    dusk = datetime(2024, 6, 21, 19, 30, tzinfo=CST)  # Beijing: sunset ≈ 19:46
    assert calendar(dusk, 116.4, 39.9).is_day is True
    assert calendar(dusk, 116.4, 39.9).day_night_basis == "sun"
    # fixed: 戌 hour (19:00–21:00) is night
    fixed = calendar(dusk, options=CalendarOptions(day_night="fixed"))
    assert fixed.is_day is False and fixed.day_night_basis == "fixed"
    assert calendar(dusk).day_night_basis == "fixed"  # auto without a place
    forced = calendar(dusk, options=CalendarOptions(day_night="day"))
    assert forced.is_day is True and forced.day_night_basis == "forced"
    assert calendar(dusk, options=CalendarOptions(day_night="night")).is_day is False
    c = calendar(dusk, 116.4, 39.9)
    assert c.sunrise is not None and c.sunset is not None
    assert c.sunrise.hour == 4 and c.sunset.hour == 19


def test_polar_night() -> None:
    c = calendar(datetime(2024, 12, 21, 12, tzinfo=UTC), 15.0, 78.2)  # Svalbard
    assert c.sunrise is None and c.sunset is None and c.is_day is False
