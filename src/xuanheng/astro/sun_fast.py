"""Fast path of the Sun's events of one civil day at one place: sunrise, sunset and the equation of time.

The plain statements are swisseph's own (``SwissEphemeris.rise_set`` = ``rise_trans``: the first rise or set
of the Sun's upper limb after the start, with the refraction of 1013.25 hPa and 15 °C; ``equation_of_time``
= ``time_equ``). They cost about four and one and a half Sun positions each. Here one Sun position at the
middle of the day, one nutation and one sidereal time serve the whole day. The Sun is read like the bodies of
七政四餘 (:func:`~xuanheng.astro.ephemeris.body_flags`: the data files in 1800–2400): swisseph drops the file
data it holds whenever a call switches it between the files and the Moshier theory, which cost a chart about
60 µs when this Sun alone was Moshier's; the two differ by under 0.1″ here (a few milliseconds of sunrise).

* the apparent longitude is carried linearly from mid-day (the Sun's longitude changes its rate by about
  0.0003° a day, so over half a day the error stays under 10⁻⁴°) and turned into right ascension and
  declination with the true obliquity; the apparent sidereal time is carried at 360.98564736629° a day;
* the equation of time at an instant is then GAST − α + 180° − UT (the formula of ``swe_time_equ``:
  local apparent minus local mean time);
* the Sun rises or sets when its geocentric centre stands at h₀ = −R₀ − s + π: R₀ the refraction at the
  apparent horizon for that pressure and temperature (``swe_refrac_extended``, the model ``rise_trans``
  uses), s the semi-diameter (959.63″ at 1 au) and π the horizontal parallax (8.794″ at 1 au): ``rise_trans``
  reckons topocentrically. The hour angle of h₀ is solved for by three corrections from the next crossing
  after the start.

:meth:`SolarDay.rise_set` answers :data:`UNDECIDED` where the fast path could be wrong rather than
slow: a Sun that grazes the horizon (|cos H₀| > 0.95, so near the polar circles and beyond), beyond ±65° of
latitude, and an event within 15 minutes of either end of the day (which day it belongs to is then a question
for the plain search). ``tests/time/test_solar_fast.py`` shows both agree with the plain calls to well under
a second.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

import swisseph as swe

from xuanheng.astro.ephemeris import body_flags, default_ephemeris

_SIDEREAL_RATE = 360.98564736629  # degrees of sidereal time per day (Meeus eq. 12.4)
#: true altitude of a point whose apparent altitude is 0 at 1013.25 hPa and 15 °C (degrees, negative)
_HORIZON: Final[float] = float(swe.refrac_extended(0.0, 0.0, 1013.25, 15.0, 0.0065, swe.APP_TO_TRUE)[0])
_SEMI_DIAMETER_1AU = 959.63 / 3600.0
_PARALLAX_1AU = 8.794 / 3600.0
_EDGE = 15.0 / 1440.0  # 15 minutes, in days
_GRAZING = 0.95
_MAX_LAT = 65.0


class _Undecided:
    """The fast path does not decide this event; ask the plain search."""

    def __repr__(self) -> str:
        return "UNDECIDED"


UNDECIDED: Final = _Undecided()


class SolarDay(NamedTuple):
    """The Sun over one day (see the module docstring); make it with :func:`solar_day`. A named tuple (one
    made on every calendar with a place: a tuple is built in one step, a frozen dataclass field by field)."""

    jd0: float  # start of the day (UT)
    lam: float  # apparent ecliptic longitude at mid-day
    bet: float
    dist: float  # au
    dlam: float  # degrees per day
    sin_eps: float
    cos_eps: float
    gast_mid: float  # apparent sidereal time at mid-day, degrees
    #: right ascension (unwrapped) and declination over the day as quadratics in (jd − mid-day), degrees:
    #: fitted through the exact values at the start, the middle and the end of the day (the search's steps
    #: read these; the interpolation error is below 10⁻⁵°)
    ra_q: tuple[float, float, float] = (0.0, 0.0, 0.0)
    dec_q: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def ra_dec(self, jd: float) -> tuple[float, float]:
        """Apparent right ascension and declination (degrees) at *jd* within the day."""
        return _equatorial(self.lam + self.dlam * (jd - self.jd0 - 0.5), self.bet, self.sin_eps, self.cos_eps)

    def gast(self, jd: float) -> float:
        """Apparent sidereal time at Greenwich (degrees) at *jd* within the day."""
        return (self.gast_mid + _SIDEREAL_RATE * (jd - self.jd0 - 0.5)) % 360.0

    def equation_of_time(self, jd: float) -> float:
        """Local apparent minus local mean time, seconds (swisseph ``time_equ``), at *jd* within the day."""
        ra, _ = self.ra_dec(jd)
        e = (((self.gast(jd) - ra + 180.0) % 360.0) / 360.0 - ((jd + 0.5) % 1.0) + 0.5) % 1.0 - 0.5
        return e * 86400.0

    def apparent_altitude(self, jd: float, lon: float, lat: float) -> float:
        """Apparent altitude of the Sun's centre (degrees, refraction at 1013.25 hPa and 15 °C) at *jd*
        within the day, as swisseph ``azalt`` gives it from the geocentric position."""
        ra, dec = self.ra_dec(jd)
        h = math.radians(self.gast(jd) + lon - ra)
        p, d = math.radians(lat), math.radians(dec)
        true = math.degrees(math.asin(math.sin(p) * math.sin(d) + math.cos(p) * math.cos(d) * math.cos(h)))
        return float(swe.refrac_extended(true, 0.0, 1013.25, 15.0, 0.0065, swe.TRUE_TO_APP)[0])

    def rise_set(self, lon: float, lat: float, rising: bool) -> float | _Undecided | None:
        """The first sunrise (*rising*) or sunset after the start of the day, as a Julian Day UT; ``None``
        when there is none within the day; :data:`UNDECIDED` where the plain search must decide."""
        if abs(lat) > _MAX_LAT:
            return UNDECIDED
        sin_h0 = math.sin(math.radians(_HORIZON - _SEMI_DIAMETER_1AU / self.dist + _PARALLAX_1AU / self.dist))
        sphi, cphi = math.sin(math.radians(lat)), math.cos(math.radians(lat))
        rate = _SIDEREAL_RATE - self.dlam
        mid = self.jd0 + 0.5
        a0, a1, a2 = self.ra_q
        d0, d1, d2 = self.dec_q
        sign = -1.0 if rising else 1.0
        g0 = self.gast_mid + lon

        def step(t: float, forward: bool) -> float | None:
            x = t - mid
            d = math.radians(d0 + x * (d1 + x * d2))
            cos_h = (sin_h0 - sphi * math.sin(d)) / (cphi * math.cos(d))
            if abs(cos_h) > _GRAZING:
                return None
            target = sign * math.degrees(math.acos(cos_h))
            h = g0 + _SIDEREAL_RATE * x - (a0 + x * (a1 + x * a2))
            diff = (target - h) % 360.0 if forward else (target - h + 180.0) % 360.0 - 180.0
            return t + diff / rate

        t = step(self.jd0, True)
        for _ in range(3):
            if t is None:
                return UNDECIDED
            t = step(t, False)
        if t is None:
            return UNDECIDED
        if t < self.jd0 + _EDGE or abs(t - self.jd0 - 1.0) < _EDGE:
            return UNDECIDED
        return None if t > self.jd0 + 1.0 else t


def _equatorial(lam_deg: float, bet_deg: float, sin_eps: float, cos_eps: float) -> tuple[float, float]:
    """Right ascension (0–360°) and declination of an ecliptic position of date (degrees)."""
    lam, bet = math.radians(lam_deg), math.radians(bet_deg)
    sl, cl, sb, cb = math.sin(lam), math.cos(lam), math.sin(bet), math.cos(bet)
    ra = math.atan2(sl * cb * cos_eps - sb * sin_eps, cl * cb)
    dec = math.asin(sb * cos_eps + cb * sin_eps * sl)
    return math.degrees(ra) % 360.0, math.degrees(dec)


def solar_day(jd0: float) -> SolarDay:
    """The Sun over the day that starts at *jd0* (UT): one position, one nutation, one sidereal time."""
    default_ephemeris().check_range(jd0)
    mid = jd0 + 0.5
    x, _ = swe.calc_ut(mid, 0, body_flags(mid))
    nut, _ = swe.calc_ut(mid, swe.ECL_NUT, 0)
    eps = math.radians(nut[0])
    se, ce = math.sin(eps), math.cos(eps)
    (r0, e0), (r1, e1), (r2, e2) = (_equatorial(x[0] + x[3] * k, x[1], se, ce) for k in (-0.5, 0.0, 0.5))
    r0 = r1 + (r0 - r1 + 180.0) % 360.0 - 180.0  # unwrapped about the middle
    r2 = r1 + (r2 - r1 + 180.0) % 360.0 - 180.0
    # the quadratic through (−½, f0), (0, f1), (½, f2) is f1 + (f2 − f0) x + 2 (f0 − 2 f1 + f2) x²
    return SolarDay(
        jd0=jd0,
        lam=x[0],
        bet=x[1],
        dist=x[2],
        dlam=x[3],
        sin_eps=se,
        cos_eps=ce,
        gast_mid=float(swe.sidtime(mid)) * 15.0,
        ra_q=(r1, r2 - r0, 2.0 * (r0 - 2.0 * r1 + r2)),
        dec_q=(e1, e2 - e0, 2.0 * (e0 - 2.0 * e1 + e2)),
    )


__all__ = ["UNDECIDED", "SolarDay", "solar_day"]
