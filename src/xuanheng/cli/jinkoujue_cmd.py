"""``xuanheng jinkoujue``: cast a 六壬金口訣 課 and print it (CJK-aligned table or JSON) with its reading."""

from __future__ import annotations

import argparse
import secrets
import unicodedata
from typing import Any

from xuanheng.cli._common import (
    add_calendar_options,
    add_instant,
    add_output,
    add_place,
    fold_value,
    instant,
    lon_lat,
    now_zone,
    pad,
    print_chart,
    width,
)
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS
from xuanheng.i18n import label
from xuanheng.jinkoujue import JinKouJueChart, JinKouJueOptions, cast
from xuanheng.jinkoujue.chart import POSITION_LABELS
from xuanheng.jinkoujue.options import CHOICES
from xuanheng.reading import LANGS, check_lang

#: a few UI words for the table view (classical terms stay as they are)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_instant(parser)
    add_place(parser)
    parser.add_argument(
        "--difen",
        required=True,
        help="地分: a branch (申) or 天神 name (傳送), a number 1–12 (子=1), 北/東/南/西, az:DEGREES, random",
    )
    parser.add_argument(
        "--seed", type=int, help="seed of a random 地分 (printed, so the cast can be replayed)"
    )
    add_calendar_options(parser, old_yue_jiang=False, dst=True)
    parser.add_argument("--guiren", default=None, help="貴人 table: " + ", ".join(_guiren_keys()))
    parser.add_argument("--gui-shen-plate", default="di_pan", help="di_pan (default) or tian_pan")
    parser.add_argument("--yong-yao", default="yin_yang", help="用爻 rule: yin_yang (default) or ke")
    parser.add_argument(
        "--tu-months", default="never", help="旺衰 season: never (default, four seasons) or ji_yue"
    )
    parser.add_argument("--ben-ming", help="birth year as 干支 (甲子) or a year number (1984)")
    parser.add_argument("--topic", help="question topic (病, 財, 訟 …) to focus the reading")
    parser.add_argument("--no-reading", action="store_true", help="print the chart only")
    add_output(parser)


def _guiren_keys() -> list[str]:
    from xuanheng.core.guiren import GUIREN_TABLES

    return list(GUIREN_TABLES)


def _options(args: argparse.Namespace) -> JinKouJueOptions:
    kw: dict[str, str] = {
        "yue_jiang": args.jiang,
        "day_night": args.day_night,
        "day_boundary": args.day_boundary,
        "gui_shen_plate": args.gui_shen_plate,
        "yong_yao": args.yong_yao,
        "tu_months": args.tu_months,
        "dst": args.dst,
    }
    if args.guiren:
        kw["guiren"] = args.guiren
    return JinKouJueOptions(**kw)


def build_chart(args: argparse.Namespace) -> JinKouJueChart:
    when = instant(args, "2026-03-10T21:00")
    # the web API builds the namespace itself: --now without a zone is UTC there (the CLI's run() has
    # already put this computer's zone into args.tz)
    tz = args.tz if args.tz is not None else ("UTC" if args.now else None)
    lon, lat = lon_lat(args)
    seed = args.seed
    difen = args.difen
    if isinstance(difen, str):  # full-width digits and letters (１, ａｚ:９０) read as ASCII
        difen = unicodedata.normalize("NFKC", difen)
    if str(difen).strip().lower() == "random" and seed is None:
        seed = secrets.randbelow(2**31)  # the CLI may draw; the library only replays a given seed
    ben_ming: str | int | None = args.ben_ming
    if isinstance(ben_ming, str) and ben_ming.strip().isdigit():
        ben_ming = int(ben_ming)
    return cast(
        when,
        tz=tz,
        difen=difen,
        lon=lon,
        lat=lat,
        options=_options(args),
        seed=seed,
        ben_ming=ben_ming,
        topic=args.topic,
        true_solar=args.true_solar,
        fold=fold_value(args.fold),
    )


def _reading(chart: JinKouJueChart, topic: str | None, lang: str) -> list[Any] | None:
    try:
        from xuanheng.jinkoujue.reading import reading
    except ModuleNotFoundError:
        return None
    return list(reading(chart, topic=topic, lang=lang))


def render_table(chart: JinKouJueChart, rules: list[Any] | None, lang: str) -> str:
    cal = chart.calendar
    lines: list[str] = []
    head = f"六壬金口訣  {cal.instant or ''} {('(' + cal.tz + ')') if cal.tz else ''}".rstrip()
    lines.append(head)
    lines.append(
        f"{cal.year}年 {cal.month}月 {cal.day}日 {cal.hour}時  月將 {BRANCHES[cal.yue_jiang or 0]}"
        f"（{chart.to_json()['calendar']['yue_jiang_name']}） {'晝' if cal.is_day else '夜'}"
        f"  貴人 {BRANCHES[chart.gui_ren_branch]}{chart.direction}"
        f"  旬空 {''.join(BRANCHES[b] for b in chart.xun_kong)}"
    )
    by_pos: dict[str, list[str]] = {p.key: [] for p in chart.positions}
    for h in chart.shensha:
        for k in h.positions:
            by_pos[k].append(h.name)
    rows = [
        [
            label("cli.position", lang),
            label("cli.ganzhi", lang),
            label("cli.name", lang),
            label("chart.element", lang),
            label("cli.wang_shuai_layers", lang),
            label("chart.shensha", lang),
        ]
    ]
    for p in chart.positions:
        if p.key == "ren_yuan":
            gz = STEMS[p.stem or 0]
        elif p.key == "di_fen":
            gz = BRANCHES[p.branch or 0]
        else:
            gz = STEMS[p.stem or 0] + BRANCHES[p.branch or 0]
        mark = "＊" if p.key == chart.yong_yao else ""
        ws = p.wang_shuai
        rows.append(
            [
                POSITION_LABELS[p.key] + mark,
                gz,
                p.name if p.key in ("gui_shen", "jiang_shen") else "",
                ELEMENTS[p.element] + ("陰" if p.yin else "陽"),
                f"{ws.si_wei} {ws.season} {ws.day}",
                " ".join(by_pos[p.key]),
            ]
        )
    widths = [max(width(r[i]) for r in rows) + 2 for i in range(len(rows[0]))]
    for r in rows:
        lines.append("".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip())
    lines.append(f"用爻 {POSITION_LABELS[chart.yong_yao]}（{chart.yong_yao_reason}）")
    lines.append("動 " + ("、".join(chart.dong_names) or "—"))
    rel = [
        f"{r.kind}({POSITION_LABELS[r.upper]}/{POSITION_LABELS[r.lower]})"
        for r in chart.relations
        if not r.detail
    ]
    rel += [f"{r.kind} {r.detail}" for r in chart.relations if r.kind in ("三刑", "六害", "六破", "沖")]
    lines.append("生剋 " + " ".join(rel))
    extra = [
        f"旺 {ELEMENTS[chart.wang_element]}",
        f"日祿 {BRANCHES[chart.ri_lu]}",
        f"驛馬 {BRANCHES[chart.yi_ma]}",
        "忌時 " + "、".join(BRANCHES[b] for b in chart.ji_shi),
    ]
    if chart.si_da_kong_wang is not None:
        extra.append(f"四大空亡 {ELEMENTS[chart.si_da_kong_wang]}")
    day_hits = [h.name for h in chart.shensha if h.applies]
    if day_hits:
        extra.append("值日 " + "、".join(day_hits))
    lines.append("  ".join(extra))
    if chart.inputs.get("by") == "random":
        lines.append(f"地分 random seed {chart.inputs['seed']}")
    for w in chart.warnings:
        lines.append(f"! {w}")
    if rules is not None:
        lines.append("")
        lines.append(label("chart.reading", lang))
        for r in rules:
            j = r.to_json(lang)
            lines.append(f"  [{j['id']}] {j['text']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    now_zone(args)
    chart = build_chart(args)
    rules = None if args.no_reading else _reading(chart, args.topic, lang)
    print_chart(chart, rules, lang, as_json=args.json, no_reading=args.no_reading, render_table=render_table)
    return 0


__all__ = ["CHOICES", "LANGS", "add_arguments", "build_chart", "render_table", "run"]
