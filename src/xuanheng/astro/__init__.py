"""xuanheng.astro: the ephemeris protocol and its pyswisseph backends (Moshier for the time core, the shipped
Swiss Ephemeris files for the bodies); the bodies of 七政四餘
(``xuanheng.astro.bodies``) and the fixed stars of the 28 mansions (``xuanheng.astro.stars``)."""

from xuanheng.astro.ephemeris import (
    JD_UNIX_EPOCH,
    Body,
    Ephemeris,
    Position,
    SwissEphemeris,
    SwissEphemerisFiles,
    body_ephemeris,
    default_ephemeris,
    jd_from_unix,
    unix_from_jd,
)

__all__ = [
    "JD_UNIX_EPOCH",
    "Body",
    "Ephemeris",
    "Position",
    "SwissEphemeris",
    "SwissEphemerisFiles",
    "body_ephemeris",
    "default_ephemeris",
    "jd_from_unix",
    "unix_from_jd",
]
