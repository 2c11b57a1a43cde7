"""The memos of 七政四餘's pure functions: what a document computes from a frozen chart, kept for the next
document of the same chart.

A chart (:class:`~xuanheng.qizheng.chart.QiZhengChart`) is frozen and the library reads no clock, so its
限 plan (:func:`xuanheng.qizheng.xian.plan`), its reading (:func:`xuanheng.qizheng.reading.reading`) and
the judgment's context and palace steps (:mod:`xuanheng.qizheng.judgment`) are functions of the chart and
their options alone. The method's cast gives the same chart object for the same inputs
(:func:`xuanheng.qizheng.params.cast_chart`), and the 流曜 of a date are cast once for every chart
(:func:`xuanheng.qizheng.xian.liu_yao`), so a front end that asks for a chart again (its drawing, another
language, the next page of a timeline) and the charts asked about one date share that work.

:class:`ChartMemo` keys its values by the chart's identity and keeps the chart beside them (an id is never
taken for another chart's); it forgets everything when full. Each memo keeps at most :data:`SIZE` charts'
values: a chart with its reading, judgment state and plan holds about 200 KiB (measured with tracemalloc over
100 new births), so the memos together stay near 25 MiB. :func:`clear` empties every memo (the benchmarks
time the work itself with it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")
#: how many charts (or chart and key pairs) a memo keeps before it forgets them all
SIZE = 128

_MEMOS: list[ChartMemo[Any]] = []
_CACHES: list[Callable[[], None]] = []


class ChartMemo(Generic[V]):
    """Values computed from one chart and a key (the options …), at most *size* of them.

    *second*: a value is only noted the first time it is put for a chart and key, and kept the second time
    (as :class:`xuanheng.method.KeptDocuments` keeps documents): most charts are asked for once, and what a
    memo keeps outlives the document, so the garbage collector's full collections scan it again and again
    (they run once so many objects have outlived their young collections, and a new birth's reading and
    judgment state are about 500 of them); a chart asked for a second time has its value kept then."""

    __slots__ = ("_kept", "second", "size")

    def __init__(self, size: int = SIZE, *, second: bool = False) -> None:
        self._kept: dict[tuple[int, Hashable], tuple[Any, Any]] = {}
        self.size = size
        self.second = second
        _MEMOS.append(self)

    def get(self, chart: Any, key: Hashable) -> V | None:
        """The value kept for *chart* and *key*, or None (also when it was only noted)."""
        got = self._kept.get((id(chart), key))
        if got is None or got[0] is not chart or got[1] is _NOTED:
            return None
        return got[1]  # type: ignore[no-any-return]

    def put(self, chart: Any, key: Hashable, value: V) -> V:
        """Keep *value* for *chart* and *key* (with *second*, note it the first time); return it."""
        k = (id(chart), key)
        if self.second:
            known = self._kept.get(k)
            if known is None or known[0] is not chart:
                if len(self._kept) >= self.size:
                    self._kept.clear()
                self._kept[k] = (chart, _NOTED)
                return value
        if len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[k] = (chart, value)
        return value

    def clear(self) -> None:
        self._kept.clear()


#: what a memo that keeps on the second time holds for a value put once (:class:`ChartMemo`)
_NOTED = object()


def register_cache(cache_clear: Callable[[], None]) -> None:
    """Have :func:`clear` also empty an ``lru_cache`` (its ``cache_clear``)."""
    _CACHES.append(cache_clear)


def clear() -> None:
    """Forget every memo and cache of this package's pure functions."""
    for m in _MEMOS:
        m.clear()
    for c in _CACHES:
        c()


__all__ = ["SIZE", "ChartMemo", "clear", "register_cache"]
