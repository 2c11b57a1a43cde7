"""大六壬: the whole chart (天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體) and its reading.

``cast(at, tz=…)`` casts from an instant; ``cast_by_coordinates(day, yue_jiang, hour)`` from the chart's
own coordinates; ``reading(chart, …)`` lists the rules that fire (``xuanheng.liuren.reading``).

The package attribute ``reading`` is the *function*: the submodule of the same name is imported here first,
so that importing it later (``importlib.import_module("xuanheng.liuren.reading")``) cannot rebind it.
"""

from __future__ import annotations

from typing import Any

from xuanheng.liuren.chart import Chuan, GuiRen, Ke, KeTi, LiuRenChart, Options, ShenSha
from xuanheng.liuren.engine import cast, cast_by_coordinates, make_options

try:
    from xuanheng.liuren.reading import reading
except ModuleNotFoundError as _e:  # a build without the reading module
    if _e.name != "xuanheng.liuren.reading":
        raise

    def reading(chart: LiuRenChart, *args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        """No reading module in this build."""
        raise NotImplementedError("xuanheng.liuren.reading is not installed")


__all__ = [
    "Chuan",
    "GuiRen",
    "Ke",
    "KeTi",
    "LiuRenChart",
    "Options",
    "ShenSha",
    "cast",
    "cast_by_coordinates",
    "make_options",
    "reading",
]
