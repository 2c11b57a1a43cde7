"""Basic 神煞 shared by all methods: 祿 (by stem), 驛馬, 桃花 / 咸池, 華蓋 (by the 三合 frame of a branch).

Tables in ``data/shensha_basic.toml``; ``tests/core/test_shensha_basic.py`` re-derives them: 祿 = 臨官,
驛馬 = 沖 of the frame's 長生, 咸池 = 沐浴 of the frame's element, 華蓋 = 墓 of the frame.
"""

from __future__ import annotations

from xuanheng.core._data import load
from xuanheng.core.ganzhi import branch_index, stem_index

_T = load("shensha_basic")


def _by_frame(name: str) -> tuple[int, ...]:
    out = [-1] * 12
    for frame, target in _T[name]["by_frame"].items():
        for ch in frame:
            out[branch_index(ch)] = branch_index(target)
    assert -1 not in out
    return tuple(out)


#: 祿 branch of each stem (甲 寅 … 癸 子)
LU: tuple[int, ...] = tuple(branch_index(_T["lu"]["by_stem"][s]) for s in "甲乙丙丁戊己庚辛壬癸")
YI_MA: tuple[int, ...] = _by_frame("yi_ma")
TAO_HUA: tuple[int, ...] = _by_frame("tao_hua")
HUA_GAI: tuple[int, ...] = _by_frame("hua_gai")


def lu(stem: str | int) -> int:
    """祿 of a stem: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子."""
    return LU[stem_index(stem)]


def yi_ma(branch: str | int) -> int:
    """驛馬 of a (year, month or day) branch: 申子辰 寅, 亥卯未 巳, 寅午戌 申, 巳酉丑 亥."""
    return YI_MA[branch_index(branch)]


def tao_hua(branch: str | int) -> int:
    """桃花 (咸池) of a branch: 申子辰 酉, 亥卯未 子, 寅午戌 卯, 巳酉丑 午."""
    return TAO_HUA[branch_index(branch)]


def hua_gai(branch: str | int) -> int:
    """華蓋 of a branch: 申子辰 辰, 亥卯未 未, 寅午戌 戌, 巳酉丑 丑."""
    return HUA_GAI[branch_index(branch)]


xian_chi = tao_hua

__all__ = ["HUA_GAI", "LU", "TAO_HUA", "YI_MA", "hua_gai", "lu", "tao_hua", "xian_chi", "yi_ma"]
