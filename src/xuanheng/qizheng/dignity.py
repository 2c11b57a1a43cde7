"""入垣, 升殿, 廟, 旺, 樂, 喜 of a 曜 at a place (tables and derivations cited in ``data/dignities.toml``),
and 陷: a planet in its 怒宮 (``data/aspects.toml`` ``[xian]``, 《星學大成》卷一〈星曜怒宫歌〉), the one
test the chart shows beside the dignities and the reading reads (``_reading_ctx``)."""

from __future__ import annotations

from functools import cache

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng.gong import PALACES
from xuanheng.qizheng.xiu import XIU

_D = load_package_data("xuanheng.qizheng", "dignities")
_Y = load_package_data("xuanheng.qizheng", "yao")
_A = load_package_data("xuanheng.qizheng", "aspects")

#: the 七曜 class of each 曜 (四餘 count as the planet they are the 餘 of)
QIYAO: dict[str, str] = {y["name"]: y["qiyao"] for y in _Y["yao"]}
KIND: dict[str, str] = {y["name"]: y["kind"] for y in _Y["yao"]}

MIAO: dict[str, int] = {k: BRANCHES.index(v) for k, v in _D["miao"]["palace"].items()}
WANG: dict[str, int] = {k: BRANCHES.index(v) for k, v in _D["wang"]["palace"].items()}
LE: dict[str, frozenset[int]] = {
    k: frozenset(BRANCHES.index(b) for b in v) for k, v in _D["le"]["palaces"].items()
}
XI: dict[str, int] = {k: BRANCHES.index(v) for k, v in _D["xi"]["palace"].items()}

ORDER = ("入垣", "升殿", "廟", "旺", "樂", "喜")
#: the 怒宮 of each of the five planets (陷); the lights and the 四餘 have none
XIAN_PALACES: dict[str, frozenset[int]] = {
    y: frozenset(BRANCHES.index(b) for b in bs) for y, bs in _A["xian"]["palaces"].items()
}
#: how a 曜 in its 怒宮 is written in the chart's column of dignities
XIAN = "陷"


def is_xian(name: str, palace: int) -> bool:
    """Whether 曜 *name* in palace branch *palace* is 陷 (in its 怒宮)."""
    return palace in XIAN_PALACES.get(name, ())


@cache
def dignities(name: str, palace: int, xiu: int) -> tuple[str, ...]:
    """Which of 入垣 升殿 廟 旺 樂 喜 hold for 曜 *name* in palace branch *palace* and mansion *xiu*."""
    out = []
    if KIND[name] == "七政" and PALACES[palace].zhu == name:
        out.append("入垣")
    if XIU[xiu].qiyao == QIYAO[name]:
        out.append("升殿")
    if MIAO.get(name) == palace:
        out.append("廟")
    if WANG.get(name) == palace:
        out.append("旺")
    if palace in LE.get(name, frozenset()):
        out.append("樂")
    if XI.get(name) == palace:
        out.append("喜")
    return tuple(out)


__all__ = [
    "KIND",
    "LE",
    "MIAO",
    "ORDER",
    "QIYAO",
    "WANG",
    "XI",
    "XIAN",
    "XIAN_PALACES",
    "dignities",
    "is_xian",
]
