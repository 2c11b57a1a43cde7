"""Chinese lunar date (農曆) with 閏月, by the modern rules (GB/T 33661-2017 《農曆的編算和頒行》).

* a month begins on the civil day (China time, UTC+8; in 1912–1928 Beijing local mean time, 116°25′ E,
  as the Republic's almanacs reckoned) that contains the new moon;
* the month containing 冬至 is month 11;
* a 歲 (冬至 month to the next 冬至 month) with 13 months has one 閏月: the first month in it without
  a 中氣, numbered like the month before it;
* the year number changes at month 1 (正月).

The table in ``data/time_tables.bin`` gives new moons and 中氣 for 1600–2400 (root finding outside it).
Months whose new moon falls within seconds of midnight follow the published tables
(``data/lunar_overrides.toml``). Before 1912 the Qing 時憲書 used its own (older) theory and before 1645
mean terms; dates computed here for those years follow the modern rules and may differ from the historical
almanacs (documented in docs/time.md). The 1912–1928 Beijing-meridian rule follows the Republic's
almanacs (the 120° E meridian came with the standard time zones adopted in 1929); it decides the months
that begin 1914-11, 1916-02 and 1920-11 (new moons minutes after midnight UTC+8, before it at Beijing),
where lunar-python agrees (cross-check in tests/time/test_lunar.py).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from datetime import date

from xuanheng.core._data import load_package_data
from xuanheng.time import tables as _tb
from xuanheng.time.search import new_moon_before, new_moon_near, term_around, term_crossing

CHINA = 8 * 3600
#: 1912–1928 the Republic's almanacs reckoned days at the Beijing meridian, 116°25′ E (UTC+7:45:40)
BEIJING_LMT = 7 * 3600 + 45 * 60 + 40
#: 1912-01-01 and 1929-01-01 (00:00 UTC+8); from 1929 the 120° E meridian (UTC+8) is used
T_1912 = -1830412800.0
T_1929 = -1293868800.0
_EPOCH_ORD = date(1970, 1, 1).toordinal()


def _day(utc: float) -> int:
    """Civil day number (days since 1970-01-01) in China reckoning of a Unix instant."""
    return math.floor((utc + (BEIJING_LMT if T_1912 <= utc < T_1929 else CHINA)) / 86400.0)


def _day_of(iso: str) -> int:
    return date.fromisoformat(iso).toordinal() - _EPOCH_ORD


_OV = load_package_data("xuanheng.time", "lunar_overrides")
#: computed month-start day → published month-start day
OVERRIDES: dict[int, int] = {_day_of(e["computed"]): _day_of(e["published"]) for e in _OV["month_start"]}


def _fix(day: int) -> int:
    return OVERRIDES.get(day, day)


_NMD: list[int] = [_fix(_day(t)) for t in _tb.NEW_MOONS]
_QID: list[int] = [_day(t) for t in _tb.QI]  # 中氣 days, 雨水 first
_WSD: list[int] = _QID[10::12]  # 冬至 days


@dataclass(frozen=True, slots=True)
class LunarDate:
    """A Chinese calendar date: ``year`` is the Gregorian year in which its month 1 begins."""

    year: int
    month: int
    day: int
    leap: bool

    def __str__(self) -> str:
        leap = "閏" if self.leap else ""
        return f"{self.year}年{leap}{_MONTH_NAMES[self.month - 1]}月{_DAY_NAMES[self.day - 1]}"

    def to_json(self) -> dict[str, object]:
        return {"year": self.year, "month": self.month, "day": self.day, "leap": self.leap, "text": str(self)}


_MONTH_NAMES = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "臘")
_DIGITS = "一二三四五六七八九十"
_DAY_NAMES = tuple(
    ("初" + _DIGITS[d - 1])
    if d <= 10
    else ("十" + _DIGITS[d - 11])
    if d < 20
    else "二十"
    if d == 20
    else ("廿" + _DIGITS[d - 21])
    if d < 30
    else "三十"
    for d in range(1, 31)
)


def _from_lists(d: int, nmd: list[int], wsd: list[int], qid: list[int]) -> LunarDate | None:
    j = bisect_right(nmd, d) - 1
    if j < 0 or j + 1 >= len(nmd):
        return None
    w = bisect_left(wsd, nmd[j + 1]) - 1
    if w < 0 or w + 1 >= len(wsd):
        return None
    a = bisect_right(nmd, wsd[w]) - 1
    b = bisect_right(nmd, wsd[w + 1]) - 1
    if a < 0 or b + 1 >= len(nmd) or not (a <= j < b):
        return None
    leap = -1
    if b - a == 13:
        for m in range(a + 1, b):
            q = bisect_left(qid, nmd[m])
            if not (q < len(qid) and qid[q] < nmd[m + 1]):
                leap = m
                break
    n = (j - a) - (1 if 0 <= leap <= j else 0)
    month = (10 + n) % 12 + 1
    ws_year = (date.fromordinal(wsd[w] + _EPOCH_ORD)).year
    return LunarDate(ws_year if month >= 11 else ws_year + 1, month, d - nmd[j] + 1, j == leap)


def lunar_date_of_day(d: int) -> LunarDate:
    """The lunar date of civil day *d* (days since 1970-01-01)."""
    got = _from_lists(d, _NMD, _WSD, _QID)
    if got is not None:
        return got
    return _slow(d)


def _slow(d: int) -> LunarDate:
    """Root-finding fallback outside the table: build local lists of new moons and 中氣."""
    mid = (d + 0.5) * 86400.0 - CHINA
    start = mid - 420 * 86400.0
    end = mid + 420 * 86400.0
    nms = [new_moon_before(start)]
    while nms[-1] < end:
        nms.append(new_moon_near(nms[-1] + 29.53 * 86400.0))
    (k, t), _ = term_around(start)
    qis: list[float] = []
    wss: list[float] = []
    while t < end:
        if k % 2 == 0:
            qis.append(t)
            if k == 18:  # 冬至
                wss.append(t)
        k = (k + 1) % 24
        t = term_crossing(k, t + 15.2 * 86400.0)
    wsd = [_day(q) for q in wss]
    got = _from_lists(d, [_fix(_day(t)) for t in nms], wsd, [_day(q) for q in qis])
    if got is None:  # pragma: no cover - the window is wide enough by construction
        raise RuntimeError("lunar date window too small")
    return got


__all__ = ["OVERRIDES", "LunarDate", "lunar_date_of_day"]
