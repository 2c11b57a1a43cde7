"""The generic 神煞 engine: table format, validation and evaluation rules (independent of any table file)."""

from __future__ import annotations

import pytest

from xuanheng.errors import OptionError
from xuanheng.shensha import Occupied, _spirit_from, evaluate, evaluate_all, load_table, parse_terms


def sp(**kw: object) -> object:
    base = {"key": "x", "name": "X", "src": "000-001", "yields": "branch"}
    base.update(kw)
    return _spirit_from(base)


def test_parse_terms() -> None:
    assert parse_terms("申酉", "branch") == Occupied(branches=(8, 9))
    assert parse_terms("丁", "stem") == Occupied(stems=(3,))
    assert parse_terms("丁申", "mixed") == Occupied(branches=(8,), stems=(3,))
    assert parse_terms("戊寅甲午", "ganzhi").ganzhi == (14, 30)
    assert parse_terms("天空", "jiang").jiang == (6,)
    assert parse_terms(7, "number").numbers == (7,)
    with pytest.raises(ValueError):
        parse_terms("丁", "branch")


def test_offset_table_group_const_after() -> None:
    off = sp(basis="month_branch", offset=6)
    assert evaluate(off, {"month_branch": 2}).branches == (8,)  # type: ignore[arg-type]
    tab = sp(basis="month_branch", start="寅", table=list("戌酉申未午巳辰卯寅丑子亥"))
    assert evaluate(tab, {"month_branch": 2}).branches == (10,)  # type: ignore[arg-type]
    assert evaluate(tab, {"month_branch": 1}).branches == (11,)  # type: ignore[arg-type]
    grp = sp(basis="day_branch", by_group={"申子辰": "巳", "亥卯未": "申", "寅午戌": "亥", "巳酉丑": "寅"})
    assert evaluate(grp, {"day_branch": 4}).branches == (5,)  # type: ignore[arg-type]
    const = sp(basis="none", yields="stem", const="丁")
    assert evaluate(const, {}).stems == (3,)  # type: ignore[arg-type]
    core = sp(basis="day_stem", core="lu")
    assert evaluate(core, {"day_stem": 0}).branches == (2,)  # type: ignore[arg-type]


def test_after_chains_and_missing_basis() -> None:
    a = sp(key="a", basis="day_branch", offset=1)
    b = sp(key="b", basis="day_branch", after="a", offset=5)
    c = sp(key="c", basis="birth_branch", offset=0)
    out = evaluate_all((a, b, c), {"day_branch": 0})  # type: ignore[arg-type]
    assert out["b"].branches == (6,)
    assert "c" not in out  # no birth year: not computable, not guessed


def test_validation() -> None:
    with pytest.raises(ValueError):
        sp(basis="month_branch", offset=1, const="子")  # two rules
    with pytest.raises(ValueError):
        sp(basis="month_branch", table=["子"] * 11)  # incomplete table
    with pytest.raises(ValueError):
        sp(basis="month_branch", yields="planet", offset=1)
    with pytest.raises(ValueError):
        sp(basis="day_stem", core="nonexistent")
    with pytest.raises(OptionError):
        evaluate(sp(basis="month_branch", offset=1), {})  # type: ignore[arg-type]


def test_after_spirit_is_left_out_when_its_base_is_not_computable() -> None:
    """死氣 follows 生氣 (000-084/000-086): with no month in the context neither is computable."""
    table = load_table("jinkoujue")
    assert any(s.after for s in table)
    ctx_without_month = {"day_stem": 0, "day_branch": 0, "year_branch": 0}
    out = evaluate_all(table, ctx_without_month)
    for s in table:
        if s.after is not None and s.after not in out:
            assert s.key not in out
