"""Stems (干), branches (支), the sixty-cycle (六十甲子), 旬 and 旬空, and 遁干.

Indices: 甲=0 … 癸=9, 子=0 … 亥=11; a 干支 has index 0 (甲子) … 59 (癸亥).
Tables come from ``data/ganzhi.toml`` (sources cited there); everything else here is arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from xuanheng.core._data import load
from xuanheng.errors import InputError, echo

_T = load("ganzhi")

STEMS: tuple[str, ...] = tuple(_T["stems"]["names"])
BRANCHES: tuple[str, ...] = tuple(_T["branches"]["names"])
ELEMENTS: tuple[str, ...] = tuple(_T["elements"]["names"])
STEM_ELEMENT: tuple[int, ...] = tuple(_T["stems"]["element"])
BRANCH_ELEMENT: tuple[int, ...] = tuple(_T["branches"]["element"])
#: 十干寄宮 — the branch each stem lodges on (六壬 四課).
JI_GONG: tuple[int, ...] = tuple(_T["ji_gong"]["branch"])
#: 天神 / 月將 names by branch (神后 子 … 登明 亥).
SHEN_NAMES: tuple[str, ...] = tuple(_T["yue_jiang_names"]["names"])

#: the Korean readings of the stems and branches (갑 … 계, 자 … 해), which a user may type for them
STEMS_KO: tuple[str, ...] = tuple(_T["stems"]["ko"])
BRANCHES_KO: tuple[str, ...] = tuple(_T["branches"]["ko"])
#: the Korean readings of the 天神 names (신후 … 등명)
SHEN_NAMES_KO: tuple[str, ...] = tuple(_T["yue_jiang_names"]["ko"])

_STEM_IX = {s: i for i, s in enumerate(STEMS)}
_BRANCH_IX = {b: i for i, b in enumerate(BRANCHES)}
_SHEN_IX = {n: i for i, n in enumerate(SHEN_NAMES)}

#: every name a stem is given by: the character (甲) or its Korean reading (갑) → index
STEM_BY_NAME: dict[str, int] = {**_STEM_IX, **{k: i for i, k in enumerate(STEMS_KO)}}
#: every name a branch is given by: the character (申), its 天神 name (傳送) or the Korean reading of
#: either (신, 전송)
BRANCH_BY_NAME: dict[str, int] = {
    **_BRANCH_IX,
    **_SHEN_IX,
    **{k: i for i, k in enumerate(BRANCHES_KO)},
    **{k: i for i, k in enumerate(SHEN_NAMES_KO)},
}

#: the eight directions (北 東北 東 …) as the branches each covers: one for 北 東 南 西, two for the
#: intercardinals (東南 = 辰巳)
DIRECTIONS: dict[str, tuple[int, ...]] = {
    n: tuple(b) for n, b in zip(_T["directions"]["names"], _T["directions"]["branches"], strict=True)
}
#: every name a direction is given by — the character (東南), its Simplified form (东南), its Korean
#: reading (동남, 남동, 동남쪽) or English (southeast, se; any letter case) — → the direction's character
DIRECTION_BY_NAME: dict[str, str] = {
    name: d
    for i, d in enumerate(_T["directions"]["names"])
    for name in (
        d,
        _T["directions"]["zh-Hans"][i],
        *_T["directions"]["ko"][i],
        *_T["directions"]["en"][i],
    )
}


def direction(value: str) -> str | None:
    """The direction (its character, 東南) a user's *value* names, in any of its spellings
    (:data:`DIRECTION_BY_NAME`; surrounding space and the letter case of English ignored), else None."""
    t = value.strip()
    return DIRECTION_BY_NAME.get(t) or DIRECTION_BY_NAME.get(t.lower())


#: 五虎遁: stem of the 寅 month by year stem (甲→丙 …)
WU_HU_DUN_YIN: tuple[int, ...] = tuple(_STEM_IX[_T["wu_hu_dun"]["yin_month_stem"][s]] for s in STEMS)
#: 五鼠遁: stem of the 子 hour by day stem (甲→甲 …)
WU_SHU_DUN_ZI: tuple[int, ...] = tuple(_STEM_IX[_T["wu_shu_dun"]["zi_hour_stem"][s]] for s in STEMS)
#: 旬空 by the branch of the 旬's 甲 (子 → 戌亥 …), from ``data/relations.toml``
_XUN_KONG: dict[int, tuple[int, int]] = {
    _BRANCH_IX[head[1]]: (_BRANCH_IX[pair[0]], _BRANCH_IX[pair[1]])
    for head, pair in load("relations")["xun_kong"]["by_xun"].items()
}


def stem_index(value: str | int) -> int:
    """Index of a stem given as ``"甲"`` … ``"癸"`` or 0–9; raise :class:`InputError` otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10:
        return value
    if isinstance(value, str) and value.strip() in STEM_BY_NAME:
        return STEM_BY_NAME[value.strip()]
    raise InputError(f"unknown stem {echo(value)}: expected one of {''.join(STEMS)} or 0–9", field="stem")


def branch_index(value: str | int) -> int:
    """Index of a branch given as ``"子"`` … ``"亥"``, a 天神 name (``"登明"``), the Korean reading of
    either (``"자"`` … ``"해"``, ``"등명"``) or 0–11."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 12:
        return value
    if isinstance(value, str) and value.strip() in BRANCH_BY_NAME:
        return BRANCH_BY_NAME[value.strip()]
    raise InputError(
        f"unknown branch {echo(value)}: expected one of {''.join(BRANCHES)}, a 天神 name, or 0–11",
        field="branch",
    )


def stem_yin(stem: int) -> bool:
    """True for the yin stems 乙丁己辛癸 (odd index)."""
    return stem % 2 == 1


def branch_yin(branch: int) -> bool:
    """True for the yin branches 丑卯巳未酉亥 (odd index)."""
    return branch % 2 == 1


@dataclass(frozen=True, slots=True, order=True)
class GanZhi:
    """One member of the sixty-cycle. ``GanZhi.parse("甲子")``; ``str(gz) == "甲子"``."""

    index: int

    def __post_init__(self) -> None:
        i = self.index
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < 60:
            raise InputError(f"干支 index {i!r} out of range: expected an integer 0–59", field="ganzhi")

    @property
    def stem(self) -> int:
        return self.index % 10

    @property
    def branch(self) -> int:
        return self.index % 12

    @property
    def name(self) -> str:
        return STEMS[self.stem] + BRANCHES[self.branch]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def of(cls, stem: int | str, branch: int | str) -> GanZhi:
        """The 干支 with this stem and branch; they must have the same parity (陽干 with 陽支)."""
        return cls(ganzhi_index(stem_index(stem), branch_index(branch)))

    @classmethod
    def parse(cls, text: str) -> GanZhi:
        """Parse two characters such as ``"甲子"``, or their Korean reading ``"갑자"`` (surrounding spaces are
        ignored)."""
        if not isinstance(text, str) or len(text.strip()) != 2:
            raise InputError(
                f"malformed 干支 {echo(text)}: expected two characters such as 甲子", field="ganzhi"
            )
        t = text.strip()
        if t[0] not in STEM_BY_NAME or t[1] not in BRANCH_BY_NAME:
            raise InputError(
                f"malformed 干支 {echo(text)}: expected a stem ({''.join(STEMS)}) "
                f"followed by a branch ({''.join(BRANCHES)})",
                field="ganzhi",
            )
        return cls.of(STEM_BY_NAME[t[0]], BRANCH_BY_NAME[t[1]])

    def shift(self, n: int) -> GanZhi:
        return GanZhi((self.index + n) % 60)

    @property
    def xun_head(self) -> GanZhi:
        """The 甲 day opening this 旬 (甲子, 甲戌, … 甲寅)."""
        return GanZhi(self.index - self.stem)

    @property
    def xun_kong(self) -> tuple[int, int]:
        """旬空: the two branches this 旬 leaves without a stem."""
        return xun_kong(self)

    @property
    def na_yin(self) -> str:
        from xuanheng.core.nayin import na_yin

        return na_yin(self)


def as_ganzhi(value: GanZhi | str | int) -> GanZhi:
    """Accept a :class:`GanZhi`, text such as ``"甲子"``, or an index 0–59."""
    if isinstance(value, GanZhi):
        return value
    if isinstance(value, str):
        return GanZhi.parse(value)
    return GanZhi(value)


def ganzhi_index(stem: int, branch: int) -> int:
    """Sixty-cycle index of a stem and branch (Chinese remainder); parity must agree."""
    stem, branch = stem_index(stem), branch_index(branch)
    if (stem - branch) % 2:
        raise InputError(
            f"{STEMS[stem]}{BRANCHES[branch]} is not a 干支: a yang stem pairs only with a yang branch",
            field="ganzhi",
        )
    return (6 * stem - 5 * branch) % 60


def xun_kong(gz: GanZhi | str | int) -> tuple[int, int]:
    """旬空 of the 旬 containing *gz*, from the table in ``data/relations.toml`` (003-135, 004-106).

    Rule (re-derived in the tests): a 旬 pairs ten stems with ten branches from its 甲; the two branches
    left over — 10 and 11 steps after the 甲's branch — are empty.
    """
    g = as_ganzhi(gz)
    return _XUN_KONG[(g.branch - g.stem) % 12]


def dun_gan(branch: int | str, within: GanZhi | str | int) -> int | None:
    """遁干: the stem that *branch* carries inside the 旬 of *within*; ``None`` if the branch is 空."""
    w = as_ganzhi(within)
    head = (w.branch - w.stem) % 12
    k = (branch_index(branch) - head) % 12
    return k if k < 10 else None


def wu_hu_dun(year_stem: int | str, month_branch: int | str) -> int:
    """五虎遁 (month stem from the year stem): 甲己之年丙作首 — 寅 month of a 甲/己 year is 丙寅.

    The 寅-month stem comes from ``data/ganzhi.toml`` [wu_hu_dun] (rule: 2·(year stem mod 5) + 2);
    later months count forward from 寅. Source: 《三命通會》卷二〈論遁月時〉.
    """
    first = WU_HU_DUN_YIN[stem_index(year_stem)]
    return (first + (branch_index(month_branch) - 2) % 12) % 10


def wu_shu_dun(day_stem: int | str, hour_branch: int | str) -> int:
    """五鼠遁 (五子元遁; hour stem from the day stem): 甲己還加甲 — 子 hour of a 甲/己 day is 甲子.

    The 子-hour stem comes from ``data/ganzhi.toml`` [wu_shu_dun] (rule: 2·(day stem mod 5)); later
    hours count forward from 子. Source: 《三命通會》卷二〈論遁月時〉.
    """
    return (WU_SHU_DUN_ZI[stem_index(day_stem)] + branch_index(hour_branch)) % 10


SIXTY: tuple[GanZhi, ...] = tuple(GanZhi(i) for i in range(60))
#: every name a 干支 is given by: its two characters (甲子) or their Korean reading (갑자) → index
GANZHI_BY_NAME: dict[str, int] = {
    **{g.name: g.index for g in SIXTY},
    **{STEMS_KO[g.stem] + BRANCHES_KO[g.branch]: g.index for g in SIXTY},
}

__all__ = [
    "BRANCHES",
    "BRANCHES_KO",
    "BRANCH_BY_NAME",
    "BRANCH_ELEMENT",
    "DIRECTIONS",
    "DIRECTION_BY_NAME",
    "ELEMENTS",
    "GANZHI_BY_NAME",
    "JI_GONG",
    "SHEN_NAMES",
    "SIXTY",
    "STEMS",
    "STEMS_KO",
    "STEM_BY_NAME",
    "STEM_ELEMENT",
    "WU_HU_DUN_YIN",
    "WU_SHU_DUN_ZI",
    "GanZhi",
    "as_ganzhi",
    "branch_index",
    "branch_yin",
    "direction",
    "dun_gan",
    "ganzhi_index",
    "stem_index",
    "stem_yin",
    "wu_hu_dun",
    "wu_shu_dun",
    "xun_kong",
]
