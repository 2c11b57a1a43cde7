"""The cited tables of 六爻, loaded once from ``data/*.toml`` and turned into indices.

Conventions (DEVELOPERS.md): 甲=0 … 癸=9, 子=0 … 亥=11, 木0 火1 土2 金3 水4. A trigram is numbered by its
lines read bottom first as bits (初爻 = bit 0, yang = 1): 坤 0, 震 1, 坎 2, 兌 3, 艮 4, 離 5, 巽 6, 乾 7.
A hexagram is numbered the same way over six lines (lower trigram = bits 0–2, upper = bits 3–5), so
``code = lower | upper << 3``. Everything here is a lookup; the rules that use it are in
:mod:`xuanheng.liuyao.rules`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS

_PKG = "xuanheng.liuyao"


def _load(name: str) -> dict[str, Any]:
    return load_package_data(_PKG, name)


_TRI = _load("trigrams")
_HEX = _load("hexagrams")
ZHUANG = _load("zhuanggua")
DYNAMICS = _load("dynamics")
SEED004 = _load("seed004")
CASTING = _load("casting")

_B = {b: i for i, b in enumerate(BRANCHES)}
_S = {s: i for i, s in enumerate(STEMS)}
_E = {e: i for i, e in enumerate(ELEMENTS)}


def bits(lines: list[int] | tuple[int, ...]) -> int:
    """The number of a run of lines given bottom first (1 = yang)."""
    return sum(1 << i for i, v in enumerate(lines) if v)


@dataclass(frozen=True, slots=True)
class Trigram:
    """One of the eight trigrams (經卦)."""

    code: int  # bits of its lines, bottom first
    name: str  # 乾 兌 離 震 巽 坎 艮 坤
    nature: str  # 天 澤 火 雷 風 水 山 地
    lines: tuple[int, int, int]  # bottom first, 1 = yang
    xiantian: int  # 先天 number 1–8
    element: int
    inner_stem: int
    outer_stem: int
    inner_branches: tuple[int, int, int]
    outer_branches: tuple[int, int, int]
    animal: str
    src: str


def _trigram(t: dict[str, Any]) -> Trigram:
    lines = (int(t["lines"][0]), int(t["lines"][1]), int(t["lines"][2]))
    ib = tuple(_B[b] for b in t["inner_branches"])
    ob = tuple(_B[b] for b in t["outer_branches"])
    return Trigram(
        code=bits(lines),
        name=t["name"],
        nature=t["nature"],
        lines=lines,
        xiantian=int(t["xiantian"]),
        element=_E[t["element"]],
        inner_stem=_S[t["inner_stem"]],
        outer_stem=_S[t["outer_stem"]],
        inner_branches=(ib[0], ib[1], ib[2]),
        outer_branches=(ob[0], ob[1], ob[2]),
        animal=t["animal"],
        src=t["src"],
    )


#: the eight trigrams in 先天 order (乾 兌 離 震 巽 坎 艮 坤)
TRIGRAMS: tuple[Trigram, ...] = tuple(_trigram(t) for t in _TRI["trigram"])
#: trigram by code (bits, bottom first)
TRIGRAM_BY_CODE: dict[int, Trigram] = {t.code: t for t in TRIGRAMS}
TRIGRAM_BY_NAME: dict[str, Trigram] = {t.name: t for t in TRIGRAMS}
#: trigram by 先天 number 1–8
TRIGRAM_BY_XIANTIAN: dict[int, Trigram] = {t.xiantian: t for t in TRIGRAMS}
#: 十二肖 by branch
ZODIAC: tuple[str, ...] = tuple(_TRI["zodiac"]["animals"])


@dataclass(frozen=True, slots=True)
class HexagramName:
    """Name data of one of the 64 hexagrams."""

    code: int
    number: int  # order in the received 《周易》, 1 乾 … 64 未濟
    name: str  # short name, traditional characters (乾, 姤, 噬嗑 …)
    full: str  # 乾為天, 天風姤 …
    upper: str
    lower: str
    zh_hans: str
    zh_hans_full: str
    alt: tuple[str, ...]


def _hexagram(h: dict[str, Any]) -> HexagramName:
    up, lo = TRIGRAM_BY_NAME[h["upper"]], TRIGRAM_BY_NAME[h["lower"]]
    return HexagramName(
        code=lo.code | up.code << 3,
        number=int(h["number"]),
        name=h["name"],
        full=h["full"],
        upper=h["upper"],
        lower=h["lower"],
        zh_hans=h["zh_hans"],
        zh_hans_full=h["zh_hans_full"],
        alt=tuple(h.get("alt", ())),
    )


HEXAGRAMS: tuple[HexagramName, ...] = tuple(_hexagram(h) for h in _HEX["hexagram"])
HEXAGRAM_BY_CODE: dict[int, HexagramName] = {h.code: h for h in HEXAGRAMS}
HEXAGRAMS_SRC: str = _HEX["src"]


def _lookup() -> dict[str, int]:
    out: dict[str, int] = {}
    for h in HEXAGRAMS:
        for n in (h.name, h.full, h.zh_hans, h.zh_hans_full, *h.alt):
            out.setdefault(n, h.code)
    # the Hangul names: every full name, and a short name where no other hexagram is read the same (곤: 坤 困)
    raw = {int(d["number"]): d for d in _HEX["hexagram"]}
    short = Counter(d["ko"] for d in raw.values())
    for h in HEXAGRAMS:
        d = raw[h.number]
        for n in (*d["ko_full"], *([d["ko"]] if short[d["ko"]] == 1 else [])):
            if out.setdefault(n, h.code) != h.code:
                raise ValueError(f"liuyao data/hexagrams.toml: {n} names two hexagrams")
    return out


#: every accepted spelling of a hexagram name → code
NAME_LOOKUP: dict[str, int] = _lookup()


def _shared_short() -> dict[str, tuple[tuple[str, str, str], ...]]:
    """A short Hangul name that several hexagrams are read by (곤: 坤 and 困) → those hexagrams, in the
    order of 《周易》, each as (name, full name, its first Hangul full name): what a refusal offers."""
    by: dict[str, list[tuple[str, str, str]]] = {}
    for d in _HEX["hexagram"]:
        by.setdefault(d["ko"], []).append((d["name"], d["full"], d["ko_full"][0]))
    return {k: tuple(v) for k, v in by.items() if len(v) > 1}


#: the short Hangul names that are not taken as input because they name more than one hexagram
SHARED_KO_SHORT: dict[str, tuple[tuple[str, str, str], ...]] = _shared_short()

# --- 八宮 ------------------------------------------------------------------------------------------
_PAL = ZHUANG["palaces"]
PALACE_ORDER: tuple[str, ...] = tuple(_PAL["order"])
TYPE_NAMES: tuple[str, ...] = tuple(ZHUANG["types"]["names"])
TYPE_SHI: tuple[int, ...] = tuple(int(x) for x in ZHUANG["types"]["shi"])
TYPE_FLIPPED: tuple[tuple[int, ...], ...] = tuple(tuple(f) for f in ZHUANG["types"]["flipped"])
_NAME_CODE = {h.name: h.code for h in HEXAGRAMS}
#: code → (palace trigram code, type index 0 八純 … 7 歸魂), from the palace lists of zhuanggua.toml
PALACE_OF: dict[int, tuple[int, int]] = {
    _NAME_CODE[name]: (TRIGRAM_BY_NAME[p].code, t) for p in PALACE_ORDER for t, name in enumerate(_PAL[p])
}
LIU_CHONG_GUA: frozenset[int] = frozenset(_NAME_CODE[n] for n in ZHUANG["liu_chong"]["names"])
LIU_HE_GUA: frozenset[int] = frozenset(_NAME_CODE[n] for n in ZHUANG["liu_he"]["names"])

# --- 六神 ------------------------------------------------------------------------------------------
LIU_SHEN: tuple[str, ...] = tuple(ZHUANG["liu_shen"]["order"])
#: index into LIU_SHEN of the spirit on 初爻, by day stem
LIU_SHEN_START: tuple[int, ...] = tuple(LIU_SHEN.index(ZHUANG["liu_shen"]["start"][s]) for s in STEMS)
LIU_SHEN_ELEMENT: dict[str, int] = {k: _E[v] for k, v in ZHUANG["liu_shen"]["element"].items()}

# --- 伏神 ------------------------------------------------------------------------------------------
#: 飛伏 relation name by core.wuxing.Relation value of (飛 element → 伏 element)
FEI_FU_RELATION: dict[str, str] = dict(ZHUANG["fu_shen"]["relation"])

# --- 卦身 ------------------------------------------------------------------------------------------
SHI_BRANCH_SHEN: tuple[int, ...] = tuple(
    int(ZHUANG["gua_shen"]["shi_branch"]["position"][b]) for b in BRANCHES
)
YUE_GUA_SHEN_START: tuple[int, int] = (
    _B[ZHUANG["gua_shen"]["yue_gua_shen"]["yin_start"]],
    _B[ZHUANG["gua_shen"]["yue_gua_shen"]["yang_start"]],
)  # indexed by yang (0 yin, 1 yang)

# --- dynamics ------------------------------------------------------------------------------------
AN_DONG_NEEDS: frozenset[str] = frozenset(DYNAMICS["ri_chen"]["an_dong_needs"])
#: 進神 pairs (本爻 branch, 變爻 branch) per option value of `jin_tui`
JIN_SHEN: dict[str, frozenset[tuple[int, int]]] = {
    k: frozenset((_B[a], _B[b]) for a, b in v["pairs"])
    for k, v in DYNAMICS["jin_tui"].items()
    if isinstance(v, dict)
}
#: 反吟 trigram pairs per option value of `fan_yin` (codes, both directions)
FAN_YIN_PAIRS: dict[str, frozenset[tuple[int, int]]] = {
    k: frozenset(
        pair
        for a, b in v["pairs"]
        for pair in (
            (TRIGRAM_BY_NAME[a].code, TRIGRAM_BY_NAME[b].code),
            (TRIGRAM_BY_NAME[b].code, TRIGRAM_BY_NAME[a].code),
        )
    )
    for k, v in DYNAMICS["fan_fu"].items()
    if isinstance(v, dict)
}

# --- seed 004 month tables -------------------------------------------------------------------------
_ZFS = SEED004["zhi_fu_shen"]
_MONTHS = [_B[b] for b in _ZFS["months"]]
#: 直符 六神位: spirit → branch by month branch (004-077)
ZHI_FU_SHEN: dict[str, tuple[int, ...]] = {
    name: tuple(dict(zip(_MONTHS, (_B[b] for b in _ZFS[name]), strict=True))[m] for m in range(12))
    for name in LIU_SHEN
}
_MS = SEED004["month_sha"]
_MS_MONTHS = [_B[b] for b in _MS["months"]]
#: month 殺 of the 家宅 section: key → (name, branch by month branch, src)
MONTH_SHA: dict[str, tuple[str, tuple[int, ...], str]] = {
    key: (
        v["name"],
        tuple(dict(zip(_MS_MONTHS, (_B[b] for b in v["branches"]), strict=True))[m] for m in range(12)),
        v["src"],
    )
    for key, v in _MS.items()
    if isinstance(v, dict)
}
#: 爻位類象: topic → (name, six terms 初 → 上, src)
YAO_WEI: dict[str, tuple[str, tuple[str, ...], str]] = {
    t["topic"]: (t["name"], tuple(t["lines"]), t["src"]) for t in SEED004["yao_wei"]
}

__all__ = [
    "AN_DONG_NEEDS",
    "FAN_YIN_PAIRS",
    "FEI_FU_RELATION",
    "HEXAGRAMS",
    "HEXAGRAM_BY_CODE",
    "JIN_SHEN",
    "LIU_CHONG_GUA",
    "LIU_HE_GUA",
    "LIU_SHEN",
    "LIU_SHEN_ELEMENT",
    "LIU_SHEN_START",
    "MONTH_SHA",
    "NAME_LOOKUP",
    "PALACE_OF",
    "PALACE_ORDER",
    "SHARED_KO_SHORT",
    "SHI_BRANCH_SHEN",
    "TRIGRAMS",
    "TRIGRAM_BY_CODE",
    "TRIGRAM_BY_NAME",
    "TRIGRAM_BY_XIANTIAN",
    "TYPE_NAMES",
    "TYPE_SHI",
    "YAO_WEI",
    "YUE_GUA_SHEN_START",
    "ZHI_FU_SHEN",
    "ZODIAC",
    "HexagramName",
    "Trigram",
    "bits",
]
