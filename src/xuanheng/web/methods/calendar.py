"""The calendar as a plug-in: ``/api/calendar`` = ``xuanheng calendar --json``."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from xuanheng.web.methods.common import TimeParams, instant_of
from xuanheng.web.registry import MethodPlugin


class CalendarParams(TimeParams):
    """Parameters of ``xuanheng calendar``."""

    day_boundary: str = Field("23:00", max_length=8, description="23:00 (子初換日, default) or 00:00")
    yue_jiang: str = Field("zhongqi", max_length=16, description="zhongqi (default), jie, or a branch")
    day_night: str = Field("auto", max_length=8, description="auto (default), sun, fixed, day, night")
    dst: str = Field(
        "clock",
        max_length=8,
        description="summer time: clock (default, count on the clock) or standard (summer hour taken off)",
    )


def compute(p: CalendarParams) -> dict[str, Any]:
    from xuanheng.time import CalendarOptions, calendar

    when, tz = instant_of(p)
    options = CalendarOptions(
        day_boundary=p.day_boundary,
        yue_jiang=p.yue_jiang,
        true_solar=p.true_solar,
        day_night=p.day_night,
        dst=p.dst,
    )
    doc: dict[str, Any] = calendar(when, p.lon, p.lat, options, tz=tz, fold=p.fold).to_json()
    return doc


def plugin() -> MethodPlugin | None:
    try:
        import xuanheng.time  # noqa: F401
    except ImportError:
        return None
    from xuanheng.render.calendar_svg import render_calendar

    return MethodPlugin(
        name="calendar",
        example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"},
        params=CalendarParams,
        compute=compute,
        render_svg=render_calendar,
        summary="calendar: pillars, 旬空, 節氣, 月將, lunar date, 晝夜",
        options=("day_boundary", "yue_jiang", "day_night", "dst"),
        form={
            "day_boundary": {"choices": ["23:00", "00:00"]},
            "dst": {"choices": ["clock", "standard"]},
            "day_night": {"choices": ["auto", "sun", "fixed", "day", "night"]},
        },
    )
