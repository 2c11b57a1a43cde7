"""六壬金口訣: cast a 課 (人元, 貴神, 將神, 地分) and read it.

One entry: :func:`cast` (``cast.py``: an instant, or the study coordinates as keywords) and :func:`reading`.

>>> from xuanheng.jinkoujue import cast
>>> c = cast(day="癸未", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False, difen="申")
>>> c.ren_yuan.name, c.gui_shen.name, c.jiang_shen.name, c.dong_names
('庚', '青龍', '小吉', ('賊動', '兄弟動'))
"""

from __future__ import annotations

from xuanheng.jinkoujue.cast import cast, parse_difen
from xuanheng.jinkoujue.chart import (
    CalendarFacts,
    Dong,
    JinKouJueChart,
    PairRelation,
    Position,
    ShenshaHit,
    WangShuai,
)
from xuanheng.jinkoujue.method import METHOD
from xuanheng.jinkoujue.options import CHOICES, JinKouJueOptions
from xuanheng.jinkoujue.params import JinKouJueParams, cast_params
from xuanheng.jinkoujue.reading import reading

__all__ = [
    "CHOICES",
    "METHOD",
    "CalendarFacts",
    "Dong",
    "JinKouJueChart",
    "JinKouJueOptions",
    "JinKouJueParams",
    "PairRelation",
    "Position",
    "ShenshaHit",
    "WangShuai",
    "cast",
    "cast_params",
    "parse_difen",
    "reading",
]
