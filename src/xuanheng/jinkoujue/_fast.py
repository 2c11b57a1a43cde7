"""Memo tables and compiled look-ups of the 金口訣 cast: the speed code beside the rule statement of
:mod:`xuanheng.jinkoujue.cast`, which builds every piece it stores.

A cast is split into parts that depend on few coordinates, each computed once by the plain
functions of ``cast`` and then looked up: the 課 geometry (``_Ke``) by (day stem, 月將 − hour, 地分,
晝夜, 貴人 table, plate); the positions with their 旺衰 by (geometry, 四位旺神, season ruler, day
element); the 神煞 by group of spirits sharing a context key (``shensha.compile_groups``) and the
positions each group falls on. Caches are bounded (cleared when full) and shared between
threads. ``tests/jinkoujue/test_fast_path.py`` proves :func:`chart` equal to
:func:`xuanheng.jinkoujue.cast.chart` (``cast_by_coordinates(..., plain=True)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from operator import itemgetter
from typing import Any

from xuanheng.core import parse
from xuanheng.core.ganzhi import BRANCH_ELEMENT, ELEMENTS, GanZhi, wu_hu_dun, wu_shu_dun, xun_kong
from xuanheng.core.guiren import Direction
from xuanheng.errors import OptionError
from xuanheng.jinkoujue.cast import (
    _JI_SHI_NOTE,
    _JI_SHI_SRC,
    _SI_DA,
    _SI_DA_SRC,
    _SPIRITS,
    _days,
    _dong,
    _relations,
    _state_row,
    _yong_yao,
    geometry,
    ji_shi,
    parse_difen,
    tian_dao,
)
from xuanheng.jinkoujue.chart import POSITION_KEYS, JinKouJueChart, Position, ShenshaHit, WangShuai
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.jinkoujue.wangshuai import most_wang, season_ruler
from xuanheng.shensha import compile_groups
from xuanheng.time.chart_time import ChartTime

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

    def __init__(
        self, d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str, tianhou: str
    ) -> None:
        geo = geometry(d_stem, shift, df, is_day, guiren, plate, tianhou)
        self.proto, self.elements = geo.proto, geo.elements
        self.g, self.direction, self.jiang, self.jb, self.ry_stem = (
            geo.g,
            geo.direction,
            geo.jiang,
            geo.jb,
            geo.ry_stem,
        )
        gs_stem, home, js_stem = geo.gs_stem, geo.home, geo.js_stem
        #: (stem, branch, 天將) of each position, and a small code for each (unique within the position)
        self.triples = (
            (geo.ry_stem, None, None),
            (gs_stem, home, geo.jiang),
            (js_stem, geo.jb, None),
            (None, df, None),
        )
        self.codes = (geo.ry_stem, gs_stem * 12 + geo.jiang, js_stem * 12 + geo.jb, df)
        self.dong = _dong(self.elements)
        self.relations = _relations(self.proto, self.elements)
        self.tian_dao = tian_dao(self.elements)
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


_KE: dict[tuple[int, int, int, bool, str, str, str], _Ke] = {}
_N_POSITIONS = 0


def _ke(d_stem: int, shift: int, df: int, is_day: bool, guiren: str, plate: str, tianhou: str) -> _Ke:
    key = (d_stem, shift, df, is_day, guiren, plate, tianhou)
    ke = _KE.get(key)
    if ke is None:
        if len(_KE) >= _KE_LIMIT:
            _KE.clear()
        ke = _KE[key] = _Ke(d_stem, shift, df, is_day, guiren, plate, tianhou)
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
_JI_SHI_HITS: dict[tuple[int, int, int], ShenshaHit] = {}


def _order(present: tuple[bool, ...]) -> tuple[Callable[[Sequence[ShenshaHit]], Any], int, int]:
    got = _ORDER.get(present)
    if got is None:
        flat = [i for gh, ok in zip(_GROUP_HITS, present, strict=True) if ok for i in gh.members]
        perm = sorted(range(len(flat)), key=lambda j: flat[j])
        keys = [_SPIRITS[flat[j]].key for j in perm]
        got = _ORDER[present] = (itemgetter(*perm), keys.index("ri_lu"), keys.index("yi_ma"))
    return got


def _ji_shi(month_branch: int, day_stem: int, hour_branch: int) -> ShenshaHit:
    key = (month_branch, day_stem, hour_branch)
    hit = _JI_SHI_HITS.get(key)
    if hit is None:
        ji = ji_shi(month_branch, day_stem)
        hit = _JI_SHI_HITS[key] = ShenshaHit(
            key="ji_shi",
            name="忌時",
            src=_JI_SHI_SRC,
            branches=ji,
            applies=hour_branch in ji,
            note=_JI_SHI_NOTE,
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
    assert cal.month_branch is not None
    ji = _ji_shi(cal.month_branch, cal.day.stem, cal.hour.branch)
    return (*ordered, ke.tian_dao, xk, sd, ji), ordered[i_lu].branches[0], ordered[i_ma].branches[0]


def chart(
    d: GanZhi,
    y: GanZhi,
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
    """The chart, from memo tables (the same values as :func:`xuanheng.jinkoujue.cast.chart`)."""
    d_stem, d_branch = d.stem, d.branch
    shift = (yj - h_b) % 12
    ke = _ke(d_stem, shift, df, is_day, opts.guiren, opts.gui_shen_plate, opts.tianhou_home)
    wang = ke.wang_of(opts.wang_tie)
    positions = ke.positions_of(wang, _season_ruler(m_b, opts.tu_months), BRANCH_ELEMENT[d_branch])
    yong, reason = ke.yong_of(opts.yong_yao)
    jie = (m_b - 2) % 12
    vals = (
        *(y.stem, y.branch, m_b, d_stem, d_branch, h_b, jie // 3, d.index, jie, ke.g),
        *((None, None) if bm is None else (bm.stem, bm.branch)),
    )
    shensha, ri_lu, yi_ma = _shensha_fast(ke, vals, cal)
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
        inputs=inputs,
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


def options(options: JinKouJueOptions | Mapping[str, Any] | None) -> JinKouJueOptions:
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


def gz(v: object, field: str) -> GanZhi:
    if type(v) is str:
        got = _GZ.get(v)
        if got is not None:
            return got
    g = parse.ganzhi(v, field)
    if type(v) is str and len(_GZ) < 4096:
        _GZ[v] = g
    return g


def branch(v: object, field: str) -> int:
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


def difen(value: Any, seed: int | None) -> tuple[int, dict[str, Any]]:
    """:func:`~xuanheng.jinkoujue.cast.parse_difen`, remembered for text and numbers (never for random)."""
    fast = _DIFEN.get(value) if type(value) is str or type(value) is int else None
    if fast is not None:
        return fast
    df, how = parse_difen(value, seed=seed)
    if how["by"] != "random" and (type(value) is str or type(value) is int):
        if len(_DIFEN) >= 4_096:
            _DIFEN.clear()
        _DIFEN[value] = (df, how)
    return df, how


def hour_ganzhi(day_stem: int, hour_branch: int) -> GanZhi:
    return _HOUR_GZ[day_stem][hour_branch]


def month_ganzhi(year_stem: int, month_branch: int) -> GanZhi:
    return _MONTH_GZ[year_stem][month_branch]


#: the calendar options with true_solar set, by the options without it (validated once; immutable)
_CAL_OPTIONS: dict[Any, Any] = {}


def with_true_solar(copts: Any) -> Any:
    """*copts* with ``true_solar`` set (one validated value per options)."""
    got = _CAL_OPTIONS.get(copts)
    if got is None:
        got = _CAL_OPTIONS[copts] = replace(copts, true_solar=True)
    return got


def clear_caches() -> None:
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
