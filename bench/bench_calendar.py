"""datetime → four pillars + 月將 + 旬空: xuanheng's fast path against lunar-python, tyme4py and sxtwl.

Every case converts the same list of aware datetimes (UTC+8, 1900–2100). Peers do not give 月將 or
travel by exact instant in the same way (sxtwl's month pillar changes by day, not at the 節 instant), so
each does as much of the same work as its API offers; notes say what.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone

from _common import Case
from xuanheng.time import calendar, pillars_fast
from xuanheng.time.lunar import lunar_date_of_day

CST = timezone(timedelta(hours=8))
_EPOCH = date(1970, 1, 1).toordinal()
_rng = random.Random(42)
#: random instants over two centuries (peers cache per year, so this is their slow case) …
_SPREAD = [
    datetime(1900, 1, 1, tzinfo=CST) + timedelta(seconds=_rng.randrange(0, 200 * 365 * 86400))
    for _ in range(4096)
]
#: … and instants within one year (their fast case)
_ONE_YEAR = [
    datetime(2024, 1, 1, tzinfo=CST) + timedelta(seconds=_rng.randrange(0, 365 * 86400)) for _ in range(4096)
]


def _cycle(fn: Callable[[datetime], object], dates: list[datetime] = _SPREAD) -> Callable[[int], None]:
    def run(n: int) -> None:
        m = len(dates)
        for i in range(n):
            fn(dates[i % m])

    return run


def _ours(d: datetime) -> object:
    off = d.utcoffset()
    return pillars_fast(d.timestamp(), off.total_seconds() if off is not None else 0.0)


def _lunar_python(dates: list[datetime]) -> Callable[[int], None] | None:
    try:
        from lunar_python import Solar
    except ImportError:
        return None

    def one(d: datetime) -> object:
        ec = Solar.fromYmdHms(d.year, d.month, d.day, d.hour, d.minute, d.second).getLunar().getEightChar()
        return ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime(), ec.getDayXunKong()

    return _cycle(one, dates)


def _tyme4py(dates: list[datetime]) -> Callable[[int], None] | None:
    try:
        from tyme4py.solar import SolarTime
    except ImportError:
        return None

    def one(d: datetime) -> object:
        ec = (
            SolarTime.from_ymd_hms(d.year, d.month, d.day, d.hour, d.minute, d.second)
            .get_lunar_hour()
            .get_eight_char()
        )
        return (
            ec.get_year(),
            ec.get_month(),
            ec.get_day(),
            ec.get_hour(),
            ec.get_day().get_extra_earth_branches(),
        )

    return _cycle(one, dates)


def _sxtwl(dates: list[datetime]) -> Callable[[int], None] | None:
    try:
        import sxtwl
    except ImportError:
        return None

    def one(d: datetime) -> object:
        day = sxtwl.fromSolar(d.year, d.month, d.day)
        return day.getYearGZ(), day.getMonthGZ(), day.getDayGZ(), day.getHourGZ(d.hour)

    return _cycle(one, dates)


#: civil days 1900–2050 (days since 1970-01-01) for the lunar-date cases
_DAYS = [_rng.randrange(-25567, 29585) for _ in range(4096)]


def _lunar(system: str) -> Callable[[int], None]:
    def run(n: int) -> None:
        m = len(_DAYS)
        for i in range(n):
            lunar_date_of_day(_DAYS[i % m], system)

    return run


def _lunar_python_lunar() -> Callable[[int], None] | None:
    try:
        from lunar_python import Solar
    except ImportError:
        return None
    dates = [date.fromordinal(d + _EPOCH) for d in _DAYS]

    def run(n: int) -> None:
        for i in range(n):
            d = dates[i % len(dates)]
            lu = Solar.fromYmd(d.year, d.month, d.day).getLunar()
            lu.getMonth(), lu.getDay()

    return run


def _korean_lunar_calendar() -> Callable[[int], None] | None:
    try:
        from korean_lunar_calendar import KoreanLunarCalendar
    except ImportError:
        return None
    dates = [date.fromordinal(d + _EPOCH) for d in _DAYS]
    k = KoreanLunarCalendar()

    def run(n: int) -> None:
        for i in range(n):
            d = dates[i % len(dates)]
            k.setSolarDate(d.year, d.month, d.day)

    return run


def cases() -> list[Case]:
    out: list[Case] = [
        Case(
            "calendar() full chart (no place)",
            "xuanheng",
            _cycle(calendar),
            20_000,
            "pillars, terms, lunar date, warnings",
        ),
    ]
    group = "civil date → lunar date (1900–2050)"
    out += [
        Case(group, "xuanheng", _lunar("chinese"), 100_000, "lunar_date_of_day, system chinese"),
        Case(group, "xuanheng korean", _lunar("korean"), 100_000, "lunar_date_of_day, system korean"),
        Case(group, "lunar-python", _lunar_python_lunar(), 5_000, "Solar → Lunar (Chinese)"),
        Case(group, "korean-lunar-calendar", _korean_lunar_calendar(), 20_000, "KASI tables (Korean)"),
    ]
    for label, dates, peer_n in (("1900–2100 spread", _SPREAD, 300), ("within 2024", _ONE_YEAR, 5_000)):
        group = f"datetime → 四柱 + 月將 + 旬空 ({label})"
        out += [
            Case(
                group,
                "xuanheng",
                _cycle(_ours, dates),
                100_000,
                "pillars_fast: exact instants, 月將, day 旬空",
            ),
            Case(group, "lunar-python", _lunar_python(dates), peer_n, "EightChar + day 旬空, no 月將"),
            Case(group, "tyme4py", _tyme4py(dates), peer_n, "EightChar + day 旬空, no 月將"),
            Case(group, "sxtwl", _sxtwl(dates), peer_n, "pillars only (month by day, not instant), no 月將"),
        ]
    return out
