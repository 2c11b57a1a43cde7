"""大六壬: the whole chart (天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體) and its reading.

One entry (``cast.py``): ``cast(at, tz=…)`` casts from an instant, ``cast(day=…, yue_jiang=…, hour=…)`` from
the chart's own coordinates (study mode); ``reading(chart, …)`` lists the rules that fire
(``xuanheng.liuren.reading``).

The package attributes ``cast`` and ``reading`` are the *functions*: the submodules of the same names are
imported here first, so that importing them later (``importlib.import_module("xuanheng.liuren.cast")``)
cannot rebind them.
"""

from __future__ import annotations

from xuanheng.liuren.cast import cast, make_options
from xuanheng.liuren.chart import Chuan, GuiRen, Ke, KeTi, LiuRenChart, Options, ShenSha
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
    "cast_params",
    "enumerate_ke",
    "make_options",
    "reading",
]
