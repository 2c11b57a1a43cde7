"""The parameters of a 金口訣 cast (the method contract's ``Params``) and the cast from them.

Labels, defaults and sources: ``data/params.toml`` (the method's own) and ``xuanheng/data/params.toml``
(instant, place, calendar options and 貴人 table, shared by every method).

A cast is in one of two modes: from an instant (``at``), or in study mode from the coordinates the
casebooks print (``day``, ``hour``, ``month``, ``yue_jiang``, ``year`` and the option ``day_night`` as
``day`` or ``night``). Each parameter names the modes that use it; the front ends refuse one the mode would
silently ignore (``mode.unused``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from xuanheng.core import parse
from xuanheng.core.ganzhi import GanZhi
from xuanheng.errors import InputError
from xuanheng.jinkoujue.cast import cast
from xuanheng.jinkoujue.chart import JinKouJueChart
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.params import (
    Param,
    Params,
    about_param,
    calendar_params,
    declared,
    guiren_param,
    item_param,
    time_params,
)
from xuanheng.time._data import FIXED_DAY_BRANCHES

_PKG = "xuanheng.jinkoujue"
RANDOM = "random"
INSTANT, STUDY = "instant", "study"
#: the study inputs, in the order the casebooks print them (all but the year needed in study mode, with
#: day_night)
STUDY_INPUTS = ("day", "hour", "month", "yue_jiang", "year")
#: the study inputs the 課 cannot be cast without; the year only gives the 太歲, the spirits keyed by it and
#: the month's stem (五虎遁), which a chart without it leaves out
STUDY_NEEDED = ("day", "hour", "month", "yue_jiang")


def _own(name: str, kind: Any = None, **code: Any) -> Param:
    return declared(_PKG, name, kind, **code)


class JinKouJueParams(Params):
    """Inputs and school options of ``xuanheng jinkoujue`` / ``/api/jinkoujue``."""

    SPEC = (
        *time_params(modes=(INSTANT,)),
        _own(
            "difen",
            required=True,
            max_length=32,
        ),
        _own("seed", "int", ge=0, le=2**63 - 1),
        *calendar_params(modes=(INSTANT,), day_night_modes=(INSTANT, STUDY)),
        _own("day", max_length=4, group="study", modes=(STUDY,)),
        _own("hour", max_length=4, group="study", modes=(STUDY,)),
        _own("month", max_length=4, group="study", modes=(STUDY,)),
        _own("yue_jiang", max_length=4, group="study", modes=(STUDY,)),
        _own("year", max_length=4, group="study", modes=(STUDY,)),
        guiren_param(),
        _own("gui_shen_plate", group="school"),
        _own("yong_yao", group="school"),
        _own("wang_tie", group="school"),
        _own("tu_months", group="school"),
        _own("tianhou_home", group="school"),
        _own("wang_rule", group="school"),
        _own("ben_ming", max_length=8, group="person"),
        _own("topic", max_length=16, group="person"),
        about_param(_PKG, group="person"),
        item_param(),
    )
    READING_OPTIONS = ("about", "item")

    def mode(self) -> str:
        return mode_of(self)


def options_of(p: Params) -> JinKouJueOptions:
    """The :class:`JinKouJueOptions` of a set of parameters (the options by their declarations)."""
    return JinKouJueOptions.from_params(p)


def mode_of(p: Params) -> str:
    """``study`` when a study input is given without an instant, else ``instant``."""
    study = any(p.get(k) is not None for k in STUDY_INPUTS)
    return STUDY if study and p.get("at") is None else INSTANT


def _study(p: Params, difen: Any, ben_ming: str | int | None) -> JinKouJueChart:
    """The study-mode cast: every coordinate but the year is needed; without the year the chart has no 太歲,
    no spirit keyed by the year and, unless the month is given as a 干支, no month stem (五虎遁 from the year
    stem): those parts are absent, never guessed. 晝夜 is day_night day or night, else (auto,
    fixed) by the fixed hours 卯–申, as from an instant without a place; sun is refused."""
    missing = [k for k in STUDY_NEEDED if p.get(k) is None]
    if missing:
        raise InputError(
            f"study mode needs day, hour, month and yue_jiang (year optional); missing {', '.join(missing)}",
            field=missing[0],
            code="jinkoujue.study_missing",
            params={"missing": ", ".join(missing)},
        )
    if p.day_night == "sun":
        raise InputError(
            "in study mode 晝夜 cannot follow the sun (no instant, no place): give day_night day or night, "
            "or leave it to the fixed hours (卯–申 day)",
            field="day_night",
            code="jinkoujue.study_day_night",
        )
    if p.day_night in ("day", "night"):
        is_day = p.day_night == "day"
    else:  # auto or fixed: with no place, the fixed hours, as a cast from an instant without one
        is_day = parse.branch(p.hour, "hour") in FIXED_DAY_BRANCHES
    month, month_branch = None, p.month
    if len(str(p.month).strip()) == 2:  # a month 干支 (丙寅) gives its 月建 and its stem
        gz = parse.ganzhi(p.month, "month")
        month, month_branch = gz, gz.branch
    if isinstance(ben_ming, int):  # a birth year number: its 干支 (甲子 = 1984; 立春 is the caller's)
        if not 1 <= ben_ming <= 9999:
            raise InputError(f"birth year {ben_ming} out of range 1–9999", field="ben_ming")
        ben_ming = GanZhi((ben_ming - 1984) % 60).name
    return cast(
        day=p.day,
        hour=p.hour,
        month_branch=month_branch,
        month=month,
        year=p.year,
        yue_jiang=p.yue_jiang,
        is_day=is_day,
        difen=difen,
        seed=p.seed,
        options=options_of(p),
        ben_ming=ben_ming,
        topic=p.topic,
    )


def cast_params(p: Params) -> JinKouJueChart:
    """Cast from :class:`JinKouJueParams` (what the command line, the HTTP API and the MCP tool do): from
    the instant, or in study mode from the coordinates."""
    difen = p.difen
    if isinstance(difen, str):  # full-width digits and letters (１, ａｚ:９０) read as ASCII
        difen = unicodedata.normalize("NFKC", difen)
    ben_ming: str | int | None = p.ben_ming
    if isinstance(ben_ming, str) and ben_ming.strip().isdigit():
        ben_ming = int(ben_ming)
    if mode_of(p) == STUDY:
        return _study(p, difen, ben_ming)
    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 2026-03-10T21:00), or the study inputs day, hour, month, "
            "yue_jiang, year",
            field="at",
            code="study.neither",
            params={"example": "2026-03-10T21:00", "needed": ", ".join(STUDY_INPUTS)},
        )
    return cast(
        p.at,
        tz=p.tz,
        difen=difen,
        lon=p.lon,
        lat=p.lat,
        options=options_of(p),
        seed=p.seed,
        ben_ming=ben_ming,
        topic=p.topic,
        true_solar=bool(p.true_solar),
        fold=p.fold,
    )


__all__ = [
    "INSTANT",
    "RANDOM",
    "STUDY",
    "STUDY_INPUTS",
    "JinKouJueParams",
    "cast_params",
    "mode_of",
    "options_of",
]
