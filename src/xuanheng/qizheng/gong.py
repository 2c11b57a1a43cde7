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

**Palace frames** (option ``gong_frame``, :class:`GongFrame`): ``tropical`` is the reckoning above
(30° palaces from the equinox); ``sidereal`` starts each palace at a degree of a mansion
(《星學大成》卷一〈約二十八宿過宮度數歌〉, ``data/gong.toml`` ``[frame.sidereal]``: 卯 at 氐 1,
寅 at 尾 3 … in 古度 entered), measured on the chart's own mansions, so the palaces keep to the stars
and have unequal widths. Every palace of the chart — each 曜's, the 命宮 by the hour rules and by the
ascendant, the 身宮, the 命度 carried from the Sun (at the same share of its palace), the 過宮 points
and the 大限's stretch of the ecliptic — is read from the chart's frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.errors import OptionError
from xuanheng.qizheng.xiu import GU_DEGREE, index_of

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


#: the palace frames (option ``gong_frame``)
FRAMES: tuple[str, ...] = ("tropical", "sidereal")
#: ``sidereal``: (mansion index, 古度 entered) where the palace of each branch (子 … 亥) begins
SIDEREAL_STARTS: tuple[tuple[int, float], ...] = tuple(
    (index_of(str(e["xiu"])), float(e["du"]))
    for e in sorted(_G["frame"]["sidereal"]["start"], key=lambda e: BRANCHES.index(str(e["branch"])))
)
assert len(SIDEREAL_STARTS) == 12


@dataclass(frozen=True, slots=True)
class GongFrame:
    """Where the twelve palaces lie on the ecliptic: ``starts[b]`` is the longitude where the palace of branch
    *b* begins; it ends where the palace of branch b − 1 begins (the branches run backwards as longitude
    grows). ``equal``: the 30° palaces from the equinox, read by the formulas of this module."""

    name: str
    starts: tuple[float, ...]
    equal: bool

    def start(self, branch: int) -> float:
        """Ecliptic longitude where the palace of *branch* begins."""
        return self.starts[branch]

    def width(self, branch: int) -> float:
        """Degrees of the ecliptic the palace of *branch* spans."""
        if self.equal:
            return 30.0
        return (self.starts[(branch - 1) % 12] - self.starts[branch]) % 360.0

    def palace_of(self, lon: float) -> int:
        """Branch of the palace containing ecliptic longitude *lon*."""
        if self.equal:
            return palace_of(lon)
        for b in range(12):
            if (lon - self.starts[b]) % 360.0 < self.width(b):
                return b
        raise AssertionError("the palaces cover the circle")  # pragma: no cover

    def carry(self, palace: int, lon: float) -> float:
        """The point of *palace* at the share of its palace that *lon* has reached in its own (與日同絡): for
        30° palaces the same degree (:func:`carried_degree`)."""
        if self.equal:
            return carried_degree(palace, lon)
        own = self.palace_of(lon)
        share = ((lon - self.starts[own]) % 360.0) / self.width(own)
        return (self.starts[palace] + share * self.width(palace)) % 360.0


#: the 30° palaces from the equinox
TROPICAL = GongFrame("tropical", tuple(palace_start(b) for b in range(12)), True)


def frame(name: str, xiu_start: Callable[[int], float]) -> GongFrame:
    """The palace frame *name* (option ``gong_frame``) on the mansions where *xiu_start* (mansion index 角 = 0
    … 軫 = 27 → ecliptic longitude: the chart's own system) says each begins."""
    if name == "tropical":
        return TROPICAL
    if name == "sidereal":
        return GongFrame(
            name,
            tuple((xiu_start(x) + du / GU_DEGREE) % 360.0 for x, du in SIDEREAL_STARTS),
            False,
        )
    raise OptionError(f"gong_frame {name!r} is not known: accepted {', '.join(FRAMES)}", field="gong_frame")


def chart_frame(chart: object) -> GongFrame:
    """The palace frame of a cast chart (its option ``gong_frame`` on its own mansions; a chart-like value
    without options has the 30° palaces)."""
    name = str((getattr(chart, "options", None) or {}).get("gong_frame", "tropical"))
    if name == "tropical":
        return TROPICAL
    starts = {b.xiu: b.start for b in chart.xiu_bounds}  # type: ignore[attr-defined]
    return frame(name, starts.__getitem__)


__all__ = [
    "FRAMES",
    "GONG_ALIASES",
    "GONG_NAMES",
    "GONG_STEP",
    "MAO",
    "PALACES",
    "SIDEREAL_STARTS",
    "TROPICAL",
    "YOU",
    "GongFrame",
    "PalaceInfo",
    "carried_degree",
    "chart_frame",
    "frame",
    "gong_branch",
    "gong_index",
    "ming_by_hour",
    "palace_of",
    "palace_start",
    "shen_by_hour",
]
