"""The one entry of the 六爻 library: :func:`cast` (from an instant, or in study mode from given 干支 as its
keyword arguments) and :func:`reading` of the chart.

The same shape in every method (``xuanheng.<method>.cast(...)`` and ``xuanheng.<method>.reading(chart,
...)``); the front ends cast through the method contract (:mod:`xuanheng.liuyao.params`).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from xuanheng.errors import InputError
from xuanheng.liuyao.api import cast_plain as _instant
from xuanheng.liuyao.api import cast_study as _study
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.options import Options
from xuanheng.liuyao.reading import reading
from xuanheng.params import study_mode

#: the study inputs (``day`` and ``month`` needed in study mode)
STUDY = ("day", "month", "hour", "year", "in_tu_wang")


def cast(
    at: str | _dt.datetime | None = None,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    fold: int | None = None,
    lines: object = None,
    hexagram: object = None,
    moving: object = None,
    coins: bool = False,
    yarrow: bool = False,
    seed: object = None,
    time: bool = False,
    numbers: object = None,
    throws: object = None,
    options: Options | dict[str, Any] | None = None,
    day: object = None,
    month: object = None,
    hour: object = None,
    year: object = None,
    in_tu_wang: bool | None = None,
    **kw: Any,
) -> LiuYaoChart:
    """A 六爻 chart: one way of casting (``lines``, ``hexagram`` with ``moving``, ``coins``/``yarrow`` with
    ``seed``, ``throws``, ``time``, ``numbers``) from the instant *at* (with ``tz``, or an offset in *at*;
    ``lon``/``lat``, ``fold``), or — without *at* — in study mode from ``day`` and ``month`` (干支; optionally
    ``hour``, ``year``, ``in_tu_wang``). ``options`` (or any option as a keyword) goes with either. Giving
    both an instant and study inputs is an :class:`InputError`.
    """
    way: dict[str, Any] = {"lines": lines, "hexagram": hexagram, "moving": moving, "coins": coins}
    way |= {"yarrow": yarrow, "seed": seed, "numbers": numbers, "throws": throws}
    needed = {"day": day, "month": month}
    if not study_mode(
        at, needed, {"hour": hour, "year": year, "in_tu_wang": in_tu_wang}, example="2026-03-10T21:00"
    ):
        assert at is not None
        return _instant(at, tz=tz, lon=lon, lat=lat, fold=fold, time=time, options=options, **way, **kw)
    if time:
        raise InputError("a time cast (time=True) needs the instant at", field="time")
    return _study(
        day=day, month=month, hour=hour, year=year, in_tu_wang=in_tu_wang, options=options, **way, **kw
    )


def cast_study(**kw: Any) -> LiuYaoChart:
    """The study-mode cast by its older name, kept for the tests and older callers; new code calls
    :func:`cast` with ``day`` and ``month``."""
    return _study(**kw)


__all__ = ["STUDY", "cast", "cast_study", "reading"]
