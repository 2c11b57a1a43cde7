"""Casting a 金口訣 課: the four positions, 用爻, 動, 旺衰, 神煞 and the small facts (旬空, 祿, 馬, 忌時).

``cast_by_coordinates`` works from calendar coordinates (干支 of year/month/day/hour, 月將, 晝夜);
``cast`` derives them from an instant with :func:`xuanheng.time.calendar`.

Setting up the 課 is not in seed 000 (NOTES.md, "Items that need knowledge beyond the seeds"); it follows
the 金口訣 manuals: 人元 by 五子元遁 (《三命通會》卷二〈論五鼠遁〉) from the day stem onto the 地分; 將神 by
月將加時 (seed 002-008 for 月將); 貴神 from the day's 天乙 (``core.guiren``) laid 順/逆 on the 地盤.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    ELEMENTS,
    SHEN_NAMES,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    wu_shu_dun,
    xun_kong,
)
from xuanheng.core.guiren import (
    TIAN_JIANG,
    TIAN_JIANG_ELEMENT,
    TIAN_JIANG_HOME,
    Direction,
    direction_on,
    gui_ren_branch,
    jiang_at,
)
from xuanheng.core.relations import CHONG, LIU_HAI, LIU_PO, XING, table_src, xing_kind
from xuanheng.core.wuxing import relation
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.jinkoujue.chart import (
    POSITION_KEYS,
    CalendarFacts,
    Dong,
    JinKouJueChart,
    PairRelation,
    Position,
    ShenshaHit,
    WangShuai,
)
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.jinkoujue.wangshuai import most_wang, season_ruler, state
from xuanheng.shensha import Occupied, evaluate_all, load_table

_M = load_package_data("xuanheng.jinkoujue", "method")
_DONG_SRC: str = _M["dong"]["src"]
_DONG_RULES: tuple[dict[str, str], ...] = tuple(_M["dong"]["rule"])
_REL_NAME = {"剋": "剋", "生": "生", "比和": "比和"}
_SI_DA = {GanZhi.parse(k).index: int(v) for k, v in _M["si_da_kong_wang"]["by_xun"].items()}
_JI_SHI_OFFSETS: tuple[int, ...] = tuple(_M["ji_shi"]["offsets_from_day_branch"])
_JI_SHI_SRC: str = _M["ji_shi"]["src"]
_SI_DA_SRC: str = _M["si_da_kong_wang"]["src"]
_SPIRITS = load_table("jinkoujue")

#: 地分 by direction: the four cardinal directions (the intercardinals straddle two branches: use degrees)
_DIRECTIONS = {
    "北": 0,
    "north": 0,
    "n": 0,
    "東": 3,
    "东": 3,
    "east": 3,
    "e": 3,
    "南": 6,
    "south": 6,
    "s": 6,
    "西": 9,
    "west": 9,
    "w": 9,
}
_JIE_NAMES = ("立春", "驚蟄", "清明", "立夏", "芒種", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒")


def parse_difen(value: str | int | float | None, *, seed: int | None = None) -> tuple[int, dict[str, Any]]:
    """The 地分 branch from a branch (``"申"``/``"傳送"``), a number 1–12 (子 = 1), a direction
    (``"北"``, ``"east"``), an azimuth ``"az:135"`` (degrees from north, each branch 30° centred on 子 = 0°),
    or ``"random"`` with a *seed* (recorded so the cast can be replayed). Returns (branch, how).
    """
    if value is None:
        raise InputError(
            "地分 is required: a branch (子…亥), a number 1–12, a direction or 'random'", field="difen"
        )
    if isinstance(value, bool):
        raise InputError(
            f"地分 {value!r} is not accepted: give a branch, a number 1–12 or a direction", field="difen"
        )
    if isinstance(value, int):
        if 1 <= value <= 12:
            return value - 1, {"by": "number", "number": value}
        raise InputError(f"地分 number {value} out of range: expected 1–12 (子 = 1 … 亥 = 12)", field="difen")
    if isinstance(value, float):
        return _azimuth(value), {"by": "azimuth", "degrees": value}
    text = str(value).strip()
    low = text.lower()
    if low == "random":
        if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError("a random 地分 needs an integer seed so the cast can be replayed", field="seed")
        b = random.Random(seed).randrange(12)
        return b, {"by": "random", "seed": seed}
    if low.startswith("az:"):
        try:
            deg = float(low[3:])
        except ValueError:
            raise InputError(
                f"malformed azimuth {text!r}: expected az:<degrees>, e.g. az:135", field="difen"
            ) from None
        return _azimuth(deg), {"by": "azimuth", "degrees": deg}
    if low in _DIRECTIONS:
        return _DIRECTIONS[low], {"by": "direction", "direction": text}
    if text.isascii() and text.isdigit():
        return parse_difen(int(text))
    try:
        return branch_index(text), {"by": "branch"}
    except InputError:
        raise InputError(
            f"unknown 地分 {text!r}: expected a branch 子…亥 (or 天神 name), a number 1–12, "
            "a direction 北/東/南/西 (north/east/south/west), az:<degrees>, or random",
            field="difen",
        ) from None


def _azimuth(deg: float) -> int:
    if not (deg == deg) or deg in (float("inf"), float("-inf")):
        raise InputError(f"azimuth {deg!r} is not a number of degrees", field="difen")
    return int(((deg + 15.0) % 360.0) // 30.0) % 12


def _state_row(element: int, wang: int, season_el: int, day_el: int) -> WangShuai:
    return WangShuai(
        si_wei=state(element, wang), season=state(element, season_el), day=state(element, day_el)
    )


def _yong_yao(positions: Mapping[str, Position], elements: Mapping[str, int], rule: str) -> tuple[str, str]:
    """用爻 by the option *rule*; see docs/jinkoujue.md ("用爻")."""
    if rule == "yin_yang":
        yins = [k for k in POSITION_KEYS if positions[k].yin]
        yangs = [k for k in POSITION_KEYS if not positions[k].yin]
        if len(yins) == 1:
            return yins[0], "一陰三陽，以陰為用"
        if len(yangs) == 1:
            return yangs[0], "一陽三陰，以陽為用"
        return "jiang_shen", "陰陽不獨（二陰二陽或純陰純陽），以將神為用"
    # rule == "ke": the position overcome by the one above it, nearest the bottom first
    for upper, lower in (("jiang_shen", "di_fen"), ("gui_shen", "jiang_shen"), ("ren_yuan", "gui_shen")):
        if relation(elements[upper], elements[lower]).value == "剋":
            return lower, f"{positions[upper].label}剋{positions[lower].label}，以受剋者為用"
    return "jiang_shen", "四位無上剋下，以將神為用"


def _dong(elements: Mapping[str, int]) -> tuple[Dong, ...]:
    out = []
    for r in _DONG_RULES:
        rel = relation(elements[r["actor"]], elements[r["target"]]).value
        if rel == r["relation"]:
            out.append(Dong(r["name"], r["key"], _DONG_SRC, r["actor"], r["target"], rel, r["group"]))
    return tuple(out)


def _relations(positions: Mapping[str, Position], elements: Mapping[str, int]) -> tuple[PairRelation, ...]:
    out: list[PairRelation] = []
    keys = POSITION_KEYS
    for i, up in enumerate(keys):
        for lo in keys[i + 1 :]:
            r = relation(elements[up], elements[lo]).value
            kind = {"生": "上生下", "被生": "下生上", "剋": "上剋下", "被剋": "下剋上", "比和": "比和"}[r]
            detail = "" if lo == keys[i + 1] else "隔位"
            out.append(PairRelation(kind, up, lo, "000-125", detail))
    if relation(elements["ren_yuan"], elements["gui_shen"]).value in ("剋", "被剋"):
        out.append(PairRelation("外戰", "ren_yuan", "gui_shen", "000-125"))
    if relation(elements["jiang_shen"], elements["di_fen"]).value in ("剋", "被剋"):
        out.append(PairRelation("內戰", "jiang_shen", "di_fen", "000-125"))
    if len(set(elements.values())) == 1:
        out.append(PairRelation("四位比和", "ren_yuan", "di_fen", "000-125", "四位同一五行"))
    branched = [k for k in keys if positions[k].branch is not None]
    for i, up in enumerate(branched):
        for lo in branched[i + 1 :]:
            a, b = positions[up].branch, positions[lo].branch
            assert a is not None and b is not None
            for x, y in ((a, b),) if a == b else ((a, b), (b, a)):
                if XING[x] == y:
                    detail = f"{BRANCHES[x]}刑{BRANCHES[y]}（{xing_kind(x, y)}）"
                    out.append(PairRelation("三刑", up, lo, table_src("xing"), detail))
            if LIU_HAI[a] == b:
                out.append(PairRelation("六害", up, lo, table_src("liu_hai"), f"{BRANCHES[a]}{BRANCHES[b]}"))
            if LIU_PO[a] == b:
                out.append(PairRelation("六破", up, lo, table_src("liu_po"), f"{BRANCHES[a]}{BRANCHES[b]}"))
            if CHONG[a] == b:
                out.append(PairRelation("沖", up, lo, "000-015", f"{BRANCHES[a]}{BRANCHES[b]}"))
    return tuple(out)


def _shensha(
    positions: Mapping[str, Position],
    elements: Mapping[str, int],
    ctx: Mapping[str, int],
    cal: CalendarFacts,
) -> tuple[ShenshaHit, ...]:
    occ: dict[str, Occupied] = evaluate_all(_SPIRITS, ctx)
    hits: list[ShenshaHit] = []
    for sp in _SPIRITS:
        o = occ.get(sp.key)
        if o is None:
            continue
        candidates = sp.on or POSITION_KEYS
        where: list[str] = []
        for k in candidates:
            p = positions[k]
            if (
                (p.branch is not None and p.branch in o.branches)
                or (p.stem is not None and p.stem in o.stems)
                or (p.jiang is not None and p.jiang in o.jiang)
            ):
                where.append(k)
        applies = False
        if o.ganzhi:
            applies = cal.day.index in o.ganzhi
        if o.numbers:
            applies = cal.days_since_jie is not None and cal.days_since_jie in o.numbers
        note = sp.note
        if o.numbers and cal.days_since_jie is None:
            note = "not computable: the days since the 節 are unknown (give an instant, not only 干支)"
        hits.append(
            ShenshaHit(
                key=sp.key,
                name=sp.name,
                src=sp.src,
                branches=o.branches,
                stems=o.stems,
                jiang=o.jiang,
                positions=tuple(where),
                applies=applies,
                note=note,
            )
        )
    # 天盜 by the first definition of 000-073: the positions whose element overcomes the 將神
    thieves = tuple(
        k
        for k in POSITION_KEYS
        if k != "jiang_shen" and relation(elements[k], elements["jiang_shen"]).value == "剋"
    )
    hits.append(
        ShenshaHit(
            key="tian_dao_ke",
            name="天盜(剋將)",
            src="000-073",
            positions=thieves,
            note="first definition of the text: a position whose element overcomes the 將神",
        )
    )
    # 旬空 of the day, 四大空亡 of the day's 旬 (by element) and 忌時, marked like the 神煞
    kong = xun_kong(cal.day)
    hits.append(
        ShenshaHit(
            key="xun_kong",
            name="旬空",
            src="《六壬大全》卷一〈旬空〉 (core.ganzhi.xun_kong)",
            branches=kong,
            positions=tuple(k for k in POSITION_KEYS if positions[k].branch in kong),
        )
    )
    empty = _SI_DA.get(cal.day.xun_head.index)
    hits.append(
        ShenshaHit(
            key="si_da_kong_wang",
            name="四大空亡",
            src=_SI_DA_SRC,
            positions=() if empty is None else tuple(k for k in POSITION_KEYS if elements[k] == empty),
            note="" if empty is None else f"the day's 旬 lacks {ELEMENTS[empty]}: positions of that element",
        )
    )
    ji = tuple((cal.day.branch + k) % 12 for k in _JI_SHI_OFFSETS)
    hits.append(
        ShenshaHit(
            key="ji_shi",
            name="忌時",
            src=_JI_SHI_SRC,
            branches=ji,
            applies=cal.hour.branch in ji,
            note="provisional, inferred from one reference cast (docs/jinkoujue.md); applies: hour is one",
        )
    )
    return tuple(hits)


def cast_by_coordinates(
    *,
    day: GanZhi | str,
    hour: int | str,
    month_branch: int | str,
    year: GanZhi | str,
    yue_jiang: int | str,
    is_day: bool,
    difen: str | int | float,
    seed: int | None = None,
    options: JinKouJueOptions | Mapping[str, Any] | None = None,
    ben_ming: GanZhi | str | None = None,
    topic: str | None = None,
    month: GanZhi | str | None = None,
    days_since_jie: int | None = None,
    day_night_basis: str = "given",
    instant: str | None = None,
    tz: str | None = None,
    warnings: tuple[str, ...] = (),
    inputs: Mapping[str, Any] | None = None,
) -> JinKouJueChart:
    """Cast from calendar coordinates. ``hour``/``month_branch``/``yue_jiang`` are branches (子 or 0);
    ``day``/``year``/``month``/``ben_ming`` are 干支 (``"癸未"`` or :class:`GanZhi`).

    ``month`` defaults to the month 干支 by 五虎遁 from the year stem (《三命通會》卷二〈論五虎遁〉).
    """
    opts = _options(options)
    d = _gz(day, "day")
    y = _gz(year, "year")
    h_b = _branch(hour, "hour")
    m_b = _branch(month_branch, "month_branch")
    yj = _branch(yue_jiang, "yue_jiang")
    if not isinstance(is_day, bool):
        raise InputError(f"is_day must be True or False, got {is_day!r}", field="is_day")
    if days_since_jie is not None and (
        isinstance(days_since_jie, bool) or not 0 <= int(days_since_jie) <= 31
    ):
        raise InputError(f"days_since_jie {days_since_jie!r} out of range 0–31", field="days_since_jie")
    if topic is not None and not isinstance(topic, str):
        raise InputError(f"topic must be text such as 病 or 財, not {type(topic).__name__}", field="topic")
    bm = None if ben_ming is None else _gz(ben_ming, "ben_ming")
    if month is None:
        from xuanheng.core.ganzhi import wu_hu_dun

        mgz = GanZhi.of(wu_hu_dun(y.stem, m_b), m_b)
    else:
        mgz = _gz(month, "month")
        if mgz.branch != m_b:
            raise InputError(f"month 干支 {mgz} does not have the 月建 {BRANCHES[m_b]}", field="month")
    hgz = GanZhi.of(wu_shu_dun(d.stem, h_b), h_b)
    df, how = parse_difen(difen, seed=seed)
    cal = CalendarFacts(
        year=y,
        month=mgz,
        day=d,
        hour=hgz,
        month_branch=m_b,
        yue_jiang=yj,
        is_day=is_day,
        day_night_basis=day_night_basis,
        days_since_jie=days_since_jie,
        jie_name=_JIE_NAMES[(m_b - 2) % 12],
        instant=instant,
        tz=tz,
    )
    # 將神: 月將加時 — the 天盤 branch standing over the 地分
    shift = (yj - h_b) % 12
    jb = (df + shift) % 12
    # 貴神
    g = gui_ren_branch(d.stem, is_day, opts.guiren)
    if opts.gui_shen_plate == "di_pan":
        direction = direction_on(g)
        jiang = jiang_at(g, direction, df)
    else:  # riding the 天盤: 貴人 on 天盤 g, which stands over 地盤 g − shift; count to the 將神 branch
        direction = direction_on((g - shift) % 12)
        jiang = jiang_at(g, direction, jb)
    home = TIAN_JIANG_HOME[jiang]
    elements = {
        "ren_yuan": STEM_ELEMENT[wu_shu_dun(d.stem, df)],
        "gui_shen": TIAN_JIANG_ELEMENT[jiang],
        "jiang_shen": BRANCH_ELEMENT[jb],
        "di_fen": BRANCH_ELEMENT[df],
    }
    wang = most_wang([elements[k] for k in POSITION_KEYS], opts.wang_tie)
    s_el = season_ruler(m_b, opts.tu_months)
    d_el = BRANCH_ELEMENT[d.branch]
    ry_stem = wu_shu_dun(d.stem, df)
    positions = {
        "ren_yuan": Position(
            "ren_yuan",
            STEMS[ry_stem],
            elements["ren_yuan"],
            ry_stem % 2 == 1,
            _state_row(elements["ren_yuan"], wang, s_el, d_el),
            stem=ry_stem,
        ),
        "gui_shen": Position(
            "gui_shen",
            TIAN_JIANG[jiang],
            elements["gui_shen"],
            home % 2 == 1,
            _state_row(elements["gui_shen"], wang, s_el, d_el),
            stem=wu_shu_dun(d.stem, home),
            branch=home,
            jiang=jiang,
            on_branch=df,
        ),
        "jiang_shen": Position(
            "jiang_shen",
            SHEN_NAMES[jb],
            elements["jiang_shen"],
            jb % 2 == 1,
            _state_row(elements["jiang_shen"], wang, s_el, d_el),
            stem=wu_shu_dun(d.stem, jb),
            branch=jb,
        ),
        "di_fen": Position(
            "di_fen",
            BRANCHES[df],
            elements["di_fen"],
            df % 2 == 1,
            _state_row(elements["di_fen"], wang, s_el, d_el),
            branch=df,
        ),
    }
    yong, reason = _yong_yao(positions, elements, opts.yong_yao)
    ctx: dict[str, int] = {
        "year_stem": y.stem,
        "year_branch": y.branch,
        "month_branch": m_b,
        "day_stem": d.stem,
        "day_branch": d.branch,
        "hour_branch": h_b,
        "season": cal.season,
        "day_ganzhi": d.index,
        "jie_index": (m_b - 2) % 12,
        "gui_ren_branch": g,
    }
    if bm is not None:
        ctx["birth_stem"] = bm.stem
        ctx["birth_branch"] = bm.branch
    shensha = _shensha(positions, elements, ctx, cal)
    occ = {h.key: h for h in shensha}
    all_inputs: dict[str, Any] = {
        "difen": BRANCHES[df],
        "difen_input": difen if isinstance(difen, (str, int, float)) else str(difen),
        **how,
    }
    if inputs:
        all_inputs.update(inputs)
    if topic is not None:
        all_inputs["topic"] = topic
    return JinKouJueChart(
        ren_yuan=positions["ren_yuan"],
        gui_shen=positions["gui_shen"],
        jiang_shen=positions["jiang_shen"],
        di_fen=positions["di_fen"],
        calendar=cal,
        yong_yao=yong,
        yong_yao_reason=reason,
        dong=_dong(elements),
        relations=_relations(positions, elements),
        shensha=shensha,
        wang_element=wang,
        gui_ren_branch=g,
        direction="順" if direction is Direction.SHUN else "逆",
        xun_kong=xun_kong(d),
        si_da_kong_wang=_SI_DA.get(d.xun_head.index),
        ri_lu=occ["ri_lu"].branches[0],
        yi_ma=occ["yi_ma"].branches[0],
        ji_shi=occ["ji_shi"].branches,
        options=opts,
        inputs=all_inputs,
        warnings=tuple(warnings),
        ben_ming=bm,
        topic=topic,
    )


def _options(options: JinKouJueOptions | Mapping[str, Any] | None) -> JinKouJueOptions:
    if isinstance(options, JinKouJueOptions):
        return options
    if options is None:
        return JinKouJueOptions()
    if not isinstance(options, Mapping):
        raise OptionError(
            f"options must be a mapping such as {{'yue_jiang': 'jie'}}, not {type(options).__name__}",
            field="options",
        )
    return JinKouJueOptions.from_mapping(dict(options))


def _gz(v: GanZhi | str, field: str) -> GanZhi:
    if isinstance(v, GanZhi):
        return v
    try:
        return GanZhi.parse(v)
    except InputError as e:
        raise InputError(f"{field}: {e}", field=field) from None


def _branch(v: int | str, field: str) -> int:
    try:
        return branch_index(v)
    except InputError as e:
        raise InputError(f"{field}: {e}", field=field) from None


def cast(
    at: datetime | str,
    *,
    tz: str | None = None,
    difen: str | int | float,
    lon: float | None = None,
    lat: float | None = None,
    options: JinKouJueOptions | Mapping[str, Any] | None = None,
    seed: int | None = None,
    ben_ming: GanZhi | str | int | None = None,
    topic: str | None = None,
    true_solar: bool = False,
    fold: int | None = None,
) -> JinKouJueChart:
    """Cast the 課 for an instant (ISO text + ``tz``, or an aware datetime) and a 地分.

    The calendar (pillars, 月將 at 中氣 or 節, 晝夜, day boundary, optional true solar time) comes from
    :func:`xuanheng.time.calendar` with the matching options. ``ben_ming`` is the birth year as a 干支
    (``"甲子"``) or a Gregorian year number (sixty-cycle counted from 甲子 = 1984; the 立春 boundary is the
    caller's business). ``fold`` (0/1) picks the side of a daylight-saving overlap.
    """
    from xuanheng import time as xtime

    opts = _options(options)
    if not isinstance(true_solar, bool):
        raise InputError(f"true_solar must be True or False, got {true_solar!r}", field="true_solar")
    when = xtime.parse_instant(at, tz=tz, fold=fold)
    copts = xtime.CalendarOptions(
        day_boundary=opts.day_boundary,
        yue_jiang=opts.yue_jiang,
        day_night=opts.day_night,
        true_solar=true_solar,
    )
    try:
        cal = xtime.calendar(when, lon=lon, lat=lat, options=copts)
    except OverflowError:  # the calendar's edge years (0001) overflow datetime; report, never a traceback
        raise OutOfRangeError(
            f"instant {when.isoformat()} is too close to the calendar's limits: years 2–2998 are accepted",
            field="at",
        ) from None
    bm: GanZhi | str | None
    if isinstance(ben_ming, int) and not isinstance(ben_ming, bool):
        if not 1 <= ben_ming <= 9999:
            raise InputError(f"birth year {ben_ming} out of range 1–9999", field="ben_ming")
        bm = GanZhi((ben_ming - 1984) % 60)
    elif isinstance(ben_ming, bool):
        raise InputError("ben_ming must be a 干支 such as 甲子 or a year number", field="ben_ming")
    else:
        bm = ben_ming
    days = (when.date() - cal.jie_prev.at.astimezone(when.tzinfo).date()).days
    zone = tz if tz is not None else str(when.tzinfo)
    inputs: dict[str, Any] = {"at": when.isoformat(), "tz": zone}
    if lon is not None:
        inputs["lon"] = lon
    if lat is not None:
        inputs["lat"] = lat
    if true_solar:
        inputs["true_solar"] = True
    return cast_by_coordinates(
        day=cal.pillars.day,
        hour=cal.pillars.hour.branch,
        month_branch=cal.pillars.month.branch,
        month=cal.pillars.month,
        year=cal.pillars.year,
        yue_jiang=cal.yue_jiang,
        is_day=cal.is_day,
        difen=difen,
        seed=seed,
        options=opts,
        ben_ming=bm,
        topic=topic,
        days_since_jie=days if 0 <= days <= 31 else None,
        day_night_basis=cal.day_night_basis,
        instant=when.isoformat(),
        tz=zone,
        warnings=tuple(cal.warnings),
        inputs=inputs,
    )


__all__ = ["cast", "cast_by_coordinates", "parse_difen"]
