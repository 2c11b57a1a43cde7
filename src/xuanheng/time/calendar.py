"""``calendar()``: the calendar chart every method starts from (pillars, 節氣, 月將, 旬空, lunar date, 晝夜).

Options (names, defaults and sources are listed in docs/time.md):

* ``day_boundary`` — ``"23:00"`` (子初換日, default; 《三命通會》卷二〈論時〉: the day begins with the 子
  hour) or ``"00:00"`` (civil midnight);
* ``yue_jiang`` — ``"zhongqi"`` (default: the 將 changes at each 中氣, seed 002-003) or ``"jie"`` (at each
  節) or a branch given by hand (``"亥"``, ``"登明"`` or 0–11);
* ``true_solar`` — count days and hours on apparent solar time at the given longitude (default off);
* ``day_night`` — ``"auto"`` (default: by sunrise/sunset when a place is given, else fixed hours),
  ``"sun"``, ``"fixed"`` (卯–申 are day hours), ``"day"``, ``"night"`` (forced);
* ``lunar_calendar`` — the lunar calendar system of the lunar date: ``"chinese"`` (default, GB/T
  33661-2017 on China time) or ``"korean"`` (KASI's tables, Korean standard time); docs/time.md, "Korean
  lunar calendar". 節氣, pillars and 月將 do not depend on it;
* ``dst`` — ``"clock"`` (default: days, hours and the lunar day are counted on the civil clock as the tz
  database gives it, summer time included) or ``"standard"`` (the instant's daylight-saving amount,
  ``when.dst()``, is taken off first, so they are counted on the zone's standard time). No classical text
  speaks of summer time; ``"standard"`` is a modern convention of charting software and practitioners for
  births in DST years (docs/time.md, "Daylight saving time"). The instant itself, and so 節氣, 月將,
  sunrise and true solar time, does not change.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Any

from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import SIXTY
from xuanheng.errors import OptionError, OutOfRangeError
from xuanheng.i18n.messages import ChartWarning, warning
from xuanheng.time import tables as _tb
from xuanheng.time._data import FIXED_DAY_BRANCHES, TERM_NAMES
from xuanheng.time.chart_time import (
    DAY_BOUNDARIES,
    DAY_NIGHT_MODES,
    DST_MODES,
    YUE_JIANG_MODES,
    CalendarChart,
    CalendarOptions,
    ChartTime,
    Pillars,
    SolarTerm,
    fmt_offset,
)
from xuanheng.time.instants import offset_seconds, parse_instant, unix_seconds
from xuanheng.time.lunar import (
    DEFAULT_SYSTEM,
    OVERRIDES,
    SYSTEM_INFO,
    lunar_date_of_day,
    month_start_overrides,
)
from xuanheng.time.pillars import pillars_fast
from xuanheng.time.search import term_around, term_crossing
from xuanheng.time.solar import check_place, day_events

#: a chart closer than this (seconds) to a boundary carries a warning
NEAR = 60.0
#: 1582-10-15T00:00Z, first day of the Gregorian calendar (Unix seconds); earlier dates are proleptic
GREGORIAN_START = -12219292800.0


def _terms_around(
    utc: float,
) -> tuple[tuple[int, float], tuple[int, float], tuple[int, float], tuple[int, float]]:
    """(jie_prev, jie_next, qi_prev, qi_next) as (k, Unix seconds)."""
    if _tb.T_MIN <= utc < _tb.JIE[-1] and utc < _tb.QI[-1]:
        i = bisect_right(_tb.JIE, utc) - 1
        q = bisect_right(_tb.QI, utc) - 1
        return (
            ((21 + 2 * i) % 24, _tb.JIE[i]),
            ((23 + 2 * i) % 24, _tb.JIE[i + 1]),
            ((22 + 2 * q) % 24, _tb.QI[q]),
            ((24 + 2 * q) % 24, _tb.QI[q + 1]),
        )
    (k, t), (k2, t2) = term_around(utc)
    if k % 2 == 1:
        jp, jn = (k, t), ((k + 2) % 24, term_crossing(k + 2, t2 + 15.2 * 86400.0))
        qp, qn = ((k - 1) % 24, term_crossing(k - 1, t - 15.2 * 86400.0)), (k2, t2)
    else:
        qp, qn = (k, t), ((k + 2) % 24, term_crossing(k + 2, t2 + 15.2 * 86400.0))
        jp, jn = ((k - 1) % 24, term_crossing(k - 1, t - 15.2 * 86400.0)), (k2, t2)
    return jp, jn, qp, qn


#: calendar() answers for 0002-01-01T00:00Z … 2997-12-31T23:59:59Z: the neighbouring terms and the lunar
#: window (±14 months) must stay inside both the ephemeris and Python's datetime (years 1–9999)
T_FIRST = -62104060800.0
T_LAST = 32440608000.0


def _check_range(utc: float) -> None:
    if not (T_FIRST <= utc < T_LAST):
        raise OutOfRangeError(
            "instant is outside the supported range: dates from 0002-01-01 to 2997-12-31 (UTC) are accepted",
            field="at",
        )


_OPTION_NAMES = ("day_boundary", "yue_jiang", "true_solar", "day_night", "dst", "lunar_calendar")


def _options(options: CalendarOptions | dict[str, Any] | None) -> CalendarOptions:
    if options is None:
        return CalendarOptions()
    if isinstance(options, CalendarOptions):
        return options
    if isinstance(options, dict):
        unknown = sorted(set(options) - set(_OPTION_NAMES))
        if unknown:
            raise OptionError(
                f"unknown calendar option(s) {', '.join(map(str, unknown))}: "
                f"accepted {', '.join(_OPTION_NAMES)}",
                field=str(unknown[0]),
            )
        return CalendarOptions(**options)
    raise OptionError(
        f"options must be a CalendarOptions or a dict, not {type(options).__name__}", field="options"
    )


def calendar(
    when: datetime | str,
    lon: float | None = None,
    lat: float | None = None,
    options: CalendarOptions | dict[str, Any] | None = None,
    *,
    tz: str | tzinfo | None = None,
    fold: int | None = None,
) -> ChartTime:
    """Compute the calendar chart of an instant (an aware datetime, or text + ``tz``; see parse_instant).

    *options* is a :class:`CalendarOptions` or a dict of its fields (``{"day_boundary": "00:00"}``).
    """
    opts = _options(options)
    dt = parse_instant(when, tz=tz, fold=fold)
    check_place(lon, lat)
    if opts.true_solar and lon is None:
        raise OptionError("true_solar needs a place: give lon and lat", field="true_solar")
    if opts.day_night == "sun" and lon is None:
        raise OptionError(
            "day_night='sun' needs a place: give lon and lat, or use 'fixed'", field="day_night"
        )
    utc = unix_seconds(dt)
    _check_range(utc)
    zone = dt.tzinfo or UTC
    civil_off = float(offset_seconds(dt))
    warnings: list[ChartWarning] = []
    dst = dt.dst()
    dst_s = dst.total_seconds() if dst else 0.0
    # the wall clock that counts days, hours and the lunar day (option dst; the instant never moves)
    wall_off = civil_off - dst_s if opts.dst == "standard" else civil_off
    if dst_s and not opts.true_solar:
        signed = ("+" if dst_s > 0 else "-") + fmt_offset(abs(dst_s))[1:]
        if opts.dst == "standard":
            warnings.append(
                warning(
                    "warn.dst_standard",
                    amount=signed,
                    standard=fmt_offset(wall_off),
                    clock=fmt_offset(civil_off),
                )
            )
        else:
            warnings.append(warning("warn.dst_clock", amount=signed))

    if utc < GREGORIAN_START:
        warnings.append(warning("warn.julian"))

    solar_time: datetime | None = None
    clock_off = wall_off
    r = s = None
    sun_up = False
    if lon is not None and lat is not None:
        # sunrise, sunset and the equation of time of the civil day, from one solar day (time.solar)
        day_start = math.floor((utc + civil_off) / 86400.0) * 86400.0 - civil_off
        r, s, sol_off, sun_up = day_events(day_start, lon, lat, utc)
        # the apparent solar clock as a fixed offset of its whole seconds (the microseconds kept)
        solar_time = (_EPOCH + timedelta(seconds=utc + sol_off)).replace(tzinfo=_fixed_zone(round(sol_off)))
        if opts.true_solar:
            clock_off = sol_off
            warnings.append(
                warning(
                    "warn.true_solar", solar=solar_time.strftime("%H:%M:%S"), clock=dt.strftime("%H:%M:%S")
                )
            )

    y, m, d, h, yj, _k1, _k2 = pillars_fast(
        utc, clock_off, opts.day_boundary == "23:00", opts.yue_jiang == "jie"
    )
    manual = opts.manual_yue_jiang
    if manual is not None:
        yj, yj_basis = manual, "manual"
    else:
        yj_basis = str(opts.yue_jiang)

    (jk, jt), (jk2, jt2), (qk, qt), (qk2, qt2) = _terms_around(utc)

    def term(k: int, t: float) -> SolarTerm:
        return _SOLAR_TERM(TERM_NAMES[k], k, _to_zone(t, zone))

    jie_prev, jie_next, qi_prev, qi_next = term(jk, jt), term(jk2, jt2), term(qk, qt), term(qk2, qt2)

    # warnings near boundaries (each term's instant as its datetime holds it: the whole second, _to_zone)
    for t_, t_at in ((jie_prev, jt), (jie_next, jt2)):
        gap = abs(round(t_at) - utc)
        if gap < NEAR:
            code = "warn.near_lichun" if t_.name == "立春" else "warn.near_jie"
            warnings.append(
                warning(code, gap=int(f"{gap:.0f}"), term=t_.name, at=t_.at.isoformat(timespec="seconds"))
            )
    for t_, t_at in ((qi_prev, qt), (qi_next, qt2)):
        gap = abs(round(t_at) - utc)
        if gap < NEAR:
            warnings.append(
                warning(
                    "warn.near_qi",
                    gap=int(f"{gap:.0f}"),
                    term=t_.name,
                    at=t_.at.isoformat(timespec="seconds"),
                )
            )
    local = utc + clock_off
    into_day = (local + (3600.0 if opts.day_boundary == "23:00" else 0.0)) % 86400.0
    if min(into_day, 86400.0 - into_day) < NEAR:
        warnings.append(warning("warn.near_day", boundary=opts.day_boundary))
    into_hour = (local + 3600.0) % 7200.0
    if min(into_hour, 7200.0 - into_hour) < NEAR:
        warnings.append(warning("warn.near_hour"))

    # lunar date of the civil date on the wall clock (standard time with dst='standard'), in the lunar
    # calendar system of the options (its months begin on the days of its own reckoning)
    civil_day = math.floor((utc + wall_off) / 86400.0)
    system = opts.lunar_calendar
    lunar = lunar_date_of_day(civil_day, system)
    start_day = civil_day - lunar.day + 1
    overrides = OVERRIDES if system == DEFAULT_SYSTEM else month_start_overrides(system)
    if start_day in overrides.values() or start_day in overrides:
        warnings.append(warning("warn.lunar_override", clock=SYSTEM_INFO[system]["clock"]))

    # sunrise, sunset, 晝夜
    sunrise = sunset = None
    mode = opts.day_night
    if mode == "auto":
        mode = "sun" if lon is not None else "fixed"
    if lon is not None and lat is not None:
        sunrise = _to_zone(r, zone) if r is not None else None
        sunset = _to_zone(s, zone) if s is not None else None
    if mode in ("day", "night"):
        is_day, basis = mode == "day", "forced"
    elif mode == "sun":
        assert lon is not None and lat is not None
        is_day = sun_up  # is_daytime(utc, lon, lat, r, s), from the same solar day
        basis = "sun"
        if r is None and s is None:
            warnings.append(warning("warn.polar_day" if is_day else "warn.polar_night", lat=f"{lat:g}"))
        elif r is None or s is None:
            warnings.append(warning("warn.no_rise" if r is None else "warn.no_set", lat=f"{lat:g}"))
        for ev in (r, s):
            if ev is not None and abs(ev - utc) < NEAR:
                warnings.append(warning("warn.near_sun"))
    else:
        is_day, basis = (h % 12) in FIXED_DAY_BRANCHES, "fixed"

    year_gz, month_gz = SIXTY[y], SIXTY[m]
    # every field of ChartTime, in its declaration order (maker: the slots filled without the frozen
    # dataclass's __init__, which costs several times more)
    return _CHART_TIME(
        SIXTY[d],  # day
        SIXTY[h],  # hour
        year_gz,
        month_gz,
        month_gz.branch,  # month_branch
        year_gz.branch,  # year_branch
        yj,  # yue_jiang
        yj_basis,  # yue_jiang_basis
        is_day,
        basis,  # day_night_basis
        opts,  # options
        tuple(warnings),
        dt,  # when
        tz if isinstance(tz, str) else str(dt.tzinfo),  # tz
        lon,
        lat,
        jie_prev,
        jie_next,
        qi_prev,
        qi_next,
        lunar,
        sunrise,
        sunset,
        solar_time,
        (dt.date() - jie_prev.at.date()).days,  # days_since_jie
    )


_CHART_TIME = maker(ChartTime)
_SOLAR_TERM = maker(SolarTerm)


#: 1970-01-01T00:00, naive
_EPOCH = datetime(1970, 1, 1)


@lru_cache(maxsize=4096)
def _fixed_zone(seconds: int) -> timezone:
    """The fixed-offset zone *seconds* ahead of UTC (one object per offset)."""
    return timezone(timedelta(seconds=seconds))


def _to_zone(utc: float, zone: tzinfo) -> datetime:
    """The whole second of *utc* in *zone* (as ``(epoch + seconds).astimezone(zone)``, in one step)."""
    return datetime.fromtimestamp(round(utc), zone)


__all__ = [
    "DAY_BOUNDARIES",
    "DAY_NIGHT_MODES",
    "DST_MODES",
    "YUE_JIANG_MODES",
    "CalendarChart",
    "CalendarOptions",
    "ChartTime",
    "Pillars",
    "SolarTerm",
    "calendar",
]
