"""The one entry of the 大六壬 library: :func:`cast` (from an instant, or in study mode from the chart's own
coordinates given as its keyword arguments) and :func:`reading` of the chart.

The same shape in every method (``xuanheng.<method>.cast(...)`` and ``xuanheng.<method>.reading(chart,
...)``); the front ends cast through the method contract (:mod:`xuanheng.liuren.params`).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from xuanheng.core.ganzhi import GanZhi
from xuanheng.liuren.chart import LiuRenChart, Options
from xuanheng.liuren.engine import cast as _instant
from xuanheng.liuren.engine import cast_by_coordinates as _coordinates
from xuanheng.liuren.reading import reading
from xuanheng.params import study_mode

#: the study coordinates (all needed in study mode)
STUDY = ("day", "yue_jiang", "hour")


def cast(
    at: str | _dt.datetime | None = None,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    options: Options | dict[str, Any] | None = None,
    birth_year: int | None = None,
    sex: str | None = None,
    fold: int | None = None,
    day: str | int | GanZhi | None = None,
    yue_jiang: str | int | None = None,
    hour: str | int | None = None,
    is_day: bool | None = None,
    month_branch: str | int | None = None,
    year_branch: str | int | None = None,
    year: int | None = None,
    **kw: Any,
) -> LiuRenChart:
    """A 大六壬 chart from the instant *at* (with ``tz``, or an offset in *at*; ``lon``/``lat`` for 晝夜 by
    the sun, ``fold``), or — without *at* — in study mode from ``day``, ``yue_jiang`` and ``hour`` (all
    three; optionally ``is_day``, ``month_branch``, ``year_branch``, ``year``). ``options`` (or any option
    as a keyword, ``shehai="mengzhongji"`` …), ``birth_year`` and ``sex`` go with either. Giving both an
    instant and study inputs is an :class:`InputError`.
    """
    coords = {"day": day, "yue_jiang": yue_jiang, "hour": hour}
    extra = {"is_day": is_day, "month_branch": month_branch, "year_branch": year_branch, "year": year}
    if not study_mode(at, coords, extra, example="2026-03-10T21:00"):
        assert at is not None
        return _instant(
            at, tz=tz, lon=lon, lat=lat, options=options, birth_year=birth_year, sex=sex, fold=fold, **kw
        )
    assert day is not None and yue_jiang is not None and hour is not None
    return _coordinates(
        day,
        yue_jiang,
        hour,
        options=options,
        is_day=is_day,
        month_branch=month_branch,
        year_branch=year_branch,
        year=year,
        birth_year=birth_year,
        sex=sex,
        **kw,
    )


def cast_by_coordinates(*args: Any, **kw: Any) -> LiuRenChart:
    """The study-mode cast by its older name, kept for the tests and older callers (it takes also the
    instant cast's internal keywords); new code calls :func:`cast` with ``day``, ``yue_jiang``, ``hour``."""
    return _coordinates(*args, **kw)


__all__ = ["STUDY", "cast", "cast_by_coordinates", "reading"]
