"""The time rules of seed 003 against hand computations."""

from __future__ import annotations

from datetime import datetime

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng.timerules import KE, ding_yin, hou, moonrise_branch_by_day, phase, phase_by_day


def test_ding_yin_watch_arithmetic() -> None:
    """Sunset 18:00 and sunrise 06:00 (UTC): dusk 18:36, dawn 05:24, a watch of 2 h 9.6 min; 五更二點 is
    4 watches and one point after dusk: 18:36 + 8 h 38.4 min + 25.9 min = 03:40:19."""
    day = 86400.0 * 20000
    d = ding_yin(1, day + 6 * 3600, day + 18 * 3600, 0.0, day)
    assert d.verse_at is not None
    watch = (12 * 3600 - 2 * 2.5 * KE) / 5
    expected = day - 6 * 3600 + 2.5 * KE + 4 * watch + watch / 5
    assert d.verse_at.timestamp() == pytest.approx(expected, abs=1)
    assert d.verse_at.strftime("%H:%M") == "03:40"
    assert ding_yin(4, day + 6 * 3600, day + 18 * 3600, 0.0, day).verse_at == datetime.fromtimestamp(
        day + 6 * 3600, d.verse_at.tzinfo
    )
    assert ding_yin(5, day + 6 * 3600, day + 18 * 3600, 0.0, day).verse_at is None  # 日高三丈: no measure
    v = ding_yin(2, day + 6 * 3600, day + 18 * 3600, 0.0, day, "xingxue")
    s = ding_yin(2, day + 6 * 3600, day + 18 * 3600, 0.0, day, "seed")
    assert v.text == "五更四點" and s.text == "五更三點"
    assert v.verse_at is not None and s.verse_at is not None
    assert (v.verse_at - s.verse_at).total_seconds() == pytest.approx(watch / 5, abs=1)


def test_moonrise_and_phase_tables() -> None:
    assert [moonrise_branch_by_day(d) for d in (1, 2, 3, 4, 5, 7, 8, 14, 15, 29, 30)] == [
        3,
        3,
        4,
        4,
        5,
        5,
        6,
        8,
        9,
        2,
        3,
    ]
    assert (
        phase_by_day(1, False) == "朔"
        and phase_by_day(15, False) == "望"
        and phase_by_day(8, False) == "上弦"
    )
    assert (
        phase_by_day(23, False) == "下弦"
        and phase_by_day(30, True) == "晦"
        and phase_by_day(11, False) is None
    )
    p = phase(8, 95.0, 0.0, 13.0, 1.0)  # 5° past 上弦 at 12°/day: 10 h after
    assert p["nearest"] == "上弦" and p["hours_from_nearest"] == pytest.approx(10.0) and p["waxing"]


def test_hou() -> None:
    assert hou(315.0)["name"] == "東風解凍" and hou(319.9)["order"] == "初候"
    assert hou(320.0)["name"] == "蟄蟲始振" and hou(0.0)["name"] == "玄鳥至"  # 春分 初候
    assert hou(314.9)["name"] == "水澤腹堅"


def test_in_a_chart() -> None:
    c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9)
    tr = c.time_rules.to_json()
    assert tr["mao_yan"]["shape"] == "線"  # 酉 hour
    assert tr["hou"]["name"] == "豺乃祭獸"  # three days after 霜降
    assert tr["phase"]["verse"] == "下弦" and tr["phase"]["nearest"] == "下弦"  # lunar day 22
    assert tr["moonrise"]["real_branch"] == tr["moonrise"]["verse_branch"] == "亥"
    assert tr["run"]["zhongqi"] == "霜降" and tr["run"]["leap_month"] is False
    assert tr["ding_yin"]["verse"] == "五更二點" and tr["ding_yin"]["verse_at"].startswith("1983-10-27T04:")
    no_place = cast("1983-10-27T18:30", tz="+08:00").time_rules.to_json()
    assert no_place["moonrise"]["real_at"] is None and no_place["ding_yin"]["verse_at"] is None
