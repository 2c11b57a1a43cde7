"""xuanheng.astro: the ephemeris protocol and its pyswisseph (Moshier) backend; the bodies of 七政四餘
(``xuanheng.astro.bodies``) and the fixed stars of the 28 mansions (``xuanheng.astro.stars``)."""

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
