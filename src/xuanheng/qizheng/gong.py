"""The twelve palaces: position, 宮主 and 五行, the 人事 palace names, and the 命宮 / 身宮 rules.

Palaces are 30° each; 戌 covers 0–30°, 酉 30–60° … (the branches run backwards as longitude grows), so the
palace of longitude λ is (10 − ⌊λ / 30⌋) mod 12 and branch b starts at 30·((10 − b) mod 12)°.

命宮 rules (option ``ming_gong``), with s the Sun's palace and h the birth hour branch:

* ``mao`` — put the birth hour on the Sun's palace and count the hours on, palace by palace, to 卯
  (《星學大成》卷三〈起立命〉): 命 = s + (卯 − h);
* ``sunrise`` — the same count, to the hour branch r of that day's actual sunrise instead of 卯
  (《星學大成》卷六〈安命論〉): 命 = s + (r − h);
* ``asc`` — the palace of the ascendant;
* a branch given by hand.

身宮 rules (option ``shen_gong``), with m the Moon's palace: ``moon`` — m (諸星家俱以太陰為身);
``you`` — the birth hour on the Moon's palace counted back to 酉: 身 = m + (h − 酉); ``sunset`` — counted
back to the hour branch of the actual sunset; ``moonrise`` — to that of the actual moonrise (Moira's three
modes); ``dui`` — the palace opposite the 命宮 (《星學大成》卷四).

The 人事 palaces run from the 命宮 backwards through the branches (``data/gong.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES

_G = load_package_data("xuanheng.qizheng", "gong")

MAO, YOU = 3, 9

#: 人事 palace names from the 命宮 (命宮 財帛 … 相貌)
GONG_NAMES: tuple[str, ...] = tuple(_G["names"])
GONG_STEP: int = int(_G["step"])
GONG_ALIASES: dict[str, str] = dict(_G["aliases"])


@dataclass(frozen=True, slots=True)
class PalaceInfo:
    """A palace branch and what is fixed to it: 宮主, 五行 (None for 午 and 未), 十二次 and sign names."""

    branch: int
    zhu: str
    wuxing: str | None
    ci: str
    sign: str


PALACES: tuple[PalaceInfo, ...] = tuple(
    PalaceInfo(
        branch=BRANCHES.index(p["branch"]),
        zhu=str(p["zhu"]),
        wuxing=str(p["wuxing"]) if "wuxing" in p else None,
        ci=str(p["ci"]),
        sign=str(p["sign"]),
    )
    for p in _G["branches"]
)
assert tuple(p.branch for p in PALACES) == tuple(range(12))


def palace_of(lon: float) -> int:
    """Branch of the 30° palace containing ecliptic longitude *lon*."""
    return (10 - int((lon % 360.0) // 30.0)) % 12


def palace_start(branch: int) -> float:
    """Ecliptic longitude where the palace of *branch* begins."""
    return 30.0 * ((10 - branch) % 12)


def gong_branch(ming: int, k: int) -> int:
    """Branch of the k-th 人事 palace (0 = 命宮 … 11 = 相貌) when the 命宮 is on *ming*."""
    return (ming + GONG_STEP * k) % 12


def gong_index(ming: int, branch: int) -> int:
    """Which 人事 palace (index into :data:`GONG_NAMES`) *branch* is when the 命宮 is on *ming*."""
    return ((branch - ming) * GONG_STEP) % 12


def ming_by_hour(sun_palace: int, hour_branch: int, target: int = MAO) -> int:
    """命宮: the birth hour on the Sun's palace, counted on to *target* (卯, or the sunrise hour)."""
    return (sun_palace + target - hour_branch) % 12


def shen_by_hour(moon_palace: int, hour_branch: int, target: int = YOU) -> int:
    """身宮: the birth hour on the Moon's palace, counted back to *target* (酉, sunset or moonrise hour)."""
    return (moon_palace + hour_branch - target) % 12


def carried_degree(palace: int, lon: float) -> float:
    """The degree of *lon* within its own palace, carried into *palace* (與日同絡): an ecliptic longitude."""
    return palace_start(palace) + (lon % 30.0)


__all__ = [
    "GONG_ALIASES",
    "GONG_NAMES",
    "GONG_STEP",
    "MAO",
    "PALACES",
    "YOU",
    "PalaceInfo",
    "carried_degree",
    "gong_branch",
    "gong_index",
    "ming_by_hour",
    "palace_of",
    "palace_start",
    "shen_by_hour",
]
