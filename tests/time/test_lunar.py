"""Lunar date: published 春節 dates and 閏月, the overrides, and a lunar-python cross-check."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from xuanheng.time.lunar import OVERRIDES, lunar_date_of_day
from xuanheng.time.tables import NEW_MOONS

EPOCH = date(1970, 1, 1).toordinal()


def ld(d: date) -> tuple[int, int, int, bool]:
    x = lunar_date_of_day(d.toordinal() - EPOCH)
    return (x.year, x.month, x.day, x.leap)


@pytest.mark.parametrize(
    "new_year",
    # 春節 (正月初一) as published in the almanacs (GB/T 33661 rules)
    [
        date(1985, 2, 20),
        date(2000, 2, 5),
        date(2020, 1, 25),
        date(2024, 2, 10),
        date(2025, 1, 29),
        date(2026, 2, 17),
    ],
)
def test_chinese_new_year(new_year: date) -> None:
    assert ld(new_year) == (new_year.year, 1, 1, False)
    prev = ld(new_year - timedelta(days=1))
    assert prev[0] == new_year.year - 1 and prev[1] == 12 and prev[2] in (29, 30)


@pytest.mark.parametrize(
    ("first_day", "month"),
    # published leap months: 2017 閏六月, 2020 閏四月, 2023 閏二月, 2025 閏六月, 2033 閏十一月
    [
        (date(2017, 7, 23), 6),
        (date(2020, 5, 23), 4),
        (date(2023, 3, 22), 2),
        (date(2025, 7, 25), 6),
        (date(2033, 12, 22), 11),
    ],
)
def test_leap_months(first_day: date, month: int) -> None:
    year = first_day.year
    assert ld(first_day) == (year, month, 1, True)
    before = ld(first_day - timedelta(days=1))
    assert before[1] == month and not before[3]  # the regular month of the same number precedes it


def test_overrides_apply() -> None:
    """2057-09-28 and 2097-08-07 start months in the published tables although the computed new moon
    falls just after midnight UTC+8; 2089-09-04 (new moon just before midnight) is unchanged."""
    assert ld(date(2057, 9, 28)) == (2057, 9, 1, False)
    assert ld(date(2097, 8, 7)) == (2097, 7, 1, False)
    assert ld(date(2089, 9, 4)) == (2089, 8, 1, False)
    cst = 8 * 3600
    # the override entries really are the months whose new moon is within two minutes of midnight
    for computed in OVERRIDES:
        near = [t for t in NEW_MOONS if abs((t + cst) / 86400.0 - computed) < 1.0]
        assert near and min(min((t + cst) % 86400, 86400 - (t + cst) % 86400) for t in near) < 120


def test_outside_table() -> None:
    # the slow path answers far outside 1600–2400 and is self-consistent: day 1 follows day 29/30
    d = date(2600, 3, 1)
    seen = [ld(d + timedelta(days=i)) for i in range(60)]
    starts = [x for x in seen if x[2] == 1]
    assert len(starts) == 2


@pytest.mark.slow
def test_cross_check_lunar_python() -> None:
    """Peer cross-check on every 7th day 1901–2099 (lunar-python follows the same modern rules)."""
    solar_cls = pytest.importorskip("lunar_python").Solar
    overridden = {date.fromordinal(v + EPOCH) for v in OVERRIDES.values()}
    d = date(1901, 3, 1)
    bad = []
    while d < date(2099, 12, 1):
        lu = solar_cls.fromYmd(d.year, d.month, d.day).getLunar()
        theirs = (abs(lu.getMonth()), lu.getDay(), lu.getMonth() < 0)
        ours = ld(d)
        if ours[1:] != theirs and not any(abs((d - o).days) < 31 for o in overridden):
            bad.append((d, ours, theirs))
        d += timedelta(days=7)
    assert not bad, bad[:5]
