"""五行 生剋 and 比和 between elements.

Element indices follow the generating order 木=0 火=1 土=2 金=3 水=4, so that
``生`` is +1 and ``剋`` is +2 (mod 5): 木生火 … 水生木; 木剋土 … 水剋火
(《五行大義》卷二〈論相生〉〈論相剋〉).
"""

from __future__ import annotations

from enum import StrEnum

from xuanheng.core._data import load
from xuanheng.core.ganzhi import ELEMENTS as _NAMES
from xuanheng.errors import InputError


def element_index(value: int | str) -> int:
    """Index of an element given as 0–4 or ``"木"`` … ``"水"``; raise :class:`InputError` otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 5:
        return value
    if isinstance(value, str) and value.strip() in _NAMES:
        return _NAMES.index(value.strip())
    raise InputError(f"unknown element {value!r}: expected one of {''.join(_NAMES)} or 0–4", field="element")


class Relation(StrEnum):
    """How element *a* stands to element *b*."""

    SAME = "比和"  # a == b
    GENERATES = "生"  # a 生 b
    GENERATED_BY = "被生"  # b 生 a
    OVERCOMES = "剋"  # a 剋 b
    OVERCOME_BY = "被剋"  # b 剋 a


def generates(a: int | str, b: int | str) -> bool:
    """a 生 b."""
    return (element_index(b) - element_index(a)) % 5 == 1


def overcomes(a: int | str, b: int | str) -> bool:
    """a 剋 b."""
    return (element_index(b) - element_index(a)) % 5 == 2


def relation(a: int | str, b: int | str) -> Relation:
    """The relation of element *a* to element *b*."""
    d = (element_index(b) - element_index(a)) % 5
    return (
        Relation.SAME,
        Relation.GENERATES,
        Relation.OVERCOMES,
        Relation.OVERCOME_BY,
        Relation.GENERATED_BY,
    )[d]


#: 六親 by (other − me) mod 5: 兄弟 子孫 妻財 官鬼 父母 (``data/wuxing.toml``)
LIU_QIN: tuple[str, ...] = tuple(load("wuxing")["liu_qin"]["names"])


def liu_qin(me: int | str, other: int | str) -> str:
    """六親 of element *other* seen from element *me*: same 兄弟, I generate 子孫, I overcome 妻財,
    overcomes me 官鬼, generates me 父母 (《六壬大全》卷一〈六親〉; 004-015 … 004-019)."""
    return LIU_QIN[(element_index(other) - element_index(me)) % 5]


def generated_by(e: int | str) -> int:
    """The element that generates *e* (its 母)."""
    return (element_index(e) - 1) % 5


def child_of(e: int | str) -> int:
    """The element *e* generates (its 子)."""
    return (element_index(e) + 1) % 5


def overcome_by(e: int | str) -> int:
    """The element that overcomes *e*."""
    return (element_index(e) - 2) % 5


def overcome_of(e: int | str) -> int:
    """The element *e* overcomes."""
    return (element_index(e) + 2) % 5


__all__ = [
    "LIU_QIN",
    "Relation",
    "child_of",
    "element_index",
    "generated_by",
    "generates",
    "liu_qin",
    "overcome_by",
    "overcome_of",
    "overcomes",
    "relation",
]
