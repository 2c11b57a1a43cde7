"""The calendar chart as a method of the contract: pillars, 旬空, 節氣, 月將, lunar date, 晝夜, sun.

``cast(at, tz=…, lon=…, lat=…, **options)`` is :func:`xuanheng.time.calendar`; ``METHOD`` makes the
``xuanheng calendar`` command, ``/api/calendar`` and the page's calendar view.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from xuanheng.calendar.render_svg import render_calendar, render_calendar_narrow
from xuanheng.calendar.render_text import render_text
from xuanheng.method import Method
from xuanheng.params import Params, calendar_options, calendar_params, time_params
from xuanheng.reading import Text
from xuanheng.time import CalendarOptions, ChartTime, calendar


class CalendarParams(Params):
    """Inputs and options of ``xuanheng calendar`` / ``/api/calendar``."""

    SPEC = (*time_params(), *calendar_params())


def cast(
    at: str | datetime,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    fold: int | None = None,
    **options: Any,
) -> ChartTime:
    """The calendar chart of an instant; *options* are :class:`~xuanheng.time.CalendarOptions` fields."""
    return calendar(at, lon, lat, CalendarOptions(**options), tz=tz, fold=fold)


def cast_params(p: Params) -> ChartTime:
    from xuanheng.errors import InputError

    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 2024-02-10T12:00)",
            field="at",
            code="at.missing",
            params={"example": "2024-02-10T12:00"},
        )
    return calendar(p.at, p.lon, p.lat, calendar_options(p), tz=p.tz, fold=p.fold)


METHOD = Method(
    name="calendar",
    label=Text(ko="만세력", zh_hant="曆法", en="Calendar (曆法)"),
    summary=Text(
        ko="만세력: 사주, 순공, 절기, 월장, 음력, 낮·밤",
        zh_hant="曆：四柱、旬空、節氣、月將、農曆、晝夜",
        en="calendar: pillars, 旬空, 節氣, 月將, lunar date, 晝夜",
    ),
    params=CalendarParams,
    cast=cast_params,
    facts=lambda doc: {},
    views={"svg": render_calendar, "svg_narrow": render_calendar_narrow, "text": render_text},
    example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"},
)

__all__ = ["METHOD", "CalendarParams", "cast", "cast_params"]
