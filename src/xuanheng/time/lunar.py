"""Lunar date (農曆 / 음력) with 閏月, by the modern rules (GB/T 33661-2017 《農曆的編算和頒行》).

* a month begins on the civil day that contains the new moon;
* the month containing 冬至 is month 11;
* a 歲 (冬至 month to the next 冬至 month) with 13 months has one 閏月: the first month in it without
  a 中氣, numbered like the month before it;
* the year number changes at month 1 (正月).

The *system* (option ``lunar_calendar``, ``data/lunar_systems.toml``) names the meridian on which the
civil day of a new moon or a 中氣 is reckoned; nothing else differs:

* ``"chinese"`` (default): China time, UTC+8; in 1912–1928 Beijing local mean time, 116°25′ E, as the
  Republic's almanacs reckoned. This decides the months that begin 1914-11, 1916-02 and 1920-11 (new
  moons minutes after midnight UTC+8, before it at Beijing), where lunar-python agrees (cross-check in
  tests/time/test_lunar.py).
* ``"korean"``: Korean standard time as the Korea Astronomy and Space Science Institute (KASI, 한국천문연구원)
  publishes it: UTC+9 from 1912, UTC+8:30 from 1954-03-21 to 1961-08-09, UTC+9 again since; before 1912
  KASI's tables reckon on UTC+8 like the Chinese calendar (docs/time.md, "Korean lunar calendar").

The table in ``data/time_tables.bin`` gives new moons and 中氣 for 1600–2400 (root finding outside it).
Months whose new moon falls within seconds of midnight follow the published tables
(``data/lunar_overrides.toml``, per system). Before 1912 the Qing 時憲書 used its own (older) theory and
before 1645 mean terms; dates computed here for those years follow the modern rules and may differ from
the historical almanacs (documented in docs/time.md).

The plain rule is :func:`_from_lists` on lists of civil days; :func:`lunar_date_of_day` answers from
lists built once at import for each system (the memo), and :func:`_slow` builds the same lists around the
day by root finding outside the table.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from types import MappingProxyType
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core._frozen import maker
from xuanheng.errors import OptionError
from xuanheng.time import tables as _tb
from xuanheng.time.search import new_moon_before, new_moon_near, term_around, term_crossing

#: China time (UTC+8), the centre of the root-finding window
CHINA = 8 * 3600
_EPOCH_ORD = date(1970, 1, 1).toordinal()


def _day_of(iso: str) -> int:
    return date.fromisoformat(iso).toordinal() - _EPOCH_ORD


def _offset_seconds(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    parts = [int(x) for x in text.lstrip("+-").split(":")]
    h, m, sec = [*parts, 0, 0][:3]
    return sign * (h * 3600 + m * 60 + sec)


@dataclass(frozen=True, slots=True)
class Reckoning:
    """The UTC offsets on which a lunar calendar system reckons civil days: ``offsets[i]`` is in force
    from the instant ``starts[i]`` (Unix seconds; the first is −∞) until ``starts[i + 1]``."""

    starts: tuple[float, ...]
    offsets: tuple[int, ...]

    def offset(self, utc: float) -> int:
        """UTC offset (seconds) in force at the Unix instant *utc*."""
        return self.offsets[bisect_right(self.starts, utc) - 1]

    def day(self, utc: float) -> int:
        """Civil day number (days since 1970-01-01) of the Unix instant *utc* in this reckoning."""
        return math.floor((utc + self.offsets[bisect_right(self.starts, utc) - 1]) / 86400.0)

    def days(self, instants: list[float]) -> list[int]:
        """:meth:`day` of each of the sorted *instants* (one pass per period of the reckoning)."""
        out: list[int] = []
        ends = (*self.starts[1:], math.inf)
        i, n = 0, len(instants)
        for off, end in zip(self.offsets, ends, strict=True):
            j = bisect_left(instants, end, i)
            out += [math.floor((t + off) / 86400.0) for t in instants[i:j]]
            i = j
        assert i == n
        return out


_SYS: dict[str, Any] = load_package_data("xuanheng.time", "lunar_systems")


def _reckoning(entries: list[dict[str, Any]]) -> Reckoning:
    froms = [None if e["from"] == "start" else datetime.fromisoformat(e["from"]) for e in entries]
    starts = [-math.inf if f is None else f.timestamp() for f in froms]
    if (
        froms[0] is not None
        or any(f is not None and f.tzinfo is None for f in froms)
        or starts != sorted(starts)
    ):  # pragma: no cover - a broken data file
        raise RuntimeError(
            "lunar_systems.toml: a reckoning is 'start', then instants with an offset, in time order"
        )
    return Reckoning(tuple(starts), tuple(_offset_seconds(e["offset"]) for e in entries))


#: the lunar calendar systems (option ``lunar_calendar``), the default first
LUNAR_SYSTEMS: tuple[str, ...] = tuple(sorted(_SYS, key=lambda k: not _SYS[k].get("default", False)))
DEFAULT_SYSTEM: str = LUNAR_SYSTEMS[0]
#: each system's reckoning of civil days
RECKONING: Mapping[str, Reckoning] = MappingProxyType(
    {k: _reckoning(_SYS[k]["reckoning"]) for k in LUNAR_SYSTEMS}
)
#: labels (ko / zh-Hant / zh-Hans / en), source and the name of the clock it reckons on (for messages)
#: of each system, for front ends
SYSTEM_INFO: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        k: MappingProxyType(
            {"labels": dict(_SYS[k]["labels"]), "src": _SYS[k]["src"], "clock": _SYS[k]["clock"]}
        )
        for k in LUNAR_SYSTEMS
    }
)


def check_system(system: str) -> str:
    """Return *system* if it names a lunar calendar system, else raise :class:`OptionError`."""
    if system not in RECKONING:
        raise OptionError(
            f"lunar calendar {system!r} is not known: accepted {', '.join(repr(s) for s in LUNAR_SYSTEMS)}",
            field="lunar_calendar",
        )
    return system


_OV = load_package_data("xuanheng.time", "lunar_overrides")
_OVERRIDES: dict[str, dict[int, int]] = {k: {} for k in LUNAR_SYSTEMS}
for _e in _OV["month_start"]:
    _OVERRIDES[check_system(_e.get("system", DEFAULT_SYSTEM))][_day_of(_e["computed"])] = _day_of(
        _e["published"]
    )


def month_start_overrides(system: str = DEFAULT_SYSTEM) -> Mapping[int, int]:
    """Computed month-start day → published month-start day of *system* (``data/lunar_overrides.toml``)."""
    return MappingProxyType(_OVERRIDES[check_system(system)])


#: the Chinese system's overrides: computed month-start day → published month-start day
OVERRIDES: dict[int, int] = _OVERRIDES[DEFAULT_SYSTEM]


def reckoning_offset(utc: float, system: str = DEFAULT_SYSTEM) -> int:
    """UTC offset (seconds) on which *system* reckons the civil day at the Unix instant *utc*."""
    return RECKONING[check_system(system)].offset(utc)


def _lists(system: str) -> tuple[list[int], list[int], list[int]]:
    """(new-moon days with overrides, 冬至 days, 中氣 days) of the table in *system*'s reckoning."""
    days, fix = RECKONING[system].days, _OVERRIDES[system]
    nmd = [fix.get(d, d) for d in days(_tb.NEW_MOONS)]
    qid = days(_tb.QI)  # 中氣 days, 雨水 first
    return nmd, qid[10::12], qid  # 冬至 is every 12th 中氣 from the 11th


_TABLES: dict[str, tuple[list[int], list[int], list[int]]] = {k: _lists(k) for k in LUNAR_SYSTEMS}
_NMD, _WSD, _QID = _TABLES[DEFAULT_SYSTEM]


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


#: ``LunarDate(year, month, day, leap)`` built slot by slot (:func:`xuanheng.core._frozen.maker`)
_LUNAR_DATE = maker(LunarDate)


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
    return _LUNAR_DATE(ws_year if month >= 11 else ws_year + 1, month, d - nmd[j] + 1, j == leap)


def lunar_date_of_day(d: int, system: str = DEFAULT_SYSTEM) -> LunarDate:
    """The lunar date of civil day *d* (days since 1970-01-01) in *system* (``"chinese"``, ``"korean"``).

    Unknown systems raise :class:`~xuanheng.errors.OptionError` (``field="lunar_calendar"``).
    """
    nmd, wsd, qid = _TABLES.get(system) or _TABLES[check_system(system)]
    got = _from_lists(d, nmd, wsd, qid)
    if got is not None:
        return got
    return _slow(d, system)


def _slow(d: int, system: str = DEFAULT_SYSTEM) -> LunarDate:
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
    day, fix = RECKONING[system].day, _OVERRIDES[system]
    nmd = [fix.get(x, x) for x in map(day, nms)]
    got = _from_lists(d, nmd, [day(q) for q in wss], [day(q) for q in qis])
    if got is None:  # pragma: no cover - the window is wide enough by construction
        raise RuntimeError("lunar date window too small")
    return got


__all__ = [
    "DEFAULT_SYSTEM",
    "LUNAR_SYSTEMS",
    "OVERRIDES",
    "RECKONING",
    "SYSTEM_INFO",
    "LunarDate",
    "Reckoning",
    "check_system",
    "lunar_date_of_day",
    "month_start_overrides",
    "reckoning_offset",
]
