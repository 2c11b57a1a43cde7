"""``calendar()``: the calendar chart every method starts from (pillars, 節氣, 月將, 旬空, lunar date, 晝夜).

Options (names, defaults and sources are listed in docs/time.md):

* ``day_boundary`` — ``"23:00"`` (子初換日, default; 《三命通會》卷二〈論時〉: the day begins with the 子
  hour) or ``"00:00"`` (civil midnight);
* ``yue_jiang`` — ``"zhongqi"`` (default: the 將 changes at each 中氣, seed 002-003) or ``"jie"`` (at each
  節) or a branch given by hand (``"亥"``, ``"登明"`` or 0–11);
* ``true_solar`` — count days and hours on apparent solar time at the given longitude (default off);
* ``day_night`` — ``"auto"`` (default: by sunrise/sunset when a place is given, else fixed hours),
  ``"sun"``, ``"fixed"`` (卯–申 are day hours), ``"day"``, ``"night"`` (forced);
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
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES, GanZhi, branch_index
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.time import tables as _tb
from xuanheng.time._data import FIXED_DAY_BRANCHES, TERM_NAMES
from xuanheng.time.instants import offset_seconds, parse_instant, unix_seconds
from xuanheng.time.lunar import OVERRIDES, LunarDate, lunar_date_of_day
from xuanheng.time.pillars import pillars_fast
from xuanheng.time.search import term_around, term_crossing
from xuanheng.time.solar import check_place, is_daytime, sun_events, true_solar_offset

DAY_BOUNDARIES = ("23:00", "00:00")
YUE_JIANG_MODES = ("zhongqi", "jie")
DAY_NIGHT_MODES = ("auto", "sun", "fixed", "day", "night")
DST_MODES = ("clock", "standard")
#: a chart closer than this (seconds) to a boundary carries a warning
NEAR = 60.0
#: 1582-10-15T00:00Z, first day of the Gregorian calendar (Unix seconds); earlier dates are proleptic
GREGORIAN_START = -12219292800.0


@dataclass(frozen=True, slots=True)
class CalendarOptions:
    """School options of the calendar chart (validated; unknown values raise :class:`OptionError`)."""

    day_boundary: str = "23:00"
    yue_jiang: str | int = "zhongqi"
    true_solar: bool = False
    day_night: str = "auto"
    dst: str = "clock"

    def __post_init__(self) -> None:
        yj = self.yue_jiang
        if isinstance(yj, str) and yj.strip().isascii() and yj.strip().isdigit():
            # "11" from a command line or a query string means the index 11 (亥), as the message promises
            object.__setattr__(self, "yue_jiang", int(yj.strip()))
        if self.day_boundary not in DAY_BOUNDARIES:
            raise OptionError(
                f"day_boundary {self.day_boundary!r} is not known: accepted '23:00' (子初換日) or '00:00'",
                field="day_boundary",
            )
        if not (isinstance(self.yue_jiang, str) and self.yue_jiang in YUE_JIANG_MODES):
            try:
                branch_index(self.yue_jiang)
            except InputError:
                raise OptionError(
                    f"yue_jiang {self.yue_jiang!r} is not known: accepted 'zhongqi', 'jie', or a branch "
                    "(子 … 亥, a 天神 name such as 登明, or 0–11)",
                    field="yue_jiang",
                ) from None
        if self.day_night not in DAY_NIGHT_MODES:
            raise OptionError(
                f"day_night {self.day_night!r} is not known: accepted {', '.join(DAY_NIGHT_MODES)}",
                field="day_night",
            )
        if self.dst not in DST_MODES:
            raise OptionError(
                f"dst {self.dst!r} is not known: accepted 'clock' (count on the civil clock, summer time "
                "included) or 'standard' (take the daylight-saving hour off)",
                field="dst",
            )
        if not isinstance(self.true_solar, bool):
            raise OptionError("true_solar must be true or false", field="true_solar")

    @property
    def manual_yue_jiang(self) -> int | None:
        if isinstance(self.yue_jiang, str) and self.yue_jiang in YUE_JIANG_MODES:
            return None
        return branch_index(self.yue_jiang)

    def to_json(self) -> dict[str, Any]:
        yj = self.manual_yue_jiang
        return {
            "day_boundary": self.day_boundary,
            "yue_jiang": BRANCHES[yj] if yj is not None else self.yue_jiang,
            "true_solar": self.true_solar,
            "day_night": self.day_night,
            "dst": self.dst,
        }


@dataclass(frozen=True, slots=True)
class SolarTerm:
    """One of the 24 terms: name, k (longitude 15·k°, 春分 = 0) and its instant (aware datetime)."""

    name: str
    index: int
    at: datetime

    @property
    def is_jie(self) -> bool:
        return self.index % 2 == 1

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "index": self.index, "at": self.at.isoformat(timespec="seconds")}


@dataclass(frozen=True, slots=True)
class Pillars:
    """四柱."""

    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: GanZhi

    def as_dict(self) -> dict[str, GanZhi]:
        return {"year": self.year, "month": self.month, "day": self.day, "hour": self.hour}

    def __str__(self) -> str:
        return f"{self.year.name}年 {self.month.name}月 {self.day.name}日 {self.hour.name}時"

    def __repr__(self) -> str:
        return (
            f"Pillars(year={self.year.name}, month={self.month.name}, day={self.day.name}, "
            f"hour={self.hour.name})"
        )


@dataclass(frozen=True, slots=True)
class CalendarChart:
    """Everything ``calendar()`` computes, frozen; ``to_json()`` echoes inputs and options."""

    when: datetime
    lon: float | None
    lat: float | None
    options: CalendarOptions
    pillars: Pillars
    yue_jiang: int
    yue_jiang_basis: str
    is_day: bool
    day_night_basis: str
    jie_prev: SolarTerm
    jie_next: SolarTerm
    qi_prev: SolarTerm
    qi_next: SolarTerm
    lunar: LunarDate
    sunrise: datetime | None
    sunset: datetime | None
    solar_time: datetime | None
    warnings: tuple[str, ...] = field(default=())

    @property
    def xun_kong(self) -> dict[str, tuple[int, int]]:
        """旬空 of each pillar's 旬 (branch indices)."""
        return {k: v.xun_kong for k, v in self.pillars.as_dict().items()}

    @property
    def month_branch(self) -> int:
        return self.pillars.month.branch

    def to_json(self) -> dict[str, Any]:
        def iso(d: datetime | None) -> str | None:
            return d.isoformat(timespec="seconds") if d is not None else None

        return {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "input": {
                "at": iso(self.when),
                "tz": str(self.when.tzinfo),
                "utc_offset": _fmt_offset(offset_seconds(self.when)),
                "lon": self.lon,
                "lat": self.lat,
            },
            "options": self.options.to_json(),
            "pillars": {k: v.name for k, v in self.pillars.as_dict().items()},
            "xun_kong": {k: [BRANCHES[a], BRANCHES[b]] for k, (a, b) in self.xun_kong.items()},
            "yue_jiang": BRANCHES[self.yue_jiang],
            "yue_jiang_name": SHEN_NAMES[self.yue_jiang],
            "yue_jiang_basis": self.yue_jiang_basis,
            "jieqi": {"prev": self.jie_prev.to_json(), "next": self.jie_next.to_json()},
            "zhongqi": {"prev": self.qi_prev.to_json(), "next": self.qi_next.to_json()},
            "lunar": self.lunar.to_json(),
            "day_night": {
                "is_day": self.is_day,
                "value": "晝" if self.is_day else "夜",
                "basis": self.day_night_basis,
            },
            "sunrise": iso(self.sunrise),
            "sunset": iso(self.sunset),
            "solar_time": iso(self.solar_time),
            "warnings": list(self.warnings),
        }


def _fmt_offset(s: float) -> str:
    s = round(s)
    sign = "-" if s < 0 else "+"
    s = abs(s)
    out = f"{sign}{s // 3600:02d}:{s % 3600 // 60:02d}"
    return out + (f":{s % 60:02d}" if s % 60 else "")


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


_OPTION_NAMES = ("day_boundary", "yue_jiang", "true_solar", "day_night", "dst")


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
) -> CalendarChart:
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
    warnings: list[str] = []
    dst = dt.dst()
    dst_s = dst.total_seconds() if dst else 0.0
    # the wall clock that counts days, hours and the lunar day (option dst; the instant never moves)
    wall_off = civil_off - dst_s if opts.dst == "standard" else civil_off
    if dst_s and not opts.true_solar:
        amount = _fmt_offset(abs(dst_s))[1:]
        if opts.dst == "standard":
            warnings.append(
                f"the clock is on daylight saving time ({'+' if dst_s > 0 else '-'}{amount}); days and "
                f"hours are counted on standard time (UTC{_fmt_offset(wall_off)}, option dst='standard'), "
                f"not on the clock (UTC{_fmt_offset(civil_off)})"
            )
        else:
            warnings.append(
                f"the clock is on daylight saving time ({'+' if dst_s > 0 else '-'}{amount}); days and "
                "hours are counted on that clock (option dst='clock') — use dst='standard' to count on "
                "standard time, or true_solar to count on the sun"
            )

    if utc < GREGORIAN_START:
        warnings.append(
            "dates before 1582-10-15 are read as proleptic Gregorian (ISO 8601): convert a date written "
            "in the Julian calendar first"
        )

    solar_time: datetime | None = None
    clock_off = wall_off
    if lon is not None:
        sol_off = true_solar_offset(utc, lon)
        solar_time = datetime.fromtimestamp(0, UTC).replace(tzinfo=None) + timedelta(seconds=utc + sol_off)
        solar_time = solar_time.replace(tzinfo=timezone(timedelta(seconds=round(sol_off))))
        if opts.true_solar:
            clock_off = sol_off
            warnings.append(
                f"days and hours are counted on true solar time ({solar_time.strftime('%H:%M:%S')}), "
                f"not on the clock ({dt.strftime('%H:%M:%S')})"
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
        return SolarTerm(TERM_NAMES[k], k, _to_zone(t, zone))

    jie_prev, jie_next, qi_prev, qi_next = term(jk, jt), term(jk2, jt2), term(qk, qt), term(qk2, qt2)

    # warnings near boundaries
    for t_ in (jie_prev, jie_next):
        gap = abs(unix_seconds(t_.at) - utc)
        if gap < NEAR:
            what = "year and month" if t_.name == "立春" else "month"
            warnings.append(
                f"within {gap:.0f} s of {t_.name} ({t_.at.isoformat(timespec='seconds')}): the {what} pillar "
                "changes there; check the input time"
            )
    for t_ in (qi_prev, qi_next):
        gap = abs(unix_seconds(t_.at) - utc)
        if gap < NEAR:
            warnings.append(
                f"within {gap:.0f} s of {t_.name} ({t_.at.isoformat(timespec='seconds')}): "
                "the 月將 changes there (zhongqi mode)"
            )
    local = utc + clock_off
    into_day = (local + (3600.0 if opts.day_boundary == "23:00" else 0.0)) % 86400.0
    if min(into_day, 86400.0 - into_day) < NEAR:
        warnings.append(
            f"within a minute of the day change at {opts.day_boundary}: the day pillar changes there"
        )
    into_hour = (local + 3600.0) % 7200.0
    if min(into_hour, 7200.0 - into_hour) < NEAR:
        warnings.append("within a minute of an hour-branch change: the hour pillar changes there")

    # lunar date of the civil date on the wall clock (standard time with dst='standard')
    civil_day = math.floor((utc + wall_off) / 86400.0)
    lunar = lunar_date_of_day(civil_day)
    start_day = civil_day - lunar.day + 1
    if start_day in OVERRIDES.values() or start_day in OVERRIDES:
        warnings.append(
            "this lunar month's first day follows the published observatory tables (its new moon is within "
            "seconds of midnight China time)"
        )

    # sunrise, sunset, 晝夜
    sunrise = sunset = None
    mode = opts.day_night
    if mode == "auto":
        mode = "sun" if lon is not None else "fixed"
    if lon is not None and lat is not None:
        day_start = math.floor((utc + civil_off) / 86400.0) * 86400.0 - civil_off
        r, s = sun_events(day_start, lon, lat)
        sunrise = _to_zone(r, zone) if r is not None else None
        sunset = _to_zone(s, zone) if s is not None else None
    if mode in ("day", "night"):
        is_day, basis = mode == "day", "forced"
    elif mode == "sun":
        assert lon is not None and lat is not None
        is_day = is_daytime(utc, lon, lat, r, s)
        basis = "sun"
        if r is None and s is None:
            warnings.append(
                f"the Sun stays {'above' if is_day else 'below'} the horizon all this civil day at latitude "
                f"{lat:g}° (polar {'day' if is_day else 'night'}): 晝/夜 is taken from the Sun's altitude"
            )
        elif r is None or s is None:
            warnings.append(
                f"the Sun does not {'rise' if r is None else 'set'} on this civil day at latitude {lat:g}°: "
                "晝/夜 is taken from the Sun's altitude at the instant"
            )
        for ev in (r, s):
            if ev is not None and abs(ev - utc) < NEAR:
                warnings.append("within a minute of sunrise or sunset: 晝/夜 changes there")
    else:
        is_day, basis = (h % 12) in FIXED_DAY_BRANCHES, "fixed"

    return CalendarChart(
        when=dt,
        lon=lon,
        lat=lat,
        options=opts,
        pillars=Pillars(GanZhi(y), GanZhi(m), GanZhi(d), GanZhi(h)),
        yue_jiang=yj,
        yue_jiang_basis=yj_basis,
        is_day=is_day,
        day_night_basis=basis,
        jie_prev=jie_prev,
        jie_next=jie_next,
        qi_prev=qi_prev,
        qi_next=qi_next,
        lunar=lunar,
        sunrise=sunrise,
        sunset=sunset,
        solar_time=solar_time,
        warnings=tuple(warnings),
    )


def _to_zone(utc: float, zone: tzinfo) -> datetime:
    base = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=round(utc))
    return base.astimezone(zone)


__all__ = ["CalendarChart", "CalendarOptions", "Pillars", "SolarTerm", "calendar"]
