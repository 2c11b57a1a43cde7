"""Four pillars, 月將 and 旬空: worked examples, formulas re-derived, lunar-python cross-check."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from xuanheng.core.ganzhi import BRANCHES, GanZhi, wu_hu_dun, wu_shu_dun
from xuanheng.time import CalendarOptions, calendar, pillars_fast
from xuanheng.time import tables as tb
from xuanheng.time._data import MONTH_BRANCH_BY_JIE, TERM_NAMES, YUE_JIANG_BY_QI, term_index
from xuanheng.time.search import sun_longitude

CST = timezone(timedelta(hours=8))


def test_issue_example_2024_02_10() -> None:
    """甲辰年 丙寅月 甲辰日 庚午時; 月將 子 (雨水 on 02-19 has not come); 旬空 of 甲辰 is 寅卯.

    Independent checks: 2024-02-10 is 春節 (正月初一) of 甲辰 year; 立春 was 02-04; the day 甲辰 follows
    from the Julian Day formula in ``test_day_pillar_julian_day_formula``; 庚午 from 五鼠遁 (甲 day → 甲子 …
    午 is the 7th hour → 庚午).
    """
    c = calendar("2024-02-10T12:00", tz="Asia/Shanghai")
    assert [str(c.pillars.year), str(c.pillars.month), str(c.pillars.day), str(c.pillars.hour)] == [
        "甲辰",
        "丙寅",
        "甲辰",
        "庚午",
    ]
    assert BRANCHES[c.yue_jiang] == "子"
    j = c.to_json()
    assert j["xun_kong"]["day"] == ["寅", "卯"]
    assert j["jieqi"]["prev"]["name"] == "立春" and j["jieqi"]["next"]["name"] == "驚蟄"
    assert j["zhongqi"]["next"]["name"] == "雨水"
    assert j["jieqi"]["prev"]["at"].startswith("2024-02-04T16:27")
    assert (c.lunar.year, c.lunar.month, c.lunar.day, c.lunar.leap) == (2024, 1, 1, False)


@pytest.mark.parametrize(
    ("day", "gz"),
    [
        # widely published 干支 days (cross-check of the anchor, independent of the code's constant)
        (date(1949, 10, 1), "甲子"),
        (date(2000, 1, 1), "戊午"),
        (date(1970, 1, 1), "辛巳"),
    ],
)
def test_known_days(day: date, gz: str) -> None:
    c = calendar(datetime(day.year, day.month, day.day, 12, tzinfo=CST))
    assert str(c.pillars.day) == gz


def test_day_pillar_julian_day_formula() -> None:
    """Day 干支 index = (JDN + 49) mod 60 (JDN of the civil date at noon); 《曆算全書》 style day count."""
    rng = random.Random(7)
    for _ in range(500):
        d = date.fromordinal(rng.randint(date(1601, 1, 1).toordinal(), date(2399, 12, 31).toordinal()))
        jdn = d.toordinal() + 1721425  # proleptic Gregorian ordinal → Julian Day Number
        c = calendar(datetime(d.year, d.month, d.day, 12, tzinfo=UTC))
        assert c.pillars.day.index == (jdn + 49) % 60


def test_month_and_hour_stems_follow_wu_hu_and_wu_shu_dun() -> None:
    rng = random.Random(11)
    for _ in range(300):
        t = rng.uniform(-9e9, 1.2e10)
        y, m, d, h, *_ = pillars_fast(t, 28800.0)
        gy, gm, gd, gh = GanZhi(y), GanZhi(m), GanZhi(d), GanZhi(h)
        assert gm.stem == wu_hu_dun(gy.stem, gm.branch)
        local = t + 28800.0
        # with the default 23:00 boundary the day has already changed when the 子 hour begins
        assert gh.stem == wu_shu_dun(gd.stem, gh.branch)
        assert gh.branch == int(((local / 3600.0) + 1) // 2) % 12


def test_hour_branch_boundaries() -> None:
    for hh, mm, branch in [
        (23, 0, "子"),
        (0, 59, "子"),
        (1, 0, "丑"),
        (11, 0, "午"),
        (12, 59, "午"),
        (22, 59, "亥"),
    ]:
        c = calendar(datetime(2024, 5, 5, hh, mm, tzinfo=CST))
        assert BRANCHES[c.pillars.hour.branch] == branch, (hh, mm)


def test_day_boundary_option() -> None:
    late = datetime(2024, 2, 10, 23, 30, tzinfo=CST)
    zichu = calendar(late)
    midnight = calendar(late, options=CalendarOptions(day_boundary="00:00"))
    assert str(zichu.pillars.day) == "乙巳"  # the next day from 23:00
    assert str(midnight.pillars.day) == "甲辰"
    assert str(zichu.pillars.hour) == str(midnight.pillars.hour) == "丙子"
    assert midnight.to_json()["options"]["day_boundary"] == "00:00"


def test_month_branch_table_rederived() -> None:
    """立春 opens 寅 and each later 節 (30° on) one branch further: branch = 2 + (k − 21)/2."""
    for k in range(1, 24, 2):
        assert MONTH_BRANCH_BY_JIE[k] == (2 + (k - 21) // 2) % 12, TERM_NAMES[k]


def test_yue_jiang_table_rederived() -> None:
    """Seed 002-008/045/074 give 雨水→亥, 春分→戌, 穀雨→酉: one branch backwards per 中氣 (30°)."""
    assert YUE_JIANG_BY_QI[term_index("雨水")] == 11
    assert YUE_JIANG_BY_QI[term_index("春分")] == 10
    assert YUE_JIANG_BY_QI[term_index("穀雨")] == 9
    for k in range(0, 24, 2):
        steps = ((k - 22) // 2) % 12
        assert YUE_JIANG_BY_QI[k] == (11 - steps) % 12


def test_yue_jiang_follows_the_sun() -> None:
    """月將 = the 次 the Sun stands in: from 330° (雨水) 亥, each 30° one branch back — by sun longitude."""
    rng = random.Random(5)
    for _ in range(300):
        t = rng.uniform(tb.T_MIN + 1e6, tb.T_MAX - 1e6)
        lon = sun_longitude(t)
        if min(lon % 30.0, 30.0 - lon % 30.0) < 1e-3:
            continue
        steps = int(((lon - 330.0) % 360.0) // 30.0)
        assert pillars_fast(t, 0.0)[4] == (11 - steps) % 12


def test_yue_jiang_options() -> None:
    # 2024-02-10: after 立春, before 雨水 → zhongqi: 子 (大寒's 將); jie: 亥 (this month's 將 from 立春)
    when = datetime(2024, 2, 10, 12, tzinfo=CST)
    assert BRANCHES[calendar(when, options=CalendarOptions(yue_jiang="jie")).yue_jiang] == "亥"
    manual = calendar(when, options=CalendarOptions(yue_jiang="登明"))
    assert manual.yue_jiang == 11 and manual.yue_jiang_basis == "manual"
    assert calendar(when, options=CalendarOptions(yue_jiang=3)).yue_jiang == 3


def test_year_changes_at_lichun_instant() -> None:
    lichun = tb.JIE[(2024 - tb.FIRST_YEAR) * 12]  # 立春 2024
    before = calendar(datetime.fromtimestamp(lichun - 1, CST))
    after = calendar(datetime.fromtimestamp(lichun + 1, CST))
    assert (str(before.pillars.year), str(before.pillars.month)) == ("癸卯", "乙丑")
    assert (str(after.pillars.year), str(after.pillars.month)) == ("甲辰", "丙寅")
    assert any("立春" in str(w) for w in before.warnings) and any("立春" in str(w) for w in after.warnings)


def test_outside_table_matches_table_logic() -> None:
    """Root-finding path (before 1600 / after 2400) gives the same pillars as the formula chain would."""
    # 1500-06-15 and 2500-06-15 at noon: compare month branch with the sun's longitude
    for y in (1200, 1500, 2500, 2900):
        c = calendar(datetime(y, 6, 15, 12, tzinfo=UTC))
        lon = sun_longitude(c.when.timestamp())
        steps = int(((lon - 315.0) % 360.0) // 30.0)
        assert c.pillars.month.branch == (2 + steps) % 12
        assert c.pillars.year.index == (y - 4) % 60


def _near_boundary(t: float, off: float) -> bool:
    i = __import__("bisect").bisect_right(tb.TERMS, t)
    if min(abs(t - tb.TERMS[i - 1]), abs(tb.TERMS[i] - t)) < 600:
        return True
    local = (t + off) % 7200.0
    return min(local, 7200.0 - local) < 600 or abs(local - 3600.0) < 600


@pytest.mark.slow
def test_cross_check_lunar_python_10000() -> None:
    """Peer cross-check (not an oracle): lunar-python's 八字 on 10,000 instants away from boundaries."""
    solar_cls = pytest.importorskip("lunar_python").Solar
    rng = random.Random(2024)
    lo = datetime(1901, 3, 1, tzinfo=UTC).timestamp()
    hi = datetime(2099, 11, 1, tzinfo=UTC).timestamp()
    instants: list[float] = []
    while len(instants) < 10_000:
        t = float(int(rng.uniform(lo, hi)))
        if not _near_boundary(t, 28800.0):
            instants.append(t)
    instants.sort()  # lunar-python caches per year: sorted input keeps the peer fast, the test unchanged
    for t in instants:
        d = datetime.fromtimestamp(t, CST)
        ec = (
            solar_cls.fromYmdHms(d.year, d.month, d.day, d.hour, d.minute, d.second).getLunar().getEightChar()
        )
        ec.setSect(1)  # day changes at 23:00
        y, m, dd, h, *_ = pillars_fast(t, 28800.0)
        ours = (GanZhi(y).name, GanZhi(m).name, GanZhi(dd).name, GanZhi(h).name)
        assert ours == (ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()), d.isoformat()


def test_warnings_near_day_and_hour_changes() -> None:
    near_day = calendar(datetime(2024, 5, 5, 22, 59, 30, tzinfo=CST))
    assert any("day change" in str(w) for w in near_day.warnings)
    assert any("hour-branch" in str(w) for w in near_day.warnings)
    midnight = calendar(
        datetime(2024, 5, 5, 0, 0, 20, tzinfo=CST), options=CalendarOptions(day_boundary="00:00")
    )
    assert any("day change at 00:00" in str(w) for w in midnight.warnings)
    assert calendar(datetime(2024, 5, 5, 12, 0, tzinfo=CST)).warnings == ()
    qi = tb.QI[(2024 - tb.FIRST_YEAR) * 12]  # 雨水 2024
    near_qi = calendar(datetime.fromtimestamp(qi + 30, CST))
    assert any("雨水" in str(w) and "月將" in str(w) for w in near_qi.warnings)
    assert BRANCHES[near_qi.yue_jiang] == "亥"
    assert BRANCHES[calendar(datetime.fromtimestamp(qi - 30, CST)).yue_jiang] == "子"


def test_table_path_equals_root_finding_path() -> None:
    """Inside 1600–2400 the bisected table and the ephemeris root finder give the same months/中氣."""
    from xuanheng.time.pillars import _months_slow, month_counts

    rng = random.Random(9)
    for _ in range(300):
        t = rng.uniform(tb.T_MIN + 86400, tb.T_MAX - 86400)
        i = __import__("bisect").bisect_right(tb.TERMS, t)
        if min(t - tb.TERMS[i - 1], tb.TERMS[i] - t) < 5.0:
            continue
        assert month_counts(t) == _months_slow(t)
