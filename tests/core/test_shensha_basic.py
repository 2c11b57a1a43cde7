"""祿, 驛馬, 桃花/咸池 and 華蓋 re-derived from 長生 arithmetic written out here (not from changsheng.py):
祿 = 臨官 of the stem (陽生陰死, 土 with 火); 驛馬 = clash of the frame's 長生; 咸池 = 沐浴 of the
frame's element (長生 + 1); 華蓋 = 墓 of the frame (長生 + 8)."""

from __future__ import annotations

import pytest

from xuanheng.core.shensha_basic import hua_gai, lu, tao_hua, xian_chi, yi_ma
from xuanheng.errors import InputError

B = "子丑寅卯辰巳午未申酉戌亥"
# 長生 of each 三合 frame's element, keyed by member: 申子辰 水 申, 亥卯未 木 亥, 寅午戌 火 寅, 巳酉丑 金 巳
FRAME_SHENG = {}
for _frame, _sheng in [("申子辰", "申"), ("亥卯未", "亥"), ("寅午戌", "寅"), ("巳酉丑", "巳")]:
    for _c in _frame:
        FRAME_SHENG[_c] = B.index(_sheng)
# stem 長生: yang forward from 亥 寅 寅 巳 申 (甲 丙 戊 庚 壬); yin = yang 長生 + 7, walking backward
YANG_SHENG = {0: 11, 2: 2, 4: 2, 6: 5, 8: 8}


def test_lu_is_lin_guan() -> None:
    for s in range(10):
        expect = (YANG_SHENG[s] + 3) % 12 if s % 2 == 0 else (YANG_SHENG[s - 1] + 7 - 3) % 12
        assert lu(s) == expect, s


def test_lu_seed_003_111() -> None:
    # 003-111: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 (壬亥 癸子 by the same table)
    assert "".join(B[lu(s)] for s in range(10)) == "寅卯巳午巳午申酉亥子"
    assert lu("辛") == B.index("酉")  # 002-077


@pytest.mark.parametrize("b", range(12))
def test_frame_spirits(b: int) -> None:
    sheng = FRAME_SHENG[B[b]]
    assert yi_ma(b) == (sheng + 6) % 12
    assert tao_hua(b) == xian_chi(b) == (sheng + 1) % 12
    assert hua_gai(b) == (sheng + 8) % 12


def test_seed_tables() -> None:
    # 000-042 驛馬; 003-132 咸池
    for frame, ma, xc in [
        ("申子辰", "寅", "酉"),
        ("亥卯未", "巳", "子"),
        ("寅午戌", "申", "卯"),
        ("巳酉丑", "亥", "午"),
    ]:
        for c in frame:
            assert B[yi_ma(c)] == ma and B[tao_hua(c)] == xc


def test_errors() -> None:
    with pytest.raises(InputError):
        lu("子")
    with pytest.raises(InputError):
        yi_ma("甲")


def test_lu_cross_check_lunar_python() -> None:
    util = pytest.importorskip("lunar_python.util").LunarUtil
    for s, c in enumerate("甲乙丙丁戊己庚辛壬癸"):
        assert B[lu(s)] == util.LU[c]
