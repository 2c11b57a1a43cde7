"""Errors and warnings carry a code and parameters and are said in the reader's language (issue 14); the
English text stays byte-identical and is the fallback."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest

from xuanheng.errors import AmbiguousTimeError, InputError, XuanhengError
from xuanheng.i18n import messages
from xuanheng.time import CalendarOptions, calendar, parse_instant

KOREAN = re.compile(r"[가-힣]")


def _error(fn: object, *args: object, **kw: object) -> XuanhengError:
    try:
        fn(*args, **kw)  # type: ignore[operator]
    except XuanhengError as e:
        return e
    raise AssertionError("no error")


def test_catalogue_is_complete_and_consistent() -> None:
    for code in messages.codes():
        en = messages.template(code, "en")
        assert en
        names = set(re.findall(r"\{([a-z_0-9]+)\}", en))
        for lang in ("ko", "zh-Hant", "zh-Hans"):
            t = messages.template(code, lang)
            assert t and t != en, (code, lang)
            assert set(re.findall(r"\{([a-z_0-9]+)\}", t)) <= names, (code, lang)


def test_a_dst_gap_carries_its_two_readings() -> None:
    e = _error(parse_instant, "1988-05-08T02:30", tz="Asia/Seoul")
    assert isinstance(e, AmbiguousTimeError) and e.field == "fold"
    assert e.code == "time.gap"
    assert e.params["offset0"] == "+09:00" and e.params["offset1"] == "+10:00"
    # each reading names an instant that exists on the clock
    assert parse_instant("1988-05-08T02:30", tz="Asia/Seoul", fold=0).isoformat() == e.params["instant0"]
    assert parse_instant("1988-05-08T02:30", tz="Asia/Seoul", fold=1).isoformat() == e.params["instant1"]
    o = _error(parse_instant, "1990-09-16T01:30", tz="Asia/Shanghai")
    assert o.code == "time.overlap" and {o.params["offset0"], o.params["offset1"]} == {"+09:00", "+08:00"}


def test_english_is_unchanged_and_the_fallback() -> None:
    e = _error(parse_instant, "2026-03-10T21:00", tz="Mars/Base")
    assert messages.localize_error(e, "en") == str(e)
    assert str(e).startswith("unknown time zone 'Mars/Base'")
    unknown = InputError("a message the catalogue does not know", field="x")
    for lang in ("ko", "zh-Hant", "zh-Hans", "en"):
        assert messages.localize_error(unknown, lang) == str(unknown)
        assert messages.localize("not a catalogued warning", lang) == "not a catalogued warning"


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans"])
def test_errors_in_the_readers_language(lang: str) -> None:
    e = _error(parse_instant, "2026-03-10T21:00", tz="Mars/Base")
    text = messages.localize_error(e, lang)
    assert "Mars/Base" in text and "unknown" not in text
    assert (KOREAN.search(text) is not None) == (lang == "ko")
    gap = _error(parse_instant, "1988-05-08T02:30", tz="Asia/Seoul")
    text = messages.localize_error(gap, lang)
    assert "+09:00" in text and "+10:00" in text and "choose" not in text


#: every error of the time core's place check (time.solar.check_place), and the English it must keep
PLACE_ERRORS = [
    ((200.0, 3.0), "lon", "longitude 200.0 is out of range: accepted −180 … 180 (east positive)"),
    ((3.0, -95.0), "lat", "latitude -95.0 is out of range: accepted −90 … 90 (north positive)"),
    ((float("nan"), 3.0), "lon", "longitude nan is out of range: accepted −180 … 180 (east positive)"),
    ((True, 3.0), "lon", "longitude True is not a number: give degrees as a float (east and north positive)"),
    ((3.0, None), "lat", "give both longitude and latitude, or neither"),
]
#: the words of the reader's language for each field and for the sign of the coordinates
PLACE_WORDS = {
    "ko": {"lon": ("경도", "동경이 양수"), "lat": ("위도", "북위가 양수")},
    "zh-Hant": {"lon": ("經度", "東經為正"), "lat": ("緯度", "北緯為正")},
    "zh-Hans": {"lon": ("经度", "东经为正"), "lat": ("纬度", "北纬为正")},
}


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans"])
def test_place_errors_in_the_readers_language(lang: str) -> None:
    from xuanheng.cli.main import field_labels
    from xuanheng.time.solar import check_place

    labels = field_labels(lang)
    for (lon, lat), field, english in PLACE_ERRORS:
        e = _error(check_place, lon, lat)
        assert str(e) == english and e.field == field
        text = messages.localize_error(e, lang, labels=labels)
        assert not re.search(r"[A-Za-z]{4,}", text.replace("True", "")), text  # no English left
        name, sign = PLACE_WORDS[lang][field]
        assert name in text, text
        if "range" in english or "number" in english:
            assert sign in text, text
    # through the command line, where a chart is asked for with the place out of range
    argv = ["qizheng", "--at", "1983-10-27T18:30", "--tz", "Asia/Shanghai", "--lon", "200", "--lat", "3"]
    rc, _, err = _cli([*argv, "--lang", lang])
    assert rc == 2 and PLACE_WORDS[lang]["lon"][0] in err and "east positive" not in err, err


def _warnings_of(when: str, tz: str, **kw: object) -> tuple[messages.ChartWarning, ...]:
    lon = kw.pop("lon", None)
    lat = kw.pop("lat", None)
    return tuple(calendar(when, lon, lat, CalendarOptions(**kw), tz=tz).warnings)  # type: ignore[arg-type]


#: every warning of the time core, cast so that it fires (each from the rule stated in calendar.py)
WARNING_CASES = [
    ("2026-03-10T21:00", "Asia/Shanghai", {}),  # hour-branch change
    ("2026-03-10T23:00:20", "Asia/Shanghai", {}),  # day change at 23:00
    ("1988-07-01T12:00", "Asia/Seoul", {}),  # summer time, clock
    ("1988-07-01T12:00", "Asia/Seoul", {"dst": "standard"}),  # summer time, standard
    ("1500-03-01T12:00", "UTC", {}),  # before the Gregorian reform
    ("2026-03-10T12:00", "Asia/Shanghai", {"lon": 116.4, "lat": 39.9, "true_solar": True}),
    ("2026-06-21T12:00", "UTC", {"lon": 20.0, "lat": 80.0, "day_night": "sun"}),  # polar day
    ("2026-12-21T12:00", "UTC", {"lon": 20.0, "lat": 80.0, "day_night": "sun"}),  # polar night
    ("2026-02-04T04:02:00", "Asia/Shanghai", {}),  # near 立春
]


def test_every_warning_of_the_time_core_is_catalogued() -> None:
    seen = set()
    for when, tz, kw in WARNING_CASES:
        for w in _warnings_of(when, tz, **dict(kw)):
            assert w.code in messages.codes(), w
            seen.add(w.code)
            english = w.text("en")
            assert str(w) == english and KOREAN.search(w.text("ko")), w
            for lang in ("ko", "zh-Hant", "zh-Hans"):
                assert w.text(lang) != english, (lang, w)
    assert {"warn.near_hour", "warn.dst_clock", "warn.dst_standard", "warn.julian", "warn.true_solar"} <= seen


def _cli(argv: list[str]) -> tuple[int, str, str]:
    from xuanheng.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:
            rc = int(e.code or 0)
    return rc, out.getvalue(), err.getvalue()


def test_cli_says_errors_and_warnings_in_the_chosen_language() -> None:
    base = ["liuren", "--at", "2026-03-10T21:00", "--tz", "Mars/Base"]
    rc, _, err = _cli([*base, "--lang", "ko"])
    assert rc == 2 and err.startswith("xuanheng liuren: 알 수 없는 시간대") and "unknown" not in err
    rc, _, err = _cli(base)  # no --lang: the English message, byte for byte
    assert rc == 2 and err.startswith("xuanheng liuren: unknown time zone 'Mars/Base'")
    rc, out, _ = _cli(["liuren", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", "--lang", "ko"])
    assert rc == 0 and "시주가 바뀝니다" in out and "within a minute" not in out
    rc, out, _ = _cli(["liuren", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", "--lang", "en"])
    assert "within a minute of an hour-branch change" in out


@pytest.mark.parametrize(
    ("argv", "ko"),
    [
        ([], "기괘법을 꼭 하나만 주세요 (받은 것: 없음)"),
        (["--lines", "申"], "효의 값 '申'은 받을 수 없습니다"),  # 申 신: a final consonant → 은
        (["--lines", "8878"], "효의 값 '8878'은 4개입니다"),
    ],
)
def test_liuyao_errors_in_korean(argv: list[str], ko: str) -> None:
    """六爻's refusals of a way of casting and of its lines come in the chosen language (issue 14)."""
    at = ["--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai"]
    rc, _out, err = _cli(["liuyao", *at, "--lang", "ko", *argv])
    assert rc == 2 and ko in err, err
    rc, _out, err = _cli(["liuyao", *at, "--lang", "en", *argv])
    assert rc == 2 and ("way of casting" in err or "lines" in err), err
