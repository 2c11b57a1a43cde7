"""``ChartTime``: the one typed value through which time reaches every method.

Built by :func:`xuanheng.time.calendar` from an instant (then everything is known: instant, zone, place,
pillars, the 節/中氣 around it, 月將, lunar date, 晝夜, sunrise/sunset, true solar time, warnings), or
directly by a method's study mode from the chart's own coordinates (then only what was given is known: the
day and hour always; year, month, 月建, 太歲, 月將, 晝夜 when given; the instant-only fields are ``None``).
Either way it carries the :class:`CalendarOptions` used, so a method's options hold a ``CalendarOptions``
instead of copying its fields.

Field meanings: ``year``/``month``/``day``/``hour`` are the four pillars (:class:`GanZhi`); ``month_branch``
is the 月建 and ``year_branch`` the 太歲 (known even when the stem is not); ``yue_jiang`` is the 月將 branch
and ``yue_jiang_basis`` how it was found (``zhongqi`` | ``jie`` | ``manual`` | ``given``); ``is_day`` and
``day_night_basis`` (``sun`` | ``fixed`` | ``forced`` | ``given``) the 晝夜; ``tz`` the zone as the user wrote
it; ``days_since_jie`` the civil days since the last 節 (0 on its day).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES, GanZhi, branch_index
from xuanheng.errors import InputError, OptionError, echo
from xuanheng.i18n.messages import ChartWarning, warnings_json
from xuanheng.time.instants import offset_seconds
from xuanheng.time.lunar import DEFAULT_SYSTEM, LUNAR_SYSTEMS, LunarDate

DAY_BOUNDARIES = ("23:00", "00:00")
YUE_JIANG_MODES = ("zhongqi", "jie")
DAY_NIGHT_MODES = ("auto", "sun", "fixed", "day", "night")
DST_MODES = ("clock", "standard")
#: the 節 opening each month, 寅 month first (立春 … 小寒)
JIE_NAMES = ("立春", "驚蟄", "清明", "立夏", "芒種", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒")


@dataclass(frozen=True, slots=True)
class CalendarOptions:
    """School options of the calendar chart (validated; unknown values raise :class:`OptionError`)."""

    day_boundary: str = "23:00"
    yue_jiang: str | int = "zhongqi"
    true_solar: bool = False
    day_night: str = "auto"
    dst: str = "clock"
    #: the lunar calendar system of ``lunar`` and of every rule driven by the lunar date
    #: (``time/data/lunar_systems.toml``; 節氣, pillars and 月將 do not depend on it)
    lunar_calendar: str = DEFAULT_SYSTEM

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
        if not (isinstance(self.lunar_calendar, str) and self.lunar_calendar in LUNAR_SYSTEMS):
            raise OptionError(
                f"lunar_calendar {echo(self.lunar_calendar)} is not known: accepted "
                f"{', '.join(repr(s) for s in LUNAR_SYSTEMS)} (docs/time.md, Korean lunar calendar)",
                field="lunar_calendar",
            )

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
            "lunar_calendar": self.lunar_calendar,
        }


DEFAULT_CALENDAR_OPTIONS = CalendarOptions()


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
class ChartTime:
    """The time of a chart (see the module docstring); from :func:`xuanheng.time.calendar` or a study cast."""

    day: GanZhi
    hour: GanZhi
    year: GanZhi | None = None
    month: GanZhi | None = None
    month_branch: int | None = None
    year_branch: int | None = None
    yue_jiang: int | None = None
    yue_jiang_basis: str = "given"
    is_day: bool | None = None
    day_night_basis: str = "given"
    options: CalendarOptions = DEFAULT_CALENDAR_OPTIONS
    #: what a reader should check (a catalogue code and its parameters each; ``str(w)`` is its English text)
    warnings: tuple[ChartWarning, ...] = ()
    # --- known when cast from an instant
    when: datetime | None = None
    tz: str | None = None
    lon: float | None = None
    lat: float | None = None
    jie_prev: SolarTerm | None = None
    jie_next: SolarTerm | None = None
    qi_prev: SolarTerm | None = None
    qi_next: SolarTerm | None = None
    lunar: LunarDate | None = None
    sunrise: datetime | None = None
    sunset: datetime | None = None
    solar_time: datetime | None = None
    days_since_jie: int | None = field(default=None)

    # --- views ------------------------------------------------------------------------------------
    @property
    def is_study(self) -> bool:
        """True when the chart was cast from its own coordinates, not from an instant."""
        return self.when is None

    @property
    def pillars(self) -> Pillars:
        """The four pillars; :class:`InputError` when the year or month is not known (study mode)."""
        if self.year is None or self.month is None:
            raise InputError("the year and month pillars are not known for this chart", field="pillars")
        return Pillars(self.year, self.month, self.day, self.hour)

    @property
    def instant(self) -> str | None:
        """The instant as ISO 8601 text, or None in study mode."""
        return None if self.when is None else self.when.isoformat()

    @property
    def season(self) -> int | None:
        """0 春 (寅卯辰), 1 夏, 2 秋, 3 冬 — three months per season counted from 寅 (by the 月建)."""
        return None if self.month_branch is None else ((self.month_branch - 2) % 12) // 3

    @property
    def jie_month(self) -> int | None:
        """Number of the 節 month: 寅 = 1 … 丑 = 12 (the month numbering of seeds 000 and 004)."""
        return None if self.month_branch is None else (self.month_branch - 2) % 12 + 1

    @property
    def jie_name(self) -> str | None:
        """Name of the 節 that opens the month (立春 for 寅 …)."""
        return None if self.month_branch is None else JIE_NAMES[(self.month_branch - 2) % 12]

    @property
    def xun_kong(self) -> dict[str, tuple[int, int]]:
        """旬空 of each known pillar's 旬 (branch indices)."""
        pillars = {"year": self.year, "month": self.month, "day": self.day, "hour": self.hour}
        return {k: v.xun_kong for k, v in pillars.items() if v is not None}

    def to_json(self) -> dict[str, Any]:
        """The calendar document (``xuanheng calendar --json``); in study mode only what is known."""
        if self.when is None:
            return self._study_json()

        def iso(d: datetime | None) -> str | None:
            return d.isoformat(timespec="seconds") if d is not None else None

        assert self.jie_prev and self.jie_next and self.qi_prev and self.qi_next and self.lunar
        assert self.yue_jiang is not None and self.is_day is not None
        return {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "inputs": {
                "at": iso(self.when),
                "tz": str(self.when.tzinfo),
                "utc_offset": fmt_offset(offset_seconds(self.when)),
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
            "day_night": self._day_night_json(),
            "sunrise": iso(self.sunrise),
            "sunset": iso(self.sunset),
            "solar_time": iso(self.solar_time),
            "warnings": warnings_json(self.warnings),
        }

    def _day_night_json(self) -> dict[str, Any]:
        return {"is_day": self.is_day, "value": "晝" if self.is_day else "夜", "basis": self.day_night_basis}

    def _study_json(self) -> dict[str, Any]:
        known = {"year": self.year, "month": self.month, "day": self.day, "hour": self.hour}
        out: dict[str, Any] = {
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
            "study": True,
            "options": self.options.to_json(),
            "pillars": {k: v.name for k, v in known.items() if v is not None},
            "xun_kong": {k: [BRANCHES[a], BRANCHES[b]] for k, (a, b) in self.xun_kong.items()},
            "month_branch": None if self.month_branch is None else BRANCHES[self.month_branch],
            "year_branch": None if self.year_branch is None else BRANCHES[self.year_branch],
            "yue_jiang": None if self.yue_jiang is None else BRANCHES[self.yue_jiang],
            "day_night": None if self.is_day is None else self._day_night_json(),
            "warnings": warnings_json(self.warnings),
        }
        return out


#: the older name of :class:`ChartTime` (what ``calendar()`` returned before every method shared it)
CalendarChart = ChartTime


def fmt_offset(s: float) -> str:
    """A UTC offset in seconds as ``+08:00`` (``+05:53:28`` when it has seconds)."""
    s = round(s)
    sign = "-" if s < 0 else "+"
    s = abs(s)
    out = f"{sign}{s // 3600:02d}:{s % 3600 // 60:02d}"
    return out + (f":{s % 60:02d}" if s % 60 else "")


__all__ = [
    "DAY_BOUNDARIES",
    "DAY_NIGHT_MODES",
    "DEFAULT_CALENDAR_OPTIONS",
    "DST_MODES",
    "JIE_NAMES",
    "YUE_JIANG_MODES",
    "CalendarChart",
    "CalendarOptions",
    "ChartTime",
    "Pillars",
    "SolarTerm",
    "fmt_offset",
]
