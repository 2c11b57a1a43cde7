"""The fast path: the same charts as :mod:`xuanheng.liuyao.rules`, from memo tables.

* :func:`zhuang_gua` — the static 裝卦 of six line values, one dictionary look-up after the first call
  for those values (there are exactly 4,096 value patterns: 64 hexagrams × 64 moving masks);
* :func:`build` — a whole chart: the static parts come from per-hexagram tables, the time layer from
  memo tables keyed by (branch, day, month, …), and the frozen values are assembled with their slot
  setters (the dataclass ``__init__`` re-validates nothing, so this only saves time);
* :func:`cast` — from an instant: the pillars come from :func:`xuanheng.time.pillars_fast`; whenever the
  calendar could add a warning (within a minute of a 節, 中氣, day or hour change; summer time; before
  1582; a place or true solar time; a lunar month taken from the published tables) or the cast needs more
  of the calendar (the time method, ``tu_months="last_18_days"``), it falls back to
  :func:`xuanheng.liuyao.api.cast_plain`.

``tests/liuyao/test_fast.py`` proves every function here equal to the plain path (all 4,096 value
patterns; random instants, casts and options).
"""

from __future__ import annotations

import datetime as _dt
import math
from typing import Any

from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import SIXTY
from xuanheng.liuyao import rules
from xuanheng.liuyao import tables as T
from xuanheng.liuyao.api import _method, _record, cast_plain
from xuanheng.liuyao.chart import (
    BianLine,
    BranchState,
    CastRecord,
    Change,
    FuShen,
    GuaInfo,
    Line,
    LiuYaoChart,
    MarkedBranch,
    Shen,
    Yao,
    ZhuangGua,
)
from xuanheng.liuyao.options import Options, make_options
from xuanheng.time import parse_instant, pillars_fast
from xuanheng.time.calendar import GREGORIAN_START, T_FIRST, T_LAST
from xuanheng.time.instants import offset_seconds
from xuanheng.time.lunar import LUNAR_SYSTEMS, month_start_overrides

#: memo tables are cleared when they grow past this many entries (bounded memory)
MEMO_LIMIT = 200_000


#: the frozen values built slot by slot (``core._frozen.maker``)
_mk_line = maker(Line)
_mk_chart = maker(LiuYaoChart)
_mk_ctx = maker(rules.TimeContext)

# --- static tables, per hexagram -------------------------------------------------------------------
_INFO: tuple[GuaInfo, ...] = tuple(rules.gua_info(c) for c in range(64))
_YAOS: tuple[tuple[Yao, ...], ...] = tuple(
    rules.yaos(c, _INFO[c].palace_element, _INFO[c].shi, _INFO[c].ying) for c in range(64)
)
_NAJIA: tuple[tuple[tuple[int, int], ...], ...] = tuple(rules.najia(c) for c in range(64))
_MISSING: tuple[tuple[str, ...], ...] = tuple(rules.missing_liu_qin(_YAOS[c]) for c in range(64))
_HU_CUO_ZONG: tuple[tuple[str, str, str], ...] = tuple(
    (
        T.HEXAGRAM_BY_CODE[rules.hu_gua(c)].name,
        T.HEXAGRAM_BY_CODE[rules.cuo_gua(c)].name,
        T.HEXAGRAM_BY_CODE[rules.zong_gua(c)].name,
    )
    for c in range(64)
)
_FU: tuple[dict[int, tuple[int, int, int, str, str]], ...] = tuple(rules.fu_shen_static(c) for c in range(64))
_SHEN: dict[tuple[int, str], Shen] = {}
_FAN_FU: dict[tuple[int, int, str], dict[str, str | None]] = {}
_BIAN_LINES: dict[tuple[int, int], tuple[BianLine, ...]] = {}
_ZHUANG: dict[tuple[int, ...], ZhuangGua] = {}
#: per value pattern: (code, mask, per line (index, Yao, value, moving, 變 stem, 變 branch, memo key, 伏神))
_Step = tuple[int, Yao, int, bool, int, int, int, int, "tuple[int, int, int, str, str] | None"]
_PLAN: dict[tuple[int, ...], tuple[int, int, tuple[_Step, ...]]] = {}


def _plan(values: tuple[int, ...]) -> tuple[int, int, tuple[_Step, ...]]:
    """What :func:`build` needs per line of one value pattern, looked up once (4,096 patterns at most)."""
    code, mask = rules.code_and_mask(values)
    pe = _INFO[code].palace_element
    bn = _NAJIA[code ^ mask]
    fu = _FU[code]
    steps = []
    for i, y in enumerate(_YAOS[code]):
        moving = bool(mask >> i & 1)
        stem, branch = bn[i]
        # memo keys of the line's 變爻 (by 本爻 branch and polarity, 變 stem and branch, palace element) and
        # of its 伏神 (by hexagram and position)
        change_key = (((y.branch * 2 + y.yang) * 10 + stem) * 12 + branch) * 5 + pe
        steps.append((i, y, values[i], moving, stem, branch, change_key, code * 8 + i, fu.get(i + 1)))
    got = _PLAN[tuple(values)] = (code, mask, tuple(steps))
    return got


_MARK: dict[tuple[int, str, int, str], MarkedBranch] = {}


def _shen(code: int, o: Options) -> Shen:
    key = (code, o.shen)
    got = _SHEN.get(key)
    if got is None:
        got = _SHEN[key] = rules.shen(_INFO[code], _YAOS[code], o)
    return got


def _fan_fu(code: int, bian: int, o: Options) -> dict[str, str | None]:
    key = (code, bian, o.fan_yin)
    got = _FAN_FU.get(key)
    if got is None:
        got = _FAN_FU[key] = rules.fan_fu(code, bian, o)
    return got


def _bian_lines(code: int, mask: int) -> tuple[BianLine, ...]:
    key = (code, mask)
    got = _BIAN_LINES.get(key)
    if got is None:
        b = code ^ mask
        info = _INFO[b]
        got = _BIAN_LINES[key] = tuple(
            BianLine(
                y.position,
                y.yang,
                bool(mask >> (y.position - 1) & 1),
                y.stem,
                y.branch,
                y.element,
                y.liu_qin,
                y.shi,
                y.ying,
            )
            for y in rules.yaos(b, _INFO[code].palace_element, info.shi, info.ying)
        )
    return got


def zhuang_gua(values: tuple[int, ...] | str) -> ZhuangGua:
    """The static 裝卦 of six line values 初 → 上 (memoised; equal to :func:`rules.zhuang_gua`)."""
    key = values if isinstance(values, tuple) else tuple(map(int, values))
    got = _ZHUANG.get(key)
    if got is None:
        got = _ZHUANG[key] = rules.zhuang_gua(key)
    return got


# --- the time layer, memoised -----------------------------------------------------------------------
class _Slot:
    """Memo of the time layer for one context (day, month, hour for 旬空, options): the state of each
    branch, each 變爻 and each 伏神 met so far."""

    __slots__ = ("changes", "fu", "states")

    def __init__(self) -> None:
        self.states: list[BranchState | None] = [None] * 12
        self.changes: dict[int, Change] = {}
        self.fu: dict[int, FuShen] = {}


_SLOTS: dict[tuple[Any, ...], _Slot] = {}


def _ctx_key(ctx: rules.TimeContext, o: Options) -> tuple[Any, ...]:
    hour = ctx.hour.index if (o.kong == "day_and_hour" and ctx.hour is not None) else None
    day, month, in_tu = ctx.day.index, ctx.month_branch, ctx.in_tu_wang
    return (day, month, hour, in_tu, o.tu_months, o.tu_changsheng, o.kong, o.jin_tui)


def _slot(ctx: rules.TimeContext, o: Options) -> _Slot:
    key = _ctx_key(ctx, o)
    got = _SLOTS.get(key)
    if got is None:
        if len(_SLOTS) > MEMO_LIMIT // 100:
            _SLOTS.clear()
        got = _SLOTS[key] = _Slot()
    return got


def _state(slot: _Slot, branch: int, ctx: rules.TimeContext, o: Options) -> BranchState:
    got = slot.states[branch]
    if got is None:
        got = slot.states[branch] = rules.branch_state(branch, ctx, o)
    return got


def _mark(code: int, name: str, branch: int, src: str) -> MarkedBranch:
    key = (code, name, branch, src)
    got = _MARK.get(key)
    if got is None:
        got = _MARK[key] = MarkedBranch(
            name, branch, tuple(y.position for y in _YAOS[code] if y.branch == branch), src
        )
    return got


_FU_SRC = T.SEED004["fu"]
_ZFS_SRC: str = T.SEED004["zhi_fu_shen"]["src"]
_ZFS = tuple(("直符" + n, T.ZHI_FU_SHEN[n]) for n in T.LIU_SHEN)
_SHA = tuple(T.MONTH_SHA.values())


_CODE_MARKS: dict[int, tuple[tuple[MarkedBranch, ...], ...]] = {}


def _code_marks(code: int) -> tuple[tuple[MarkedBranch, ...], ...]:
    """For one hexagram: 天符, 直符, 傳符 by branch, and the month spirits and 殺 by month branch."""
    got = _CODE_MARKS.get(code)
    if got is None:
        tian = tuple(_mark(code, "天符", b, _FU_SRC["tian_fu_src"]) for b in range(12))
        zhi = tuple(_mark(code, "直符", b, _FU_SRC["zhi_fu_src"]) for b in range(12))
        chuan = tuple(_mark(code, "傳符", b, _FU_SRC["chuan_fu_src"]) for b in range(12))
        tail = tuple(
            tuple(
                [_mark(code, name, by_month[m], _ZFS_SRC) for name, by_month in _ZFS]
                + [_mark(code, name, by_month[m], src) for name, by_month, src in _SHA]
            )
            for m in range(12)
        )
        got = _CODE_MARKS[code] = (tian, zhi, chuan, tail)  # type: ignore[assignment]
    return got  # type: ignore[return-value]


def _marks(code: int, ctx: rules.TimeContext) -> tuple[MarkedBranch, ...]:
    tian, zhi, chuan, tail = _code_marks(code)
    m = ctx.month_branch
    if ctx.year is None:
        return (zhi[m], chuan[ctx.day.branch], *tail[m])  # type: ignore[misc]
    return (tian[ctx.year.branch], zhi[m], chuan[ctx.day.branch], *tail[m])  # type: ignore[misc]


def build(
    values: tuple[int, ...],
    ctx: rules.TimeContext,
    o: Options,
    cast: CastRecord,
    inputs: dict[str, Any],
    warnings: tuple[str, ...] = (),
) -> LiuYaoChart:
    """The chart :func:`rules.build` gives, from the memo tables."""
    plan = _PLAN.get(values)
    if plan is None:
        plan = _plan(values)
    code, mask, steps = plan
    info = _INFO[code]
    pe = info.palace_element
    spirits = _LIU_SHEN[ctx.day.stem]
    sh = _shen(code, o)
    slot = _slot(ctx, o)
    states, changes, fus = slot.states, slot.changes, slot.fu
    shen_pos = sh.positions
    lines = []
    for i, y, value, moving, stem, branch, ck, fk, f in steps:
        b = y.branch
        st = states[b] or _state(slot, b, ctx, o)
        fs = None
        if f is not None:
            fs = fus.get(fk)
            if fs is None:
                fs = fus[fk] = FuShen(i + 1, f[0], f[1], f[2], f[3], f[4], _state(slot, f[1], ctx, o))
        ch = None
        if moving:
            ch = changes.get(ck)
            if ch is None:
                ch = changes[ck] = rules.change(y, stem, branch, pe, ctx, o)
        rc = st.ri_chong and not moving
        yq = st.you_qi
        lines.append(
            _mk_line(value, moving, y, spirits[i], st, rc and yq, rc and not yq, i + 1 in shen_pos, ch, fs)
        )
    bian_code = code ^ mask
    xk_hour = ctx.hour.xun_kong if (o.kong == "day_and_hour" and ctx.hour is not None) else None
    hcz = _HU_CUO_ZONG[code]
    return _mk_chart(
        info,
        tuple(lines),
        _INFO[bian_code] if mask else None,
        _bian_lines(code, mask) if mask else (),
        hcz[0],
        hcz[1],
        hcz[2],
        _fan_fu(code, bian_code, o),
        _MISSING[code],
        sh,
        _XUN_KONG[ctx.day.index],
        xk_hour,
        ctx.year,
        ctx.month,
        ctx.day,
        ctx.hour,
        ctx.month_branch,
        ctx.day.branch,
        _marks(code, ctx),
        cast,
        o,
        inputs,
        warnings,
    )


_LIU_SHEN: tuple[tuple[str, ...], ...] = tuple(rules.liu_shen(s) for s in range(10))
_XUN_KONG: tuple[tuple[int, int], ...] = tuple(g.xun_kong for g in SIXTY)


# --- from an instant --------------------------------------------------------------------------------
def _fast_pillars(when: _dt.datetime, o: Options) -> tuple[int, int, int, int] | None:
    """(year, month, day, hour) 干支 indices when the calendar would add no warning, else None.

    The pillars are taken a minute before and a minute after the instant: equal tuples mean no 節, 中氣,
    day or hour change lies within a minute (each changes some index, and none can change back within
    two minutes), which is exactly when the calendar stays silent about boundaries.
    """
    if when.dst():
        return None
    utc = when.timestamp()
    if not (T_FIRST <= utc < T_LAST) or utc < GREGORIAN_START:
        return None
    off = float(offset_seconds(when))
    b23 = o.day_boundary == "23:00"
    p = pillars_fast(utc - 60.0, off, b23, False)
    if pillars_fast(utc + 60.0, off, b23, False)[:5] != p[:5]:
        return None
    if math.floor((utc + off) / 86400.0) in _NEAR_OVERRIDE[o.lunar_calendar]:
        return None
    return p[0], p[1], p[2], p[3]


#: per lunar calendar system, civil days in a lunar month whose first day the calendar takes from the
#: published tables (it warns there)
def _near_override(system: str) -> frozenset[int]:
    ov = month_start_overrides(system)
    return frozenset(day for start in (*ov, *ov.values()) for day in range(start - 1, start + 31))


_NEAR_OVERRIDE: dict[str, frozenset[int]] = {system: _near_override(system) for system in LUNAR_SYSTEMS}
#: manual casts by their text: (values, record, echoed inputs); the echo dict is only read
#: (spread into each chart's inputs)
_RECORD: dict[object, tuple[tuple[int, ...], CastRecord, dict[str, Any]]] = {}


def cast(
    at: str | _dt.datetime,
    *,
    tz: str | None = None,
    lon: float | None = None,
    lat: float | None = None,
    fold: int | None = None,
    lines: object = None,
    hexagram: object = None,
    moving: object = None,
    coins: bool = False,
    yarrow: bool = False,
    seed: object = None,
    time: bool = False,
    numbers: object = None,
    throws: object = None,
    options: Options | dict[str, Any] | None = None,
    **kw: Any,
) -> LiuYaoChart:
    """Cast a chart from an instant (see :mod:`xuanheng.liuyao.api` for the arguments)."""
    o = make_options(options, **kw)
    if (
        lines is not None
        and hexagram is None
        and numbers is None
        and throws is None
        and not (coins or yarrow or time)
    ):
        method = "manual"
    else:
        method = _method(lines, hexagram, coins, yarrow, time, numbers, throws)

    def plain(at: str | _dt.datetime) -> LiuYaoChart:
        return cast_plain(
            at, tz=tz, lon=lon, lat=lat, fold=fold, lines=lines, hexagram=hexagram, moving=moving,
            coins=coins, yarrow=yarrow, seed=seed, time=time, numbers=numbers, throws=throws, options=o,
            builder=build,
        )  # fmt: skip

    if method == "time" or lon is not None or lat is not None or o.true_solar == "true":
        return plain(at)
    if o.tu_months == "last_18_days":
        return plain(at)
    when = parse_instant(at, tz=tz, fold=fold)
    got = _fast_pillars(when, o)
    if got is None:
        return plain(when)
    y, m, d, h = got
    hour = SIXTY[h]
    rkey = (
        lines if (method == "manual" and isinstance(lines, str) and moving is None and seed is None) else None
    )
    memo = _RECORD.get(rkey) if rkey is not None else None
    if memo is None:
        memo = _record(
            method,
            lines=lines,
            hexagram=hexagram,
            moving=moving,
            seed=seed,
            numbers=numbers,
            hour_branch=hour.branch,
            time_nums=None,
            o=o,
            lunar=None,
            throws=throws,
        )
        if rkey is not None:
            if len(_RECORD) > MEMO_LIMIT:
                _RECORD.clear()
            _RECORD[rkey] = memo
    values, record, echo = memo
    month = SIXTY[m]
    ctx = _mk_ctx(SIXTY[d], month.branch, hour, SIXTY[y], month, None)
    inputs = {
        "at": when.isoformat(timespec="seconds"),
        "tz": str(when.tzinfo),
        "lon": None,
        "lat": None,
        **echo,
    }
    return build(values, ctx, o, record, inputs, ())


def clear_memo() -> None:
    """Empty the memo tables (benchmarks measure a cold start with this)."""
    for table in (
        _SHEN, _FAN_FU, _BIAN_LINES, _ZHUANG, _MARK, _CODE_MARKS, _SLOTS, _RECORD, _PLAN,
    ):  # fmt: skip
        table.clear()


__all__ = ["MEMO_LIMIT", "build", "cast", "clear_memo", "zhuang_gua"]
