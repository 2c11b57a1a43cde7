"""xuanheng.astro: the ephemeris protocol and its pyswisseph (Moshier) backend."""

from xuanheng.astro.ephemeris import (
    JD_UNIX_EPOCH,
    Body,
    Ephemeris,
    Position,
    SwissEphemeris,
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
    "default_ephemeris",
    "jd_from_unix",
    "unix_from_jd",
]
