"""Ephemeris protocol and the pyswisseph backends: the Moshier analytical theory (no data files) for the time
core's terms, new moons, ΔT and sunrise, and the Swiss Ephemeris data files (``data/ephe``, 1800–2400) for
the bodies of 七政四餘.

Positions are *apparent geocentric* ecliptic coordinates referred to the true equinox and ecliptic of
date (aberration, light-time and nutation applied), which is what the 節氣 definition needs (the Sun's
apparent longitude reaching k·15°, 《欽定協紀辨方書》卷一〈節氣〉 uses the true Sun since the 時憲曆 of 1645).
Times are Julian Days in UT (UT1); ΔT is swisseph's own model (observed values, then its extrapolation).
七政四餘 uses the same protocol for Mercury … Saturn, the lunar nodes and the mean apogee (月孛), through
:func:`body_ephemeris`: the same swisseph with its data files where they reach, Moshier outside
(:func:`body_flags`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Protocol

import swisseph as swe

from xuanheng.errors import OutOfRangeError

#: Julian Day of the Unix epoch 1970-01-01T00:00Z.
JD_UNIX_EPOCH = 2440587.5

#: the Swiss Ephemeris data files shipped with the package (sepl_18, semo_18; provenance, licence and
#: checksums in ``data/ephe/README.txt``)
EPHE_DIR = Path(__file__).resolve().parent / "data" / "ephe"
#: the Julian Days (UT) both files cover, 1800-01-01 12:00 to 2400-01-01 (the files reach a few days further)
FILES_JD_MIN = 2378497.0
FILES_JD_MAX = 2597641.5
_FILES_FLAGS: int = swe.FLG_SWIEPH | swe.FLG_SPEED
_MOSHIER_FLAGS: int = swe.FLG_MOSEPH | swe.FLG_SPEED
#: swisseph keeps its state (the files' path among it) per thread: each thread sets the path once
_THREAD = threading.local()


def _use_files() -> None:
    swe.set_ephe_path(str(EPHE_DIR))  # calls flagged FLG_MOSEPH never read it
    _THREAD.files = True


def body_flags(jd_ut: float) -> int:
    """The swisseph flags for a body at *jd_ut*: the data files (with speeds) inside the years they cover,
    the Moshier theory outside (asked for explicitly: swisseph looking for files it lacks would try to open
    them on every call). In a thread that has not used them yet the files' path is given to swisseph first:
    without it swisseph would fall back to Moshier silently (its state is thread-local)."""
    if FILES_JD_MIN <= jd_ut < FILES_JD_MAX:
        if not getattr(_THREAD, "files", False):
            _use_files()
        return _FILES_FLAGS
    return _MOSHIER_FLAGS


_use_files()


class Body(IntEnum):
    """Bodies the engine asks for; values are swisseph body numbers."""

    SUN = 0
    MOON = 1
    MERCURY = 2
    VENUS = 3
    MARS = 4
    JUPITER = 5
    SATURN = 6
    MEAN_NODE = 10
    TRUE_NODE = 11
    MEAN_APOGEE = 12
    #: osculating lunar apogee ("true Lilith"); 七政四餘 uses it only as an explicit option
    OSC_APOGEE = 13


@dataclass(frozen=True, slots=True)
class Position:
    """Apparent geocentric ecliptic position of date: degrees, and degrees per day."""

    lon: float
    lat: float
    speed: float


class Ephemeris(Protocol):
    """What ``xuanheng.time`` and the method packages need from an ephemeris."""

    name: str
    #: inclusive range of Julian Days (UT) the backend computes
    jd_min: float
    jd_max: float

    def check_range(self, jd_ut: float) -> None:
        """Raise :class:`OutOfRangeError` (field ``at``) if the backend cannot compute *jd_ut*."""
        ...

    def position(self, body: Body, jd_ut: float) -> Position:
        """Apparent geocentric ecliptic longitude, latitude and longitude speed of *body*."""
        ...

    def delta_t(self, jd_ut: float) -> float:
        """ΔT = TT − UT in seconds at *jd_ut*."""
        ...

    def equation_of_time(self, jd_ut: float) -> float:
        """Apparent minus mean solar time, in seconds."""
        ...

    def altitude(self, body: Body, jd_ut: float, lon: float, lat: float) -> float:
        """Apparent altitude of *body*'s centre (degrees, with standard refraction)."""
        ...

    def rise_set(self, jd_ut: float, lon: float, lat: float, rising: bool) -> float | None:
        """Next sunrise (``rising``) or sunset after *jd_ut* at the place; ``None`` if none within a day."""
        ...


def jd_from_unix(seconds: float) -> float:
    """Julian Day (UT) of a Unix timestamp (seconds since 1970-01-01T00:00Z, UTC≈UT)."""
    return JD_UNIX_EPOCH + seconds / 86400.0


def unix_from_jd(jd: float) -> float:
    """Unix timestamp of a Julian Day (UT)."""
    return (jd - JD_UNIX_EPOCH) * 86400.0


class SwissEphemeris:
    """pyswisseph in Moshier mode: no files needed; valid 3000 BCE – 3000 CE (we refuse outside).

    Accuracy of the Moshier Sun against JPL DE421: ≤ 0.08″ in 1900–2050 (measured, see docs/time.md).
    """

    name = "swisseph-moshier"
    jd_min = 625697.5  # -2999-01-01 (proleptic Gregorian)
    jd_max = 2816786.5  # 2999-12-31

    _FLAGS = swe.FLG_MOSEPH | swe.FLG_SPEED

    def check_range(self, jd_ut: float) -> None:
        if not (self.jd_min <= jd_ut <= self.jd_max):
            raise OutOfRangeError(
                f"instant (JD {jd_ut:.1f}) is outside the ephemeris range: years -2999 to 2999 are accepted",
                field="at",
            )

    def position(self, body: Body, jd_ut: float) -> Position:
        self.check_range(jd_ut)
        x, _ = swe.calc_ut(jd_ut, int(body), self._FLAGS)
        return Position(lon=x[0], lat=x[1], speed=x[3])

    def sun_longitude(self, jd_ut: float) -> tuple[float, float]:
        """Fast path: (apparent longitude, speed) of the Sun, no range check."""
        x, _ = swe.calc_ut(jd_ut, 0, self._FLAGS)
        return x[0], x[3]

    def elongation(self, jd_ut: float) -> tuple[float, float]:
        """Moon minus Sun apparent longitude (degrees, 0–360) and its rate (degrees per day)."""
        m, _ = swe.calc_ut(jd_ut, 1, self._FLAGS)
        s, _ = swe.calc_ut(jd_ut, 0, self._FLAGS)
        return (m[0] - s[0]) % 360.0, m[3] - s[3]

    def delta_t(self, jd_ut: float) -> float:
        self.check_range(jd_ut)
        return float(swe.deltat_ex(jd_ut, swe.FLG_MOSEPH)) * 86400.0

    def equation_of_time(self, jd_ut: float) -> float:
        self.check_range(jd_ut)
        return float(swe.time_equ(jd_ut)) * 86400.0

    def altitude(self, body: Body, jd_ut: float, lon: float, lat: float) -> float:
        """Apparent altitude of *body*'s centre above the horizon (degrees, standard refraction)."""
        x, _ = swe.calc_ut(jd_ut, int(body), swe.FLG_MOSEPH)
        hor = swe.azalt(jd_ut, swe.ECL2HOR, (lon, lat, 0.0), 1013.25, 15.0, (x[0], x[1], x[2]))
        return float(hor[2])

    def rise_set(self, jd_ut: float, lon: float, lat: float, rising: bool) -> float | None:
        self.check_range(jd_ut)
        rsmi = swe.CALC_RISE if rising else swe.CALC_SET
        res, tret = swe.rise_trans(jd_ut, 0, rsmi, (lon, lat, 0.0), 1013.25, 15.0, swe.FLG_MOSEPH)
        if res != 0 or tret[0] - jd_ut > 1.0:
            return None
        return float(tret[0])


class SwissEphemerisFiles(SwissEphemeris):
    """pyswisseph reading the Swiss Ephemeris data files (``data/ephe``) in 1800–2400 and the Moshier theory
    outside them, for the bodies of 七政四餘; the range, ΔT and the Sun's rising and setting are the Moshier
    backend's (the time core's).

    Against JPL DE421 in 1900–2050 the Moon is within 0.011″ and the Sun 0.005″ (20,000 instants; the
    Moshier Moon reaches 3.2″), the planets within 0.12–0.82″ except behind the Sun's disc at a superior
    conjunction, where the two programs' light deflection differs by up to 2.2″ (docs/qizheng.md).
    """

    name = "swisseph-files"

    def position(self, body: Body, jd_ut: float) -> Position:
        self.check_range(jd_ut)
        x, _ = swe.calc_ut(jd_ut, int(body), body_flags(jd_ut))
        return Position(lon=x[0], lat=x[1], speed=x[3])


_DEFAULT = SwissEphemeris()
_BODIES = SwissEphemerisFiles()
_CONFORMS: Ephemeris = _DEFAULT  # mypy checks that the backend satisfies the protocol


def default_ephemeris() -> SwissEphemeris:
    """The engine's ephemeris (one shared instance; swisseph keeps no per-call state we rely on): the Moshier
    theory, which the time core's tables and tests are made with."""
    return _DEFAULT


def body_ephemeris() -> SwissEphemerisFiles:
    """The ephemeris of the bodies of 七政四餘 (the data files where they reach, one shared instance)."""
    return _BODIES


__all__ = [
    "EPHE_DIR",
    "FILES_JD_MAX",
    "FILES_JD_MIN",
    "JD_UNIX_EPOCH",
    "Body",
    "Ephemeris",
    "Position",
    "SwissEphemeris",
    "SwissEphemerisFiles",
    "body_ephemeris",
    "body_flags",
    "default_ephemeris",
    "jd_from_unix",
    "unix_from_jd",
]
