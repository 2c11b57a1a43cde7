"""The eleven bodies of 七政四餘 and the ascendant, all through swisseph or closed formulas.

The bodies are read from the Swiss Ephemeris data files shipped in ``data/ephe`` within 1800–2400 and from
the Moshier theory outside (:func:`~xuanheng.astro.ephemeris.body_flags`).

* 七政 — 日 月 水 金 火 木 土: apparent geocentric ecliptic longitude and latitude of date and the speed in
  longitude (degrees per day), :func:`seven_governors`; the Moon optionally topocentric
  (:func:`moon_topocentric`).
* 羅睺 / 計都 — the lunar nodes, :func:`lunar_node` (``"mean"`` or ``"true"`` = osculating). Which node is
  which 曜 is a school question decided by the method, not here.
* 月孛 — the lunar apogee, :func:`lunar_apogee` (``"mean"``, or ``"osculating"``, which swings up to 30°
  about the mean one).
* 紫氣 — a fictitious point moving uniformly, :func:`ziqi`, from a named epoch preset (``data/ziqi.toml``).
* :func:`ascendant` — the ecliptic longitude rising in the east, from the local apparent sidereal time.
* :func:`general_precession` — IAU 2006 general precession in longitude p_A (Capitaine, Wallace &
  Chapront 2003, *A&A* 412, 567, eq. 39), used for the 古制 + 歲差 mansions.

The accuracy of each quantity against JPL DE421 and the Meeus series is measured in ``docs/qizheng.md``.
swisseph keeps global state for the topocentric observer; :func:`moon_topocentric` sets it under a lock.
"""

from __future__ import annotations

import math
import threading
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

import swisseph as swe

from xuanheng.astro.ephemeris import (
    JD_UNIX_EPOCH,
    Body,
    Position,
    body_ephemeris,
    body_flags,
    default_ephemeris,
)
from xuanheng.errors import InputError, OptionError, OutOfRangeError

_J2000 = 2451545.0
_TOPO_LOCK = threading.Lock()

#: the 七政 in chart order (日 月 水 金 火 木 土)
SEVEN: tuple[Body, ...] = (
    Body.SUN,
    Body.MOON,
    Body.MERCURY,
    Body.VENUS,
    Body.MARS,
    Body.JUPITER,
    Body.SATURN,
)

NODE_KINDS = ("mean", "true")
APOGEE_KINDS = ("mean", "osculating")


def _load(name: str) -> dict[str, Any]:
    text = resources.files("xuanheng.astro").joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def seven_governors(jd_ut: float) -> tuple[Position, ...]:
    """Apparent geocentric positions of 日 月 水 金 火 木 土 at *jd_ut* (UT), in that order."""
    return tuple(Position(lon=x[0], lat=x[1], speed=x[3]) for x in seven_governors_raw(jd_ut))


def seven_governors_raw(jd_ut: float) -> tuple[tuple[float, ...], ...]:
    """The swisseph vectors (longitude, latitude, distance in au, and their speeds per day) of 日 月 水 金 火
    木 土 at *jd_ut*: what :func:`seven_governors` reads, with the distances."""
    default_ephemeris().check_range(jd_ut)
    flags = body_flags(jd_ut)
    return tuple(tuple(swe.calc_ut(jd_ut, int(b), flags)[0]) for b in SEVEN)


def moon_topocentric(jd_ut: float, lon: float, lat: float, alt: float = 0.0) -> Position:
    """Apparent topocentric position of the Moon seen from (lon, lat, alt m); parallax up to about 1°."""
    default_ephemeris().check_range(jd_ut)
    with _TOPO_LOCK:
        swe.set_topo(lon, lat, alt)
        x, _ = swe.calc_ut(jd_ut, int(Body.MOON), body_flags(jd_ut) | swe.FLG_TOPOCTR)
    return Position(lon=x[0], lat=x[1], speed=x[3])


def lunar_node(jd_ut: float, kind: str = "mean") -> Position:
    """Ascending (north) lunar node: ``"mean"`` (ELP mean elements) or ``"true"`` (osculating node)."""
    if kind not in NODE_KINDS:
        raise OptionError(f"node kind {kind!r} is not known: accepted 'mean' or 'true'", field="node")
    body = Body.MEAN_NODE if kind == "mean" else Body.TRUE_NODE
    return body_ephemeris().position(body, jd_ut)


def lunar_apogee(jd_ut: float, kind: str = "mean") -> Position:
    """Lunar apogee: ``"mean"`` (mean apogee, projected on the ecliptic) or ``"osculating"``."""
    if kind not in APOGEE_KINDS:
        raise OptionError(
            f"apogee kind {kind!r} is not known: accepted 'mean' or 'osculating'", field="yuebei"
        )
    body = Body.MEAN_APOGEE if kind == "mean" else Body.OSC_APOGEE
    return body_ephemeris().position(body, jd_ut)


def moon_rise(jd_ut: float, lon: float, lat: float) -> float | None:
    """Next moonrise (Julian Day UT) after *jd_ut* at the place: the upper limb on the horizon with standard
    refraction (1013.25 hPa, 15 °C) and the Moon's parallax; ``None`` if it does not rise within a day."""
    default_ephemeris().check_range(jd_ut)
    flags = body_flags(jd_ut) & ~swe.FLG_SPEED
    res, tret = swe.rise_trans(jd_ut, int(Body.MOON), swe.CALC_RISE, (lon, lat, 0.0), 1013.25, 15.0, flags)
    if res != 0 or tret[0] - jd_ut > 1.0:
        return None
    return float(tret[0])


def nutation(jd_ut: float) -> tuple[float, float, float, float]:
    """(true obliquity, mean obliquity, nutation in longitude Δψ, in obliquity Δε), degrees."""
    x, _ = swe.calc_ut(jd_ut, swe.ECL_NUT, 0)
    return x[0], x[1], x[2], x[3]


def tt_from_ut(jd_ut: float) -> float:
    """TT Julian Day of a UT Julian Day (swisseph's ΔT, the same the rest of the engine uses)."""
    return jd_ut + default_ephemeris().delta_t(jd_ut) / 86400.0


def polar_limit(jd_ut: float) -> float:
    """Latitude (degrees) beyond which some ecliptic points never rise: 90° − the true obliquity."""
    return 90.0 - nutation(jd_ut)[0]


def sidereal_time(jd_ut: float) -> float:
    """Apparent sidereal time at Greenwich (degrees) at *jd_ut* (swisseph ``sidtime``)."""
    return float(swe.sidtime(jd_ut)) * 15.0


def ascendant(
    jd_ut: float, lon: float, lat: float, *, eps: float | None = None, gast: float | None = None
) -> float:
    """Ecliptic longitude of the ascendant (degrees) at (lon east, lat north).

    With θ the local apparent sidereal time and ε the true obliquity, the point of the ecliptic on the
    eastern horizon is λ = atan2(cos θ, −(sin θ cos ε + tan φ sin ε)) (Meeus, *Astronomical Algorithms*,
    2nd ed., ch. 14, eq. 14.2). Beyond the polar circles (|φ| ≥ 90° − ε) parts of the ecliptic never rise
    and the ascendant jumps or is undefined: :class:`OutOfRangeError` (field ``lat``). *eps*: the true
    obliquity at *jd_ut* and *gast* its apparent sidereal time (:func:`sidereal_time`) when the caller has
    them.
    """
    if eps is None:
        eps = nutation(jd_ut)[0]
    if abs(lat) >= 90.0 - eps:
        raise OutOfRangeError(
            f"latitude {lat:g}° is inside a polar circle (|latitude| ≥ {90.0 - eps:.2f}° on this date): "
            "there the ecliptic does not rise in order and the ascendant is undefined; use a rule that "
            "does not need the ascendant",
            field="lat",
        )
    theta = math.radians(((sidereal_time(jd_ut) if gast is None else gast) + lon) % 360.0)
    e = math.radians(eps)
    phi = math.radians(lat)
    asc = math.degrees(
        math.atan2(math.cos(theta), -(math.sin(theta) * math.cos(e) + math.tan(phi) * math.sin(e)))
    )
    return asc % 360.0


def general_precession(jd_tt: float) -> float:
    """IAU 2006 general precession in longitude p_A since J2000.0, degrees (Capitaine et al. 2003, eq. 39)."""
    t = (jd_tt - _J2000) / 36525.0
    arcsec = t * (5028.796195 + t * (1.1054348 + t * (0.00007964 + t * (-0.000023857 + t * -0.0000000383))))
    return arcsec / 3600.0


# 紫氣 -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ZiqiPreset:
    """An epoch, the longitude of 紫氣 then and its period, with the source they come from."""

    key: str
    epoch_jd_ut: float
    lon0: float
    period_days: float
    src: str
    note: str

    @property
    def speed(self) -> float:
        """Degrees per day."""
        return 360.0 / self.period_days


def _jd_of_iso(text: str) -> float:
    dt = datetime.fromisoformat(text)
    if dt.tzinfo is None:
        raise ValueError(f"ziqi epoch {text!r} needs an explicit offset")
    return JD_UNIX_EPOCH + (dt - datetime(1970, 1, 1, tzinfo=UTC)).total_seconds() / 86400.0


@cache
def ziqi_presets() -> dict[str, ZiqiPreset]:
    """The named 紫氣 presets of ``astro/data/ziqi.toml``."""
    data = _load("ziqi")
    out: dict[str, ZiqiPreset] = {}
    for key, p in data["preset"].items():
        period = float(p["period_days"]) if "period_days" in p else 360.0 / float(p["speed_deg_per_day"])
        out[key] = ZiqiPreset(
            key=key,
            epoch_jd_ut=_jd_of_iso(p["epoch"]),
            lon0=float(p["lon0"]),
            period_days=period,
            src=str(p["src"]),
            note=str(p.get("note", "")),
        )
    return out


def ziqi(jd_ut: float, preset: str = "moira") -> Position:
    """Longitude of 紫氣 at *jd_ut* from a named preset (uniform motion, latitude 0)."""
    presets = ziqi_presets()
    if preset not in presets:
        raise OptionError(
            f"紫氣 preset {preset!r} is not known: accepted {', '.join(sorted(presets))}", field="ziqi"
        )
    p = presets[preset]
    return Position(lon=(p.lon0 + (jd_ut - p.epoch_jd_ut) * p.speed) % 360.0, lat=0.0, speed=p.speed)


def check_place(lon: float, lat: float) -> None:
    """Refuse a non-numeric or impossible place (the same bounds as the time core)."""
    for name, v, lim in (("lon", lon, 180.0), ("lat", lat, 90.0)):
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or abs(v) > lim:
            raise InputError(f"{name} {v!r} is not a number within ±{lim:g} degrees", field=name)


__all__ = [
    "APOGEE_KINDS",
    "NODE_KINDS",
    "SEVEN",
    "ZiqiPreset",
    "ascendant",
    "check_place",
    "general_precession",
    "lunar_apogee",
    "lunar_node",
    "moon_rise",
    "moon_topocentric",
    "nutation",
    "polar_limit",
    "seven_governors",
    "seven_governors_raw",
    "sidereal_time",
    "tt_from_ut",
    "ziqi",
    "ziqi_presets",
]
