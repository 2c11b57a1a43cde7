"""Argument groups and converters shared by the ``xuanheng`` sub-commands.

One definition of each flag that several commands take, so that ``calendar``, ``jinkoujue`` and ``liuren``
spell, convert and report them alike:

* instant: ``--at``, ``--now``, ``--tz``, ``--fold``;
* place: ``--lon``, ``--lat``, ``--true-solar``;
* calendar school options: ``--day-boundary``, ``--day-night``, the 月將 *rule*
  (``--yue-jiang-rule``; ``--jiang`` is the same flag; ``calendar`` also keeps its older ``--yue-jiang``)
  and, for a command that passes it on, ``--dst clock|standard`` (:data:`DST_HELP`);
* output: ``--json``, ``--lang``.

Values are converted in :func:`lon_lat`, :func:`year_number` etc. rather than by argparse ``type=``, so a bad
value raises an :class:`~xuanheng.errors.InputError` that names the field and the accepted range (the CLI
prints it on one line, the web API answers 422) instead of argparse's bare "invalid float value".
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.errors import InputError
from xuanheng.errors import short as _short
from xuanheng.i18n import label
from xuanheng.reading import DEFAULT_LANG, LANGS

LON_ACCEPTED = "−180 … 180 (degrees, east positive)"
LAT_ACCEPTED = "−90 … 90 (degrees, north positive)"

#: help text of the 月將 rule flag, shared by every command
JIANG_RULE_HELP = (
    "月將 rule: zhongqi (default, the 月將 changes at the 中氣), jie, or a 月將 fixed by hand: "
    "a branch (亥), 天神 name (登明) or 0–11 (子 = 0)"
)

#: help text of ``--dst`` (the calendar option ``dst``; docs/time.md, "Daylight saving time")
DST_HELP = (
    "daylight saving: clock (default: count the day and hour on the clock, summer time included) or "
    "standard (take the summer hour off and count on the zone's standard time; 節氣 and 月將 do not move)"
)


# ---------------------------------------------------------------- converters


def number(text: str | float | None, field: str, accepted: str) -> float | None:
    """A ``--lon``/``--lat`` value: a number (full-width digits and U+2212 minus accepted); the range is
    checked by the library. A number (the web layer builds the namespace from a validated form) is
    passed through."""
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
    """``--lon`` and ``--lat`` as numbers (InputError naming the field and its range otherwise)."""
    return (number(args.lon, "lon", LON_ACCEPTED), number(args.lat, "lat", LAT_ACCEPTED))


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
    """A 干支 / branch argument: NFKC-normalised and stripped; plain digits become an index (子 = 0,
    甲子 = 0). Range and spelling are checked by the library."""
    t = unicodedata.normalize("NFKC", text).strip()
    return int(t) if t.isascii() and t.isdigit() else t


def jiang_rule(text: str) -> str:
    """The 月將 rule: ``zhongqi``, ``jie`` or a branch; a number 0–11 becomes that branch (子 = 0)."""
    v = coordinate(text)
    if isinstance(v, int):
        return BRANCHES[v] if 0 <= v < 12 else str(v)
    return v


def fold_value(text: str | int | None) -> int | None:
    """``--fold``: 0 or 1 (full-width digits accepted; an int is passed through)."""
    if text is None or (isinstance(text, int) and not isinstance(text, bool)):
        return text
    t = unicodedata.normalize("NFKC", str(text)).strip()
    if t not in ("0", "1"):
        raise InputError(
            f"fold {_short(str(text))!r} is not accepted: 0 (the first reading of a repeated or skipped wall "
            "time) or 1 (the second)",
            field="fold",
        )
    return int(t)


def instant(args: argparse.Namespace, example: str) -> str | datetime:
    """``--at`` or ``--now`` (exactly one). ``--now`` is the current UTC instant; see :func:`now_zone`."""
    if args.now and args.at:
        raise InputError("give --at or --now, not both", field="at")
    if not args.now and not args.at:
        raise InputError(f"give --at DATE-TIME (ISO 8601, e.g. {example}) or --now", field="at")
    return datetime.now(UTC) if args.now else str(args.at)


def now_zone(args: argparse.Namespace) -> None:
    """Command line only: ``--now`` without ``--tz`` charts this computer's own zone, as its clock shows
    it; ``args.tz`` becomes its current UTC offset (``+09:00``), a string every method echoes in JSON.
    The web API, which has no computer of the user's, keeps UTC unless a zone is given."""
    if getattr(args, "now", False) and args.tz is None:
        offset = datetime.now(UTC).astimezone().utcoffset() or timedelta(0)
        minutes = round(offset.total_seconds() / 60)
        sign = "-" if minutes < 0 else "+"
        args.tz = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


# ---------------------------------------------------------------- argument groups


def add_instant(g: argparse._ActionsContainer, example: str = "2026-03-10T21:00") -> None:
    """``--at``, ``--now``, ``--tz``, ``--fold``."""
    g.add_argument(
        "--at",
        help=f"date-time, ISO 8601 ({example}, or with an offset +08:00); also 2026/3/10 21:00, T24:00, "
        "23:59:60, full-width digits",
    )
    g.add_argument(
        "--now",
        action="store_true",
        help="use the current time (instead of --at), in --tz or else this computer's zone",
    )
    g.add_argument(
        "--tz",
        help="IANA zone (Asia/Shanghai, any case) or UTC offset (+08:00); needed unless --at has one",
    )
    g.add_argument(
        "--fold",
        metavar="0|1",
        help="0 or 1: which reading of a wall time that a daylight-saving change repeats or skips",
    )


def add_place(g: argparse._ActionsContainer) -> None:
    """``--lon``, ``--lat``, ``--true-solar``."""
    lon_help = f"longitude {LON_ACCEPTED}: sunrise/sunset 晝夜, true solar time"
    g.add_argument("--lon", metavar="DEG", help=lon_help)
    g.add_argument("--lat", metavar="DEG", help=f"latitude {LAT_ACCEPTED}")
    g.add_argument(
        "--true-solar",
        action="store_true",
        help="count days and hours on true solar time (needs --lon/--lat)",
    )


def add_calendar_options(
    g: argparse._ActionsContainer,
    *,
    day_night_choices: tuple[str, ...] | None = None,
    old_yue_jiang: bool,
    dst: bool = False,
) -> None:
    """``--day-boundary``, ``--day-night``, the 月將 rule and (with *dst*) ``--dst``.

    The 月將 rule is ``--yue-jiang-rule`` (= ``--jiang``) in every command. Only ``calendar`` also takes
    ``--yue-jiang`` for it (*old_yue_jiang*), its original spelling; in ``liuren`` ``--yue-jiang`` is the
    study-mode coordinate (the 月將 itself), so it is not an alias there.

    ``--dst`` (``args.dst``, ``"clock"`` or ``"standard"``, checked by the library's options) is added only
    when the command asks for it (*dst*), i.e. when it passes ``args.dst`` on to its options: a flag that
    a command parsed but ignored would give a wrong chart without a word.
    """
    g.add_argument(
        "--day-boundary", default="23:00", help="23:00 (default, 子初換日: the day changes at 23:00) or 00:00"
    )
    g.add_argument(
        "--day-night",
        default="auto",
        choices=day_night_choices,
        help="晝夜: auto (default), sun, fixed, day, night",
    )
    flags = ["--yue-jiang-rule", "--jiang"] + (["--yue-jiang"] if old_yue_jiang else [])
    note = (
        "; --yue-jiang is this command's older name for the same rule (in liuren, --yue-jiang is the "
        "study-mode 月將 itself)"
        if old_yue_jiang
        else "; the same flag in every command (calendar also accepts --yue-jiang for it)"
    )
    g.add_argument(
        *flags, dest="jiang", default="zhongqi", type=jiang_rule, metavar="RULE", help=JIANG_RULE_HELP + note
    )
    if dst:
        g.add_argument("--dst", default="clock", metavar="clock|standard", help=DST_HELP)


def add_output(g: argparse._ActionsContainer) -> None:
    """``--lang`` and ``--json``."""
    g.add_argument(
        "--lang", default=DEFAULT_LANG, help=f"{', '.join(LANGS)} (default {DEFAULT_LANG}; any letter case)"
    )
    g.add_argument("--json", action="store_true", help="print one JSON object")


def print_chart(
    chart: Any,
    rules: list[Any] | None,
    lang: str,
    *,
    as_json: bool,
    no_reading: bool,
    render_table: Callable[[Any, list[Any] | None, str], str],
    empty_reading_key: bool = False,
) -> None:
    """Print a method's chart with its reading: one JSON object (``--json``) or the method's table.

    ``rules`` is None when the reading was not asked for (``--no-reading``) or its module is missing;
    with *empty_reading_key* the JSON then still carries ``"reading": []``.
    """
    if as_json:
        out = chart.to_json()
        if rules is not None:
            out["reading"] = [r.to_json(lang) for r in rules]
        elif empty_reading_key:
            out["reading"] = []
        out["lang"] = lang
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return
    text = render_table(chart, rules, lang)
    if rules is None and not no_reading:
        text += "\n" + label("cli.no_reading", lang)
    print(text)


def width(s: str) -> int:
    """Display width of *s* in a terminal (CJK wide characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def pad(s: str, n: int) -> str:
    """*s* padded with spaces to display width *n*."""
    return s + " " * max(0, n - width(s))


__all__ = [
    "DST_HELP",
    "JIANG_RULE_HELP",
    "add_calendar_options",
    "add_instant",
    "add_output",
    "add_place",
    "coordinate",
    "fold_value",
    "instant",
    "jiang_rule",
    "lon_lat",
    "now_zone",
    "number",
    "pad",
    "print_chart",
    "width",
    "year_number",
]
