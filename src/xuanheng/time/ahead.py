"""The civil dates a judgment's 應期 carries (:class:`xuanheng.reading.judgment.YingQi`): the date of the
cast's day pillar, the day on which a later month begins (its 節) and the day on which a later year begins
(its 立春), in the zone of the cast. One implementation for every method's judge."""

from __future__ import annotations

import datetime as _dt
from bisect import bisect_right
from functools import lru_cache

from xuanheng.core.ganzhi import BRANCHES, STEMS

#: 立春 among the 24 terms counted from 春分 = 0; the 節 are the odd-numbered terms
LICHUN = 21


def ganzhi_after(index: int, offset: int) -> str:
    """The 干支 *offset* places after the one of sexagenary *index*."""
    i = (index + offset) % 60
    return STEMS[i % 10] + BRANCHES[i % 12]


def pillar_date(when: _dt.datetime, day_index: int) -> _dt.date:
    """The civil date of the day pillar *day_index* cast at *when*: the cast's own date, or the next one
    when the 子 hour has already begun the next day (or the one before, for the other 子-hour rule)."""
    d = when.date()
    k = _NEAR.get((day_index - d.toordinal() - 14) % 60)  # the proleptic ordinal + 14 counts the sixty
    return d if not k else d + _dt.timedelta(days=k)


#: how far the day pillar may lie from the cast's date (days; by its place in the sixty from the date's)
_NEAR = {0: 0, 1: 1, 59: -1}


def month_start(when: _dt.datetime, months: int) -> _dt.date:
    """The civil date (in *when*'s zone) on which the month *months* months after *when*'s begins: the
    instant of its 節, from the time core's table of terms (root finding outside the table)."""
    from xuanheng.time import tables

    utc = when.timestamp()
    i = bisect_right(tables.JIE, utc) - 1 + months
    if tables.T_MIN <= utc <= tables.T_MAX and 0 <= i < len(tables.JIE):
        at = tables.JIE[i]
    else:
        from xuanheng.time.search import term_around, term_crossing

        (k_prev, _), _ = term_around(utc)
        jie_prev = k_prev if k_prev % 2 == 1 else (k_prev - 1) % 24
        at = term_crossing((jie_prev + 2 * months) % 24, utc + months * 30.44 * 86400)
    return _dt.datetime.fromtimestamp(at, when.tzinfo).date()


def year_start(when: _dt.datetime, years: int) -> _dt.date:
    """The civil date (in *when*'s zone) of the 立春 that begins the year *years* years after *when*'s."""
    utc = when.timestamp()
    year = _dt.datetime.fromtimestamp(utc, _dt.UTC).year
    if utc < lichun(year):  # before this calendar year's 立春: still the 干支 year begun the year before
        year -= 1
    return _dt.datetime.fromtimestamp(lichun(year + years), when.tzinfo).date()


@lru_cache(maxsize=1024)
def lichun(year: int) -> float:
    """The instant (Unix s) of the 立春 in early February of the Gregorian *year*, found by the time
    core's root finding; kept per year (a judge asks it for every 應期 a year or more ahead)."""
    from xuanheng.time.search import term_crossing

    near = (_dt.date(year, 2, 4).toordinal() - _EPOCH_DAY) * 86400.0
    return term_crossing(LICHUN, near)


#: the proleptic ordinal of 1970-01-01 (Unix time 0)
_EPOCH_DAY = _dt.date(1970, 1, 1).toordinal()


__all__ = ["LICHUN", "ganzhi_after", "lichun", "month_start", "pillar_date", "year_start"]
