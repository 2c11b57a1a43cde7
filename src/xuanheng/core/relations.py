"""Relations of stems and branches: 干合, 六合, 三合 / 半合, 六沖, 三刑 / 自刑, 六害, 六破.

All tables live in ``data/relations.toml`` with their sources; this module only indexes them.
Branch and stem arguments accept a character (``"子"``), a 天神 name, or an index (子=0, 甲=0).
Each table has a formula that ``tests/core/test_relations.py`` re-derives independently.
"""

from __future__ import annotations

from typing import Any, Literal

from xuanheng.core._data import load
from xuanheng.core.ganzhi import ELEMENTS, branch_index, stem_index
from xuanheng.errors import OptionError

_T = load("relations")

_ELEMENT_IX = {name: i for i, name in enumerate(ELEMENTS)}


def _b(name: str) -> int:
    return branch_index(name)


def _pair_map(pairs: list[list[str]]) -> tuple[int, ...]:
    """Turn symmetric pairs of branch names into a 12-tuple partner table."""
    out = [-1] * 12
    for a, b in pairs:
        out[_b(a)] = _b(b)
        out[_b(b)] = _b(a)
    assert -1 not in out, "pair table must cover all twelve branches"
    return tuple(out)


# 干合 -------------------------------------------------------------------------------------------
_GAN_HE_PARTNER = [-1] * 10
_GAN_HE_ELEMENT = [-1] * 10
for _p in _T["gan_he"]["pairs"]:
    _a, _c, _e = stem_index(_p["a"]), stem_index(_p["b"]), _ELEMENT_IX[_p["element"]]
    _GAN_HE_PARTNER[_a], _GAN_HE_PARTNER[_c] = _c, _a
    _GAN_HE_ELEMENT[_a] = _GAN_HE_ELEMENT[_c] = _e

#: partner stem of each stem in 天干五合 (甲→己 …)
GAN_HE: tuple[int, ...] = tuple(_GAN_HE_PARTNER)
#: element each stem's 五合 transforms into (甲己 土 …)
GAN_HE_ELEMENT: tuple[int, ...] = tuple(_GAN_HE_ELEMENT)

# 六合 -------------------------------------------------------------------------------------------
LIU_HE: tuple[int, ...] = _pair_map([[p["a"], p["b"]] for p in _T["liu_he"]["pairs"]])
_LIU_HE_ELEMENT = [-1] * 12
for _p in _T["liu_he"]["pairs"]:
    _LIU_HE_ELEMENT[_b(_p["a"])] = _LIU_HE_ELEMENT[_b(_p["b"])] = _ELEMENT_IX[_p["element"]]
WuWei = Literal["tu", "huo"]
_WU_WEI_OPTIONS = ("tu", "huo")
_WU_WEI_HUO = _ELEMENT_IX[_T["liu_he"]["wu_wei_huo"]]
_WU_WEI_BRANCHES = frozenset((_b("午"), _b("未")))

# 三合 -------------------------------------------------------------------------------------------
_FRAME_OF = [-1] * 12
_FRAMES: list[tuple[int, int, int]] = []
_FRAME_ELEMENT: list[int] = []
for _i, _f in enumerate(_T["san_he"]["frames"]):
    _frame = (_b(_f["sheng"]), _b(_f["wang"]), _b(_f["mu"]))
    _FRAMES.append(_frame)
    _FRAME_ELEMENT.append(_ELEMENT_IX[_f["element"]])
    for _m in _frame:
        _FRAME_OF[_m] = _i

#: the four 三合 frames as (長生, 帝旺, 墓) branch triples: 申子辰, 亥卯未, 寅午戌, 巳酉丑
SAN_HE_FRAMES: tuple[tuple[int, int, int], ...] = tuple(_FRAMES)

# 沖 害 破 -----------------------------------------------------------------------------------------
CHONG: tuple[int, ...] = _pair_map(_T["chong"]["pairs"])
LIU_HAI: tuple[int, ...] = _pair_map(_T["liu_hai"]["pairs"])
LIU_PO: tuple[int, ...] = _pair_map(_T["liu_po"]["pairs"])

# 刑 ---------------------------------------------------------------------------------------------
#: XING[x] = the branch x punishes (x 刑 XING[x]); self-punishing branches map to themselves
XING: tuple[int, ...] = tuple(t for _, t in sorted((_b(k), _b(v)) for k, v in _T["xing"]["punishes"].items()))
assert len(XING) == 12
_XING_KIND: dict[int, str] = {}
for _k in _T["xing"]["kinds"]:
    for _m in _k["branches"]:
        _XING_KIND[_b(_m)] = _k["name"]


def table_src(name: str) -> str:
    """The ``src`` citation of table *name* in ``data/relations.toml``."""
    table: dict[str, Any] = _T[name]
    return str(table["src"])


def chong(b: str | int) -> int:
    """六沖: the branch clashing *b* (子↔午 …)."""
    return CHONG[branch_index(b)]


def is_chong(a: str | int, b: str | int) -> bool:
    """True when *a* and *b* clash."""
    return CHONG[branch_index(a)] == branch_index(b)


def liu_he(b: str | int) -> int:
    """六合 partner of *b* (子↔丑, 寅↔亥, 卯↔戌, 辰↔酉, 巳↔申, 午↔未)."""
    return LIU_HE[branch_index(b)]


def liu_he_element(b: str | int, *, wu_wei: WuWei = "tu") -> int:
    """Element the 六合 pair of *b* produces; ``wu_wei`` chooses 土 (default) or 火 for 午未."""
    i = branch_index(b)
    if wu_wei not in _WU_WEI_OPTIONS:
        raise OptionError(
            f"unknown wu_wei {wu_wei!r}: expected one of {', '.join(_WU_WEI_OPTIONS)}", field="wu_wei"
        )
    if wu_wei == "huo" and i in _WU_WEI_BRANCHES:
        return _WU_WEI_HUO
    return _LIU_HE_ELEMENT[i]


def gan_he(s: str | int) -> int:
    """天干五合 partner of stem *s* (甲↔己, 乙↔庚, 丙↔辛, 丁↔壬, 戊↔癸)."""
    return GAN_HE[stem_index(s)]


def gan_he_element(s: str | int) -> int:
    """Element the 五合 of stem *s* transforms into (甲己 土, 乙庚 金, 丙辛 水, 丁壬 木, 戊癸 火)."""
    return GAN_HE_ELEMENT[stem_index(s)]


def san_he(b: str | int) -> tuple[int, int, int]:
    """The 三合 frame containing *b*, as (長生, 帝旺, 墓) branches."""
    return SAN_HE_FRAMES[_FRAME_OF[branch_index(b)]]


def san_he_element(b: str | int) -> int:
    """Element of the 三合 frame containing *b* (申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金)."""
    return _FRAME_ELEMENT[_FRAME_OF[branch_index(b)]]


def ban_he(a: str | int, b: str | int, *, include_gong: bool = False) -> bool:
    """半合: two different branches of one 三合 frame, one of them its 帝旺 (e.g. 申子, 子辰).

    With ``include_gong=True`` the 長生–墓 pair (拱合, e.g. 申辰) also counts.
    """
    i, j = branch_index(a), branch_index(b)
    if i == j or _FRAME_OF[i] != _FRAME_OF[j]:
        return False
    wang = SAN_HE_FRAMES[_FRAME_OF[i]][1]
    return include_gong or wang in (i, j)


def xing(b: str | int) -> int:
    """The branch that *b* punishes (寅刑巳, 巳刑申, 申刑寅, 丑刑戌, 戌刑未, 未刑丑, 子刑卯, 卯刑子);
    辰 午 酉 亥 punish themselves."""
    return XING[branch_index(b)]


def is_zi_xing(b: str | int) -> bool:
    """自刑: 辰, 午, 酉 and 亥 punish themselves."""
    i = branch_index(b)
    return XING[i] == i


def is_xing(a: str | int, b: str | int) -> bool:
    """True when *a* punishes *b* or *b* punishes *a* (for 自刑, a == b)."""
    i, j = branch_index(a), branch_index(b)
    return XING[i] == j or XING[j] == i


def xing_kind(a: str | int, b: str | int) -> str | None:
    """Kind of 刑 between *a* and *b*: ``"無恩"``, ``"恃勢"``, ``"無禮"``, ``"自刑"`` or ``None``."""
    i, j = branch_index(a), branch_index(b)
    if not (XING[i] == j or XING[j] == i):
        return None
    return _XING_KIND[i]


def liu_hai(b: str | int) -> int:
    """六害 partner of *b* (子未, 丑午, 寅巳, 卯辰, 申亥, 酉戌)."""
    return LIU_HAI[branch_index(b)]


def liu_po(b: str | int) -> int:
    """六破 partner of *b* (子酉, 丑辰, 寅亥, 卯午, 巳申, 未戌)."""
    return LIU_PO[branch_index(b)]


__all__ = [
    "CHONG",
    "GAN_HE",
    "GAN_HE_ELEMENT",
    "LIU_HAI",
    "LIU_HE",
    "LIU_PO",
    "SAN_HE_FRAMES",
    "XING",
    "ban_he",
    "chong",
    "gan_he",
    "gan_he_element",
    "is_chong",
    "is_xing",
    "is_zi_xing",
    "liu_hai",
    "liu_he",
    "liu_he_element",
    "liu_po",
    "san_he",
    "san_he_element",
    "table_src",
    "xing",
    "xing_kind",
]
