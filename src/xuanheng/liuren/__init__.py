"""大六壬: the whole chart (天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體) and its reading.

``cast(at, tz=…)`` casts from an instant; ``cast_by_coordinates(day, yue_jiang, hour)`` from the chart's
own coordinates; ``reading(chart, …)`` lists the rules that fire (``xuanheng.liuren.reading``).
"""

from __future__ import annotations

import importlib
from typing import Any

from xuanheng.liuren.chart import Chuan, GuiRen, Ke, KeTi, LiuRenChart, Options, ShenSha
from xuanheng.liuren.engine import cast, cast_by_coordinates, make_options


def reading(chart: LiuRenChart, *args: Any, **kwargs: Any) -> Any:
    """The reading of *chart*: see :func:`xuanheng.liuren.reading.reading`."""
    module = importlib.import_module("xuanheng.liuren.reading")
    return module.reading(chart, *args, **kwargs)


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
