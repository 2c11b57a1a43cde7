"""大六壬: the whole chart (天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體) and its reading.

One entry: ``cast(at, tz=…)`` casts from an instant, ``cast(day=…, yue_jiang=…, hour=…)`` from the chart's
own coordinates (study mode); ``reading(chart, …)`` lists the rules that fire (``xuanheng.liuren.reading``).
``cast_by_coordinates`` is the study cast's older name, kept for the tests.

The package attribute ``reading`` is the *function*: the submodule of the same name is imported here first,
so that importing it later (``importlib.import_module("xuanheng.liuren.reading")``) cannot rebind it.
"""

from __future__ import annotations

from xuanheng.liuren.chart import Chuan, GuiRen, Ke, KeTi, LiuRenChart, Options, ShenSha
from xuanheng.liuren.engine import make_options
from xuanheng.liuren.entry import cast, cast_by_coordinates
from xuanheng.liuren.method import METHOD
from xuanheng.liuren.params import LiuRenParams, cast_params, enumerate_ke
from xuanheng.liuren.reading import reading

__all__ = [
    "METHOD",
    "Chuan",
    "GuiRen",
    "Ke",
    "KeTi",
    "LiuRenChart",
    "LiuRenParams",
    "Options",
    "ShenSha",
    "cast",
    "cast_by_coordinates",
    "cast_params",
    "enumerate_ke",
    "make_options",
    "reading",
]
