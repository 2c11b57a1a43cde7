"""``core.parse``: one parser per kind of input, the same forms in every method, the field named in errors."""

from __future__ import annotations

import pytest

from xuanheng.core import parse
from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES, STEMS, GanZhi
from xuanheng.errors import ECHO, InputError, echo, short


@pytest.mark.parametrize("i", range(12))
def test_branch_forms(i: int) -> None:
    for form in (
        i,
        BRANCHES[i],
        SHEN_NAMES[i],
        f" {BRANCHES[i]} ",
        str(i),
        chr(0xFF10 + i) if i < 10 else str(i),
    ):
        assert parse.branch(form, "hour") == i


@pytest.mark.parametrize("bad", [12, -1, True, 1.5, "午時", "", None, "１２", "²", "①", "x" * 500])
def test_branch_errors_name_the_field_and_cut_the_echo(bad: object) -> None:
    with pytest.raises(InputError) as e:
        parse.branch(bad, "month_branch")
    assert e.value.field == "month_branch"
    msg = str(e.value)
    assert msg.startswith("month_branch ") and "0–11" in msg and len(msg) < 200


def test_stem_and_ganzhi_forms() -> None:
    for i, s in enumerate(STEMS):
        assert parse.stem(s, "stem") == parse.stem(i, "stem") == parse.stem(str(i), "stem") == i
    for i in range(60):
        g = GanZhi(i)
        assert parse.ganzhi(g.name, "day") == parse.ganzhi(i, "day") == parse.ganzhi(str(i), "day") == g
        assert parse.ganzhi(g, "day") is g


def test_ganzhi_parity_is_explained() -> None:
    with pytest.raises(InputError, match="yang stem pairs only with a yang branch") as e:
        parse.ganzhi("甲丑", "year")
    assert e.value.field == "year"
    for bad in ("甲", "xx", 60, -1, True, None, "甲子甲"):
        with pytest.raises(InputError, match="is not a 干支"):
            parse.ganzhi(bad, "day")


def test_numbers() -> None:
    assert parse.number("１２０.５", "lon", "−180 … 180") == 120.5
    assert parse.number("−3", "lat", "") == -3.0
    assert parse.number(7, "lat", "") == 7.0
    for bad in ("nan", "inf", float("nan"), "x", None, [1]):
        with pytest.raises(InputError) as e:
            parse.number(bad, "lat", "−90 … 90")
        assert e.value.field == "lat" and "−90 … 90" in str(e.value)
    assert parse.integer("１９８４", "year", 1, 9999) == 1984
    with pytest.raises(InputError, match="out of range"):
        parse.integer(0, "year", 1, 9999)
    with pytest.raises(InputError, match="not a whole number"):
        parse.integer("19.5", "year", 1, 9999)


def test_echo_is_short() -> None:
    assert short("abc") == "abc" and short("x" * 100) == "x" * ECHO + "…"
    assert echo("x" * 1000) == repr("x" * 1000)[:ECHO] + "…"
