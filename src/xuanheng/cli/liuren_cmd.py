"""``xuanheng liuren``: cast a 大六壬 chart (from an instant, or by its own coordinates) and print it.

Three ways in:

* ``xuanheng liuren --at 2026-03-10T21:00 --tz Asia/Shanghai [--lon --lat] [options] [--json]``
* ``xuanheng liuren --day 丁卯 --yue-jiang 亥 --hour 丑 [options] [--json]`` (study mode)
* ``xuanheng liuren --enumerate [--shehai depth|mengzhongji] [--json]`` — all 720 課 (60 days × 12 offsets)
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from xuanheng.cli._common import (
    add_calendar_options,
    add_instant,
    add_output,
    add_place,
    coordinate,
    fold_value,
    instant,
    lon_lat,
    now_zone,
    pad,
    print_chart,
    year_number,
)
from xuanheng.core.ganzhi import BRANCHES, SIXTY, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.errors import InputError
from xuanheng.i18n import label
from xuanheng.liuren import LiuRenChart, cast, cast_by_coordinates, make_options
from xuanheng.liuren.chart import LIU_QIN, Options
from xuanheng.liuren.engine import DAY_NIGHT, DUN_GAN, GUIREN, _day, structures
from xuanheng.liuren.sanchuan import BIEZE_YIN, FUYIN_ZIMAO, SHEHAI_SCHOOLS
from xuanheng.reading import LANGS, check_lang


def add_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("from an instant")
    add_instant(g)
    add_place(g)
    add_calendar_options(g, day_night_choices=DAY_NIGHT, old_yue_jiang=False, dst=True)
    s = parser.add_argument_group("by the chart's own coordinates (study)")
    s.add_argument("--day", type=coordinate, help="day 干支 (丁卯) or 0–59 (甲子 = 0)")
    s.add_argument(
        "--yue-jiang",
        type=coordinate,
        help="the 月將 itself in study mode: a branch (亥), 天神 name (登明) or 0–11 (子 = 0); "
        "with --at/--now the 月將 rule is --yue-jiang-rule (= --jiang)",
    )
    s.add_argument("--hour", type=coordinate, help="hour branch (丑) or 0–11 (子 = 0)")
    s.add_argument("--month", type=coordinate, help="月建 branch (寅 …), for the month 神煞")
    s.add_argument("--year", help="the chart's (立春) year number, for 行年")
    s.add_argument("--year-branch", type=coordinate, help="太歲 branch, for the year 神煞")
    s.add_argument(
        "--enumerate", action="store_true", help="print all 720 課 (60 days × 12 offsets), or one --day's 12"
    )
    o = parser.add_argument_group("school options")
    o.add_argument(
        "--shehai", default="depth", choices=SHEHAI_SCHOOLS, help="涉害 by depth (default) or 孟仲季"
    )
    o.add_argument("--bieze-yin", default="sanhe", choices=BIEZE_YIN, help="陰日 別責: 三合 前辰 (default)")
    o.add_argument(
        "--yaoke-first", action="store_true", help="try 遙剋 before 八專 (default: 八專 first, 《六壬大全》)"
    )
    o.add_argument(
        "--fuyin-zimao", default="chong", choices=FUYIN_ZIMAO, help="伏吟 子卯: 末 = 沖 of 中 (default)"
    )
    o.add_argument("--guiren", default="jia_wu_geng_niu_yang", choices=tuple(GUIREN), help="貴人 table")
    o.add_argument(
        "--dun-gan", default="day", choices=DUN_GAN, help="遁干 from the day's 旬 (default) or the hour's"
    )
    p = parser.add_argument_group("person and output")
    p.add_argument("--birth-year", help="birth (立春) year, for 本命 and 行年")
    p.add_argument("--sex", choices=("male", "female"), help="for 行年")
    p.add_argument("--topic", help="question topic (病, 財, 訟 …) to focus the reading")
    p.add_argument("--no-reading", action="store_true", help="print the chart only")
    add_output(p)


def _options(args: argparse.Namespace) -> Options:
    return make_options(
        shehai=args.shehai,
        bieze_yin=args.bieze_yin,
        bazhuan_first=not args.yaoke_first,
        fuyin_zimao=args.fuyin_zimao,
        guiren=args.guiren,
        day_night=args.day_night,
        dun_gan=args.dun_gan,
        yue_jiang_rule=args.jiang,
        day_boundary=args.day_boundary,
        true_solar=args.true_solar,
        dst=args.dst,
    )


def _instant_flags(args: argparse.Namespace) -> list[str]:
    """Flags that only mean something when the chart is cast from an instant."""
    given = [("--tz", args.tz), ("--lon", args.lon), ("--lat", args.lat), ("--fold", args.fold)]
    out = [flag for flag, v in given if v is not None]
    if args.true_solar:
        out.append("--true-solar")
    if args.jiang != "zhongqi":
        out.append("--jiang")
    if args.day_boundary != "23:00":
        out.append("--day-boundary")
    if args.dst != "clock":
        out.append("--dst")
    return out


def _refuse(flags: list[str], mode: str, accepted: str) -> None:
    """A flag that would be silently ignored is an input error instead."""
    if flags:
        msg = f"{mode} does not use {', '.join(flags)}: {accepted}"
        raise InputError(msg, field=flags[0].lstrip("-").replace("-", "_"))


def build_chart(args: argparse.Namespace) -> LiuRenChart:
    opts = _options(args)
    coords = (args.day, args.yue_jiang, args.hour)
    if any(c is not None for c in coords):
        if (args.at or args.now) and args.day is None and args.hour is None:
            raise InputError(
                "with --at/--now the 月將 is chosen by --jiang (zhongqi, jie, or a branch such as 亥); "
                "--yue-jiang belongs to study mode with --day and --hour",
                field="yue_jiang",
            )
        if args.at or args.now:
            raise InputError("give either --at/--now or --day/--yue-jiang/--hour, not both", field="at")
        missing = [n for n, c in zip(("--day", "--yue-jiang", "--hour"), coords, strict=True) if c is None]
        if missing:
            raise InputError(f"study mode needs --day, --yue-jiang and --hour; missing {', '.join(missing)}",
                             field=missing[0].lstrip("-").replace("-", "_"))  # fmt: skip
        return cast_by_coordinates(
            args.day,
            args.yue_jiang,
            args.hour,
            options=opts,
            month_branch=args.month,
            year_branch=args.year_branch,
            year=year_number(args.year, "year"),
            birth_year=year_number(args.birth_year, "birth_year"),
            sex=args.sex,
        )
    if not args.now and not args.at:
        raise InputError(
            "give --at DATE-TIME (ISO 8601, e.g. 2026-03-10T21:00) with --tz, or --day/--yue-jiang/--hour",
            field="at",
        )
    when = instant(args, "2026-03-10T21:00")
    tz = args.tz if args.tz is not None else ("UTC" if args.now else None)
    lon, lat = lon_lat(args)
    return cast(
        when,
        tz=tz,
        lon=lon,
        lat=lat,
        options=opts,
        birth_year=year_number(args.birth_year, "birth_year"),
        sex=args.sex,
        fold=fold_value(args.fold),
    )


def _reading(chart: LiuRenChart, topic: str | None, lang: str) -> list[Any] | None:
    try:
        from xuanheng.liuren.reading import reading
    except ModuleNotFoundError:
        return None
    kw: dict[str, Any] = {"lang": lang}
    if topic:
        kw["topic"] = topic
    return list(reading(chart, **kw))


def _cell(chart: LiuRenChart, d: int) -> str:
    u = chart.tian_pan[d]
    return f"{TIAN_JIANG[chart.jiang_on[u]][:2]}{BRANCHES[u]}"


def render_table(chart: LiuRenChart, rules: list[Any] | None, lang: str) -> str:
    """A CJK-aligned text view: 天地盤 square (地盤 fixed, 巳午未申 on top), 四課 right to left, 三傳."""
    lines: list[str] = []
    head = f"大六壬  {chart.day.name}日 {chart.hour_gz.name}時  月將 {BRANCHES[chart.yue_jiang]}"
    if chart.calendar:
        head += f"  ({chart.calendar['input']['at']} {chart.calendar['input']['tz']})"
    lines.append(head)
    g = chart.gui_ren
    lines.append(
        f"{'晝' if g.is_day else '夜'}貴 {BRANCHES[g.branch]} {'順' if g.direction == 'shun' else '逆'}"
        f"  旬空 {''.join(BRANCHES[b] for b in chart.xun_kong)}  日祿 {BRANCHES[chart.ri_lu]}"
        f"  驛馬 {BRANCHES[chart.yi_ma]}  日德 {BRANCHES[chart.ri_de]}"
    )
    grid: list[list[int | None]] = [[5, 6, 7, 8], [4, None, None, 9], [3, None, None, 10], [2, 1, 0, 11]]
    for row in grid:
        cells = [_cell(chart, d) + f"/{BRANCHES[d]}" if d is not None else "" for d in row]
        lines.append("  ".join(pad(c, 9) for c in cells))
    lines.append("")
    lines.append(label("chart.si_ke", lang))
    ke = list(reversed(chart.si_ke))
    lines.append("  ".join(pad(TIAN_JIANG[k.tian_jiang], 6) for k in ke))
    lines.append("  ".join(pad(BRANCHES[k.upper] + (k.relation or ""), 6) for k in ke))
    lines.append("  ".join(pad(k.lower_name, 6) for k in ke))
    lines.append("")
    lines.append(f"{label('chart.san_chuan', lang)}  {chart.method}·{chart.sub_method}")
    for step, c in zip(("初", "中", "末"), chart.san_chuan, strict=True):
        dg = STEMS[c.dun_gan] if c.dun_gan is not None else "　"
        lines.append(f"  {step}  {LIU_QIN[c.liu_qin]}  {dg}{BRANCHES[c.branch]}  {TIAN_JIANG[c.tian_jiang]}"
                     + ("  空" if c.kong else ""))  # fmt: skip
    lines.append("課體 " + "、".join(k.name for k in chart.ke_ti))
    if chart.ben_ming is not None:
        xn = BRANCHES[chart.xing_nian] if chart.xing_nian is not None else "—"
        lines.append(f"本命 {BRANCHES[chart.ben_ming]}  行年 {xn}")
    marks = [f"{s.name}{STEMS[s.stem] if s.stem is not None else BRANCHES[s.branch]}" for s in chart.shensha]
    lines.append(label("chart.shensha", lang) + " " + "  ".join(marks))
    for w in chart.warnings:
        lines.append(f"! {w}")
    if rules is not None:
        lines.append("")
        lines.append(label("chart.reading", lang))
        for r in rules:
            j = r.to_json(lang)
            lines.append(f"  [{j['id']}] {j['text']}")
    return "\n".join(lines)


def enumerate_ke(opts: Options) -> list[dict[str, Any]]:
    """All 720 課 of one school as JSON objects (hour 子, 月將 = 子 + offset)."""
    out: list[dict[str, Any]] = []
    for s, keti in structures(opts):
        out.append(
            {
                "day": SIXTY[s.day].name,
                "offset": s.offset,
                "yue_jiang": BRANCHES[s.offset],
                "hour": "子",
                "si_ke": [
                    {
                        "upper": BRANCHES[u],
                        "lower": STEMS[SIXTY[s.day].stem] if i == 0 else BRANCHES[lo],
                        "relation": r,
                    }
                    for i, (u, lo, r) in enumerate(zip(s.uppers, s.lowers, s.relations, strict=True))
                ],
                "san_chuan": [BRANCHES[b] for b in s.chuan],
                "method": s.method,
                "sub_method": s.sub_method,
                "ke_ti": [k.name for k in keti],
            }
        )
    return out


def run(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    if args.enumerate:
        person = [("--birth-year", args.birth_year), ("--sex", args.sex), ("--topic", args.topic)]
        chart_flags = [("--at", args.at), ("--yue-jiang", args.yue_jiang), ("--hour", args.hour)]
        chart_flags += [("--month", args.month), ("--year", args.year), ("--year-branch", args.year_branch)]
        flags = [f for f, v in (*chart_flags, *person) if v is not None] + (["--now"] if args.now else [])
        _refuse(
            flags + _instant_flags(args),
            "--enumerate",
            "it takes only --day and the school options",
        )
        rows = enumerate_ke(_options(args))
        if args.day is not None:
            day = SIXTY[_day(args.day)].name
            rows = [r for r in rows if r["day"] == day]
        if args.json:
            print("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]")
        else:
            for r in rows:
                chuan = "".join(r["san_chuan"])
                print(f"{r['day']} {r['yue_jiang']}將子時  {chuan}  {r['method']}·{r['sub_method']}")
        return 0
    if any(c is not None for c in (args.day, args.yue_jiang, args.hour)) and not (args.at or args.now):
        # command line only: the web form sends its zone and place with every request
        _refuse(_instant_flags(args), "study mode", "those flags belong to a chart cast from --at/--now")
    now_zone(args)  # command line: --now without --tz is this computer's own zone (the web keeps UTC)
    chart = build_chart(args)
    rules = None if args.no_reading else _reading(chart, args.topic, lang)
    print_chart(
        chart,
        rules,
        lang,
        as_json=args.json,
        no_reading=args.no_reading,
        render_table=render_table,
        empty_reading_key=True,
    )
    return 0


__all__ = ["LANGS", "add_arguments", "build_chart", "enumerate_ke", "render_table", "run"]
