"""命宮, 命度 and 身宮 rules, checked against second implementations written here from the rule statements."""

from __future__ import annotations

import pytest

from xuanheng.astro.bodies import ascendant
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.errors import AmbiguousTimeError, InputError, OptionError, OutOfRangeError
from xuanheng.qizheng import cast
from xuanheng.qizheng.gong import ming_by_hour, palace_of, shen_by_hour
from xuanheng.qizheng.timerules import hour_branch_at

PLACE = {"tz": "Asia/Shanghai", "lon": 116.4, "lat": 39.9}


def count_to(start_palace: int, hour: int, target_hour: int, step: int) -> int:
    """Put *hour* on *start_palace* and walk hour by hour (palace by palace, *step* = ±1) to *target_hour*."""
    palace, h = start_palace, hour
    while h != target_hour:
        h = (h + 1) % 12
        palace = (palace + step) % 12
    return palace


def test_mao_rule_by_counting() -> None:
    """《星學大成》卷三: 以生時加太陽宮, 順數至卯."""
    for sun in range(12):
        for hour in range(12):
            assert ming_by_hour(sun, hour) == count_to(sun, hour, 3, +1)
            assert shen_by_hour(sun, hour) == count_to(sun, hour, 9, -1)


@pytest.mark.parametrize(
    "at", ["1990-01-15T08:20", "1990-04-02T13:05", "1990-07-21T21:40", "1990-10-30T03:10"]
)
def test_mao_rule_in_charts(at: str) -> None:
    c = cast(at, **PLACE)
    sun = palace_of(c.yao_named("日").lon)
    assert c.ming_gong.branch == count_to(sun, c.calendar.pillars.hour.branch, 3, +1)
    # 與日同絡: 命度 is the Sun's degree in its palace, in the 命宮
    assert c.ming_gong.lon % 30 == pytest.approx(c.yao_named("日").lon % 30, abs=1e-9)
    assert palace_of(c.ming_gong.lon) == c.ming_gong.branch
    assert c.shen_gong.branch == palace_of(c.yao_named("月").lon)  # 太陰 default


def test_sunrise_rule() -> None:
    """Winter in Beijing: sunrise after 07:00 (辰 hour): the sunrise rule counts to 辰, one palace past 卯."""
    c = cast("1990-12-25T12:00", **PLACE)
    rise = c.calendar.sunrise
    assert rise is not None and rise.hour == 7
    s = cast("1990-12-25T12:00", ming_gong="sunrise", **PLACE)
    assert s.ming_gong.branch == (c.ming_gong.branch + 1) % 12
    assert hour_branch_at(rise.timestamp(), 8 * 3600) == 4


def test_asc_rule_and_degree() -> None:
    c = cast("1990-05-05T10:00", ming_gong="asc", ming_du="asc", **PLACE)
    asc = ascendant(c.jd_ut, 116.4, 39.9)
    assert c.ascendant == pytest.approx(asc)
    assert c.ming_gong.branch == palace_of(asc) and c.ming_gong.lon == pytest.approx(asc)
    d = cast("1990-05-05T10:00", ming_du="asc", **PLACE)  # 卯 rule, the ascendant's degree carried in
    assert d.ming_gong.lon % 30 == pytest.approx(asc % 30)


def test_manual_and_dui() -> None:
    c = cast("1990-05-05T10:00", ming_gong="巳", shen_gong="dui", **PLACE)
    assert c.ming_gong.branch == BRANCHES.index("巳") and c.shen_gong.branch == BRANCHES.index("亥")
    assert c.gong[0].name == "命宮" and c.gong[0].branch == BRANCHES.index("巳")


def test_shen_variants() -> None:
    c = cast("1990-05-05T10:00", **PLACE)
    moon, hour = palace_of(c.yao_named("月").lon), c.calendar.pillars.hour.branch
    assert cast("1990-05-05T10:00", shen_gong="you", **PLACE).shen_gong.branch == count_to(moon, hour, 9, -1)
    sset = c.calendar.sunset
    assert sset is not None
    target = hour_branch_at(sset.timestamp(), 8 * 3600)
    assert cast("1990-05-05T10:00", shen_gong="sunset", **PLACE).shen_gong.branch == count_to(
        moon, hour, target, -1
    )
    mr = cast("1990-05-05T10:00", shen_gong="moonrise", **PLACE)
    rise_branch = BRANCHES.index(mr.time_rules.moonrise["real_branch"])
    assert mr.shen_gong.branch == count_to(moon, hour, rise_branch, -1)


def test_luo_ji_and_nodes() -> None:
    a = cast("2000-01-01T12:00", **PLACE)
    b = cast("2000-01-01T12:00", luo_ji="luo_north", **PLACE)
    assert a.yao_named("計").lon == pytest.approx(b.yao_named("羅").lon)
    assert "north" in a.yao_named("計").body and "south" in a.yao_named("羅").body
    t = cast("2000-01-01T12:00", node="true", yuebei="osculating", **PLACE)
    assert abs(t.yao_named("計").lon - a.yao_named("計").lon) < 2.0
    assert abs((t.yao_named("孛").lon - a.yao_named("孛").lon + 180) % 360 - 180) < 31.0


def test_topocentric_moon() -> None:
    g = cast("2000-01-01T12:00", **PLACE)
    t = cast("2000-01-01T12:00", moon="topocentric", **PLACE)
    assert 0.01 < abs(g.yao_named("月").lon - t.yao_named("月").lon) < 1.1  # parallax up to about 1°


def test_errors() -> None:
    with pytest.raises(OptionError) as e:
        cast("1990-05-05T10:00", tz="+08:00", ming_gong="asc")
    assert e.value.field == "ming_gong"
    with pytest.raises(OutOfRangeError) as e2:
        cast("1990-05-05T10:00", tz="+01:00", lon=20.0, lat=78.0, ming_gong="asc")
    assert e2.value.field == "lat"
    with pytest.raises(OutOfRangeError):  # polar night: no sunrise at 78° N on 12-21
        cast("1990-12-21T10:00", tz="+01:00", lon=20.0, lat=78.0, ming_gong="sunrise")
    polar = cast("1990-12-21T10:00", tz="+01:00", lon=20.0, lat=78.0)  # the 卯 rule still works
    assert polar.ascendant is None and any("polar" in str(w) for w in polar.warnings)
    with pytest.raises(OptionError):
        cast("1990-05-05T10:00", tz="+08:00", xiu="modern")
    with pytest.raises(OptionError):
        cast("1990-05-05T10:00", tz="+08:00", nonsense="x")
    with pytest.raises(InputError) as e3:
        cast("1990-05-05T10:00", tz="+08:00", sex="x")
    assert e3.value.field == "sex"
    assert cast("1990-05-05T10:00", tz="+08:00", sex="female").sex == "女"
    with pytest.raises(AmbiguousTimeError):  # China's summer time ended 1990-09-16 02:00 → 01:00
        cast("1990-09-16T01:30", tz="Asia/Shanghai")
    assert cast("1990-09-16T01:30", tz="Asia/Shanghai", fold=1).when.utcoffset().total_seconds() == 8 * 3600
    with pytest.raises(OutOfRangeError):
        cast("2999-06-01T00:00", tz="+00:00")
