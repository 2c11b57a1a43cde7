"""True solar time, sunrise and sunset at a place (through ``xuanheng.astro``: pyswisseph, Moshier).

* local mean time = UTC + longitude × 4 min/°; true (apparent) solar time = local mean time + the
  equation of time (時差; swisseph ``time_equ``);
* sunrise / sunset: the Sun's upper limb on the horizon with standard refraction (1013.25 hPa, 15 °C),
  swisseph ``rise_trans``; cross-checked against skyfield's almanac in tests/time.

:func:`day_events` is what the calendar asks of a civil day: :func:`sun_events`,
:func:`true_solar_offset` and :func:`is_daytime` together.
"""

from __future__ import annotations

import math

from xuanheng.astro.ephemeris import Body, default_ephemeris, jd_from_unix, unix_from_jd
from xuanheng.errors import InputError

_EPH = default_ephemeris()


#: apparent altitude of the Sun's centre above which it is day when sunrise and sunset cannot decide (degrees)
DAY_ALTITUDE = -0.8333


#: the accepted ranges as the parameters name them (catalogued phrases, which xuanheng.i18n translates)
LON_ACCEPTED = "−180 … 180 (degrees, east positive)"
LAT_ACCEPTED = "−90 … 90 (degrees, north positive)"
#: (field, English word, the range in the English message, its catalogued phrase, bound)
_COORDINATES = (
    ("lon", "longitude", "−180 … 180 (east positive)", LON_ACCEPTED, 180.0),
    ("lat", "latitude", "−90 … 90 (north positive)", LAT_ACCEPTED, 90.0),
)


def check_place(lon: float | None, lat: float | None) -> None:
    """Refuse a half-given or impossible place. Each error carries its catalogue code and the field
    (``lon``/``lat``), so that the reader sees it in their language with the field's label."""
    if (lon is None) != (lat is None):
        raise InputError(
            "give both longitude and latitude, or neither",
            field="lat" if lat is None else "lon",
            code="place.half",
        )
    if lon is None or lat is None:
        return
    for (field, word, _, accepted, _), v in zip(_COORDINATES, (lon, lat), strict=True):
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise InputError(
                f"{word} {v!r} is not a number: give degrees as a float (east and north positive)",
                field=field,
                code="value.not_number",
                params={"field": field, "value": repr(v), "accepted": accepted},
            )
    for (field, word, written, accepted, bound), v in zip(_COORDINATES, (lon, lat), strict=True):
        if not (math.isfinite(v) and -bound <= v <= bound):
            raise InputError(
                f"{word} {v!r} is out of range: accepted {written}",
                field=field,
                code="value.out_of_range",
                params={"field": field, "value": repr(v), "accepted": accepted},
            )


def true_solar_offset(utc: float, lon: float) -> float:
    """Seconds to add to UTC to get apparent (true) solar time at longitude *lon*."""
    return lon * 240.0 + _EPH.equation_of_time(jd_from_unix(utc))


def equation_of_time(utc: float) -> float:
    """Apparent minus mean solar time, seconds."""
    return _EPH.equation_of_time(jd_from_unix(utc))


def sun_events(day_start_utc: float, lon: float, lat: float) -> tuple[float | None, float | None]:
    """(sunrise, sunset) as Unix seconds within the 24 h that start at *day_start_utc*; ``None`` if absent."""
    jd0 = jd_from_unix(day_start_utc)
    rise = _EPH.rise_set(jd0, lon, lat, True)
    sset = _EPH.rise_set(jd0, lon, lat, False)
    return (
        unix_from_jd(rise) if rise is not None else None,
        unix_from_jd(sset) if sset is not None else None,
    )


def day_events(
    day_start_utc: float, lon: float, lat: float, utc: float
) -> tuple[float | None, float | None, float, bool]:
    """(sunrise, sunset, true solar offset at *utc*, Sun up at *utc*) for the civil day starting at
    *day_start_utc*: :func:`sun_events`, :func:`true_solar_offset` and :func:`is_daytime`. *utc* must fall
    within that day.

    The equation of time is asked last: swisseph's first Sun from its data files after a Moshier call (the
    rising and setting, the altitude) comes out up to 0.012″ off the same call made again, and ``time_equ``
    leaves it in the state of the files, so the chart's bodies that follow the calendar do not depend on
    which of these calls ran."""
    rise, sset = sun_events(day_start_utc, lon, lat)
    up = is_daytime(utc, lon, lat, rise, sset)
    return rise, sset, true_solar_offset(utc, lon), up


def sun_altitude(utc: float, lon: float, lat: float) -> float:
    """Apparent altitude of the Sun's centre (degrees, with refraction)."""
    return _EPH.altitude(Body.SUN, jd_from_unix(utc), lon, lat)


def is_daytime(utc: float, lon: float, lat: float, rise: float | None, sset: float | None) -> bool:
    """Day if between this civil day's sunrise and sunset; by altitude when the Sun does not rise or set."""
    if rise is not None and sset is not None and rise < sset:
        return rise <= utc < sset
    # polar day/night, or a zone so far from its meridian that sunset precedes sunrise in the civil day
    return sun_altitude(utc, lon, lat) > DAY_ALTITUDE
