"""Motion states of the 曜: 順, 逆, 留, 伏 (thresholds in ``data/motion.toml``, each cited there).

* 逆 — speed in longitude below zero;
* 留 — a station (the speed changing sign) within half the planet's 留 days either side of the instant;
  tested exactly (the speed's sign half a window before and after) unless the speed is so high that no
  station can be that near (``skip_above``);
* 伏 — the planet closer to the Sun in longitude than its 伏見 distance (option ``fu``).

The ``state`` names the motion (留 > 逆 > 順) and 伏 beside it when the planet is hidden by the Sun: 伏 alone
for a planet moving forward, 逆伏 when it is also retrograde, 留伏 when it is also at a station (a planet
may be both retrograde and hidden: 水 and 金 pass the Sun retrograde at their inferior conjunction). 日 and
月 are always 順; the 四餘 順 or 逆 by their speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from xuanheng.astro.ephemeris import Body, body_ephemeris
from xuanheng.core._data import load_package_data
from xuanheng.errors import OptionError
from xuanheng.qizheng.xiu import GU_DEGREE

_M = load_package_data("xuanheng.qizheng", "motion")

#: swisseph body of each planet that has 留 and 伏
PLANET_BODY = {"水": Body.MERCURY, "金": Body.VENUS, "火": Body.MARS, "木": Body.JUPITER, "土": Body.SATURN}
LIU_DAYS: dict[str, float] = {k: float(v) for k, v in _M["liu"]["days"].items()}
SKIP_ABOVE: dict[str, float] = {k: float(v) for k, v in _M["liu"]["skip_above"].items()}


def _fu_limits() -> dict[str, tuple[dict[str, float], dict[str, float]]]:
    out = {}
    for key, t in _M["fu"].items():
        scale = 1.0 / GU_DEGREE if t["unit"] == "gu" else 1.0
        out[key] = (
            {k: float(v) * scale for k, v in t["limits"].items()},
            {k: float(v) * scale for k, v in t.get("retrograde", {}).items()},
        )
    return out


FU_LIMITS = _fu_limits()


@dataclass(frozen=True, slots=True)
class Motion:
    """The motion flags of one 曜 and its one-word state."""

    state: str
    retrograde: bool
    stationary: bool
    combust: bool


def fu_limit(name: str, retrograde: bool, fu: str = "gengwu") -> float:
    """伏 distance (degrees of 360) of a planet for option *fu*."""
    if fu not in FU_LIMITS:
        raise OptionError(f"fu {fu!r} is not known: accepted {', '.join(FU_LIMITS)}", field="fu")
    direct, retro = FU_LIMITS[fu]
    return retro.get(name, direct[name]) if retrograde else direct[name]


def is_stationary(name: str, jd_ut: float, speed: float) -> bool:
    """A station of planet *name* within ±½·留 days of *jd_ut* (exact test when the speed allows one)."""
    if abs(speed) >= SKIP_ABOVE[name]:
        return False
    half = LIU_DAYS[name] / 2.0
    body = PLANET_BODY[name]
    eph = body_ephemeris()
    now = speed > 0
    if (eph.position(body, jd_ut + half).speed > 0) != now:
        return True
    return (eph.position(body, jd_ut - half).speed > 0) != now


def motion(name: str, lon: float, speed: float, sun_lon: float, jd_ut: float, fu: str = "gengwu") -> Motion:
    """Flags and state of 曜 *name* (日 月 水 金 火 木 土 羅 計 孛 炁)."""
    retro = speed < 0.0
    if name in PLANET_BODY:
        stationary = is_stationary(name, jd_ut, speed)
        elong = abs((lon - sun_lon + 180.0) % 360.0 - 180.0)
        combust = elong < fu_limit(name, retro, fu)
    else:
        stationary = combust = False
        if name in ("日", "月"):
            retro = False
    return _motion(retro, stationary, combust)


@cache
def _motion(retro: bool, stationary: bool, combust: bool) -> Motion:
    """The :class:`Motion` of three flags (eight values, each built once: they are frozen)."""
    moving = "留" if stationary else "逆" if retro else "順"
    state = ("" if moving == "順" else moving) + "伏" if combust else moving
    return Motion(state=state, retrograde=retro, stationary=stationary, combust=combust)


__all__ = [
    "FU_LIMITS",
    "LIU_DAYS",
    "PLANET_BODY",
    "SKIP_ABOVE",
    "Motion",
    "fu_limit",
    "is_stationary",
    "motion",
]
