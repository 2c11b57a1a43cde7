"""Casting a 金口訣 課: :func:`cast`, the package's one entry, and the rule statement — the four positions,
用爻, 動, 旺衰, 神煞 and the small facts (旬空, 祿, 馬, 忌時), each a plain function; :func:`chart`
assembles them.

:func:`cast` takes an instant (the calendar coordinates — 干支 of year/month/day/hour, 月將, 晝夜 — then
come from :func:`xuanheng.time.calendar`) or, in study mode, those coordinates as its keywords; either way
:func:`_from_coordinates` checks them and computes the chart with the functions below. The one speed
measure is a memo of what depends on the 課 geometry alone (:func:`_ke`: the :func:`geometry`, its 動 and
its pair relations, keyed by the geometry's inputs and filled by calling those functions), since only 2,880
geometries exist for one option set.

Setting up the 課 is not in seed 000 (NOTES.md, "Items that need knowledge beyond the seeds"); it follows
the 金口訣 manuals: 人元 by 五子元遁 (《三命通會》卷二〈論遁月時〉) from the day stem onto the 地分; 將神 by
月將加時 (seed 002-008 for 月將); 貴神 from the day's 天乙 (``core.guiren``) laid 順/逆 on the 地盤.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from xuanheng.core import parse
from xuanheng.core._data import load_package_data
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    DIRECTIONS,
    ELEMENTS,
    SHEN_NAMES,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    direction,
    wu_hu_dun,
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
from xuanheng.core.shensha_basic import TAO_HUA
from xuanheng.core.wuxing import relation
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.i18n.messages import ChartWarning
from xuanheng.jinkoujue.chart import (
    POSITION_KEYS,
    POSITION_LABELS,
    Dong,
    JinKouJueChart,
    PairRelation,
    Position,
    ShenshaHit,
    WangShuai,
)
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.jinkoujue.wangshuai import most_wang, season_ruler, state
from xuanheng.params import study_mode
from xuanheng.reading import Text
from xuanheng.shensha import Occupied, compile_groups, load_table
from xuanheng.time.chart_time import ChartTime

_M = load_package_data("xuanheng.jinkoujue", "method")
_DONG_SRC: str = _M["dong"]["src"]
_DONG_RULES: tuple[dict[str, str], ...] = tuple(_M["dong"]["rule"])
_REL_NAME = {"剋": "剋", "生": "生", "比和": "比和"}
_SI_DA = {GanZhi.parse(k).index: int(v) for k, v in _M["si_da_kong_wang"]["by_xun"].items()}
_JI_SHI_BY_STEM: tuple[int, ...] = tuple(branch_index(b) for b in _M["ji_shi"]["by_day_stem"])
_JI_SHI_SRC: str = _M["ji_shi"]["src"]
_JI_SHI_NOTE: str = _M["ji_shi"]["note"] + "; applies: the hour is one of them"
_SI_DA_SRC: str = _M["si_da_kong_wang"]["src"]


def _homes(moved: dict[str, str]) -> tuple[int, ...]:
    homes = list(TIAN_JIANG_HOME)
    for jiang, branch in moved.items():
        homes[TIAN_JIANG.index(jiang)] = branch_index(branch)
    return tuple(homes)


#: home branch of each 天將 by the option tianhou_home
HOMES: dict[str, tuple[int, ...]] = {
    "zi": TIAN_JIANG_HOME,
    **{k: _homes(v["homes"]) for k, v in _M["tianhou_home"].items()},
}
_SPIRITS = load_table("jinkoujue")
#: per context key of the 神煞 table (None: the constant spirits), the spirits keyed by it and, for every
#: value of the key, what each occupies with the tokens of :func:`_held` it names — from ``compile_groups``
_Row = tuple[tuple[Occupied, tuple[int, ...]], ...]
_GROUPS: tuple[tuple[str | None, tuple[int, ...], tuple[_Row, ...]], ...]


def _tokens(o: Occupied) -> tuple[int, ...]:
    """The branches (0–11), stems (100 + stem) and 天將 (200 + 將) *o* names (numbered as :func:`_held`)."""
    return (*o.branches, *(100 + s for s in o.stems), *(200 + j for j in o.jiang))


def _held(positions: Mapping[str, Position]) -> dict[int, int]:
    """Token (a branch, 100 + a stem, 200 + a 天將, as :func:`_tokens`) → the mask of the positions holding
    it (bit i: ``POSITION_KEYS[i]``)."""
    out: dict[int, int] = {}
    for i, k in enumerate(POSITION_KEYS):
        p = positions[k]
        stem = None if p.stem is None else 100 + p.stem
        for x in (p.branch, stem, None if p.jiang is None else 200 + p.jiang):
            if x is not None:
                out[x] = out.get(x, 0) | 1 << i
    return out


_GROUPS = tuple(
    (g.basis, g.members, tuple(tuple((o, _tokens(o)) for o in row) for row in g.occupied))
    for g in compile_groups(_SPIRITS)
)
#: per spirit in table order, the positions it is looked for on (its ``on`` list, else all four, in that
#: order) that a mask of positions (:func:`_held`) holds, for each of the 16 masks
_WHERE: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(k for k in (sp.on or POSITION_KEYS) if m >> POSITION_KEYS.index(k) & 1) for m in range(16))
    for sp in _SPIRITS
)
#: the 神煞 entries made so far (frozen values shared by every chart that has them), by (the spirit's
#: place in the table, id of what it occupies, the mask of the positions holding it, applies, days unknown);
#: cleared when full
_HITS: dict[tuple[int, int, int, bool, bool], ShenshaHit] = {}
_HITS_LIMIT = 1 << 14
_NO_DAYS = "not computable: the days since the 節 are unknown (give an instant, not only 干支)"
#: ShenshaHit built slot by slot (``core._frozen.maker``: the same value as ``ShenshaHit(...)``)
_HIT = maker(ShenshaHit)


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
                f"malformed azimuth {parse.echo(text)}: expected az:<degrees>, e.g. az:135", field="difen"
            ) from None
        return _azimuth(deg), {"by": "azimuth", "degrees": deg}
    named = direction(text)
    if named is not None:
        covered = DIRECTIONS[named]
        if len(covered) == 1:
            return covered[0], {"by": "direction", "direction": named}
        # an intercardinal lies across two branches (東南: 辰 and 巳): the asker says which, or the degrees
        first, second = (BRANCHES[b] for b in covered)
        raise InputError(
            f"地分 {parse.echo(text)} lies across two branches, {first} and {second}: give one of them, "
            f"or the bearing as az:<degrees>",
            field="difen",
            code="difen.between",
            params={"value": parse.echo(text), "first": first, "second": second},
        )
    if text.isascii() and text.isdigit():
        return parse_difen(int(text))
    try:
        return branch_index(text), {"by": "branch"}
    except InputError:
        raise InputError(
            f"unknown 地分 {parse.echo(text)}: expected a branch 子…亥 (or 天神 name), a number 1–12, "
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
    """用爻 by the option *rule*, with its reason in the chart's words (``[yong_yao_reason]``, zh-Hant); see
    docs/jinkoujue.md ("用爻")."""
    if rule in ("yin_yang", "chun"):
        yins = [k for k in POSITION_KEYS if positions[k].yin]
        yangs = [k for k in POSITION_KEYS if not positions[k].yin]
        if len(yins) == 1:
            return yins[0], _why("yin")
        if len(yangs) == 1:
            return yangs[0], _why("yang")
        if rule == "chun" and not yangs:
            return "ren_yuan", _why("chun_yin")
        if rule == "chun" and not yins:
            return "gui_shen", _why("chun_yang")
        return "jiang_shen", _why("bu_du")
    # rule == "ke": the position overcome by the one above it, nearest the bottom first
    for upper, lower in _KE_PAIRS:
        if relation(elements[upper], elements[lower]).value == "剋":
            return lower, _why("ke", upper=positions[upper].label, lower=positions[lower].label)
    return "jiang_shen", _why("no_ke")


#: the rule ``ke``'s pairs (upper, lower), nearest the bottom first
_KE_PAIRS = (("jiang_shen", "di_fen"), ("gui_shen", "jiang_shen"), ("ren_yuan", "gui_shen"))


def _why(key: str, **p: str) -> str:
    return str(_M["yong_yao_reason"][key]["zh-Hant"]).format(**p)


@cache
def _reasons() -> dict[str, Text]:
    """Every reason the chart may record (its zh-Hant words) → those words in every language."""
    out: dict[str, Text] = {}
    for key, words in _M["yong_yao_reason"].items():
        params: list[dict[str, str]] = [{}]
        if key == "ke":
            params = [{"upper": POSITION_LABELS[u], "lower": POSITION_LABELS[lo]} for u, lo in _KE_PAIRS]
        for p in params:
            filled = {k: v.format(**p) for k, v in words.items()}
            out[filled["zh-Hant"]] = Text.from_mapping(filled)
    return out


def yong_yao_reason_words(reason: str) -> Text | None:
    """The chart's ``yong_yao_reason`` (zh-Hant words) in every language, or None if not one of ours."""
    return _reasons().get(reason)


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


class Geometry(NamedTuple):
    """The 課 laid out: 貴人 and its direction, the 天將 on the 地分, the 將神 and the stems of each place."""

    g: int
    direction: Direction
    jiang: int
    jb: int
    home: int
    ry_stem: int
    gs_stem: int
    js_stem: int
    elements: dict[str, int]
    proto: dict[str, Position]


def geometry(
    d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str, tianhou_home: str = "zi"
) -> Geometry:
    """The 課 of a day stem on 地分 *df* with the 天盤 turned by *shift* (月將 − hour): 將神 by 月將加時,
    人元 by 五子元遁 from the day stem onto the 地分, 貴神 the 天將 on the 地分 (laid 順/逆 from the day's
    貴人) or, with ``plate = "tian_pan"``, riding the 將神; the 貴神 shown on its home branch (by
    *tianhou_home*) with that branch's 遁干 and 陰陽. Positions carry no 旺衰 yet."""
    jb = (df + shift) % 12
    g = gui_ren_branch(d_stem, is_day, guiren)
    if plate == "di_pan":
        direction = direction_on(g)
        jiang = jiang_at(g, direction, df)
    else:
        direction = direction_on((g - shift) % 12)
        jiang = jiang_at(g, direction, jb)
    home = HOMES[tianhou_home][jiang]
    ry_stem = wu_shu_dun(d_stem, df)
    gs_stem = wu_shu_dun(d_stem, home)
    js_stem = wu_shu_dun(d_stem, jb)
    elements = {
        "ren_yuan": STEM_ELEMENT[ry_stem],
        "gui_shen": TIAN_JIANG_ELEMENT[jiang],
        "jiang_shen": BRANCH_ELEMENT[jb],
        "di_fen": BRANCH_ELEMENT[df],
    }
    blank = WangShuai("", "", "")
    proto = {
        "ren_yuan": Position(
            "ren_yuan", STEMS[ry_stem], elements["ren_yuan"], ry_stem % 2 == 1, blank, stem=ry_stem
        ),
        "gui_shen": Position(
            "gui_shen",
            TIAN_JIANG[jiang],
            elements["gui_shen"],
            home % 2 == 1,
            blank,
            stem=gs_stem,
            branch=home,
            jiang=jiang,
            on_branch=df,
        ),
        "jiang_shen": Position(
            "jiang_shen", SHEN_NAMES[jb], elements["jiang_shen"], jb % 2 == 1, blank, stem=js_stem, branch=jb
        ),
        "di_fen": Position("di_fen", BRANCHES[df], elements["di_fen"], df % 2 == 1, blank, branch=df),
    }
    return Geometry(g, direction, jiang, jb, home, ry_stem, gs_stem, js_stem, elements, proto)


def tian_dao(elements: Mapping[str, int]) -> ShenshaHit:
    """天盜 by the first definition of 000-073: the positions whose element overcomes the 將神."""
    thieves = tuple(
        k
        for k in POSITION_KEYS
        if k != "jiang_shen" and relation(elements[k], elements["jiang_shen"]).value == "剋"
    )
    return ShenshaHit(
        key="tian_dao_ke",
        name="天盜(剋將)",
        src="000-073",
        positions=thieves,
        note="first definition of the text: a position whose element overcomes the 將神",
    )


def context(y: GanZhi | None, m_b: int, d: GanZhi, h_b: int, g: int, bm: GanZhi | None) -> dict[str, int]:
    """The values the 神煞 tables are keyed by (``xuanheng.shensha``'s context keys); without the year (a
    study cast given none) its keys are left out, and so the spirits keyed by it (太歲 …)."""
    jie = (m_b - 2) % 12
    ctx = {
        "month_branch": m_b,
        "day_stem": d.stem,
        "day_branch": d.branch,
        "hour_branch": h_b,
        "season": jie // 3,
        "day_ganzhi": d.index,
        "jie_index": jie,
        "gui_ren_branch": g,
    }
    if y is not None:
        ctx.update(year_stem=y.stem, year_branch=y.branch)
    if bm is not None:
        ctx.update(birth_stem=bm.stem, birth_branch=bm.branch)
    return ctx


def shensha(
    positions: Mapping[str, Position], elements: Mapping[str, int], ctx: Mapping[str, int], cal: ChartTime
) -> tuple[ShenshaHit, ...]:
    """In table order, every spirit the context can compute, each with the positions holding one of its
    branches / stems / 天將 (only the positions in its ``on`` list), ``applies`` for a 干支 spirit on its day
    or a day-count spirit on its count; then 天盜 (剋將), 旬空, 四大空亡 and 忌時.

    What each spirit occupies is read from :data:`_GROUPS` (the table's :func:`~xuanheng.shensha.evaluate`
    run once for every value of each context key at import: ``compile_groups``, equal to ``evaluate_all``);
    the positions are found by the things each position holds (:func:`_held`, :data:`_WHERE`)."""
    occ: list[tuple[Occupied, tuple[int, ...]] | None] = [None] * len(_SPIRITS)
    for basis, members, rows in _GROUPS:
        if basis is None:
            row = rows[0]
        else:
            x = ctx.get(basis)
            if x is None:
                continue  # the context lacks this key (no year, no birth): its spirits are not computable
            row = rows[x]
        for i, kept in zip(members, row, strict=True):
            occ[i] = kept
    days = _days(cal)
    day = cal.day.index
    held = _held(positions)
    hits: list[ShenshaHit] = []
    made = _HITS
    for i, (where_of, found) in enumerate(zip(_WHERE, occ, strict=True)):
        if found is None:
            continue
        o, tokens = found
        mask = 0
        for t in tokens:
            mask |= held.get(t, 0)
        applies = False
        if o.ganzhi:
            applies = day in o.ganzhi
        unknown = False
        if o.numbers:
            applies = days is not None and days in o.numbers
            unknown = days is None
        # the hit is a frozen value of these alone (what it occupies lives in _GROUPS: its id is stable)
        key = (i, id(o), mask, applies, unknown)
        hit = made.get(key)
        if hit is None:
            sp = _SPIRITS[i]
            note = _NO_DAYS if unknown else sp.note
            hit = _HIT(sp.key, sp.name, sp.src, o.branches, o.stems, o.jiang, where_of[mask], applies, note)
            if len(made) >= _HITS_LIMIT:
                made.clear()
            made[key] = hit
        hits.append(hit)
    hits.append(tian_dao(elements))
    kong = xun_kong(cal.day)
    hits.append(
        ShenshaHit(
            key="xun_kong",
            name="旬空",
            src="《六壬大全》卷一〈旬空〉",  # the two branches the day's 旬 lacks: core.ganzhi.xun_kong
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
    assert cal.month_branch is not None
    ji = ji_shi(cal.month_branch, cal.day.stem)
    hits.append(
        ShenshaHit(
            key="ji_shi",
            name="忌時",
            src=_JI_SHI_SRC,
            branches=ji,
            applies=cal.hour.branch in ji,
            note=_JI_SHI_NOTE,
        )
    )
    return tuple(hits)


def ji_shi(month_branch: int, day_stem: int) -> tuple[int, int]:
    """忌時: the 大時 (咸池) of the 月建, then the hour of the season in which the day stem dies
    (``data/method.toml`` [ji_shi])."""
    return TAO_HUA[month_branch], _JI_SHI_BY_STEM[day_stem]


_KeKey = tuple[int, int, int, bool, str, str, str]
_KeValue = tuple[Geometry, tuple[Dong, ...], tuple[PairRelation, ...]]
#: bound of the 課 memo (cleared when full): 2,880 geometries exist for one option set, 17,280 for all
_KE_LIMIT = 6_000
_KE: dict[_KeKey, _KeValue] = {}


def _ke(
    d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str, tianhou_home: str
) -> _KeValue:
    """:func:`geometry` with its :func:`_dong` and :func:`_relations`, remembered by the geometry's inputs.

    The values are computed by those functions on first use and shared by every chart of the same 課
    (all are frozen or only read: the charts copy the positions when they add the 旺衰)."""
    key = (d_stem, shift, df, is_day, guiren, plate, tianhou_home)
    got = _KE.get(key)
    if got is None:
        geo = geometry(*key)
        got = (geo, _dong(geo.elements), _relations(geo.proto, geo.elements))
        if len(_KE) >= _KE_LIMIT:
            _KE.clear()
        _KE[key] = got
    return got


def _clear_caches() -> None:
    """Forget the 課 memo and the 神煞 entries made (for benchmarks of a fresh process and for tests)."""
    _KE.clear()
    _HITS.clear()


def chart(
    d: GanZhi,
    y: GanZhi | None,
    h_b: int,
    m_b: int,
    yj: int,
    is_day: bool,
    df: int,
    opts: JinKouJueOptions,
    bm: GanZhi | None,
    cal: ChartTime,
    inputs: dict[str, Any],
    topic: str | None,
) -> JinKouJueChart:
    """The 課 of the coordinates, computed by the rules above (the geometry's part through :func:`_ke`)."""
    geo, dong, relations = _ke(
        d.stem, (yj - h_b) % 12, df, is_day, opts.guiren, opts.gui_shen_plate, opts.tianhou_home
    )
    elements = geo.elements
    wang = most_wang([elements[k] for k in POSITION_KEYS], opts.wang_tie, rule=opts.wang_rule)
    s_el, d_el = season_ruler(m_b, opts.tu_months), BRANCH_ELEMENT[d.branch]
    positions = {
        k: replace(p, wang_shuai=_state_row(p.element, wang, s_el, d_el)) for k, p in geo.proto.items()
    }
    yong, reason = _yong_yao(geo.proto, elements, opts.yong_yao)
    hits = shensha(positions, elements, context(y, m_b, d, h_b, geo.g, bm), cal)
    by_key = {h.key: h for h in hits}
    return JinKouJueChart(
        ren_yuan=positions["ren_yuan"],
        gui_shen=positions["gui_shen"],
        jiang_shen=positions["jiang_shen"],
        di_fen=positions["di_fen"],
        calendar=cal,
        yong_yao=yong,
        yong_yao_reason=reason,
        dong=dong,
        relations=relations,
        shensha=hits,
        wang_element=wang,
        gui_ren_branch=geo.g,
        direction="順" if geo.direction is Direction.SHUN else "逆",
        xun_kong=xun_kong(d),
        si_da_kong_wang=_SI_DA.get(d.xun_head.index),
        ri_lu=by_key["ri_lu"].branches[0],
        yi_ma=by_key["yi_ma"].branches[0],
        ji_shi=hits[-1].branches,
        options=opts,
        inputs=inputs,
        warnings=cal.warnings,
        ben_ming=bm,
        topic=topic,
    )


def _options(o: JinKouJueOptions | Mapping[str, Any] | None) -> JinKouJueOptions:
    """The cast's options from an instance, a mapping of option names or None (the defaults)."""
    if isinstance(o, JinKouJueOptions):
        return o
    if o is not None and not isinstance(o, Mapping):
        raise OptionError(
            f"options must be a mapping such as {{'yue_jiang': 'jie'}}, not {type(o).__name__}",
            field="options",
        )
    return JinKouJueOptions.from_mapping(None if o is None else dict(o))


def _from_coordinates(
    *,
    day: GanZhi | str,
    hour: int | str,
    month_branch: int | str,
    year: GanZhi | str | None,
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
    warnings: tuple[ChartWarning, ...] = (),
    inputs: Mapping[str, Any] | None = None,
    time: ChartTime | None = None,
) -> JinKouJueChart:
    """The 課 of calendar coordinates (what :func:`cast` gives in study mode, and from an instant with the
    calendar's coordinates). ``hour``/``month_branch``/``yue_jiang`` are branches (子 or 0);
    ``day``/``year``/``month``/``ben_ming`` are 干支 (``"癸未"`` or :class:`GanZhi`).

    ``month`` defaults to the month 干支 by 五虎遁 from the year stem (《三命通會》卷二〈論遁月時〉). ``year``
    may be None (a casebook that prints no year): the chart then has no 太歲 and no spirit keyed by the year,
    and, unless ``month`` is given, only the 月建 of the month (its stem comes from the year).
    *time* is the :class:`~xuanheng.time.ChartTime` of the cast when it comes from an instant (:func:`cast`
    passes the calendar's own, and the instant's echo as *inputs*); the coordinates must then be its
    pillars. ``day_night_basis``, ``instant``, ``tz`` and ``warnings`` no caller of the library gives: the
    golden master that pins them (tests/jinkoujue/test_golden_master.py) does.
    """
    opts = _options(options)
    d = parse.ganzhi(day, "day")
    y = None if year is None else parse.ganzhi(year, "year")
    h_b = parse.branch(hour, "hour")
    m_b = parse.branch(month_branch, "month_branch")
    yj = parse.branch(yue_jiang, "yue_jiang")
    if not isinstance(is_day, bool):
        raise InputError(f"is_day must be True or False, got {is_day!r}", field="is_day")
    if days_since_jie is not None and (
        isinstance(days_since_jie, bool) or not 0 <= int(days_since_jie) <= 31
    ):
        raise InputError(f"days_since_jie {days_since_jie!r} out of range 0–31", field="days_since_jie")
    if topic is not None and not isinstance(topic, str):
        raise InputError(f"topic must be text such as 病 or 財, not {type(topic).__name__}", field="topic")
    bm = None if ben_ming is None else parse.ganzhi(ben_ming, "ben_ming")
    mgz: GanZhi | None
    if month is None:
        mgz = None if y is None else GanZhi.of(wu_hu_dun(y.stem, m_b), m_b)
    else:
        mgz = parse.ganzhi(month, "month")
        if mgz.branch != m_b:
            raise InputError(f"month 干支 {mgz} does not have the 月建 {BRANCHES[m_b]}", field="month")
    hgz = GanZhi.of(wu_shu_dun(d.stem, h_b), h_b)
    df, how = parse_difen(difen, seed=seed)
    if time is None:
        when = None
        if instant is not None:
            try:
                when = datetime.fromisoformat(instant)
            except (TypeError, ValueError):
                raise InputError(
                    f"instant {parse.echo(instant)} is not ISO 8601 text such as 2026-03-10T21:00:00+08:00",
                    field="instant",
                ) from None
        cal = ChartTime(
            day=d,
            hour=hgz,
            year=y,
            month=mgz,
            month_branch=m_b,
            year_branch=None if y is None else y.branch,
            yue_jiang=yj,
            is_day=is_day,
            day_night_basis=day_night_basis,
            warnings=tuple(warnings),
            when=when,
            tz=tz,
            days_since_jie=days_since_jie,
        )
    elif time.hour == hgz:
        cal = time
    else:
        # the late 子 hour with day_boundary 00:00: the calendar counts the next day's 子 stem, the 金口訣
        # chart has always shown the hour 干支 by 五鼠遁 from its own day (docs/jinkoujue.md)
        cal = replace(time, hour=hgz)
    all_inputs: dict[str, Any] = {
        "difen": BRANCHES[df],
        "difen_input": difen if isinstance(difen, (str, int, float)) else str(difen),
        **how,
    }
    if inputs:
        all_inputs.update(inputs)
    if topic is not None:
        all_inputs["topic"] = topic
    return chart(d, y, h_b, m_b, yj, is_day, df, opts, bm, cal, all_inputs, topic)


def cast(
    at: datetime | str | None = None,
    *,
    difen: str | int | float,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    options: JinKouJueOptions | Mapping[str, Any] | None = None,
    seed: int | None = None,
    ben_ming: GanZhi | str | int | None = None,
    topic: str | None = None,
    true_solar: bool = False,
    fold: int | None = None,
    day: GanZhi | str | None = None,
    hour: int | str | None = None,
    month_branch: int | str | None = None,
    year: GanZhi | str | None = None,
    yue_jiang: int | str | None = None,
    is_day: bool | None = None,
    month: GanZhi | str | None = None,
    days_since_jie: int | None = None,
) -> JinKouJueChart:
    """A 金口訣 課 from the instant *at* (ISO text with ``tz``, an offset in *at*, or an aware datetime;
    ``lon``/``lat``, ``true_solar``, ``fold`` as :func:`xuanheng.time.calendar` takes them), or — without
    *at* — in study mode from the coordinates ``day``, ``hour``, ``month_branch``, ``yue_jiang`` and
    ``is_day`` (all five; optionally ``year`` — without it no 太歲 —, ``month`` and ``days_since_jie``).
    ``difen``, ``seed``, ``options``, ``ben_ming`` and ``topic`` go with either. Giving both an instant and
    study coordinates is an :class:`InputError`.

    From an instant the calendar (pillars, 月將 at 中氣 or 節, 晝夜, day boundary, optional true solar time)
    comes from :func:`xuanheng.time.calendar` with the matching options; ``ben_ming`` is then the birth year
    as a 干支 (``"甲子"``) or a Gregorian year number (sixty-cycle counted from 甲子 = 1984; the 立春 boundary
    is the caller's business), and ``fold`` (0/1) picks the side of a daylight-saving overlap. In study mode
    ``ben_ming`` is a 干支 and ``month`` defaults to the month 干支 by 五虎遁 from the year stem.
    """
    coords: dict[str, Any] = {"day": day, "hour": hour, "month_branch": month_branch}
    coords |= {"yue_jiang": yue_jiang, "is_day": is_day}
    extra: dict[str, Any] = {"year": year, "month": month, "days_since_jie": days_since_jie}
    if study_mode(at, coords, extra, example="2026-03-10T21:00"):
        if isinstance(ben_ming, int):
            raise InputError("in study mode ben_ming is a 干支 (甲子)", field="ben_ming")
        echo = {  # the coordinates the chart was cast from, as the study inputs name them
            "day": parse.ganzhi(day, "day").name,
            "hour": BRANCHES[parse.branch(hour, "hour")],
            "month": parse.ganzhi(month, "month").name
            if month is not None
            else BRANCHES[parse.branch(month_branch, "month_branch")],
            "yue_jiang": BRANCHES[parse.branch(yue_jiang, "yue_jiang")],
            "year": None if year is None else parse.ganzhi(year, "year").name,
        }
        return _from_coordinates(
            **coords,
            **extra,
            difen=difen,
            seed=seed,
            options=options,
            ben_ming=ben_ming,
            topic=topic,
            inputs=echo,
        )
    assert at is not None
    xtime = _time_module()
    opts = _options(options)
    if not isinstance(true_solar, bool):
        raise InputError(f"true_solar must be True or False, got {true_solar!r}", field="true_solar")
    when = xtime.parse_instant(at, tz=tz, fold=fold)
    copts = opts.calendar
    if true_solar:
        copts = replace(copts, true_solar=True)
    try:
        cal = xtime.calendar(when, lon=lon, lat=lat, options=copts, tz=tz if tz is not None else None)
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
    zone = cal.tz or str(when.tzinfo)
    inputs: dict[str, Any] = {"at": when.isoformat(), "tz": zone}
    if lon is not None:
        inputs["lon"] = lon
    if lat is not None:
        inputs["lat"] = lat
    if true_solar:
        inputs["true_solar"] = True
    assert cal.year is not None and cal.month is not None and cal.yue_jiang is not None
    assert cal.is_day is not None
    return _from_coordinates(
        day=cal.day,
        hour=cal.hour.branch,
        month_branch=cal.month.branch,
        month=cal.month,
        year=cal.year,
        yue_jiang=cal.yue_jiang,
        is_day=cal.is_day,
        difen=difen,
        seed=seed,
        options=opts,
        ben_ming=bm,
        topic=topic,
        inputs=inputs,
        time=cal,
    )


def _days(cal: ChartTime) -> int | None:
    """Days since the 節 as 往亡 counts them (0 on the 節 day; unknown outside 0–31)."""
    d = cal.days_since_jie
    return d if d is not None and 0 <= d <= 31 else None


_TIME: list[Any] = []


def _time_module() -> Any:
    """``xuanheng.time``, imported on first use (keeps ``import xuanheng.jinkoujue`` light)."""
    if not _TIME:
        from xuanheng import time as xtime

        _TIME.append(xtime)
    return _TIME[0]


__all__ = ["cast", "chart", "geometry", "ji_shi", "parse_difen", "shensha"]
