"""七政四餘: the natal chart on real positions — 11 曜, 28 宿, 12 宮, 命宮 and 身宮, time rules of seed 003.

``cast(at, tz=…, lon=…, lat=…, sex=None, **options)`` (``cast.py``, the one entry) returns a frozen
:class:`QiZhengChart` and ``reading(chart, topic=None, lang=…, **options)`` its fired rules (as every method
package); its ``to_json()`` carries the eleven 曜 (日 月 水 金 火 木 土 羅 計 孛 炁), the 命宮/身宮, the
twelve palaces, the 28 mansions of the chosen system, the time rules, and the star spirits (``hua_yao``,
``shensha``) filled by ``xuanheng.qizheng.spirits.star_spirits`` when that module is installed. Options and
their sources: ``xuanheng.qizheng.options`` (``data/params.toml``); everything else in ``docs/qizheng.md``.
"""

from __future__ import annotations

from xuanheng.qizheng.cast import SEXES, cast
from xuanheng.qizheng.chart import YAO_NAMES, Palace, Point, QiZhengChart, XiuBound, XiuPosition, Yao
from xuanheng.qizheng.method import METHOD
from xuanheng.qizheng.options import DEFAULTS, OPTIONS, catalogue
from xuanheng.qizheng.reading import reading

__all__ = [
    "DEFAULTS",
    "METHOD",
    "OPTIONS",
    "SEXES",
    "YAO_NAMES",
    "Palace",
    "Point",
    "QiZhengChart",
    "XiuBound",
    "XiuPosition",
    "Yao",
    "cast",
    "catalogue",
    "reading",
]
