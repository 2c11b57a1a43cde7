"""五行 生剋 and 比和 between elements.

Element indices follow the generating order 木=0 火=1 土=2 金=3 水=4, so that
``生`` is +1 and ``剋`` is +2 (mod 5): 木生火 … 水生木; 木剋土 … 水剋火
(《五行大義》卷二〈論相生〉〈論相剋〉).
"""

from __future__ import annotations

from enum import StrEnum

from xuanheng.core._data import load


class Relation(StrEnum):
    """How element *a* stands to element *b*."""

    SAME = "比和"  # a == b
    GENERATES = "生"  # a 生 b
    GENERATED_BY = "被生"  # b 生 a
    OVERCOMES = "剋"  # a 剋 b
    OVERCOME_BY = "被剋"  # b 剋 a


def generates(a: int, b: int) -> bool:
    """a 生 b."""
    return (b - a) % 5 == 1


def overcomes(a: int, b: int) -> bool:
    """a 剋 b."""
    return (b - a) % 5 == 2


def relation(a: int, b: int) -> Relation:
    """The relation of element *a* to element *b*."""
    d = (b - a) % 5
    return (
        Relation.SAME,
        Relation.GENERATES,
        Relation.OVERCOMES,
        Relation.OVERCOME_BY,
        Relation.GENERATED_BY,
    )[d]


#: 六親 by (other − me) mod 5: 兄弟 子孫 妻財 官鬼 父母 (``data/wuxing.toml``)
LIU_QIN: tuple[str, ...] = tuple(load("wuxing")["liu_qin"]["names"])


def liu_qin(me: int, other: int) -> str:
    """六親 of element *other* seen from element *me*: same 兄弟, I generate 子孫, I overcome 妻財,
    overcomes me 官鬼, generates me 父母 (《六壬大全》卷一〈六親〉; 004-015 … 004-019)."""
    return LIU_QIN[(other - me) % 5]


def generated_by(e: int) -> int:
    """The element that generates *e* (its 母)."""
    return (e - 1) % 5


def child_of(e: int) -> int:
    """The element *e* generates (its 子)."""
    return (e + 1) % 5


def overcome_by(e: int) -> int:
    """The element that overcomes *e*."""
    return (e - 2) % 5


def overcome_of(e: int) -> int:
    """The element *e* overcomes."""
    return (e + 2) % 5


__all__ = [
    "LIU_QIN",
    "Relation",
    "child_of",
    "generated_by",
    "generates",
    "liu_qin",
    "overcome_by",
    "overcome_of",
    "overcomes",
    "relation",
]
