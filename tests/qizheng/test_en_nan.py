"""恩 難 仇 用 (xuanheng.qizheng.ennan) re-derived from the generating and overcoming of the five elements.

The tables here are written out by hand, not taken from the package: 木 generates 火, 火 土, 土 金, 金 水,
水 木; 木 overcomes 土, 土 水, 水 火, 火 金, 金 木. A star's 恩 generates it, its 難 overcomes it, its 用 is
what it generates (and overcomes its 難: 用星制難), its 仇 what it overcomes (and overcomes its 恩: 讎主傷恩).
The 〈總論〉 worked example: a 命宮 in 子 (土) has 火 as 恩 with 羅 as the second 恩, and 水 (with 孛) as 仇.
"""

from __future__ import annotations

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng.ennan import chart_en_nan, en_nan, role_of

GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
#: the element of each 曜: the planets their own, 日 火 and 月 水, each 四餘 that of its planet
ELEMENT = {
    "日": "火",
    "月": "水",
    "水": "水",
    "金": "金",
    "火": "火",
    "木": "木",
    "土": "土",
    "羅": "火",
    "計": "土",
    "孛": "水",
    "炁": "木",
}
ORDER = ("日", "月", "水", "金", "火", "木", "土", "羅", "計", "孛", "炁")


def _stars(element: str) -> list[str]:
    return [element, *(y for y in ORDER if ELEMENT[y] == element and y != element)]


def _expected(star: str) -> dict[str, object]:
    e = ELEMENT[star]
    en = next(k for k, v in GENERATES.items() if v == e)
    nan = next(k for k, v in OVERCOMES.items() if v == e)
    yong = GENERATES[e]
    chou = OVERCOMES[e]
    return {
        "star": star,
        "element": e,
        "en": _stars(en),
        "nan": _stars(nan),
        "chou": _stars(chou),
        "yong": _stars(yong),
    }


@pytest.mark.parametrize("star", ORDER)
def test_each_star_from_the_five_element_tables(star: str) -> None:
    assert en_nan(star) == _expected(star)


@pytest.mark.parametrize("star", ORDER)
def test_yong_overcomes_nan_and_chou_overcomes_en(star: str) -> None:
    got = en_nan(star)
    assert OVERCOMES[ELEMENT[got["yong"][0]]] == ELEMENT[got["nan"][0]]  # 用星制難
    assert OVERCOMES[ELEMENT[got["chou"][0]]] == ELEMENT[got["en"][0]]  # 讎主傷恩


def test_the_worked_example_of_the_general_discourse() -> None:
    # 立命子宮屬土: 火 the 恩, 羅 the second 恩; 水 the 仇 (which puts out the 火), 孛 beside it
    got = en_nan("土")
    assert got["en"][:1] == ["火"] and "羅" in got["en"]
    assert got["chou"][0] == "水" and "孛" in got["chou"]
    assert got["nan"][0] == "木" and got["yong"][0] == "金"  # 金 holds the 難 木 in check


def test_role_of_names_the_relation_or_none_for_the_same_element() -> None:
    assert role_of("土", "火") == "en"
    assert role_of("土", "木") == "nan"
    assert role_of("土", "水") == "chou"
    assert role_of("土", "金") == "yong"
    assert role_of("土", "計") is None


def test_the_chart_json_carries_the_lords_and_every_palace_master() -> None:
    c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9)
    doc = c.to_json()
    got = doc["en_nan"]
    assert got == chart_en_nan(c)
    ming = next(g for g in doc["gong"] if g["name"] == "命宮")
    assert got["ming_zhu"] == _expected(ming["zhu"])
    shen = next(g for g in doc["gong"] if g["branch"] == doc["shen_gong"]["branch"])
    assert got["shen_zhu"] == _expected(shen["zhu"])
    assert got["du_zhu"] == _expected(doc["ming_gong"]["qiyao"])
    assert [g["gong"] for g in got["gong"]] == [g["name"] for g in doc["gong"]]
    for row, palace in zip(got["gong"], doc["gong"], strict=True):
        assert row["branch"] == palace["branch"]
        assert {k: v for k, v in row.items() if k not in ("gong", "branch")} == _expected(palace["zhu"])
    assert got["src"] and all("《" in s for s in got["src"])
    # a fresh copy each time: changing one document does not change another
    got["ming_zhu"]["en"].append("x")
    assert c.to_json()["en_nan"]["ming_zhu"] == _expected(ming["zhu"])
