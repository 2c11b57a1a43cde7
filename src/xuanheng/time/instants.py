"""Explicit instants: parse a date-time with an IANA zone or a UTC offset; refuse ambiguous wall times.

Historical offsets and daylight saving (China 1986–1991, Korea 1987–88, Taiwan …) come from the tz
database through :mod:`zoneinfo` (the ``tzdata`` package is a dependency, so it works on every OS).
A wall time that occurs twice (DST overlap) or never (DST gap) raises :class:`AmbiguousTimeError`
unless ``fold`` says which: ``fold=0`` the earlier reading / the offset before the change, ``fold=1``
the later one (PEP 495).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from xuanheng.errors import AmbiguousTimeError, InputError, OutOfRangeError
from xuanheng.errors import short as _short

_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)


def parse_zone(tz: str | tzinfo) -> tzinfo:
    """An IANA zone name (``Asia/Seoul``), ``UTC``, or a fixed offset (``+08:00``, ``UTC+9``, ``-0330``)."""
    if isinstance(tz, tzinfo):
        return tz
    if not isinstance(tz, str):
        raise InputError(
            f"time zone must be text (an IANA name such as Asia/Shanghai or an offset +08:00) or a tzinfo, "
            f"not {type(tz).__name__}",
            field="tz",
        )
    # full-width forms (＋０８：００) typed on a CJK keyboard mean the same as their ASCII forms
    tz = unicodedata.normalize("NFKC", tz)
    if not tz.strip():
        raise InputError(
            "time zone is empty: give an IANA name such as Asia/Shanghai or an offset +08:00", field="tz"
        )
    text = tz.strip()
    if text.upper() in ("UTC", "Z", "GMT"):
        return UTC
    m = _OFFSET.match(text)
    if m:
        sign, hh, mm = m.group(1), int(m.group(2)), int(m.group(3) or 0)
        if hh > 14 or mm >= 60:
            raise InputError(
                f"UTC offset {_short(text)!r} is out of range: accepted −14:00 … +14:00", field="tz"
            )
        delta = timedelta(hours=hh, minutes=mm)
        return timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    canonical = _zone_names_folded().get(text.casefold())
    if canonical is not None:  # asia/shanghai → Asia/Shanghai
        return ZoneInfo(canonical)
    raise InputError(
        f"unknown time zone {_short(text)!r}: give an IANA name such as Asia/Shanghai, Asia/Seoul, "
        "Asia/Taipei, or a UTC offset such as +08:00",
        field="tz",
    )


@cache
def _zone_names_folded() -> dict[str, str]:
    """IANA names by their case-folded spelling (for a zone typed in the wrong case)."""
    return {name.casefold(): name for name in available_timezones()}


#: a date written with slashes or without zero padding (2024/2/10, 2024-2-10)
_LOOSE_DATE = re.compile(r"^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?=$|[T ])")


#: ISO 8601 end of day (``T24:00``), which names the next day's 00:00
_END_OF_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})([T ])24:00(?::00(?:\.0+)?)?(.*)$")
#: a positive leap second (``23:59:60``), which Python's datetime cannot hold
_LEAP_SECOND = re.compile(r"^(.*[T ]\d{2}:\d{2}):60((?:\.\d+)?.*)$")


def _parse_text(text: str) -> datetime:
    """ISO 8601 text to a datetime (naive or with a fixed offset).

    Full-width digits and punctuation (``２０２４－０２－１０``) are read as ASCII (NFKC). ``T24:00`` is
    the end of the day, i.e. the next day's 00:00 (ISO 8601). A leap second ``hh:mm:60`` is read as the
    following ``hh:mm+1:00`` — the same POSIX/Unix second, which is what every clock without leap seconds
    shows; charts cannot change within that second.
    """
    t = unicodedata.normalize("NFKC", text).strip()
    if not t:
        raise InputError("date-time is empty: expected ISO 8601 such as 2024-02-10T12:00", field="at")
    if t.endswith(("z", "Z")):
        t = t[:-1] + "+00:00"
    t = _LOOSE_DATE.sub(lambda m: f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}", t)
    if "T" not in t:
        t = t.replace(" ", "T", 1)
    add = timedelta()
    m = _END_OF_DAY.match(t)
    if m:
        t, add = f"{m.group(1)}T00:00{m.group(3)}", timedelta(days=1)
    else:
        m = _LEAP_SECOND.match(t)
        if m:
            t, add = f"{m.group(1)}:59{m.group(2)}", timedelta(seconds=1)
    try:
        return datetime.fromisoformat(t) + add
    except ValueError:
        _no_such_day(t)
        raise InputError(
            f"malformed date-time {_short(text)!r}: expected ISO 8601 such as 2024-02-10T12:00, "
            "2024-02-10 12:00:30 or 2024-02-10T12:00+08:00",
            field="at",
        ) from None


#: the date of an ISO text (year, month, day), whatever follows it
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?=$|T)")


def _no_such_day(t: str) -> None:
    """Raise :class:`InputError` when *t* is written well but names a day the calendar lacks (2026-02-30,
    2025-02-29, month 13): "that day does not exist", not a format problem."""
    import calendar

    m = _ISO_DATE.match(t)
    if m is None:
        return
    year, month, day = (int(g) for g in m.groups())
    date = m.group(0)
    if not 1 <= month <= 12:
        raise InputError(
            f"the date {date} does not exist: a month is 01 to 12",
            field="at",
            code="at.no_such_month",
            params={"date": date},
        )
    days = calendar.monthrange(year, month)[1] if year >= 1 else 31
    if not 1 <= day <= days:
        raise InputError(
            f"the date {date} does not exist: {year}-{month:02d} has {days} days",
            field="at",
            code="at.no_such_day",
            params={"date": date, "month": f"{year}-{month:02d}", "days": days},
        )


def parse_instant(value: str | datetime, tz: str | tzinfo | None = None, fold: int | None = None) -> datetime:
    """See :func:`_parse_instant`; a date at the very edge of Python's calendar becomes OutOfRangeError."""
    try:
        return _parse_instant(value, tz, fold)
    except OverflowError:
        raise OutOfRangeError(
            f"date-time {value!s} is at the edge of the calendar: years 2–9998 are accepted", field="at"
        ) from None


def _parse_instant(value: str | datetime, tz: str | tzinfo | None, fold: int | None) -> datetime:
    """Turn user input into an aware :class:`datetime` that names one instant.

    * a string in ISO 8601; an explicit offset in it (``+08:00``, ``Z``) fixes the instant, and *tz*,
      when also given, only chooses the zone the result is expressed in;
    * a naive date-time (string or :class:`datetime`) is read as wall time in *tz* (required);
    * an aware :class:`datetime` is taken as is (converted to *tz* if given).

    Raises :class:`InputError` for malformed text or unknown zones and :class:`AmbiguousTimeError` when
    the wall time is repeated or skipped by a clock change and *fold* (0 or 1) is not given.
    """
    if fold is not None and fold not in (0, 1):
        raise InputError(f"fold must be 0 or 1, not {fold!r}", field="fold")
    if isinstance(value, str):
        dt = _parse_text(value)
    elif isinstance(value, datetime):
        dt = value
    else:
        raise InputError(
            f"date-time must be ISO 8601 text or a datetime, not {type(value).__name__}", field="at"
        )
    zone = parse_zone(tz) if tz is not None else None
    if dt.tzinfo is not None and dt.utcoffset() is not None:
        return dt.astimezone(zone) if zone is not None else dt
    if zone is None:
        raise InputError(
            "the date-time has no zone: give a time zone (e.g. tz='Asia/Shanghai') or an offset "
            "in the text (2024-02-10T12:00+08:00)",
            field="tz",
        )
    a = dt.replace(tzinfo=zone, fold=0)
    b = dt.replace(tzinfo=zone, fold=1)
    if a.utcoffset() == b.utcoffset():
        return a
    # the two readings differ: a repeated hour (overlap) or a skipped hour (gap)
    round_trip = a.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    kind = "does not exist (clocks jumped forward)" if round_trip != dt else "occurs twice (clocks fell back)"
    if fold is None:
        oa, ob = a.utcoffset(), b.utcoffset()
        raise AmbiguousTimeError(
            f"local time {dt.isoformat()} in {zone} {kind}: choose fold=0 (offset {_fmt(oa)}) "
            f"or fold=1 (offset {_fmt(ob)})",
            field="fold",
            code="time.gap" if round_trip != dt else "time.overlap",
            params={  # what a front end needs to offer the two readings right where the error appears
                "wall": dt.isoformat(),
                "zone": str(zone),
                "offset0": _fmt(oa),
                "offset1": _fmt(ob),
                # each reading as the instant it names, on a wall clock that exists (ISO with offset)
                "instant0": a.astimezone(UTC).astimezone(zone).isoformat(),
                "instant1": b.astimezone(UTC).astimezone(zone).isoformat(),
            },
        )
    chosen = dt.replace(tzinfo=zone, fold=fold)
    # in a gap, express the chosen instant as a wall time that exists
    return chosen.astimezone(UTC).astimezone(zone) if round_trip != dt else chosen


def _fmt(off: timedelta | None) -> str:
    s = int((off or timedelta()).total_seconds())
    sign = "-" if s < 0 else "+"
    s = abs(s)
    return f"{sign}{s // 3600:02d}:{s % 3600 // 60:02d}"


def offset_seconds(dt: datetime) -> int:
    """The UTC offset of an aware datetime, in seconds."""
    off = dt.utcoffset()
    return int(off.total_seconds()) if off is not None else 0


def unix_seconds(dt: datetime) -> float:
    """Unix timestamp of an aware datetime (microseconds kept), valid for years 1–9999."""
    off = dt.utcoffset() or timedelta()
    return (dt.replace(tzinfo=None) - _EPOCH).total_seconds() - off.total_seconds()


_EPOCH = datetime(1970, 1, 1)

__all__ = ["offset_seconds", "parse_instant", "parse_zone", "unix_seconds"]
