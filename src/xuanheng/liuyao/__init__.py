"""六爻 (納甲筮法): cast a hexagram, 裝卦 (納甲, 八宮, 世應, 六親, 六神, 伏神) and its time layer.

Python API::

    from xuanheng import liuyao
    chart = liuyao.cast("2026-03-10T21:00", tz="Asia/Shanghai", lines="887868")   # 初 → 上
    chart = liuyao.cast(at, tz=..., coins=True, seed=42)        # or yarrow=True, time=True,
    chart = liuyao.cast(at, tz=..., numbers=(3, 5))              # or hexagram="姤", moving=(1,)
    chart = liuyao.cast(day="甲子", month="寅", lines="777777")   # study mode: no instant
    chart.to_json()
    fired = liuyao.reading(chart, "財")

The one entry :func:`cast` is ``cast.py``; the ways of casting (lines, coins, yarrow, time, numbers) are
``ways.py``.

Every input and option is declared once in ``data/params.toml`` (:data:`OPTION_SPECS` for the Python
options, :class:`~xuanheng.liuyao.params.LiuYaoParams` for the method contract); ``METHOD`` makes the
``xuanheng liuyao`` command, ``/api/liuyao`` and the page. Docs: ``docs/liuyao.md``.
"""

from xuanheng.liuyao.cast import METHODS, cast, zhuang_gua
from xuanheng.liuyao.chart import (
    BianLine,
    BranchState,
    CastRecord,
    Change,
    FuShen,
    GuaInfo,
    Line,
    LiuYaoChart,
    MarkedBranch,
    Shen,
    Yao,
)
from xuanheng.liuyao.method import METHOD
from xuanheng.liuyao.options import DEFAULT_OPTIONS, OPTION_SPECS, Options, make_options
from xuanheng.liuyao.params import LiuYaoParams, cast_params
from xuanheng.liuyao.reading import reading

__all__ = [
    "DEFAULT_OPTIONS",
    "METHOD",
    "METHODS",
    "OPTION_SPECS",
    "BianLine",
    "BranchState",
    "CastRecord",
    "Change",
    "FuShen",
    "GuaInfo",
    "Line",
    "LiuYaoChart",
    "LiuYaoParams",
    "MarkedBranch",
    "Options",
    "Shen",
    "Yao",
    "cast",
    "cast_params",
    "make_options",
    "reading",
    "zhuang_gua",
]
