"""The 28 mansions (宿) in the three named systems, and the degree of a point inside its mansion.

* ``jin`` (今制): each mansion begins at the apparent ecliptic longitude of date of its determinative star
  (距星; ``data/xiu.toml`` ``star``, J2000 data in ``xuanheng/astro/data/stars.toml``). The mansions are
  taken in the order of their stars along the ecliptic (with the older 觜/參 stars 參 comes before 觜).
* ``gu`` (古制): the fixed list of ecliptic longitudes (``gu``), as Moira draws it.
* ``gu_precessed`` (古制 + 歲差): the list moved by Moira's 歲差校正, 4.0° on 1300-01-01 plus the IAU 2006
  general precession in longitude since then.

Degrees inside a mansion are given in degrees of 360 (``du``) and in 古度, 365¼ to the circle (``du_gu``),
and written the way practitioners write them: mansion, its 七曜, the whole degree (參水八度).

:func:`boundaries` reduces every determinative star from J2000 at the instant
(:func:`xuanheng.astro.stars.stars_ecliptic`: ΔT, precession angles, nutation and the Sun taken once for the
28 stars); the chart places its longitudes with :meth:`Boundaries.locate` and :func:`du_text`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from xuanheng.astro.bodies import general_precession, tt_from_ut
from xuanheng.astro.ephemeris import JD_UNIX_EPOCH
from xuanheng.astro.stars import stars_ecliptic
from xuanheng.core._data import load_package_data
from xuanheng.errors import OptionError

_D = load_package_data("xuanheng.qizheng", "xiu")
GU_DEGREE = 365.25 / 360.0  # 古度 per degree of 360

SYSTEMS = ("jin", "gu", "gu_precessed")
ZI_SHEN = tuple(_D["zi_shen"])


@dataclass(frozen=True, slots=True)
class XiuInfo:
    """One mansion: name, 七曜, 禽, direction and 四象, 今制 star key, 古制 start longitude."""

    index: int
    name: str
    qiyao: str
    animal: str
    fang: str
    xiang: str
    star: str
    gu: float


XIU: tuple[XiuInfo, ...] = tuple(
    XiuInfo(
        index=i,
        name=str(x["name"]),
        qiyao=str(x["qiyao"]),
        animal=str(x["animal"]),
        fang=str(x["fang"]),
        xiang=str(x["xiang"]),
        star=str(x["star"]),
        gu=float(x["gu"]),
    )
    for i, x in enumerate(_D["xiu"])
)
NAMES: tuple[str, ...] = tuple(x.name for x in XIU)
_BY_NAME = {x.name: x.index for x in XIU}

GU_BASE: float = float(_D["gu_precession_base"])
_GU_EPOCH = datetime.fromisoformat(str(_D["gu_precession_epoch"]))
GU_EPOCH_JD: float = JD_UNIX_EPOCH + _GU_EPOCH.timestamp() / 86400.0


@cache
def star_keys(zi_shen: str = "lambda_zeta") -> tuple[str, ...]:
    """Determinative star key of each mansion for the 觜/參 choice."""
    if zi_shen not in _D["zi_shen"]:
        raise OptionError(f"zi_shen {zi_shen!r} is not known: accepted {', '.join(ZI_SHEN)}", field="zi_shen")
    alt = _D["zi_shen"][zi_shen]
    return tuple(str(alt.get(x.name, x.star)) for x in XIU)


def gu_offset(jd_ut: float) -> float:
    """Moira's 歲差校正 at *jd_ut*: 4.0° on 1300-01-01 plus the general precession since (degrees)."""
    return GU_BASE + general_precession(tt_from_ut(jd_ut)) - general_precession(tt_from_ut(GU_EPOCH_JD))


@dataclass(frozen=True, slots=True)
class Boundaries:
    """The 28 mansion starts of one system at one instant, in ecliptic order from the smallest longitude."""

    system: str
    starts: tuple[float, ...]  # sorted ascending in [0, 360)
    order: tuple[int, ...]  # mansion index of each start
    widths: tuple[float, ...] = ()  # width of each, in the same order (filled by _make)
    rank: tuple[int, ...] = ()  # rank[xiu] = its place in ``order``

    def width(self, k: int) -> float:
        """Width (degrees) of the k-th mansion in ecliptic order."""
        return self.widths[k]

    def start_of(self, xiu: int) -> float:
        return self.starts[self.rank[xiu]]

    def width_of(self, xiu: int) -> float:
        return self.widths[self.rank[xiu]]

    def locate(self, lon: float) -> tuple[int, float]:
        """(mansion index, degrees of 360 past its start) of an ecliptic longitude."""
        lon %= 360.0
        k = bisect_right(self.starts, lon) - 1  # -1 wraps to the last mansion
        return self.order[k], (lon - self.starts[k]) % 360.0


def _make(system: str, starts_by_xiu: list[float]) -> Boundaries:
    pairs = sorted((s % 360.0, i) for i, s in enumerate(starts_by_xiu))
    starts = tuple(p[0] for p in pairs)
    order = tuple(p[1] for p in pairs)
    widths = tuple((starts[(k + 1) % 28] - starts[k]) % 360.0 for k in range(28))
    rank = [0] * 28
    for k, x in enumerate(order):
        rank[x] = k
    return Boundaries(system=system, starts=starts, order=order, widths=widths, rank=tuple(rank))


@cache
def _gu() -> Boundaries:
    """The fixed 古制 list (the same at every instant: made once)."""
    return _make("gu", [x.gu for x in XIU])


def boundaries(
    system: str,
    jd_ut: float,
    zi_shen: str = "lambda_zeta",
    sun_lon: float | None = None,
    dpsi: float | None = None,
) -> Boundaries:
    """The mansion starts of *system* at *jd_ut* (see the module docstring). *sun_lon* (the Sun's apparent
    longitude) and *dpsi* (the nutation in longitude, degrees) may be passed when the caller has them."""
    if system == "jin":
        keys = star_keys(zi_shen)
        return _make(system, [lon for lon, _ in stars_ecliptic(keys, jd_ut, sun_lon, dpsi)])
    if system == "gu":
        return _gu()
    if system == "gu_precessed":
        off = gu_offset(jd_ut)
        return _make(system, [x.gu + off for x in XIU])
    raise OptionError(f"xiu system {system!r} is not known: accepted {', '.join(SYSTEMS)}", field="xiu")


_DIGITS = "〇一二三四五六七八九"


def chinese_number(n: int) -> str:
    """0–99 in Chinese numerals as degrees are written (0 → 初, 10 → 十, 21 → 二十一)."""
    return _NUMBERS[n] if 0 <= n < 100 else _chinese_number(n)


def _chinese_number(n: int) -> str:
    if n == 0:
        return "初"
    tens, ones = divmod(n, 10)
    head = "" if tens == 0 else ("十" if tens == 1 else _DIGITS[tens] + "十")
    return head + (_DIGITS[ones] if ones else "")


_NUMBERS = tuple(_chinese_number(n) for n in range(100))


def du_whole(du: float, width: float, display: str = "round") -> int:
    """The whole degree written for *du* degrees into a mansion: nearest (Moira) or passed (floor)."""
    if display == "round":
        return int(du + 0.5)
    if display == "floor":
        return int(du)
    raise OptionError(f"du_display {display!r} is not known: accepted round, floor", field="du_display")


def du_text(xiu: int, du: float, width: float, display: str = "round") -> str:
    """Mansion, 七曜 and whole degree as practitioners write it: 參水八度, 井木十一度, 角木初度."""
    x = XIU[xiu]
    return f"{x.name}{x.qiyao}{chinese_number(du_whole(du, width, display))}度"


def index_of(name: str) -> int:
    """Mansion index of a name (角 = 0 … 軫 = 27)."""
    return _BY_NAME[name]


__all__ = [
    "GU_DEGREE",
    "NAMES",
    "SYSTEMS",
    "XIU",
    "ZI_SHEN",
    "Boundaries",
    "XiuInfo",
    "boundaries",
    "chinese_number",
    "du_text",
    "du_whole",
    "gu_offset",
    "index_of",
    "star_keys",
]
