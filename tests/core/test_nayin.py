"""納音 checked three ways: the 大衍 number rule for each element, the fixed 五音 order of the thirty
names, and lunar-python as a cross-check (peer package, simplified characters)."""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import SIXTY, GanZhi
from xuanheng.core.nayin import NA_YIN_NAMES, na_yin, na_yin_element
from xuanheng.errors import InputError

S = "甲乙丙丁戊己庚辛壬癸"
B = "子丑寅卯辰巳午未申酉戌亥"
# 先天數: 甲己子午 9, 乙庚丑未 8, 丙辛寅申 7, 丁壬卯酉 6, 戊癸辰戌 5, 巳亥 4 (《三命通會》〈論納音取象〉)
NUM = {}
for _n, _chars in [
    (9, "甲己子午"),
    (8, "乙庚丑未"),
    (7, "丙辛寅申"),
    (6, "丁壬卯酉"),
    (5, "戊癸辰戌"),
    (4, "巳亥"),
]:
    for _c in _chars:
        NUM[_c] = _n
HE_TU = {1: "水", 6: "水", 2: "火", 7: "火", 3: "木", 8: "木", 4: "金", 9: "金", 5: "土", 0: "土"}
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}


def _name(i: int) -> str:
    return S[i % 10] + B[i % 12]


@pytest.mark.parametrize("k", range(30))
def test_element_from_da_yan_numbers(k: int) -> None:
    total = sum(NUM[c] for c in _name(2 * k) + _name(2 * k + 1))
    expect = GENERATES[HE_TU[(49 - total) % 10]]
    assert na_yin(2 * k)[-1] == expect
    assert na_yin(2 * k + 1) == na_yin(2 * k)


def test_known_names() -> None:
    assert na_yin("甲子") == "海中金"
    assert na_yin(GanZhi.parse("丙寅")) == "爐中火"
    assert na_yin("壬戌") == "大海水"
    assert na_yin("庚午") == "路旁土"
    assert GanZhi.parse("戊午").na_yin == "天上火"
    assert na_yin_element("甲子") == 3
    assert len(set(NA_YIN_NAMES)) == 30


def test_bad_input() -> None:
    with pytest.raises(InputError):
        na_yin("甲丑")
    with pytest.raises(InputError):
        na_yin(60)


def test_cross_check_lunar_python() -> None:
    util = pytest.importorskip("lunar_python.util").LunarUtil
    opencc = pytest.importorskip("opencc")
    s2t, t2s = opencc.OpenCC("s2t"), opencc.OpenCC("t2s")
    mismatches = set()
    for gz in SIXTY:
        theirs = s2t.convert(util.NAYIN[t2s.convert(gz.name)])
        if theirs != na_yin(gz):
            mismatches.add((na_yin(gz), theirs))
    # the only difference is a spelling: 砂中金 (ours) is written 沙中金 there
    assert mismatches <= {("砂中金", "沙中金")}
