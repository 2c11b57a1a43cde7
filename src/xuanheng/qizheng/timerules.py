"""The time rules of seed 003, each set beside what the sky did (``data/time_rules.toml``).

* :func:`ding_yin` — 定寅時訣 (003-002): the moment the verse says the 寅 hour begins in the birth's lunar
  month, from the night watches between dusk and dawn, next to the real sunrise and to 03:00 on the clock
  that counts the chart's hours;
* :func:`mao_yan` — 貓眼辨時 (003-003): the cat's pupil at the birth hour;
* :func:`moonrise` — 太陰出沒 (003-009): the verse's moonrise hour for the lunar day, next to the real
  moonrise of the civil day and its hour branch;
* :func:`phase` — 晦朔弦望 (003-010): the verse's phase name for the lunar day, next to the real phase from
  the Moon's elongation (the nearest principal phase and how many hours from it, at the present rate);
* :func:`hou` — the 候 (003-004, 003-005): which of the 72, counted on the real Sun in 5° steps from 立春;
* :func:`run` — 置閏 (003-006): the seed's schematic reckoning and the real rule for this lunar month.

Every helper is a pure function of the chart's numbers; :func:`time_rules` gathers them into one frozen
value shown with the chart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import cache
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.reading import as_dict, fresh

_T = load_package_data("xuanheng.qizheng", "time_rules")
KE = 864.0  # seconds in one 刻 (a hundredth of a day)


def _iso(t: datetime | None) -> str | None:
    return t.isoformat(timespec="seconds") if t is not None else None


def hour_branch_at(utc: float, clock_offset: float) -> int:
    """Hour branch of a Unix instant on a clock *clock_offset* seconds ahead of UTC (子 = 23:00–01:00)."""
    local = (utc + clock_offset) % 86400.0
    return int(((local + 3600.0) % 86400.0) // 7200.0)


@cache
def _zone(seconds: int) -> timezone:
    return timezone(timedelta(seconds=seconds))


def _at(utc: float, clock_offset: float) -> datetime:
    """The whole second of *utc* on the fixed clock *clock_offset* seconds ahead of UTC."""
    return datetime.fromtimestamp(round(utc), _zone(round(clock_offset)))


# 定寅時訣 -------------------------------------------------------------------------------------------------

#: the verse's row of each lunar month (1–12)
_DING_YIN_ROW: dict[int, dict[str, Any]] = {
    m: next(r for r in _T["ding_yin"]["months"] if m in r["months"]) for m in range(1, 13)
}


@dataclass(frozen=True, slots=True)
class DingYin:
    month: int
    text: str
    kind: str
    verse_at: datetime | None
    sunrise: datetime | None
    clock_yin: datetime
    src: str

    def to_json(self) -> dict[str, Any]:
        diff = (
            round((self.verse_at - self.clock_yin).total_seconds() / 60.0, 1)
            if self.verse_at is not None
            else None
        )
        return {
            "month": self.month,
            "verse": self.text,
            "kind": self.kind,
            "verse_at": _iso(self.verse_at),
            "sunrise": _iso(self.sunrise),
            "clock_yin_start": _iso(self.clock_yin),
            "verse_minus_clock_min": diff,
            "src": self.src,
        }


@dataclass(frozen=True, slots=True)
class _DingYinRow:
    """What :func:`ding_yin` reads of the verse's row of one lunar month under one variant, read once."""

    kind: str
    text: str
    #: the text shown when the 寅 hour is counted in watches (the variant's 點 written in it)
    geng_text: str
    src: str
    geng: int
    dian: int


def _ding_yin_row(month: int, variant: str) -> _DingYinRow:
    t = _T["ding_yin"]
    row = _DING_YIN_ROW[month]
    text = geng_text = str(row["text"])
    dian = int(row.get("dian", 0))
    if variant == "xingxue" and "dian_variant" in row:
        dian = int(row["dian_variant"])
        geng_text = text.replace("三點", "四點")
    return _DingYinRow(
        kind=str(row["kind"]),
        text=text,
        geng_text=geng_text,
        src=str(t["src"]) if variant == "seed" else f"{t['src']}; {t['variant_src']}",
        geng=int(row.get("geng", 0)),
        dian=dian,
    )


#: (lunar month, variant) → the verse's row as :func:`ding_yin` reads it (the variant is checked by the
#: chart's options: ``seed`` or ``xingxue``)
_DING_YIN_ROWS: dict[tuple[int, str], _DingYinRow] = {
    (m, v): _ding_yin_row(m, v) for m in range(1, 13) for v in ("seed", "xingxue")
}
_DAWN_BEFORE = float(_T["ding_yin"]["dawn_before_sunrise_ke"]) * KE
_DUSK_AFTER = float(_T["ding_yin"]["dusk_after_sunset_ke"]) * KE


def ding_yin(
    month: int,
    sunrise_utc: float | None,
    sunset_utc: float | None,
    clock_offset: float,
    day_start_utc: float,
    variant: str = "seed",
) -> DingYin:
    """The verse's start of the 寅 hour for lunar *month* on the morning of the civil day at *day_start_utc*.

    The night runs from dusk (the previous evening's sunset + 2½ 刻; that sunset is taken as this day's
    sunset minus 24 h, which the sunset times of two days differ from by a few minutes at most outside the
    polar circles) to dawn (sunrise − 2½ 刻), in five 更 of five 點. *variant* ``xingxue`` reads the 點 of
    the rows that have a variant (``dian_variant``) instead.
    """
    row = _DING_YIN_ROWS.get((month, variant)) or _ding_yin_row(month, variant)
    kind = row.kind
    text = row.text
    at: float | None = None
    if sunrise_utc is not None:
        dawn = sunrise_utc - _DAWN_BEFORE
        if kind == "sunrise":
            at = sunrise_utc
        elif kind == "dawn":
            at = dawn
        elif kind == "geng" and sunset_utc is not None:
            dusk = sunset_utc - 86400.0 + _DUSK_AFTER
            watch = (dawn - dusk) / 5.0
            at = dusk + (row.geng - 1) * watch + (row.dian - 1) * watch / 5.0
            text = row.geng_text
    zone = _zone(round(clock_offset))
    return _DING_YIN(
        month,
        text,
        kind,
        datetime.fromtimestamp(round(at), zone) if at is not None else None,  # verse_at
        datetime.fromtimestamp(round(sunrise_utc), zone) if sunrise_utc is not None else None,  # sunrise
        datetime.fromtimestamp(round(day_start_utc + 3 * 3600.0), zone),  # clock_yin: 03:00 on the clock
        row.src,
    )


# 貓眼 -------------------------------------------------------------------------------------------------------


def mao_yan(hour_branch: int) -> dict[str, Any]:
    """The cat's pupil at the hour branch (003-003)."""
    t = _T["mao_yan"]
    b = BRANCHES[hour_branch]
    return {"hour": b, "shape": str(t["shape_of"][b]), "src": t["src"]}


# 太陰出沒 ---------------------------------------------------------------------------------------------------


def moonrise_branch_by_day(lunar_day: int) -> int:
    """The verse's moonrise hour branch for a lunar day (003-009)."""
    if 1 <= lunar_day <= 30:
        return _MOONRISE_BRANCH[lunar_day]
    return _moonrise_branch(lunar_day)


def _moonrise_branch(lunar_day: int) -> int:
    branch = "卯"
    for row in _T["moonrise"]["days"]:
        if int(row["day"]) <= lunar_day:
            branch = str(row["branch"])
    return BRANCHES.index(branch)


_MOONRISE_BRANCH = {d: _moonrise_branch(d) for d in range(1, 31)}


_MOONRISE_SRC = _T["moonrise"]["src"]


def moonrise(lunar_day: int, real_utc: float | None, clock_offset: float) -> dict[str, Any]:
    """Verse and real moonrise (the real one ``None`` without a place or when the Moon does not rise)."""
    verse = moonrise_branch_by_day(lunar_day)
    if real_utc is None:
        real_at = real_name = agrees = None
    else:
        real_branch = hour_branch_at(real_utc, clock_offset)
        real_at = _at(real_utc, clock_offset).isoformat(timespec="seconds")
        real_name = BRANCHES[real_branch]
        agrees = real_branch == verse
    return {
        "lunar_day": lunar_day,
        "verse_branch": BRANCHES[verse],
        "real_at": real_at,
        "real_branch": real_name,
        "agrees": agrees,
        "src": _MOONRISE_SRC,
    }


# 晦朔弦望 ---------------------------------------------------------------------------------------------------


def phase_by_day(lunar_day: int, last_day: bool) -> str | None:
    """The verse's phase name for a lunar day (003-010), or None between the named days."""
    t = _T["phases"]
    if last_day:
        return str(t["last_day"])
    for row in t["by_day"]:
        if lunar_day in row["days"]:
            return str(row["name"])
    return None


def phase(
    lunar_day: int, moon_lon: float, sun_lon: float, moon_speed: float, sun_speed: float
) -> dict[str, Any]:
    """Verse phase by day next to the real one by elongation."""
    elong = (moon_lon - sun_lon) % 360.0
    rate = moon_speed - sun_speed  # degrees per day
    k = round(elong / 90.0) % 4
    off_deg = (elong - 90.0 * k + 180.0) % 360.0 - 180.0
    hours = off_deg / rate * 24.0 if rate > 0 else 0.0
    to_new_moon_days = (360.0 - elong) / rate if rate > 0 else 99.0
    last = lunar_day >= 30 or (lunar_day == 29 and to_new_moon_days < 1.0)
    real = _T["phases"]["real"][k]
    return {
        "lunar_day": lunar_day,
        "verse": phase_by_day(lunar_day, last),
        "elongation": elong,
        "nearest": str(real["name"]),
        "hours_from_nearest": hours,
        "waxing": elong < 180.0,
        "src": _T["phases"]["src"],
    }


# 七十二候 ---------------------------------------------------------------------------------------------------

HOU_NAMES: tuple[str, ...] = tuple(_T["hou"]["names"])
_HOU_ORDER = ("初候", "次候", "末候")


def hou(sun_lon: float) -> dict[str, Any]:
    """The 候 of the Sun's apparent longitude: index 0 (東風解凍) from 立春 = 315°, a new one every 5°."""
    idx = int(((sun_lon - 315.0) % 360.0) // 5.0)
    return {
        "index": idx,
        "name": HOU_NAMES[idx],
        "order": _HOU_ORDER[idx % 3],
        "src": _T["hou"]["src"],
    }


# 置閏 -------------------------------------------------------------------------------------------------------


_RUN = _T["run"]
_SURPLUS = (int(_RUN["year_days"]) - int(_RUN["calendar_year_days"])) + int(_RUN["short_months"])
#: the seed's schematic reckoning: the same numbers for every chart
_SCHEMATIC = {
    "surplus_days_per_year": _SURPLUS,
    "after_three_years": 3 * _SURPLUS,
    "left_after_first_run": 3 * _SURPLUS - int(_RUN["month_days"]),
    "second_run_after_years": 2,
}


def run(leap: bool, lunar_month: int, zhongqi: str | None, zhongqi_at: datetime | None) -> dict[str, Any]:
    """The seed's schematic 閏 reckoning and the real rule applied to the birth's lunar month."""
    return {
        "leap_month": leap,
        "lunar_month": lunar_month,
        "zhongqi": zhongqi,
        "zhongqi_at": _iso(zhongqi_at),
        "schematic": _SCHEMATIC.copy(),  # each chart its own dict
        "src": _RUN["src"],
        "real_rule": _RUN["src_real"],
    }


@dataclass(frozen=True, slots=True)
class TimeRules:
    """All time rules of one chart (plain JSON-ready parts, already computed)."""

    ding_yin: DingYin
    mao_yan: Mapping[str, Any]
    moonrise: Mapping[str, Any]
    phase: Mapping[str, Any]
    hou: Mapping[str, Any]
    run: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "ding_yin": self.ding_yin.to_json(),
            "mao_yan": as_dict(self.mao_yan),
            "moonrise": as_dict(self.moonrise),
            "phase": as_dict(self.phase),
            "hou": as_dict(self.hou),
            "run": fresh(self.run),
        }


_DING_YIN = maker(DingYin)

__all__ = [
    "HOU_NAMES",
    "KE",
    "DingYin",
    "TimeRules",
    "ding_yin",
    "hou",
    "hour_branch_at",
    "mao_yan",
    "moonrise",
    "moonrise_branch_by_day",
    "phase",
    "phase_by_day",
    "run",
]
