"""Instants, zones, daylight saving (China 1986–1991) and the errors users see."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xuanheng.errors import AmbiguousTimeError, InputError, OptionError, OutOfRangeError
from xuanheng.time import CalendarOptions, calendar, parse_instant


def test_iana_zone_and_offsets() -> None:
    a = parse_instant("2024-02-10T12:00", tz="Asia/Shanghai")
    b = parse_instant("2024-02-10T12:00+08:00")
    c = parse_instant("2024-02-10T04:00Z")
    d = parse_instant("2024-02-10 13:00", tz="UTC+9")
    assert a == b == c == d
    assert parse_instant(datetime(2024, 2, 10, 4, tzinfo=UTC), tz="Asia/Seoul").hour == 13


def test_china_dst_1988() -> None:
    """PRC daylight saving 1986–1991 (tz database): 1988-04-17 02:00→03:00, 1988-09-11 02:00→01:00."""
    summer = parse_instant("1988-07-01T12:00", tz="Asia/Shanghai")
    assert summer.utcoffset() == timedelta(hours=9)
    with pytest.raises(AmbiguousTimeError) as gap:
        parse_instant("1988-04-17T02:30", tz="Asia/Shanghai")
    assert gap.value.field == "fold" and "does not exist" in str(gap.value)
    with pytest.raises(AmbiguousTimeError) as overlap:
        parse_instant("1988-09-11T01:30", tz="Asia/Shanghai")
    assert "twice" in str(overlap.value)
    early = parse_instant("1988-09-11T01:30", tz="Asia/Shanghai", fold=0)
    late = parse_instant("1988-09-11T01:30", tz="Asia/Shanghai", fold=1)
    assert late.timestamp() - early.timestamp() == 3600
    jumped = parse_instant("1988-04-17T02:30", tz="Asia/Shanghai", fold=0)
    assert jumped.hour == 3 and jumped.utcoffset() == timedelta(hours=9)


def test_dst_changes_pillar_hour() -> None:
    """Summer time 1988: 13:20 on the clock is 04:20 UTC, 12:06 mean time at Beijing (116.4° E) and about
    12:02 true solar time. The hour pillar follows the clock (未) unless true_solar is asked (午)."""
    c = calendar("1988-07-01T13:20", tz="Asia/Shanghai")
    assert c.pillars.hour.branch == 7
    assert any("daylight" in str(w) for w in c.warnings)
    solar = calendar("1988-07-01T13:20", 116.4, 39.9, CalendarOptions(true_solar=True), tz="Asia/Shanghai")
    assert solar.pillars.hour.branch == 6


@pytest.mark.parametrize(
    ("args", "exc", "field"),
    [
        (("2024-13-01T00:00", "UTC"), InputError, "at"),
        (("yesterday", "UTC"), InputError, "at"),
        (("2024-02-10T12:00", "Mars/Olympus"), InputError, "tz"),
        (("2024-02-10T12:00", "+15:00"), InputError, "tz"),
        (("2024-02-10T12:00", None), InputError, "tz"),
    ],
)
def test_bad_input(args: tuple[str, str | None], exc: type[Exception], field: str) -> None:
    with pytest.raises(exc) as e:
        parse_instant(args[0], tz=args[1])
    assert getattr(e.value, "field", None) == field


def test_bad_options_and_places() -> None:
    when = datetime(2024, 2, 10, 12, tzinfo=timezone(timedelta(hours=8)))
    with pytest.raises(OptionError):
        CalendarOptions(day_boundary="22:00")
    with pytest.raises(OptionError):
        CalendarOptions(yue_jiang="moon")
    with pytest.raises(OptionError):
        CalendarOptions(day_night="dusk")
    with pytest.raises(OptionError):
        calendar(when, options=CalendarOptions(true_solar=True))
    with pytest.raises(InputError) as e:
        calendar(when, 116.0, 95.0)
    assert e.value.field == "lat"
    with pytest.raises(InputError):
        calendar(when, 200.0, 10.0)
    with pytest.raises(InputError):
        calendar(when, 116.0, None)


def test_out_of_range() -> None:
    with pytest.raises(OutOfRangeError):
        calendar("3500-01-01T00:00", tz="UTC")
    with pytest.raises(OutOfRangeError):
        calendar("2999-12-31T00:00", tz="UTC")
    assert calendar("0800-06-01T00:00", tz="UTC").pillars.year.index == (800 - 4) % 60


@pytest.mark.parametrize("tz", ["UTC", "+14:00", "-12:00", "Asia/Shanghai"])
@pytest.mark.parametrize(
    "at", ["0001-01-01T00:00", "0001-12-30T00:00", "2998-01-02T00:00", "9999-12-31T23:59"]
)
def test_edges_are_typed_errors(at: str, tz: str) -> None:
    with pytest.raises(OutOfRangeError):
        calendar(at, tz=tz)


def test_edges_inside() -> None:
    assert str(calendar("0002-01-01T12:00", tz="UTC").pillars.year) == "辛酉"  # year 1 CE is 辛酉
    assert str(calendar("2997-12-31T12:00", tz="UTC").pillars.year) == "丁巳"  # (2997 − 4) mod 60 = 53


_ZONES = ["Asia/Shanghai", "Asia/Seoul", "Asia/Taipei", "Asia/Hong_Kong", "America/New_York", "Europe/London"]


@settings(max_examples=300, deadline=None)
@given(
    naive=st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2100, 1, 1)),
    zone=st.sampled_from(_ZONES),
)
def test_wall_time_round_trip(naive: datetime, zone: str) -> None:
    """A wall time either names one instant that shows the same wall time, or is refused as ambiguous."""
    try:
        dt = parse_instant(naive, tz=zone)
    except AmbiguousTimeError:
        a = parse_instant(naive, tz=zone, fold=0)
        b = parse_instant(naive, tz=zone, fold=1)
        assert a.timestamp() != b.timestamp()
        return
    assert dt.replace(tzinfo=None) == naive
    assert dt.astimezone(UTC).astimezone(dt.tzinfo).replace(tzinfo=None) == naive
