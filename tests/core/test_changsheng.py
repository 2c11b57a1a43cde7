"""十二長生 re-derived from its rule.

Yang stems (and elements) start 長生 at 木 亥, 火 寅, 金 巳, 水 申 (土 寅 or 申) and walk forward through
長生 沐浴 冠帶 臨官 帝旺 衰 病 死 墓 絕 胎 養. Under 陽生陰死 a yin stem is born where its yang partner
dies (長生 + 7) and walks backward (《三命通會》〈論天干陰陽生死〉).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xuanheng.core.changsheng import (
    STAGES,
    branch_of_stage,
    element_stage,
    sheng_of_stem,
    stage,
)
from xuanheng.errors import InputError, OptionError

B = "子丑寅卯辰巳午未申酉戌亥"
S = "甲乙丙丁戊己庚辛壬癸"
ORDER = ["長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養"]
YANG_SHENG = {"木": "亥", "火": "寅", "金": "巳", "水": "申"}
STEM_ELEMENT = "木木火火土土金金水水"


def test_stage_names() -> None:
    assert list(STAGES) == ORDER


def _derived(stem: int, b: int, school: str, tu: str) -> str:
    e = STEM_ELEMENT[stem]
    sheng = B.index({"huo": "寅", "shui": "申"}[tu]) if e == "土" else B.index(YANG_SHENG[e])
    if stem % 2 == 1 and school == "yang_sheng_yin_si":
        yin_sheng = (sheng + 7) % 12  # the yang stem's 死
        return ORDER[(yin_sheng - b) % 12]
    return ORDER[(b - sheng) % 12]


@given(
    st.integers(0, 9),
    st.integers(0, 11),
    st.sampled_from(["yang_sheng_yin_si", "tong_sheng"]),
    st.sampled_from(["huo", "shui"]),
)
def test_stage_rule(stem: int, b: int, school: str, tu: str) -> None:
    assert stage(stem, b, school=school, tu=tu) == _derived(stem, b, school, tu)  # type: ignore[arg-type]


def test_classic_yin_starts() -> None:
    # 乙 午, 丁 酉, 己 酉, 辛 子, 癸 卯 (陽生陰死, 土 with 火)
    for s, b in zip("乙丁己辛癸", "午酉酉子卯", strict=True):
        assert stage(s, b) == "長生"
        assert sheng_of_stem(s) == (B.index(b), -1)
    assert stage("己", "卯", tu="shui") == "長生"
    assert stage("戊", "申", tu="shui") == "長生"


def test_seed_facts() -> None:
    assert stage("木", "亥") == "長生"  # 002-011
    assert stage("火", "戌") == "墓"  # 002-048
    assert stage("丙", "戌") == "墓"


def test_element_stage_and_names() -> None:
    for e, name in enumerate("木火土金水"):
        for b in range(12):
            assert element_stage(e, b) == element_stage(name, b) == stage(name, b)
    assert element_stage(2, "申", tu="shui") == "長生"
    assert stage("乙", "亥", school="tong_sheng") == "長生"


def test_branch_of_stage() -> None:
    assert B[branch_of_stage("甲", "臨官")] == "寅"
    assert B[branch_of_stage("辛", "臨官")] == "酉"
    with pytest.raises(InputError):
        branch_of_stage("甲", "出生")


def test_errors() -> None:
    with pytest.raises(OptionError):
        stage("甲", "子", school="zi_ping")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        stage("甲", "子", tu="mu")  # type: ignore[arg-type]
    with pytest.raises(InputError):
        stage("子", "子")
    with pytest.raises(InputError):
        stage(10, "子")
    with pytest.raises(InputError):
        stage("甲", "甲")
