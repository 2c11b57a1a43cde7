"""What a cast of the method contract gives for 七政四餘: the natal chart with its reading options and its 限.

:class:`QiZhengLife` is the chart the contract's ``cast`` returns (``xuanheng qizheng``, ``/api/qizheng``):
the natal :class:`~xuanheng.qizheng.chart.QiZhengChart`, the reading's school options, the 限 options, the
date ``on`` (or None) and, computed when it is made, the 限 of that date and the timeline of the whole life
(:mod:`xuanheng.qizheng.xian`). Its document is the natal chart's JSON with

* ``da_xian``, ``tong_xian``, ``xiao_xian``, ``liu_nian``, ``dongwei``, ``liu_yao``: what runs on ``on``
  (each None without ``on``; ``da_xian`` also None past the 百六 span);
* ``timeline``: every 大限 (with the 宿 the 洞微 限度 enters), the 童限, and year by year the 小限 and 流年
  of the first ``years`` years of the life (parameter ``years``); by default (0) only the rows of the year
  of ``on``, none without ``on`` (``current_index``: the 大限 running on ``on``). The year-by-year rows cost
  most of a document, so only a reader who shows them asks for them: the page's grid of years asks for
  :data:`TIMELINE_YEARS`;
* ``inputs.on`` and the reading and 限 options in ``options``.

The reading (:func:`xuanheng.qizheng.reading.reading`) is read from :attr:`QiZhengLife.chart` with these
options and ``on``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from importlib import import_module
from typing import Any

from xuanheng.qizheng.chart import QiZhengChart

#: the years the page's timeline lists one by one (the 百六 span is about 106 years; the page shows a
#: century); the document's default is the year of ``on`` alone (parameter ``years`` = 0)
TIMELINE_YEARS = 100
#: the keys of the document that say what runs on ``on``
ON_KEYS: tuple[str, ...] = ("da_xian", "tong_xian", "xiao_xian", "liu_nian", "dongwei", "liu_yao")


@dataclass(frozen=True, slots=True)
class QiZhengLife:
    """A natal chart, its reading and 限 options, the date ``on`` and the 限 (see the module docstring)."""

    chart: QiZhengChart
    reading_options: Mapping[str, str]
    xian_options: Mapping[str, str]
    on: datetime | None
    #: :func:`xuanheng.qizheng.xian.xian` of ``on`` (None without ``on``)
    current: Mapping[str, Any] | None
    #: :func:`xuanheng.qizheng.xian.timeline` (without its ``current``, which is :attr:`current`)
    timeline: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        out = self.chart.to_json()
        out["inputs"]["on"] = None if self.on is None else self.on.isoformat(timespec="seconds")
        out["options"] = {**out["options"], **self.reading_options, **self.xian_options}
        cur = self.current or {}
        for k in ON_KEYS:
            out[k] = cur.get(k)
        if cur.get("warning"):
            out["warnings"] = [*out["warnings"], dict(cur["warning"])]
        tl = {k: v for k, v in self.timeline.items() if k not in ("engine_version", "schema_version")}
        out["timeline"] = tl
        return out


def life(
    chart: QiZhengChart,
    on: datetime | str | None = None,
    reading_options: Mapping[str, str] | None = None,
    xian_options: Mapping[str, str] | None = None,
    years: int = 0,
) -> QiZhengLife:
    """The :class:`QiZhengLife` of *chart*: the 限 options completed with their defaults, ``on`` parsed in the
    chart's zone (a date is noon of that day; before the birth is an ``OutOfRangeError`` naming ``on``), the
    小限 and 流年 of the first *years* years listed one by one in the timeline (0–130; 0: the year of ``on``
    alone, :func:`xuanheng.qizheng.xian.life_timeline`)."""
    # the module (the package's attribute ``reading`` is its function, as in every method package)
    R = import_module("xuanheng.qizheng.reading")
    from xuanheng.qizheng import xian as X

    # reading options given here are validated and echoed with the chart's (the Python API); the method
    # contract passes them to the reading instead (QiZhengParams.READING_OPTIONS)
    ropts = R.validate(reading_options) if reading_options is not None else {}
    xopts = X.validate(xian_options)
    at = None if on is None else X.parse_on(on, chart.when.tzinfo)
    tl = X.life_timeline(chart, on=at, years=years, **xopts)
    current = tl.pop("current")
    return QiZhengLife(
        chart=chart,
        reading_options=ropts,
        xian_options=xopts,
        on=at,
        current=current,
        timeline=tl,
    )


__all__ = ["ON_KEYS", "TIMELINE_YEARS", "QiZhengLife", "life"]
