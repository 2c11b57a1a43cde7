"""``xuanheng calendar``: pillars, 旬空, 節/中氣, 月將, lunar date, 晝夜 and sunrise/sunset of an instant."""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from datetime import UTC, datetime

from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES
from xuanheng.errors import InputError
from xuanheng.time import CalendarChart, CalendarOptions, calendar
from xuanheng.time.instants import _short


def number(text: str | float | None, field: str, accepted: str) -> float | None:
    """A ``--lon``/``--lat`` value: a number (full-width digits accepted); the range is checked by the
    library. Not an argparse ``type``, so that a bad value is reported like every other input error.
    A number (the web layer builds the namespace from a validated form) is passed through."""
    if text is None or (isinstance(text, int | float) and not isinstance(text, bool)):
        return text
    if not isinstance(text, str):
        raise InputError(f"{field} {_short(repr(text))} is not a number: accepted {accepted}", field=field)
    t = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    try:
        return float(t)
    except ValueError:
        raise InputError(
            f"{field} {_short(text)!r} is not a number: accepted {accepted}", field=field
        ) from None


def lon_lat(args: argparse.Namespace) -> tuple[float | None, float | None]:
    """``--lon`` and ``--lat`` as numbers (InputError naming the field otherwise)."""
    return (
        number(args.lon, "lon", "−180 … 180 (degrees, east positive)"),
        number(args.lat, "lat", "−90 … 90 (degrees, north positive)"),
    )


def year_number(text: str | int | None, field: str) -> int | None:
    """A year argument: an integer −3000 … 3000 (full-width digits accepted; an int is passed through)."""
    if text is None or (isinstance(text, int) and not isinstance(text, bool)):
        return text
    if not isinstance(text, str):
        raise InputError(f"{field} {_short(repr(text))} is not a year number", field=field)
    t = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d{1,4}", t) or not -3000 <= int(t) <= 3000:
        raise InputError(f"{field} {_short(text)!r} is not a year number: accepted -3000 … 3000", field=field)
    return int(t)


def coordinate(text: str) -> str | int:
    """A 干支 / branch argument: NFKC-normalised and stripped; plain digits become an index (子 = 0)."""
    t = unicodedata.normalize("NFKC", text).strip()
    return int(t) if t.isascii() and t.isdigit() else t


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--at", help="date-time, ISO 8601 (2024-02-10T12:00 or with an offset +08:00)")
    parser.add_argument(
        "--now",
        action="store_true",
        help="use the current time (instead of --at), in --tz or else this computer's zone",
    )
    parser.add_argument(
        "--tz", help="IANA zone (Asia/Shanghai) or UTC offset (+08:00); needed unless --at has one"
    )
    parser.add_argument(
        "--fold", type=int, choices=(0, 1), help="which reading of a wall time a DST change repeats or skips"
    )
    parser.add_argument("--lon", help="longitude, degrees east (−180 … 180)")
    parser.add_argument("--lat", help="latitude, degrees north (−90 … 90)")
    parser.add_argument(
        "--true-solar",
        action="store_true",
        help="count days and hours on true solar time (needs --lon/--lat)",
    )
    parser.add_argument("--day-boundary", default="23:00", help="23:00 (子初換日, default) or 00:00")
    parser.add_argument(
        "--yue-jiang",
        default="zhongqi",
        type=coordinate,
        help="zhongqi (default), jie, or a 月將 by hand: a branch (亥), 天神 name (登明) or 0–11 (子 = 0)",
    )
    parser.add_argument("--day-night", default="auto", help="auto (default), sun, fixed, day, night")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _chart(args: argparse.Namespace) -> CalendarChart:
    if args.now and args.at:
        raise InputError("give --at or --now, not both", field="at")
    if not args.now and not args.at:
        raise InputError("give --at DATE-TIME (ISO 8601, e.g. 2024-02-10T12:00) or --now", field="at")
    # --now without --tz: the current instant in this computer's own zone (as its clock shows it)
    when: str | datetime = datetime.now(UTC).astimezone() if args.now else args.at
    options = CalendarOptions(
        day_boundary=args.day_boundary,
        yue_jiang=args.yue_jiang,
        true_solar=args.true_solar,
        day_night=args.day_night,
    )
    tz = args.tz
    lon, lat = lon_lat(args)
    return calendar(when, lon, lat, options, tz=tz, fold=args.fold)


def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _pad(s: str, n: int) -> str:
    return s + " " * max(0, n - _width(s))


def render_text(chart: CalendarChart) -> str:
    """A CJK-aligned table."""
    j = chart.to_json()
    rows: list[tuple[str, str]] = []
    p = chart.pillars
    rows.append(("時刻 time", f"{j['input']['at']} ({j['input']['tz']})"))
    if chart.solar_time is not None:
        rows.append(("真太陽時 solar", chart.solar_time.strftime("%Y-%m-%d %H:%M:%S")))
    rows.append(("四柱 pillars", f"{p.year}年 {p.month}月 {p.day}日 {p.hour}時"))
    kong = chart.xun_kong
    rows.append(
        (
            "旬空 xun kong",
            "  ".join(
                f"{g}:{BRANCHES[a]}{BRANCHES[b]}" for g, (a, b) in zip("年月日時", kong.values(), strict=True)
            ),
        )
    )
    for label, t in (
        ("前節 prev jie", chart.jie_prev),
        ("後節 next jie", chart.jie_next),
        ("前氣 prev qi", chart.qi_prev),
        ("後氣 next qi", chart.qi_next),
    ):
        rows.append((label, f"{_pad(t.name, 5)}{t.at.isoformat(timespec='seconds')}"))
    rows.append(
        (
            "月將 yue jiang",
            f"{BRANCHES[chart.yue_jiang]} {SHEN_NAMES[chart.yue_jiang]} ({chart.yue_jiang_basis})",
        )
    )
    rows.append(("農曆 lunar", str(chart.lunar)))
    rows.append(("晝夜 day/night", f"{'晝' if chart.is_day else '夜'} ({chart.day_night_basis})"))
    if chart.sunrise is not None or chart.sunset is not None:
        sr = chart.sunrise.strftime("%H:%M:%S") if chart.sunrise else "—"
        ss = chart.sunset.strftime("%H:%M:%S") if chart.sunset else "—"
        rows.append(("日出/日沒 sun", f"{sr} / {ss}"))
    o = chart.options.to_json()
    rows.append(("選項 options", ", ".join(f"{k}={v}" for k, v in o.items())))
    width = max(_width(k) for k, _ in rows) + 2
    lines = [_pad(k, width) + v for k, v in rows]
    lines += [f"warning: {w}" for w in chart.warnings]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    chart = _chart(args)
    if args.json:
        print(json.dumps(chart.to_json(), ensure_ascii=False, indent=2))
    else:
        print(render_text(chart))
    return 0
