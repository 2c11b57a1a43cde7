"""Seed 002 items about the plate itself: the 月將 of each solar period, cast from real instants.

002-003: the 月將 start at 登明 (亥) and run backward, changing at each 中氣; 002-008 after 雨水 亥,
002-045 after 春分 戌, 002-074 after 穀雨 酉. Dates are mid-span (2026: 雨水 Feb 18, 春分 Mar 20, 穀雨 Apr 20,
大寒 Jan 20, 立春 Feb 4), so the expected 將 follow from the seed's sentence alone.
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.liuren import cast


@pytest.mark.parametrize(
    ("at", "want", "src"),
    [
        ("2026-03-01T10:00", "亥", "002-008"),
        ("2026-04-01T10:00", "戌", "002-045"),
        ("2026-05-01T10:00", "酉", "002-074"),
        ("2026-02-10T10:00", "子", "002-003"),  # after 大寒, before 雨水: one step before 亥
    ],
)
def test_yue_jiang_by_zhongqi(at: str, want: str, src: str) -> None:
    c = cast(at, tz="Asia/Shanghai")
    assert BRANCHES[c.yue_jiang] == want, src
    assert c.tian_pan[c.hour] == c.yue_jiang  # 月將加時


def test_yue_jiang_by_jie_option() -> None:
    """The 節 school moves the 將 at 立春 already: 2026-02-10 (after 立春) → 亥."""
    assert BRANCHES[cast("2026-02-10T10:00", tz="Asia/Shanghai", yue_jiang_rule="jie").yue_jiang] == "亥"


def test_yue_jiang_by_hand() -> None:
    c = cast("2026-02-10T10:00", tz="Asia/Shanghai", yue_jiang_rule="登明")
    assert BRANCHES[c.yue_jiang] == "亥" and c.options.yue_jiang_rule == "登明"


def test_day_night_by_sun_with_a_place() -> None:
    """With a place, 晝夜 follows sunrise and sunset: 06:10 in Seoul in December is before sunrise (night)
    although 卯 is a fixed 晝 hour."""
    c = cast("2026-12-20T06:10", tz="Asia/Seoul", lon=126.98, lat=37.57)
    assert c.gui_ren.is_day is False and c.gui_ren.basis == "sun"
    f = cast("2026-12-20T06:10", tz="Asia/Seoul", day_night="fixed")
    assert f.gui_ren.is_day is True and f.gui_ren.basis == "fixed"


def test_boundary_warning_reaches_the_chart() -> None:
    """Within a minute of a 中氣 the 月將 may be either; the calendar's warning is carried by the chart."""
    from datetime import timedelta

    from xuanheng.time.calendar import calendar

    qi = calendar("2026-03-19T12:00", tz="UTC").qi_next.at
    before = cast((qi - timedelta(seconds=30)).isoformat(), tz="UTC")
    after = cast((qi + timedelta(seconds=30)).isoformat(), tz="UTC")
    assert BRANCHES[before.yue_jiang] == "亥" and BRANCHES[after.yue_jiang] == "戌"  # 002-045: 春分 → 戌
    assert before.warnings and after.warnings
