"""六十甲子納音 (海中金 …). Table in ``data/nayin.toml``; ``tests/core/test_nayin.py`` re-derives each
element from the 大衍 numbers (《三命通會》〈論納音取象〉)."""

from __future__ import annotations

from xuanheng.core._data import load
from xuanheng.core.ganzhi import ELEMENTS, GanZhi, as_ganzhi

_T = load("nayin")

#: the thirty 納音 names; pair k covers 干支 2k and 2k+1
NA_YIN_NAMES: tuple[str, ...] = tuple(_T["na_yin"]["names"])
assert len(NA_YIN_NAMES) == 30
_ELEMENT_IX = {name: i for i, name in enumerate(ELEMENTS)}


def _index(gz: GanZhi | int | str) -> int:
    return as_ganzhi(gz).index


def na_yin(gz: GanZhi | int | str) -> str:
    """納音 name of a 干支 (a :class:`GanZhi`, its index 0–59, or text such as ``"甲子"``)."""
    return NA_YIN_NAMES[_index(gz) // 2]


def na_yin_element(gz: GanZhi | int | str) -> int:
    """Element index of the 納音 (the last character of its name: 海中金 → 金 = 3)."""
    return _ELEMENT_IX[na_yin(gz)[-1]]


__all__ = ["NA_YIN_NAMES", "na_yin", "na_yin_element"]
