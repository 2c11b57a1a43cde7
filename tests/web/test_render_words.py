"""Charts in words (issue 14): English chart text with spaces between a 干支 and its word, the calendar with
sunrise, sunset and true solar time and its bases in words, no code names in a chart or a calendar table."""

from __future__ import annotations

import re

import pytest

from xuanheng.methods import registry

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}


def _svg(name: str, lang: str, **extra: object) -> str:
    m = registry()[name]
    doc = m.document(m.make_params({**AT, **extra}), lang)
    return m.views["svg"](doc, lang)


def _texts(svg: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg)]


def test_english_pillars_are_spaced() -> None:
    texts = " ".join(_texts(_svg("jinkoujue", "en", difen="申")))
    assert "丙午 Year" in texts and "辛卯 Month" in texts and "丙午Year" not in texts
    zh = " ".join(_texts(_svg("jinkoujue", "zh-Hant", difen="申")))
    assert "丙午  辛卯" in zh or "丙午 辛卯" in zh  # Chinese keeps the bare 干支


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans", "en"])
def test_calendar_shows_the_sun_and_true_solar_time(lang: str) -> None:
    texts = _texts(_svg("calendar", lang, lon=121.47, lat=31.23))
    joined = " ".join(texts)
    assert "06:10:" in joined and "17:58:" in joined  # sunrise and sunset at Shanghai that day
    assert "2026-03-10 20:5" in joined  # true solar time (about 4 minutes behind the clock)
    assert "(sun)" not in joined and "zhongqi" not in joined  # bases in words, not codes


def test_calendar_table_in_words() -> None:
    m = registry()["calendar"]
    doc = m.document(m.make_params({**AT, "lon": 121.47, "lat": 31.23}), "ko")
    text = m.views["text"](doc, "ko")
    assert "zhongqi" not in text and "day_boundary" not in text and "(sun)" not in text
    assert "중기에 월장 교체" in text and "일출" in text
    plain = m.views["text"](doc, None)  # the bilingual default of the command line is unchanged
    assert "(zhongqi)" in plain and "day_boundary=23:00" in plain
