"""五行 生剋: 木生火 火生土 土生金 金生水 水生木; 木剋土 土剋水 水剋火 火剋金 金剋木
(《五行大義》卷二〈論相生〉〈論相剋〉), written out here as lists of names."""

from __future__ import annotations

import itertools

from xuanheng.core.ganzhi import ELEMENTS
from xuanheng.core.wuxing import (
    Relation,
    child_of,
    generated_by,
    generates,
    liu_qin,
    overcome_by,
    overcome_of,
    overcomes,
    relation,
)

SHENG = ["木火", "火土", "土金", "金水", "水木"]
KE = ["木土", "土水", "水火", "火金", "金木"]


def _ix(c: str) -> int:
    return ELEMENTS.index(c)


def test_element_order() -> None:
    assert "".join(ELEMENTS) == "木火土金水"


def test_sheng_ke_tables() -> None:
    sheng = {(_ix(p[0]), _ix(p[1])) for p in SHENG}
    ke = {(_ix(p[0]), _ix(p[1])) for p in KE}
    for a, b in itertools.product(range(5), repeat=2):
        assert generates(a, b) == ((a, b) in sheng)
        assert overcomes(a, b) == ((a, b) in ke)
        expect = (
            Relation.SAME
            if a == b
            else Relation.GENERATES
            if (a, b) in sheng
            else Relation.GENERATED_BY
            if (b, a) in sheng
            else Relation.OVERCOMES
            if (a, b) in ke
            else Relation.OVERCOME_BY
        )
        assert relation(a, b) is expect
        assert (b, a) in ke if expect is Relation.OVERCOME_BY else True


def test_helpers() -> None:
    for e in range(5):
        assert generates(e, child_of(e)) and generates(generated_by(e), e)
        assert overcomes(e, overcome_of(e)) and overcomes(overcome_by(e), e)


def test_seed_000_160() -> None:
    # 000-160: 金 overcomes 木, 火 overcomes 金, 木 generates 火
    assert relation(_ix("金"), _ix("木")) is Relation.OVERCOMES
    assert relation(_ix("火"), _ix("金")) is Relation.OVERCOMES
    assert relation(_ix("木"), _ix("火")) is Relation.GENERATES
    assert relation(_ix("火"), _ix("木")) is Relation.GENERATED_BY
    assert relation(_ix("木"), _ix("金")) is Relation.OVERCOME_BY
    assert Relation.SAME == "比和"


def test_liu_qin_from_sheng_ke() -> None:
    sheng = {(_ix(p[0]), _ix(p[1])) for p in SHENG}
    ke = {(_ix(p[0]), _ix(p[1])) for p in KE}
    for me, other in itertools.product(range(5), repeat=2):
        expect = (
            "兄弟"
            if me == other
            else "子孫"
            if (me, other) in sheng
            else "父母"
            if (other, me) in sheng
            else "妻財"
            if (me, other) in ke
            else "官鬼"
        )
        assert liu_qin(me, other) == expect


def test_liu_qin_ke_chain_of_seed_004() -> None:
    """004-015 … 004-019: 父母剋子孫, 子孫剋官鬼, 官鬼剋兄弟, 妻財剋父母, 兄弟剋妻財."""
    chain = [("父母", "子孫"), ("子孫", "官鬼"), ("官鬼", "兄弟"), ("妻財", "父母"), ("兄弟", "妻財")]
    for me in range(5):
        of = {liu_qin(me, e): e for e in range(5)}
        for a, b in chain:
            assert overcomes(of[a], of[b])


def test_element_input_errors() -> None:
    import pytest

    from xuanheng.core.wuxing import element_index
    from xuanheng.errors import InputError

    assert element_index("金") == 3 and element_index(4) == 4
    assert relation("木", "火") is Relation.GENERATES
    for bad in (5, -1, True, "金木", "甲", None):
        with pytest.raises(InputError) as ei:
            relation(bad, 0)  # type: ignore[arg-type]
        assert ei.value.field == "element"
