"""Fixed stars for the 28 mansions: a cited J2000 table (``data/stars.toml``) brought to the ecliptic of date.

:func:`star_ecliptic` follows the classical reduction (Meeus, *Astronomical Algorithms*, 2nd ed., ch. 21–23):

1. proper motion applied linearly from J2000.0 (μα·cos δ and μδ, milliarcseconds per year);
2. precession from the ICRS (frame bias, 0.02″, neglected) to the mean equator and equinox of date with the
   IAU 2006 angles ζ_A, z_A, θ_A (Capitaine, Wallace & Chapront 2003, *A&A* 412, 567, eq. 40);
3. rotation to the ecliptic of date by the mean obliquity ε_A (IAU 2006, same paper eq. 39);
4. nutation in longitude Δψ (swisseph, IAU 2000B) added to the longitude;
5. annual aberration in ecliptic coordinates with the constant κ = 20.49552″ (Meeus eq. 23.2; the
   e-terms, at most 0.34″, are left out).

The result is the apparent ecliptic longitude and latitude of date, the frame of the planets. Parallax and
light deflection are below 0.01″ for these stars. Accuracy against skyfield (``tests/astro``): ≤ 0.5″.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from xuanheng.astro.bodies import nutation, tt_from_ut

_J2000 = 2451545.0
_AS = math.pi / (180.0 * 3600.0)  # radians per arcsecond
_KAPPA = 20.49552  # arcsec


@dataclass(frozen=True, slots=True)
class Star:
    """One catalogue star: ICRS J2000 position (degrees) and proper motion (mas/yr)."""

    key: str
    name: str
    hip: int
    ra: float
    dec: float
    pm_ra: float
    pm_dec: float
    pm_known: bool
    src: str


@cache
def stars() -> dict[str, Star]:
    """The star table, by key (``alf_Vir`` …)."""
    text = resources.files("xuanheng.astro").joinpath("data").joinpath("stars.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {
        key: Star(
            key=key,
            name=str(s["name"]),
            hip=int(s["hip"]),
            ra=float(s["ra"]),
            dec=float(s["dec"]),
            pm_ra=float(s["pm_ra"]),
            pm_dec=float(s["pm_dec"]),
            pm_known=bool(s["pm_known"]),
            src=str(s["src"]),
        )
        for key, s in data["star"].items()
    }


def precession_angles(jd_tt: float) -> tuple[float, float, float, float]:
    """IAU 2006 ζ_A, z_A, θ_A and the mean obliquity ε_A, radians."""
    t = (jd_tt - _J2000) / 36525.0
    zeta = 2.650545 + t * (
        2306.083227 + t * (0.2988499 + t * (0.01801828 + t * (-0.000005971 + t * -0.0000003173)))
    )
    z = -2.650545 + t * (
        2306.077181 + t * (1.0927348 + t * (0.01826837 + t * (-0.000028596 + t * -0.0000002904)))
    )
    theta = t * (2004.191903 + t * (-0.4294934 + t * (-0.04182264 + t * (-0.000007089 + t * -0.0000001274))))
    eps = 84381.406 + t * (
        -46.836769 + t * (-0.0001831 + t * (0.00200340 + t * (-0.000000576 + t * -0.0000000434)))
    )
    return zeta * _AS, z * _AS, theta * _AS, eps * _AS


def mean_ecliptic_of_date(
    star: Star, jd_tt: float, angles: tuple[float, float, float, float] | None = None
) -> tuple[float, float]:
    """Mean ecliptic longitude and latitude of date (degrees): proper motion + precession, no nutation.
    *angles*: :func:`precession_angles` of *jd_tt* when the caller has them (several stars at one instant)."""
    years = (jd_tt - _J2000) / 365.25
    dec0 = math.radians(star.dec)
    dec = dec0 + star.pm_dec * years * 1e-3 * _AS
    ra = math.radians(star.ra) + star.pm_ra * years * 1e-3 * _AS / math.cos(dec0)
    zeta, z, theta, eps = precession_angles(jd_tt) if angles is None else angles
    # Meeus eq. 21.4 (each sine and cosine taken once)
    cos_dec, sin_dec, cos_theta, sin_theta = math.cos(dec), math.sin(dec), math.cos(theta), math.sin(theta)
    cos_ra = math.cos(ra + zeta)
    a = cos_dec * math.sin(ra + zeta)
    b = cos_theta * cos_dec * cos_ra - sin_theta * sin_dec
    c = sin_theta * cos_dec * cos_ra + cos_theta * sin_dec
    ra_d = math.atan2(a, b) + z
    dec_d = math.asin(max(-1.0, min(1.0, c)))
    # equatorial → ecliptic (mean obliquity), Meeus eq. 13.1–13.2
    cos_eps, sin_eps, sin_ra_d = math.cos(eps), math.sin(eps), math.sin(ra_d)
    sl = sin_ra_d * cos_eps + math.tan(dec_d) * sin_eps
    lon = math.degrees(math.atan2(sl, math.cos(ra_d))) % 360.0
    lat = math.degrees(math.asin(math.sin(dec_d) * cos_eps - math.cos(dec_d) * sin_eps * sin_ra_d))
    return lon, lat


def apparent_correction(lon: float, lat: float, sun_lon: float, dpsi: float) -> tuple[float, float]:
    """Add nutation in longitude and annual aberration (degrees) to a mean ecliptic position of date."""
    d = math.radians(sun_lon - lon)
    b = math.radians(lat)
    k = _KAPPA / 3600.0
    return (lon + dpsi - k * math.cos(d) / math.cos(b)) % 360.0, lat - k * math.sin(d) * math.sin(b)


def star_ecliptic(star: Star | str, jd_ut: float, sun_lon: float | None = None) -> tuple[float, float]:
    """Apparent ecliptic longitude and latitude of date (degrees) of a star at *jd_ut*.

    *sun_lon* (the Sun's apparent longitude) may be passed when the caller has it, to save one ephemeris call.
    """
    return stars_ecliptic((star,), jd_ut, sun_lon)[0]


def stars_ecliptic(
    keys: Iterable[Star | str], jd_ut: float, sun_lon: float | None = None, dpsi: float | None = None
) -> list[tuple[float, float]]:
    """:func:`star_ecliptic` of several stars at one instant: ΔT, the precession angles, the nutation and the
    Sun's longitude (*sun_lon*, *dpsi* in degrees when the caller has them) are taken once for all."""
    table = stars()
    jd_tt = tt_from_ut(jd_ut)
    angles = precession_angles(jd_tt)
    if sun_lon is None:
        import swisseph as swe

        sun_lon = float(swe.calc_ut(jd_ut, 0, swe.FLG_MOSEPH)[0][0])
    if dpsi is None:
        dpsi = nutation(jd_ut)[2]
    out = []
    for k in keys:
        lon, lat = mean_ecliptic_of_date(table[k] if isinstance(k, str) else k, jd_tt, angles)
        out.append(apparent_correction(lon, lat, sun_lon, dpsi))
    return out


__all__ = [
    "Star",
    "apparent_correction",
    "mean_ecliptic_of_date",
    "precession_angles",
    "star_ecliptic",
    "stars",
    "stars_ecliptic",
]
