"""The one entry of the 金口訣 library: :func:`cast` (from an instant, or in study mode from the calendar
coordinates given as its keyword arguments) and :func:`reading` of the chart.

The same shape in every method (``xuanheng.<method>.cast(...)`` and ``xuanheng.<method>.reading(chart,
...)``); the front ends cast through the method contract (:mod:`xuanheng.jinkoujue.params`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from xuanheng.core.ganzhi import GanZhi
from xuanheng.errors import InputError
from xuanheng.jinkoujue.cast import cast as _instant
from xuanheng.jinkoujue.cast import cast_by_coordinates as _coordinates
from xuanheng.jinkoujue.chart import JinKouJueChart
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.jinkoujue.reading import reading
from xuanheng.params import study_mode

#: the study coordinates (all needed in study mode) and the study mode's optional inputs
STUDY = ("day", "hour", "month_branch", "year", "yue_jiang", "is_day")
STUDY_OPTIONAL = ("month", "days_since_jie")


def cast(
    at: datetime | str | None = None,
    *,
    difen: str | int | float,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    options: JinKouJueOptions | Mapping[str, Any] | None = None,
    seed: int | None = None,
    ben_ming: GanZhi | str | int | None = None,
    topic: str | None = None,
    true_solar: bool = False,
    fold: int | None = None,
    day: GanZhi | str | None = None,
    hour: int | str | None = None,
    month_branch: int | str | None = None,
    year: GanZhi | str | None = None,
    yue_jiang: int | str | None = None,
    is_day: bool | None = None,
    month: GanZhi | str | None = None,
    days_since_jie: int | None = None,
) -> JinKouJueChart:
    """A 金口訣 課 from the instant *at* (with ``tz``, or an offset in *at*; ``lon``/``lat``,
    ``true_solar``, ``fold`` as :func:`xuanheng.time.calendar` takes them), or — without *at* — in study mode
    from the coordinates ``day``, ``hour``, ``month_branch``, ``year``, ``yue_jiang`` and ``is_day`` (all
    six; optionally ``month`` and ``days_since_jie``). ``difen``, ``seed``, ``options``, ``ben_ming`` and
    ``topic`` go with either. Giving both an instant and study coordinates is an :class:`InputError`.
    """
    coords = {"day": day, "hour": hour, "month_branch": month_branch, "year": year}
    coords |= {"yue_jiang": yue_jiang, "is_day": is_day}
    extra = {"month": month, "days_since_jie": days_since_jie}
    if not study_mode(at, coords, extra, example="2026-03-10T21:00"):
        assert at is not None
        return _instant(
            at,
            tz=tz,
            difen=difen,
            lon=lon,
            lat=lat,
            options=options,
            seed=seed,
            ben_ming=ben_ming,
            topic=topic,
            true_solar=true_solar,
            fold=fold,
        )
    if isinstance(ben_ming, int):
        raise InputError("in study mode ben_ming is a 干支 (甲子)", field="ben_ming")
    bm: GanZhi | str | None = ben_ming
    assert day is not None and hour is not None and month_branch is not None and year is not None
    assert yue_jiang is not None and is_day is not None
    return _coordinates(
        day=day,
        hour=hour,
        month_branch=month_branch,
        year=year,
        yue_jiang=yue_jiang,
        is_day=is_day,
        difen=difen,
        seed=seed,
        options=options,
        ben_ming=bm,
        topic=topic,
        month=month,
        days_since_jie=days_since_jie,
    )


def cast_by_coordinates(*args: Any, **kw: Any) -> JinKouJueChart:
    """The study-mode cast by its older name, kept for the tests and older callers (it takes also the
    instant cast's internal keywords); new code calls :func:`cast` with the coordinates as keywords."""
    return _coordinates(*args, **kw)


__all__ = ["STUDY", "cast", "cast_by_coordinates", "reading"]
