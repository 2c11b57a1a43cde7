"""QA as a user: inputs a practitioner or developer actually types, and spot checks against known dates.

Each test in the first part failed before the fix it guards (commit "QA fixes: …"). Oracles for the spot
checks are public facts, not this code: the day of 1949-10-01 (甲子) and of 2000-01-01 (戊午) as printed in
every 萬年曆; the sixty-day count of 五鼠遁 for the hour stem; the longitude rule (4 min per degree).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from xuanheng.cli.main import main
from xuanheng.errors import AmbiguousTimeError, InputError, OptionError
from xuanheng.time import calendar, parse_instant
from xuanheng.time.instants import parse_zone


# --- input forms (each failed before the fix) --------------------------------------------------------
def test_end_of_day_24_00_is_next_midnight() -> None:
    """ISO 8601 allows T24:00 for the end of a day: it is the next day's 00:00."""
    assert parse_instant("2024-02-10T24:00", tz="UTC") == datetime(2024, 2, 11, tzinfo=UTC)
    assert parse_instant("2024-02-10 24:00:00", tz="UTC") == datetime(2024, 2, 11, tzinfo=UTC)
    with pytest.raises(InputError):
        parse_instant("2024-02-10T24:01", tz="UTC")


def test_leap_second_is_the_next_posix_second() -> None:
    """2016-12-31T23:59:60Z was a real UTC second; on a POSIX clock it is 2017-01-01T00:00:00."""
    assert parse_instant("2016-12-31T23:59:60Z") == datetime(2017, 1, 1, tzinfo=UTC)
    with pytest.raises(InputError):
        parse_instant("2016-12-31T23:60:00Z")


def test_full_width_digits_are_read() -> None:
    """A CJK keyboard types ２０２４－０２－１０Ｔ１２：００ and ＋０８：００ — same meaning as ASCII."""
    a = parse_instant("２０２４－０２－１０Ｔ１２：００", tz="＋０８：００")
    assert a == datetime(2024, 2, 10, 4, tzinfo=UTC)


def test_tz_of_wrong_type_says_so() -> None:
    with pytest.raises(InputError, match="must be text") as e:
        parse_zone(8)  # type: ignore[arg-type]
    assert e.value.field == "tz"


def test_calendar_options_as_dict() -> None:
    c = calendar("2024-02-10T23:30", tz="Asia/Shanghai", options={"day_boundary": "00:00"})
    assert c.pillars.day.name == "甲辰"
    with pytest.raises(OptionError) as e:
        calendar("2024-02-10T23:30", tz="Asia/Shanghai", options={"dayboundary": "00:00"})
    assert e.value.field == "dayboundary"


def test_pillars_print_as_names() -> None:
    p = calendar("1949-10-01T15:00", tz="Asia/Shanghai").pillars
    assert str(p) == "己丑年 癸酉月 甲子日 壬申時"
    assert "甲子" in repr(p)


def test_polar_night_and_day_carry_a_warning() -> None:
    """At 70°N the Sun does not rise at the December solstice nor set at the June one."""
    night = calendar("2026-12-21T12:00", 23.7, 70.0, tz="+01:00")
    assert night.sunrise is None and not night.is_day
    assert any("polar night" in str(w) for w in night.warnings)
    day = calendar("2026-06-21T00:30", 23.7, 70.0, tz="+01:00")
    assert day.sunset is None and day.is_day
    assert any("polar day" in str(w) for w in day.warnings)


# --- the CLI (each failed before the fix) ------------------------------------------------------------
def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_cli_yue_jiang_by_number(capsys: pytest.CaptureFixture[str]) -> None:
    """--help promises 0–11 (子 = 0): 11 is 亥 登明."""
    rc, out, _ = _run(
        ["calendar", "--at", "2024-02-10T12:00", "--tz", "UTC", "--yue-jiang", "11", "--json"], capsys
    )
    assert rc == 0 and json.loads(out)["yue_jiang"] == "亥"


@pytest.mark.parametrize(
    ("flag", "value", "field"),
    [("--lon", "abc", "lon"), ("--lat", "north", "lat"), ("--lon", "", "lon")],
)
def test_cli_non_numeric_place_is_one_line(
    flag: str, value: str, field: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["calendar", "--at", "2024-02-10T12:00", "--tz", "UTC", "--lon", "10", "--lat", "10"]
    argv[argv.index(flag) + 1] = value
    rc, _, err = _run(argv, capsys)
    assert rc == 2 and err.count("\n") == 1 and err.startswith("xuanheng calendar: ")
    assert field in err and "accepted" in err


def test_cli_full_width_place(capsys: pytest.CaptureFixture[str]) -> None:
    """Passed before too (float() reads full-width digits); kept so the string parsing keeps doing so."""
    argv = [
        "calendar",
        "--at",
        "2024-02-10T12:00",
        "--tz",
        "UTC",
        "--lon",
        "１１６.４",
        "--lat",
        "３９.９",
        "--json",
    ]
    rc, out, _ = _run(argv, capsys)
    assert rc == 0 and json.loads(out)["inputs"]["lon"] == pytest.approx(116.4)


# --- spot checks against independent facts (regressions, not fixes) ---------------------------------
def test_famous_days() -> None:
    assert calendar("1949-10-01T15:00", tz="Asia/Shanghai").pillars.day.name == "甲子"
    c = calendar("2000-01-01T00:00", tz="UTC")
    # 戊午 day; 00:00 is inside the 子 hour that began at 23:00; 戊/癸 days start at 壬子 (五鼠遁)
    assert (c.pillars.day.name, c.pillars.hour.name) == ("戊午", "壬子")


def test_china_dst_1988_started_on_17_april() -> None:
    """The 1986–91 rule: the first Sunday on or after 11 April (1988-04-17), not 04-10."""
    assert parse_instant("1988-04-10T02:30", tz="Asia/Shanghai").utcoffset().total_seconds() == 8 * 3600  # type: ignore[union-attr]
    with pytest.raises(AmbiguousTimeError):
        parse_instant("1988-04-17T02:30", tz="Asia/Shanghai")


def test_urumqi_true_solar_hour() -> None:
    """12:00 Beijing time at 87.6°E is about 2 h 10 min earlier by the Sun (4 min/°, EoT ≈ −2 min): 巳."""
    c = calendar("2026-06-21T12:00", 87.6, 43.8, tz="Asia/Shanghai", options={"true_solar": True})
    assert c.pillars.hour.branch == 5
    b = calendar("2026-06-21T12:00", 116.4, 39.9, tz="Asia/Shanghai", options={"true_solar": True})
    assert b.pillars.hour.branch == 6


@pytest.mark.parametrize(
    ("lon", "lat", "field"), [("116.4", 39.9, "lon"), (116.4, None, "lat"), (True, 3.0, "lon")]
)
def test_place_of_wrong_type_says_not_a_number(lon: object, lat: object, field: str) -> None:
    """A string longitude used to be reported as 'out of range' (failed before the fix)."""
    with pytest.raises(InputError) as e:
        calendar("2024-02-10T12:00", lon, lat if lat is not None else "north", tz="UTC")  # type: ignore[arg-type]
    assert e.value.field == field and "not a number" in str(e.value)


def test_before_gregorian_reform_warns() -> None:
    """A student entering a Song-dynasty date may have a Julian date: the chart says how it reads dates
    (no warning existed before)."""
    assert any(w.code == "warn.julian" for w in calendar("1127-03-01T12:00", tz="+08:00").warnings)
    assert not any(w.code == "warn.julian" for w in calendar("1582-10-15T12:00", tz="UTC").warnings)


def test_zone_in_wrong_case_and_dates_with_slashes() -> None:
    """'asia/shanghai' and 2024/2/10 are what people type (both refused before the fix)."""
    a = parse_instant("2024/2/10 12:00", tz="asia/shanghai")
    assert a == datetime(2024, 2, 10, 4, tzinfo=UTC) and str(a.tzinfo) == "Asia/Shanghai"
    with pytest.raises(InputError):
        parse_instant("2024/13/10", tz="UTC")


def test_error_messages_stay_short() -> None:
    """A pasted page of text is echoed cut short, so the error stays one readable line."""
    for kw in ({"value": "x" * 5000, "tz": "UTC"}, {"value": "2024-02-10", "tz": "A" * 5000}):
        with pytest.raises(InputError) as e:
            parse_instant(kw["value"], tz=kw["tz"])
        assert len(str(e.value)) < 300


def test_yue_jiang_number_as_text() -> None:
    c = calendar("2024-02-10T12:00", tz="UTC", options={"yue_jiang": "11"})
    assert c.yue_jiang == 11 and c.to_json()["options"]["yue_jiang"] == "亥"


def test_now_without_tz_uses_the_computers_zone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--now` alone used to chart the UTC wall clock — a Seoul user got the wrong hour (failed before)."""
    import time

    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    try:
        rc, out, _ = _run(["calendar", "--now", "--json"], capsys)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert rc == 0 and json.loads(out)["inputs"]["utc_offset"] == "+09:00"
