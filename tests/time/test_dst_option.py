"""The calendar option ``dst``: count days and hours on the clock (default) or on standard time.

Oracles: the unbroken sixty-day cycle counted here from 2000-01-01 = 戊午 (the day tables of
《欽定協紀辨方書》 continue it without a break), 五鼠遁 for the hour stem (《三命通會》卷二〈論時〉), the
2-hour branches (子 = 23:00–01:00), the tz database's own ``dst()`` amounts, and lunar-python as a
cross-check of the lunar day. Nothing expected here was produced by running the code under test.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from lunar_python import Solar

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.errors import OptionError
from xuanheng.time import CalendarOptions, calendar, parse_instant

#: 2000-01-01 is 戊午, index 54 of the sixty-count (甲子 = 0)
ANCHOR, ANCHOR_GZ = date(2000, 1, 1), 54


def day_gz(d: date) -> str:
    """The 干支 of a civil date, counted from the anchor."""
    i = (ANCHOR_GZ + (d - ANCHOR).days) % 60
    return STEMS[i % 10] + BRANCHES[i % 12]


def hour_gz(day_name: str, branch: int) -> str:
    """五鼠遁: the 子 hour of a 甲/己 day is 甲子, of 乙/庚 丙子, 丙/辛 戊子, 丁/壬 庚子, 戊/癸 壬子."""
    zi_stem = 2 * (STEMS.index(day_name[0]) % 5)
    return STEMS[(zi_stem + branch) % 10] + BRANCHES[branch]


def branch_of(hh: int) -> int:
    """子 = 23:00–01:00, then one branch every two hours."""
    return ((hh + 1) // 2) % 12


def chart(at: str, tz: str, **options: Any) -> dict[str, Any]:
    out: dict[str, Any] = calendar(at, tz=tz, options=options).to_json()
    return out


# ------------------------------------------------------------------ China 1988 (DST: clock = UTC+9)


def test_shanghai_1988_the_instant_is_on_summer_time() -> None:
    when = parse_instant("1988-07-01T00:30", tz="Asia/Shanghai")
    assert when.dst() == timedelta(hours=1)
    assert when.utcoffset() == timedelta(hours=9)


def test_shanghai_clock_counts_on_the_clock() -> None:
    j = chart("1988-07-01T00:30", "Asia/Shanghai")
    assert j["options"]["dst"] == "clock"
    d = day_gz(date(1988, 7, 1))
    assert j["pillars"]["day"] == d
    assert j["pillars"]["hour"] == hour_gz(d, 0)
    assert any("daylight saving" in w["text"] and "dst='clock'" in w["text"] for w in j["warnings"])


@pytest.mark.parametrize(
    ("boundary", "civil_day"),
    [("23:00", date(1988, 7, 1)), ("00:00", date(1988, 6, 30))],
)
def test_shanghai_standard_counts_on_2330_of_june_30(boundary: str, civil_day: date) -> None:
    # 00:30 on the summer clock is 23:30 of 06-30 on UTC+8: still the 子 hour; the day is 07-01's when
    # the day changes at 23:00 (子初換日) and still 06-30's when it changes at midnight
    j = chart("1988-07-01T00:30", "Asia/Shanghai", dst="standard", day_boundary=boundary)
    assert j["options"]["dst"] == "standard"
    assert j["pillars"]["day"] == day_gz(civil_day)
    assert j["pillars"]["hour"][1] == "子"
    # the 子 hour 23:00–01:00 that began on 06-30 at 23:00 is the first hour of 07-01's 五鼠遁 count
    assert j["pillars"]["hour"] == hour_gz(day_gz(date(1988, 7, 1)), 0)
    warning = [w["text"] for w in j["warnings"] if "daylight saving" in w["text"]]
    assert len(warning) == 1 and "standard time" in warning[0] and "dst='standard'" in warning[0]


def test_shanghai_standard_lunar_day_is_june_30s() -> None:
    clock = chart("1988-07-01T00:30", "Asia/Shanghai")
    std = chart("1988-07-01T00:30", "Asia/Shanghai", dst="standard")
    assert clock["lunar"]["day"] == Solar.fromYmd(1988, 7, 1).getLunar().getDay()
    assert std["lunar"]["day"] == Solar.fromYmd(1988, 6, 30).getLunar().getDay()
    assert std["lunar"]["day"] == clock["lunar"]["day"] - 1


def test_standard_does_not_move_the_instant() -> None:
    clock = chart("1988-07-01T00:30", "Asia/Shanghai", day_boundary="00:00")
    std = chart("1988-07-01T00:30", "Asia/Shanghai", day_boundary="00:00", dst="standard")
    for key in ("inputs", "jieqi", "zhongqi", "yue_jiang", "yue_jiang_name"):
        assert std[key] == clock[key], key
    assert std["pillars"]["year"] == clock["pillars"]["year"]
    assert std["pillars"]["month"] == clock["pillars"]["month"]
    assert std["pillars"]["day"] != clock["pillars"]["day"]


def test_shanghai_repeated_hour_fold() -> None:
    # 1988-09-11 02:00 summer time went back to 01:00: 01:30 happened twice. fold=0 is the summer reading
    # (= 00:30 standard time, 子 hour), fold=1 the standard one (01:30, 丑 hour)
    for fold, branch in ((0, 0), (1, 1)):
        c = calendar("1988-09-11T01:30", tz="Asia/Shanghai", fold=fold, options={"dst": "standard"})
        assert c.pillars.hour.branch == branch
        assert calendar("1988-09-11T01:30", tz="Asia/Shanghai", fold=fold).pillars.hour.branch == 1


# ------------------------------------------------------------------ other zones


def test_new_york_summer() -> None:
    when = parse_instant("2024-07-15T13:30", tz="America/New_York")
    assert when.dst() == timedelta(hours=1)
    clock = chart("2024-07-15T13:30", "America/New_York")
    std = chart("2024-07-15T13:30", "America/New_York", dst="standard")
    d = day_gz(date(2024, 7, 15))
    assert clock["pillars"]["day"] == std["pillars"]["day"] == d
    assert clock["pillars"]["hour"] == hour_gz(d, branch_of(13)) and clock["pillars"]["hour"][1] == "未"
    assert std["pillars"]["hour"] == hour_gz(d, branch_of(12)) and std["pillars"]["hour"][1] == "午"
    assert std["yue_jiang"] == clock["yue_jiang"]


def test_new_york_winter_is_unchanged() -> None:
    a = chart("2024-01-15T13:30", "America/New_York")
    b = chart("2024-01-15T13:30", "America/New_York", dst="standard")
    a.pop("options"), b.pop("options")
    assert a == b


def test_seoul_1988() -> None:
    # Korea kept summer time (UTC+10) from 1988-05-08 to 1988-10-09
    when = parse_instant("1988-08-15T01:10", tz="Asia/Seoul")
    assert when.dst() == timedelta(hours=1)
    d = day_gz(date(1988, 8, 15))
    for boundary in ("23:00", "00:00"):
        clock = chart("1988-08-15T01:10", "Asia/Seoul", day_boundary=boundary)
        std = chart("1988-08-15T01:10", "Asia/Seoul", day_boundary=boundary, dst="standard")
        assert clock["pillars"]["hour"] == hour_gz(d, 1)  # 01:10 → 丑
        assert std["pillars"]["hour"] == hour_gz(d, 0)  # 00:10 → 子
        assert clock["pillars"]["day"] == std["pillars"]["day"] == d


@pytest.mark.parametrize(
    ("at", "tz"),
    [
        ("2024-07-15T00:30", "Asia/Tokyo"),
        ("2024-07-15T00:30", "Asia/Shanghai"),
        ("1988-01-15T00:30", "Asia/Shanghai"),
        ("2024-07-15T23:10", "+08:00"),
        ("2024-07-15T12:00", "UTC"),
    ],
)
def test_no_dst_gives_identical_charts(at: str, tz: str) -> None:
    a = chart(at, tz)
    b = chart(at, tz, dst="standard")
    assert a.pop("options")["dst"] == "clock" and b.pop("options")["dst"] == "standard"
    assert a == b


def test_true_solar_ignores_dst() -> None:
    kw: dict[str, Any] = {"tz": "Asia/Shanghai", "lon": 121.47, "lat": 31.23}
    a = calendar("1988-07-01T00:30", options={"true_solar": True}, **kw)
    b = calendar("1988-07-01T00:30", options={"true_solar": True, "dst": "standard"}, **kw)
    assert a.pillars == b.pillars and a.yue_jiang == b.yue_jiang


def test_option_is_validated() -> None:
    with pytest.raises(OptionError) as e:
        CalendarOptions(dst="summer")
    assert e.value.field == "dst" and "standard" in str(e.value)
    with pytest.raises(OptionError):
        calendar("2024-07-15T12:00", tz="UTC", options={"dst": "on"})
    assert CalendarOptions().dst == "clock"
