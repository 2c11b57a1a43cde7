"""xuanheng.time.ahead, the dates every judge's 應期 carries, against a second computation written here:
the 節 and 立春 found by the time core's root finder from the cast (not the table the module reads), and
the day pillar counted from a known day (2000-01-07 was a 甲子 day)."""

from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

from xuanheng.time.ahead import ganzhi_after, month_start, pillar_date, year_start
from xuanheng.time.search import term_around, term_crossing

ZONE = ZoneInfo("Asia/Shanghai")
JIAZI = dt.date(2000, 1, 7)  # a 甲子 day


def _instants(n: int) -> list[dt.datetime]:
    rng = random.Random(7)
    start = dt.datetime(1950, 1, 1, tzinfo=ZONE).timestamp()
    return [dt.datetime.fromtimestamp(start + rng.random() * 100 * 365.25 * 86400, ZONE) for _ in range(n)]


def test_pillar_date_is_the_day_whose_pillar_was_asked() -> None:
    for when in _instants(200):
        for shift in (0, 1, -1):
            want = when.date() + dt.timedelta(days=shift)
            index = (want - JIAZI).days % 60
            assert pillar_date(when, index) == want


def test_month_start_is_the_jie_found_by_the_root_finder() -> None:
    for when in _instants(150):
        utc = when.timestamp()
        (k, _), _ = term_around(utc)
        jie = k if k % 2 == 1 else (k - 1) % 24  # the 節 are the odd terms counted from 春分
        for months in (1, 2, 5, 11):
            at = term_crossing((jie + 2 * months) % 24, utc + months * 30.44 * 86400)
            assert month_start(when, months) == dt.datetime.fromtimestamp(at, ZONE).date(), (when, months)


def test_year_start_is_a_lichun_after_the_cast() -> None:
    for when in _instants(40):
        for years in (1, 3):
            d = year_start(when, years)
            noon = dt.datetime(d.year, d.month, d.day, 12, tzinfo=ZONE).timestamp()
            (k, at), _ = term_around(noon + 86400)
            assert k == 21 and dt.datetime.fromtimestamp(at, ZONE).date() == d  # 立春
            # after the cast (one cast just before 立春 sees the next year begin that day); years - 1 between
            assert at > when.timestamp()
            between = sum(1 for y in range(when.year - 1, d.year + 1) if when.timestamp() < _lichun(y) < at)
            assert between == years - 1, (when, years, d)


def _lichun(year: int) -> float:
    """The 立春 instant of *year* (early February), by the root finder."""
    return term_crossing(21, dt.datetime(year, 2, 4, tzinfo=ZONE).timestamp())


def test_ganzhi_after_counts_the_sixty() -> None:
    assert ganzhi_after(0, 0) == "甲子" and ganzhi_after(0, 13) == "丁丑" and ganzhi_after(59, 1) == "甲子"


def test_year_start_at_the_edges_of_lichun_and_published_dates() -> None:
    # 立春 as the Hong Kong Observatory's almanac gives it (Beijing time): 2024-02-04 16:27, 2025-02-03
    # 22:10, 2026-02-04 04:02; a cast a minute before one still lies in the year begun a year earlier
    published = {2024: dt.date(2024, 2, 4), 2025: dt.date(2025, 2, 3), 2026: dt.date(2026, 2, 4)}
    before = dt.datetime(2025, 2, 3, 22, 9, tzinfo=ZONE)
    after = dt.datetime(2025, 2, 3, 22, 11, tzinfo=ZONE)
    assert year_start(before, 1) == published[2025] and year_start(before, 2) == published[2026]
    assert year_start(after, 1) == published[2026]
    assert year_start(dt.datetime(2024, 1, 20, tzinfo=ZONE), 1) == published[2024]
    # the same instant seen in another zone is the same 立春, dated in that zone
    ny = ZoneInfo("America/New_York")
    assert year_start(before.astimezone(ny), 1) == dt.date(2025, 2, 3)
    assert year_start(after.astimezone(ny), 1) == dt.date(2026, 2, 3)  # 2026-02-03 15:02 in New York
    from xuanheng.time.ahead import lichun

    assert lichun.cache_info().maxsize is not None  # the memo per year is bounded
