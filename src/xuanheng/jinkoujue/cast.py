"""Casting a 金口訣 課: the four positions, 用爻, 動, 旺衰, 神煞 and the small facts (旬空, 祿, 馬, 忌時).

``cast_by_coordinates`` works from calendar coordinates (干支 of year/month/day/hour, 月將, 晝夜);
``cast`` derives them from an instant with :func:`xuanheng.time.calendar`.

Setting up the 課 is not in seed 000 (NOTES.md, "Items that need knowledge beyond the seeds"); it follows
the 金口訣 manuals: 人元 by 五子元遁 (《三命通會》卷二〈論五鼠遁〉) from the day stem onto the 地分; 將神 by
月將加時 (seed 002-008 for 月將); 貴神 from the day's 天乙 (``core.guiren``) laid 順/逆 on the 地盤.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from operator import itemgetter
from typing import Any

from xuanheng.core import parse
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
from xuanheng.core.wuxing import relation
from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.jinkoujue.chart import (
    POSITION_KEYS,
    Dong,
    JinKouJueChart,
    PairRelation,
    Position,
    ShenshaHit,
    WangShuai,
)
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.jinkoujue.wangshuai import most_wang, season_ruler, state
from xuanheng.shensha import compile_groups, load_table
from xuanheng.time.chart_time import ChartTime

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
    if low in _DIRECTIONS:
        return _DIRECTIONS[low], {"by": "direction", "direction": text}
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


# ── precomputed pieces of the cast (speed; see docs/jinkoujue.md "Speed") ─────────────────────────
#
# A cast is split into parts that depend on few coordinates, each computed once by the plain functions
# above and then looked up: the 課 geometry (_Ke) by (day stem, 月將 − hour, 地分, 晝夜, 貴人 table, plate);
# the positions with their 旺衰 by (geometry, 四位旺神, season ruler, day element); the 神煞 by group of
# spirits sharing a context key (shensha.compile_groups) and the positions each group falls on. Caches are
# bounded (cleared when full); results are the same objects the plain path would build (the golden-master
# test, tests/jinkoujue/test_golden_master.py, pins them against the unoptimised code).

#: bounds of the caches (each is cleared when full): 課 geometries (2,880 exist for one option set,
#: 17,280 for all; ≈ 5 kB each with what hangs on them), positions with 旺衰, 神煞 hits per group
_KE_LIMIT = 6_000
_CACHE_LIMIT = 16_384
_GROUPS = compile_groups(_SPIRITS)
_SPIRIT_ON: tuple[tuple[int, ...], ...] = tuple(
    tuple(POSITION_KEYS.index(k) for k in (sp.on or POSITION_KEYS)) for sp in _SPIRITS
)
_WANG_SHUAI: dict[tuple[int, int, int, int], WangShuai] = {}
_SEASON_RULER: dict[tuple[int, str], int] = {}
_HOUR_GZ = tuple(tuple(GanZhi((6 * wu_shu_dun(s, b) - 5 * b) % 60) for b in range(12)) for s in range(10))
_XUN_KONG = tuple(xun_kong(GanZhi(i)) for i in range(60))
_SI_DA_OF_DAY = tuple(_SI_DA.get(GanZhi(i).xun_head.index) for i in range(60))


class _Ke:
    """The geometry of one 課 and everything that depends only on it (plus option-keyed sub-caches)."""

    __slots__ = (
        "codes",
        "direction",
        "dong",
        "elements",
        "g",
        "ghits",
        "jb",
        "jiang",
        "kong_hits",
        "positions",
        "proto",
        "relations",
        "ry_stem",
        "tian_dao",
        "triples",
        "wang",
        "yong",
    )

    def __init__(self, d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str) -> None:
        jb = (df + shift) % 12
        g = gui_ren_branch(d_stem, is_day, guiren)
        if plate == "di_pan":
            direction = direction_on(g)
            jiang = jiang_at(g, direction, df)
        else:
            direction = direction_on((g - shift) % 12)
            jiang = jiang_at(g, direction, jb)
        home = TIAN_JIANG_HOME[jiang]
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
        self.proto = {
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
                "jiang_shen",
                SHEN_NAMES[jb],
                elements["jiang_shen"],
                jb % 2 == 1,
                blank,
                stem=js_stem,
                branch=jb,
            ),
            "di_fen": Position("di_fen", BRANCHES[df], elements["di_fen"], df % 2 == 1, blank, branch=df),
        }
        self.g, self.direction, self.jiang, self.jb, self.ry_stem = g, direction, jiang, jb, ry_stem
        self.elements = elements
        #: (stem, branch, 天將) of each position, and a small code for each (unique within the position)
        self.triples = ((ry_stem, None, None), (gs_stem, home, jiang), (js_stem, jb, None), (None, df, None))
        self.codes = (ry_stem, gs_stem * 12 + jiang, js_stem * 12 + jb, df)
        self.dong = _dong(elements)
        self.relations = _relations(self.proto, elements)
        thieves = tuple(
            k
            for k in POSITION_KEYS
            if k != "jiang_shen" and relation(elements[k], elements["jiang_shen"]).value == "剋"
        )
        self.tian_dao = ShenshaHit(
            key="tian_dao_ke",
            name="天盜(剋將)",
            src="000-073",
            positions=thieves,
            note="first definition of the text: a position whose element overcomes the 將神",
        )
        self.wang: dict[str, int] = {}
        self.yong: dict[str, tuple[str, str]] = {}
        self.positions: dict[tuple[int, int, int], tuple[Position, ...]] = {}
        self.kong_hits: dict[int, tuple[ShenshaHit, ShenshaHit]] = {}
        #: per 神煞 group: hits by the group's context value (a dict keyed (value, extra) for the groups
        #: whose hits also depend on the day 干支 or the days since the 節); filled by _shensha_fast
        self.ghits: list[Any] = [None] * len(_GROUP_SLOT)

    def wang_of(self, tie: str) -> int:
        w = self.wang.get(tie)
        if w is None:
            w = self.wang[tie] = most_wang([self.elements[k] for k in POSITION_KEYS], tie)
        return w

    def yong_of(self, rule: str) -> tuple[str, str]:
        y = self.yong.get(rule)
        if y is None:
            y = self.yong[rule] = _yong_yao(self.proto, self.elements, rule)
        return y

    def positions_of(self, wang: int, s_el: int, d_el: int) -> tuple[Position, ...]:
        global _N_POSITIONS
        key = (wang, s_el, d_el)
        got = self.positions.get(key)
        if got is None:
            got = tuple(
                Position(
                    p.key,
                    p.name,
                    p.element,
                    p.yin,
                    _wang_shuai(p.element, wang, s_el, d_el),
                    stem=p.stem,
                    branch=p.branch,
                    jiang=p.jiang,
                    on_branch=p.on_branch,
                )
                for p in self.proto.values()
            )
            if _N_POSITIONS >= _CACHE_LIMIT:
                for ke in list(_KE.values()):  # a snapshot: other threads may add
                    ke.positions.clear()
                _N_POSITIONS = 0
            self.positions[key] = got
            _N_POSITIONS += 1
        return got

    def kong_of(self, day: GanZhi) -> tuple[ShenshaHit, ShenshaHit]:
        xun = (day.branch - day.stem) % 12
        got = self.kong_hits.get(xun)
        if got is None:
            kong = _XUN_KONG[day.index]
            empty = _SI_DA_OF_DAY[day.index]
            at_kong = tuple(k for k in POSITION_KEYS if self.proto[k].branch in kong)
            at_empty = () if empty is None else tuple(k for k in POSITION_KEYS if self.elements[k] == empty)
            got = self.kong_hits[xun] = (_kong_hit(kong, at_kong), _si_da_hit(empty, at_empty))
        return got


_KONG_HITS: dict[tuple[tuple[int, int], tuple[str, ...]], ShenshaHit] = {}
_SI_DA_HITS: dict[tuple[int | None, tuple[str, ...]], ShenshaHit] = {}


def _kong_hit(kong: tuple[int, int], where: tuple[str, ...]) -> ShenshaHit:
    """旬空 of the day, marked like the 神煞 (one shared value per 旬空 and positions)."""
    hit = _KONG_HITS.get((kong, where))
    if hit is None:
        hit = _KONG_HITS[(kong, where)] = ShenshaHit(
            key="xun_kong",
            name="旬空",
            src="《六壬大全》卷一〈旬空〉 (core.ganzhi.xun_kong)",
            branches=kong,
            positions=where,
        )
    return hit


def _si_da_hit(empty: int | None, where: tuple[str, ...]) -> ShenshaHit:
    """四大空亡 of the day's 旬 (by element), marked like the 神煞."""
    hit = _SI_DA_HITS.get((empty, where))
    if hit is None:
        lacks = "" if empty is None else f"the day's 旬 lacks {ELEMENTS[empty]}: positions of that element"
        hit = _SI_DA_HITS[(empty, where)] = ShenshaHit(
            key="si_da_kong_wang", name="四大空亡", src=_SI_DA_SRC, positions=where, note=lacks
        )
    return hit


_KE: dict[tuple[int, int, int, bool, str, str], _Ke] = {}
_N_POSITIONS = 0


def _ke(d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str) -> _Ke:
    key = (d_stem, shift, df, is_day, guiren, plate)
    ke = _KE.get(key)
    if ke is None:
        if len(_KE) >= _KE_LIMIT:
            _KE.clear()
        ke = _KE[key] = _Ke(d_stem, shift, df, is_day, guiren, plate)
    return ke


def _wang_shuai(element: int, wang: int, s_el: int, d_el: int) -> WangShuai:
    key = (element, wang, s_el, d_el)
    ws = _WANG_SHUAI.get(key)
    if ws is None:
        ws = _WANG_SHUAI[key] = _state_row(element, wang, s_el, d_el)
    return ws


def _season_ruler(m_b: int, tu: str) -> int:
    key = (m_b, tu)
    r = _SEASON_RULER.get(key)
    if r is None:
        r = _SEASON_RULER[key] = season_ruler(m_b, tu)
    return r


class _GroupHits:
    """The 神煞 hits of one group of spirits (one context key), memoised by which positions hold them."""

    __slots__ = ("basis", "extra", "hits", "masks", "members", "occupied", "width")

    def __init__(self, basis: str | None, members: tuple[int, ...], occupied: tuple[Any, ...]) -> None:
        self.basis = basis
        self.members = members
        self.occupied = occupied
        self.width = len(members)
        size = len(occupied)
        #: masks[(x * 4 + position) * 128 + code] = members (bits) held by that position
        self.masks: list[int | None] = [None] * (size * 4 * 128)
        #: members whose hit also depends on the day (干支 spirits) or the days since the 節
        self.extra = any(o.ganzhi or o.numbers for row in occupied for o in row)
        self.hits: dict[tuple[int, int, int], tuple[ShenshaHit, ...]] = {}

    def mask(self, x: int, k: int, code: int, triple: tuple[int | None, int | None, int | None]) -> int:
        i = (x * 4 + k) * 128 + code
        m = self.masks[i]
        if m is None:
            stem, branch, jiang = triple
            m = 0
            for j, (sp_i, o) in enumerate(zip(self.members, self.occupied[x], strict=True)):
                if k in _SPIRIT_ON[sp_i] and (
                    (branch is not None and branch in o.branches)
                    or (stem is not None and stem in o.stems)
                    or (jiang is not None and jiang in o.jiang)
                ):
                    m |= 1 << j
            self.masks[i] = m
        return m

    def get(self, x: int, ke: _Ke, cal: ChartTime) -> tuple[ShenshaHit, ...]:
        codes, triples, w = ke.codes, ke.triples, self.width
        m = (
            self.mask(x, 0, codes[0], triples[0])
            | self.mask(x, 1, codes[1], triples[1]) << w
            | self.mask(x, 2, codes[2], triples[2]) << (2 * w)
            | self.mask(x, 3, codes[3], triples[3]) << (3 * w)
        )
        extra = self.extra_bits(x, cal) if self.extra else 0
        key = (x, m, extra)
        got = self.hits.get(key)
        if got is None:
            if len(self.hits) >= _CACHE_LIMIT:
                self.hits.clear()
            got = self.hits[key] = self._build(x, m, cal)
        return got

    def extra_bits(self, x: int, cal: ChartTime) -> int:
        """What the group's hits take from the day 干支 and the days since the 節, as bits."""
        extra = 0
        for j, o in enumerate(self.occupied[x]):
            if o.ganzhi and cal.day.index in o.ganzhi:
                extra |= 1 << (3 * j)
            if o.numbers:
                if _days(cal) is None:
                    extra |= 2 << (3 * j)
                elif _days(cal) in o.numbers:
                    extra |= 4 << (3 * j)
        return extra

    def _build(self, x: int, m: int, cal: ChartTime) -> tuple[ShenshaHit, ...]:
        out = []
        w = self.width
        for j, (sp_i, o) in enumerate(zip(self.members, self.occupied[x], strict=True)):
            sp = _SPIRITS[sp_i]
            where = tuple(POSITION_KEYS[k] for k in _SPIRIT_ON[sp_i] if m >> (k * w + j) & 1)
            applies = False
            if o.ganzhi:
                applies = cal.day.index in o.ganzhi
            if o.numbers:
                days = _days(cal)
                applies = days is not None and days in o.numbers
            note = sp.note
            if o.numbers and _days(cal) is None:
                note = "not computable: the days since the 節 are unknown (give an instant, not only 干支)"
            hkey = (sp_i, x, where, applies, note)
            hit = _HITS.get(hkey)
            if hit is None:
                if len(_HITS) >= _CACHE_LIMIT:
                    _HITS.clear()
                hit = _HITS[hkey] = ShenshaHit(
                    key=sp.key,
                    name=sp.name,
                    src=sp.src,
                    branches=o.branches,
                    stems=o.stems,
                    jiang=o.jiang,
                    positions=where,
                    applies=applies,
                    note=note,
                )
            out.append(hit)
        return tuple(out)


#: one shared ShenshaHit per (spirit, context value, positions, applies, note)
_HITS: dict[tuple[int, int, tuple[str, ...], bool, str], ShenshaHit] = {}


_GROUP_HITS = tuple(_GroupHits(g.basis, g.members, g.occupied) for g in _GROUPS)
#: (which groups are computable) → (reorder into file order, index of 日祿, index of 驛馬)
_ORDER: dict[tuple[bool, ...], tuple[Callable[[Sequence[ShenshaHit]], Any], int, int]] = {}
_JI_SHI_HITS: dict[tuple[int, int], ShenshaHit] = {}


def _order(present: tuple[bool, ...]) -> tuple[Callable[[Sequence[ShenshaHit]], Any], int, int]:
    got = _ORDER.get(present)
    if got is None:
        flat = [i for gh, ok in zip(_GROUP_HITS, present, strict=True) if ok for i in gh.members]
        perm = sorted(range(len(flat)), key=lambda j: flat[j])
        keys = [_SPIRITS[flat[j]].key for j in perm]
        got = _ORDER[present] = (itemgetter(*perm), keys.index("ri_lu"), keys.index("yi_ma"))
    return got


def _ji_shi(day_branch: int, hour_branch: int) -> ShenshaHit:
    key = (day_branch, hour_branch)
    hit = _JI_SHI_HITS.get(key)
    if hit is None:
        ji = tuple((day_branch + k) % 12 for k in _JI_SHI_OFFSETS)
        hit = _JI_SHI_HITS[key] = ShenshaHit(
            key="ji_shi",
            name="忌時",
            src=_JI_SHI_SRC,
            branches=ji,
            applies=hour_branch in ji,
            note="provisional, inferred from one reference cast (docs/jinkoujue.md); applies: hour is one",
        )
    return hit


#: the context values a 神煞 group may be keyed by, in the order of the tuple _shensha_fast receives
_BASES = (
    "year_stem",
    "year_branch",
    "month_branch",
    "day_stem",
    "day_branch",
    "hour_branch",
    "season",
    "day_ganzhi",
    "jie_index",
    "gui_ren_branch",
    "birth_stem",
    "birth_branch",
)
_GROUP_SLOT = tuple(-1 if gh.basis is None else _BASES.index(gh.basis) for gh in _GROUP_HITS)


def _shensha_fast(
    ke: _Ke, vals: tuple[int | None, ...], cal: ChartTime
) -> tuple[tuple[ShenshaHit, ...], int, int]:
    """The chart's 神煞 and the 日祿 and 驛馬 branches.

    In table order, every spirit the context can compute (as :func:`xuanheng.shensha.evaluate_all`), each
    with the positions holding one of its branches / stems / 天將 (only the positions in its ``on`` list),
    ``applies`` for a 干支 spirit on its day or a day-count spirit on its count; then 天盜 (剋將), 旬空,
    四大空亡 and 忌時.

    *vals* holds the context values named in :data:`_BASES` (None: not known, e.g. no 本命).
    """
    parts: tuple[ShenshaHit, ...] = ()
    present = []
    ghits = ke.ghits
    for gi, gh in enumerate(_GROUP_HITS):
        slot = _GROUP_SLOT[gi]
        x = 0 if slot < 0 else vals[slot]
        if x is None:
            present.append(False)
            continue
        present.append(True)
        per = ghits[gi]
        if gh.extra:
            if per is None:
                per = ghits[gi] = {}
            extra = gh.extra_bits(x, cal)
            got = per.get((x, extra))
            if got is None:
                got = per[(x, extra)] = gh.get(x, ke, cal)
        else:
            if per is None:
                per = ghits[gi] = [None] * len(gh.occupied)
            got = per[x]
            if got is None:
                got = per[x] = gh.get(x, ke, cal)
        parts += got
    reorder, i_lu, i_ma = _order(tuple(present))
    ordered: tuple[ShenshaHit, ...] = reorder(parts)
    xk, sd = ke.kong_of(cal.day)
    ji = _ji_shi(cal.day.branch, cal.hour.branch)
    return (*ordered, ke.tian_dao, xk, sd, ji), ordered[i_lu].branches[0], ordered[i_ma].branches[0]


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
    time: ChartTime | None = None,
) -> JinKouJueChart:
    """Cast from calendar coordinates. ``hour``/``month_branch``/``yue_jiang`` are branches (子 or 0);
    ``day``/``year``/``month``/``ben_ming`` are 干支 (``"癸未"`` or :class:`GanZhi`).

    ``month`` defaults to the month 干支 by 五虎遁 from the year stem (《三命通會》卷二〈論五虎遁〉).
    *time* is the :class:`~xuanheng.time.ChartTime` of the cast when it comes from an instant (:func:`cast`
    passes the calendar's own); the coordinates must then be its pillars.
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
        mgz = _MONTH_GZ[y.stem][m_b]
    else:
        mgz = _gz(month, "month")
        if mgz.branch != m_b:
            raise InputError(f"month 干支 {mgz} does not have the 月建 {BRANCHES[m_b]}", field="month")
    d_stem, d_branch = d.stem, d.branch
    hgz = _HOUR_GZ[d_stem][h_b]
    fast = _DIFEN.get(difen) if type(difen) is str or type(difen) is int else None
    if fast is None:
        df, how = parse_difen(difen, seed=seed)
        if how["by"] != "random" and (type(difen) is str or type(difen) is int):
            if len(_DIFEN) >= 4_096:
                _DIFEN.clear()
            _DIFEN[difen] = (df, how)
    else:
        df, how = fast
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
            year_branch=y.branch,
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
    shift = (yj - h_b) % 12
    ke = _ke(d_stem, shift, df, is_day, opts.guiren, opts.gui_shen_plate)
    wang = ke.wang_of(opts.wang_tie)
    positions = ke.positions_of(wang, _season_ruler(m_b, opts.tu_months), BRANCH_ELEMENT[d_branch])
    yong, reason = ke.yong_of(opts.yong_yao)
    jie = (m_b - 2) % 12
    vals = (
        *(y.stem, y.branch, m_b, d_stem, d_branch, h_b, jie // 3, d.index, jie, ke.g),
        *((None, None) if bm is None else (bm.stem, bm.branch)),
    )
    shensha, ri_lu, yi_ma = _shensha_fast(ke, vals, cal)
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
        ren_yuan=positions[0],
        gui_shen=positions[1],
        jiang_shen=positions[2],
        di_fen=positions[3],
        calendar=cal,
        yong_yao=yong,
        yong_yao_reason=reason,
        dong=ke.dong,
        relations=ke.relations,
        shensha=shensha,
        wang_element=wang,
        gui_ren_branch=ke.g,
        direction="順" if ke.direction is Direction.SHUN else "逆",
        xun_kong=_XUN_KONG[d.index],
        si_da_kong_wang=_SI_DA_OF_DAY[d.index],
        ri_lu=ri_lu,
        yi_ma=yi_ma,
        ji_shi=shensha[-1].branches,
        options=opts,
        inputs=all_inputs,
        warnings=cal.warnings,
        ben_ming=bm,
        topic=topic,
    )


_MONTH_GZ = tuple(tuple(GanZhi((6 * wu_hu_dun(s, b) - 5 * b) % 60) for b in range(12)) for s in range(10))
#: 地分 given as text or a number → (branch, how); 'random' is never stored (it depends on the seed)
_DIFEN: dict[str | int, tuple[int, dict[str, Any]]] = {}
_DEFAULT_OPTIONS = JinKouJueOptions()
_OPTIONS: dict[tuple[tuple[str, str], ...], JinKouJueOptions] = {}
_GZ: dict[str, GanZhi] = {}
_BRANCH: dict[str, int] = {}


def _options(options: JinKouJueOptions | Mapping[str, Any] | None) -> JinKouJueOptions:
    if isinstance(options, JinKouJueOptions):
        return options
    if options is None:
        return _DEFAULT_OPTIONS  # immutable, so one instance serves every call
    if not isinstance(options, Mapping):
        raise OptionError(
            f"options must be a mapping such as {{'yue_jiang': 'jie'}}, not {type(options).__name__}",
            field="options",
        )
    key = tuple(options.items())
    if all(type(k) is str and type(v) is str for k, v in key):  # only plain text is remembered
        got = _OPTIONS.get(key)
        if got is None:
            got = JinKouJueOptions.from_mapping(dict(options))
            if len(_OPTIONS) >= 1024:
                _OPTIONS.clear()
            _OPTIONS[key] = got
        return got
    return JinKouJueOptions.from_mapping(dict(options))


def _gz(v: object, field: str) -> GanZhi:
    if type(v) is str:
        got = _GZ.get(v)
        if got is not None:
            return got
    g = parse.ganzhi(v, field)
    if type(v) is str and len(_GZ) < 4096:
        _GZ[v] = g
    return g


def _branch(v: object, field: str) -> int:
    if type(v) is int and 0 <= v < 12:
        return v
    if type(v) is str:
        got = _BRANCH.get(v)
        if got is not None:
            return got
    b = parse.branch(v, field)
    if type(v) is str and len(_BRANCH) < 4096:
        _BRANCH[v] = b
    return b


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
    xtime = _time_module()
    opts = _options(options)
    if not isinstance(true_solar, bool):
        raise InputError(f"true_solar must be True or False, got {true_solar!r}", field="true_solar")
    when = xtime.parse_instant(at, tz=tz, fold=fold)
    copts = opts.calendar
    if true_solar:
        copts = _CAL_OPTIONS.get(copts) or _CAL_OPTIONS.setdefault(copts, replace(copts, true_solar=True))
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
    return cast_by_coordinates(
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


#: the calendar options with true_solar set, by the options without it (validated once; immutable)
_CAL_OPTIONS: dict[Any, Any] = {}
_TIME: list[Any] = []


def _clear_caches() -> None:
    """Forget every memoised piece of the cast (for benchmarks of the cold path and for tests)."""
    global _N_POSITIONS
    _KE.clear()
    _N_POSITIONS = 0
    for gh in _GROUP_HITS:
        gh.hits.clear()
        gh.masks[:] = [None] * len(gh.masks)
    for d in (
        _ORDER,
        _HITS,
        _JI_SHI_HITS,
        _KONG_HITS,
        _SI_DA_HITS,
        _WANG_SHUAI,
        _SEASON_RULER,
        _DIFEN,
        _OPTIONS,
        _GZ,
        _BRANCH,
        _CAL_OPTIONS,
    ):
        d.clear()


def _time_module() -> Any:
    """``xuanheng.time``, imported on first use (keeps ``import xuanheng.jinkoujue`` light)."""
    if not _TIME:
        from xuanheng import time as xtime

        _TIME.append(xtime)
    return _TIME[0]


__all__ = ["cast", "cast_by_coordinates", "parse_difen"]
