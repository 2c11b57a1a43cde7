"""``xuanheng calendar``: pillars, 旬空, 節/中氣, 月將, lunar date, 晝夜 and sunrise/sunset of an instant."""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime

from xuanheng.cli._common import (
    add_calendar_options,
    add_instant,
    add_place,
    coordinate,
    fold_value,
    instant,
    lon_lat,
    number,
    pad,
    width,
    year_number,
)
from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES
from xuanheng.i18n import label
from xuanheng.reading import LANGS, check_lang
from xuanheng.time import CalendarChart, CalendarOptions, calendar


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_instant(parser, "2024-02-10T12:00")
    add_place(parser)
    add_calendar_options(parser, old_yue_jiang=True, dst=True)
    parser.add_argument(
        "--lang",
        default=None,
        help=f"labels in one language: {', '.join(LANGS)} (default: 繁體 and English side by side)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _chart(args: argparse.Namespace) -> CalendarChart:
    when = instant(args, "2024-02-10T12:00")
    if args.now and args.tz is None:  # --now without --tz: this computer's own zone, as its clock shows it
        when = datetime.now(UTC).astimezone()
    options = CalendarOptions(
        day_boundary=args.day_boundary,
        yue_jiang=args.jiang,
        true_solar=args.true_solar,
        day_night=args.day_night,
        dst=args.dst,
    )
    tz = args.tz
    lon, lat = lon_lat(args)
    return calendar(when, lon, lat, options, tz=tz, fold=fold_value(args.fold))


#: row labels of the table: the i18n key and the bilingual default
_ROWS: dict[str, tuple[str, str]] = {
    "time": ("cal.time", "時刻 time"),
    "solar": ("cal.solar_time", "真太陽時 solar"),
    "pillars": ("chart.pillars", "四柱 pillars"),
    "kong": ("chart.xun_kong", "旬空 xun kong"),
    "prev_jie": ("cal.prev_jie", "前節 prev jie"),
    "next_jie": ("cal.next_jie", "後節 next jie"),
    "prev_qi": ("cal.prev_qi", "前氣 prev qi"),
    "next_qi": ("cal.next_qi", "後氣 next qi"),
    "yue_jiang": ("chart.yue_jiang", "月將 yue jiang"),
    "lunar": ("chart.lunar", "農曆 lunar"),
    "day_night": ("chart.day_night", "晝夜 day/night"),
    "sun": ("cal.sun", "日出/日沒 sun"),
    "options": ("cal.options", "選項 options"),
}


def render_text(chart: CalendarChart, lang: str | None = None) -> str:
    """A CJK-aligned table; labels in *lang* (any of ``LANGS``) or, by default, 繁體 and English."""
    j = chart.to_json()
    rows: list[tuple[str, str]] = []

    def L(key: str) -> str:
        i18n_key, both = _ROWS[key]
        return both if lang is None else label(i18n_key, lang)

    p = chart.pillars
    rows.append((L("time"), f"{j['input']['at']} ({j['input']['tz']})"))
    if chart.solar_time is not None:
        rows.append((L("solar"), chart.solar_time.strftime("%Y-%m-%d %H:%M:%S")))
    rows.append((L("pillars"), f"{p.year}年 {p.month}月 {p.day}日 {p.hour}時"))
    kong = chart.xun_kong
    rows.append(
        (
            L("kong"),
            "  ".join(
                f"{g}:{BRANCHES[a]}{BRANCHES[b]}" for g, (a, b) in zip("年月日時", kong.values(), strict=True)
            ),
        )
    )
    assert chart.jie_prev and chart.jie_next and chart.qi_prev and chart.qi_next
    assert chart.yue_jiang is not None
    for row_label, t in (
        (L("prev_jie"), chart.jie_prev),
        (L("next_jie"), chart.jie_next),
        (L("prev_qi"), chart.qi_prev),
        (L("next_qi"), chart.qi_next),
    ):
        rows.append((row_label, f"{pad(t.name, 5)}{t.at.isoformat(timespec='seconds')}"))
    rows.append(
        (
            L("yue_jiang"),
            f"{BRANCHES[chart.yue_jiang]} {SHEN_NAMES[chart.yue_jiang]} ({chart.yue_jiang_basis})",
        )
    )
    rows.append((L("lunar"), str(chart.lunar)))
    rows.append((L("day_night"), f"{'晝' if chart.is_day else '夜'} ({chart.day_night_basis})"))
    if chart.sunrise is not None or chart.sunset is not None:
        sr = chart.sunrise.strftime("%H:%M:%S") if chart.sunrise else "—"
        ss = chart.sunset.strftime("%H:%M:%S") if chart.sunset else "—"
        rows.append((L("sun"), f"{sr} / {ss}"))
    o = chart.options.to_json()
    rows.append((L("options"), ", ".join(f"{k}={v}" for k, v in o.items())))
    col = max(width(k) for k, _ in rows) + 2
    lines = [pad(k, col) + v for k, v in rows]
    lines += [f"warning: {w}" for w in chart.warnings]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    chart = _chart(args)
    if args.json:
        print(json.dumps(chart.to_json(), ensure_ascii=False, indent=2))
    else:
        print(render_text(chart, None if args.lang is None else check_lang(args.lang)))
    return 0


#: converters kept importable from here for older callers; they live in :mod:`xuanheng.cli._common`
__all__ = ["add_arguments", "coordinate", "lon_lat", "number", "render_text", "run", "year_number"]
