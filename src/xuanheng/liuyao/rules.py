"""The rule statements of 裝卦 and of the time layer: the one path every 六爻 chart is built by.

Each function says one rule, reading its table from :mod:`xuanheng.liuyao.tables` (cited data) and the
干支 relations from :mod:`xuanheng.core`. The functions of the hexagram alone keep their results
(``functools.cache``: 64 hexagrams, 4,096 patterns at most), and those of the time layer the results last
asked for (``functools.lru_cache``, bounded): a memo of the function itself, never a second statement.

Sources: 納甲 《京氏易傳》, 《火珠林》; 八宮 世應 《京氏易傳》卷上, 《增刪卜易》〈八宮六十四卦〉〈世應章〉;
六親 from the palace element (core.wuxing.liu_qin); 六神 《增刪卜易》〈六神章〉; 伏神 《增刪卜易》〈伏神章〉;
旺衰 by the month (core.wangshuai); 暗動 / 日破 《增刪卜易》〈暗動章〉〈日破章〉; 變爻 relations
《增刪卜易》〈回頭生剋章〉〈進神退神章〉〈生旺墓絕章〉〈反伏章〉. Details per table in ``data/*.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from xuanheng.core import changsheng, relations, wangshuai, wuxing
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import BRANCH_ELEMENT, GanZhi
from xuanheng.i18n.messages import ChartWarning
from xuanheng.liuyao import tables as T
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
from xuanheng.liuyao.options import Options

#: how many results each function of the time layer keeps (the ones last asked for)
TIME_MEMO = 1 << 16
#: the five 六親 in the order of core.wuxing.LIU_QIN (兄弟 子孫 妻財 官鬼 父母)
LIU_QIN: tuple[str, ...] = wuxing.LIU_QIN


@dataclass(frozen=True, slots=True)
class TimeContext:
    """What the time layer needs: the day 干支, the month branch (月建), and optionally hour and year.

    ``in_tu_wang`` answers, for option ``tu_months="last_18_days"`` in a 季月, whether the moment lies in
    the 18 days of 土.
    """

    day: GanZhi
    month_branch: int
    hour: GanZhi | None = None
    year: GanZhi | None = None
    month: GanZhi | None = None
    in_tu_wang: bool | None = None
    #: the hash of the fields above, computed once: the memos of the time layer are keyed by the context,
    #: a dozen look-ups per chart (not compared, not shown)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = (self.day, self.month_branch, self.hour, self.year, self.month, self.in_tu_wang)
        object.__setattr__(self, "_hash", hash(fields))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from the fields alone: the kept hash (of None among them, which differs from process to
        # process) is computed anew where it is unpickled (tests/test_options_pickled.py)
        return (TimeContext, (self.day, self.month_branch, self.hour, self.year, self.month, self.in_tu_wang))


# --- hexagram structure ----------------------------------------------------------------------------
def lower_of(code: int) -> int:
    return code & 7


def upper_of(code: int) -> int:
    return code >> 3


def line_yang(code: int, position: int) -> bool:
    """Whether line *position* (1 = 初爻) of hexagram *code* is yang."""
    return bool(code >> (position - 1) & 1)


@cache
def najia(code: int) -> tuple[tuple[int, int], ...]:
    """(stem, branch) of the six lines 初 → 上: the lower trigram's inner 納甲, the upper's outer."""
    lo, up = T.TRIGRAM_BY_CODE[lower_of(code)], T.TRIGRAM_BY_CODE[upper_of(code)]
    inner = tuple((lo.inner_stem, b) for b in lo.inner_branches)
    outer = tuple((up.outer_stem, b) for b in up.outer_branches)
    return inner + outer


def palace_and_type(code: int) -> tuple[int, int]:
    """(palace trigram code, type index) from the 八宮 lists (八純 0, 一世 1 … 五世 5, 遊魂 6, 歸魂 7)."""
    return T.PALACE_OF[code]


@cache
def gua_info(code: int) -> GuaInfo:
    """Name, palace, type, 世/應 and 六沖/六合 of a hexagram."""
    h = T.HEXAGRAM_BY_CODE[code]
    pal, typ = palace_and_type(code)
    shi = T.TYPE_SHI[typ]
    return GuaInfo(
        code=code,
        number=h.number,
        name=h.name,
        full_name=h.full,
        upper=h.upper,
        lower=h.lower,
        upper_element=T.TRIGRAM_BY_NAME[h.upper].element,
        lower_element=T.TRIGRAM_BY_NAME[h.lower].element,
        palace=T.TRIGRAM_BY_CODE[pal].name,
        palace_element=T.TRIGRAM_BY_CODE[pal].element,
        type=T.TYPE_NAMES[typ],
        shi=shi,
        ying=(shi + 2) % 6 + 1,  # 世 ± 3
        liu_chong=code in T.LIU_CHONG_GUA,
        liu_he=code in T.LIU_HE_GUA,
    )


@cache
def yaos(code: int, palace_element: int, shi: int, ying: int) -> tuple[Yao, ...]:
    """The six static lines of hexagram *code*, 六親 seen from *palace_element*."""
    out = []
    for i, (stem, branch) in enumerate(najia(code), start=1):
        e = BRANCH_ELEMENT[branch]
        out.append(
            Yao(
                position=i,
                yang=line_yang(code, i),
                stem=stem,
                branch=branch,
                element=e,
                liu_qin=wuxing.liu_qin(palace_element, e),
                shi=i == shi,
                ying=i == ying,
            )
        )
    return tuple(out)


def head_of_palace(code: int) -> int:
    """The 八純 hexagram heading the palace of *code*."""
    pal, _ = palace_and_type(code)
    return pal | pal << 3


def missing_liu_qin(lines: tuple[Yao, ...]) -> tuple[str, ...]:
    present = {y.liu_qin for y in lines}
    return tuple(q for q in LIU_QIN if q not in present)


@cache
def fu_shen_static(code: int) -> dict[int, tuple[int, int, int, str, str]]:
    """Position → (stem, branch, element, 六親, 飛伏 relation) of every 伏神 of hexagram *code*.

    Each 六親 the hexagram lacks is taken from the palace's head hexagram at the same position (every line
    of the head that carries it; tests/liuyao/test_4096.py shows that a missing 六親 is never carried twice
    by the head, so no school choice arises).
    """
    info = gua_info(code)
    own = yaos(code, info.palace_element, info.shi, info.ying)
    head = head_of_palace(code)
    head_lines = yaos(head, info.palace_element, 0, 0)
    out: dict[int, tuple[int, int, int, str, str]] = {}
    for q in missing_liu_qin(own):
        for y in (y for y in head_lines if y.liu_qin == q):
            fei = own[y.position - 1]
            rel = T.FEI_FU_RELATION[wuxing.relation(fei.element, y.element).value]
            out[y.position] = (y.stem, y.branch, y.element, q, rel)
    return out


@cache
def liu_shen(day_stem: int) -> tuple[str, ...]:
    """六神 of the six lines 初 → 上 on a day with stem *day_stem*."""
    start = T.LIU_SHEN_START[day_stem]
    return tuple(T.LIU_SHEN[(start + i) % 6] for i in range(6))


def hu_gua(code: int) -> int:
    """互卦: lines 2–4 as the lower trigram, 3–5 as the upper."""
    return ((code >> 1) & 7) | ((code >> 2) & 7) << 3


def cuo_gua(code: int) -> int:
    """錯卦: every line flipped."""
    return code ^ 63


def zong_gua(code: int) -> int:
    """綜卦: the hexagram upside down (line i becomes line 7 − i)."""
    return sum(1 << (5 - i) for i in range(6) if code >> i & 1)


@cache
def shen(code: int, o: Options) -> Shen:
    """身 of hexagram *code* by both rules (安身訣 by the 世 branch; 月卦身 counted from 子 / 午 to the 世);
    option ``shen`` says which marks the 身 line(s). Kept per hexagram code and options (a code hashes at
    once, its six lines would not)."""
    info = gua_info(code)
    lines = yaos(code, info.palace_element, info.shi, info.ying)
    shi_line = lines[info.shi - 1]
    pos = T.SHI_BRANCH_SHEN[shi_line.branch]
    branch = (T.YUE_GUA_SHEN_START[1 if shi_line.yang else 0] + info.shi - 1) % 12
    yue_pos = tuple(y.position for y in lines if y.branch == branch)
    chosen = (pos,) if o.shen == "shi_branch" else yue_pos
    return Shen(o.shen, chosen, pos, branch, yue_pos)


@cache
def fan_fu(ben: int, bian: int, o: Options) -> dict[str, str | None]:
    """反吟 / 伏吟 of the inner and the outer trigram when it changes (option ``fan_yin``)."""
    out: dict[str, str | None] = {}
    for key, a, b, which in (
        ("inner", lower_of(ben), lower_of(bian), "inner_branches"),
        ("outer", upper_of(ben), upper_of(bian), "outer_branches"),
    ):
        if a == b:
            out[key] = None
        elif (a, b) in T.FAN_YIN_PAIRS[o.fan_yin]:
            out[key] = "反吟"
        elif getattr(T.TRIGRAM_BY_CODE[a], which) == getattr(T.TRIGRAM_BY_CODE[b], which):
            out[key] = "伏吟"
        else:
            out[key] = None
    return out


# --- the time layer --------------------------------------------------------------------------------
@lru_cache(maxsize=TIME_MEMO)
def branch_state(branch: int, ctx: TimeContext, o: Options) -> BranchState:
    """How the month and the day stand to *branch* (旺衰, 月建/月破, 日辰/日沖, 生剋, stage, 空)."""
    e = BRANCH_ELEMENT[branch]
    m, d = ctx.month_branch, ctx.day.branch
    state = wangshuai.state_by_month(e, m, o.tu_months, in_tu_wang=ctx.in_tu_wang)  # type: ignore[arg-type]
    kong_hour = False
    if o.kong == "day_and_hour" and ctx.hour is not None:
        kong_hour = branch in ctx.hour.xun_kong
    return BranchState(
        branch=branch,
        wang_shuai=state.value,
        you_qi=state.value in T.AN_DONG_NEEDS,
        yue_jian=branch == m,
        yue_po=relations.chong(m) == branch,
        yue_he=relations.liu_he(m) == branch,
        yue_relation=wuxing.relation(BRANCH_ELEMENT[m], e).value,
        ri_chen=branch == d,
        ri_chong=relations.chong(d) == branch,
        ri_he=relations.liu_he(d) == branch,
        ri_relation=wuxing.relation(BRANCH_ELEMENT[d], e).value,
        ri_stage=changsheng.element_stage(e, d, tu=o.tu_changsheng),  # type: ignore[arg-type]
        kong=branch in ctx.day.xun_kong,
        kong_hour=kong_hour,
    )


_HUA_ORDER = ("回頭生", "回頭剋", "化進神", "化退神", "化空", "化破", "化墓", "化絕", "反吟", "伏吟")


@lru_cache(maxsize=TIME_MEMO)
def change(ben: Yao, stem: int, branch: int, palace_element: int, ctx: TimeContext, o: Options) -> Change:
    """The 變爻 (*stem*, *branch*) of the moving line *ben* and the relations of the change."""
    e = BRANCH_ELEMENT[branch]
    st = branch_state(branch, ctx, o)
    stage = changsheng.element_stage(ben.element, branch, tu=o.tu_changsheng)  # type: ignore[arg-type]
    jin = (ben.branch, branch) in T.JIN_SHEN[o.jin_tui]
    tui = (branch, ben.branch) in T.JIN_SHEN[o.jin_tui]
    flags = (
        wuxing.generates(e, ben.element),
        wuxing.overcomes(e, ben.element),
        jin,
        tui,
        st.kong,
        st.yue_po,
        stage == "墓",
        stage == "絕",
        relations.chong(ben.branch) == branch,
        ben.branch == branch,
    )
    return Change(
        yang=not ben.yang,
        stem=stem,
        branch=branch,
        element=e,
        liu_qin=wuxing.liu_qin(palace_element, e),
        state=st,
        hui_tou_sheng=flags[0],
        hui_tou_ke=flags[1],
        jin_shen=flags[2],
        tui_shen=flags[3],
        hua_kong=flags[4],
        hua_po=flags[5],
        hua_mu=flags[6],
        hua_jue=flags[7],
        fan_yin=flags[8],
        fu_yin=flags[9],
        stage=stage,
        hua=tuple(n for n, f in zip(_HUA_ORDER, flags, strict=True) if f),
    )


def sheng_or_jue(ch: Change, ben: Yao, state: BranchState, movers: tuple[Yao, ...]) -> Change:
    """One of 回頭生 and 化絕 where a change is both: with 土 born in 申 (option ``tu_changsheng`` shui)
    a 土 line that changes into 巳 is fed back by the 巳 火 and falls on 土's 絕 at once. 覺子's note to
    《增刪卜易》卷一〈生旺墓絕章〉 settles it: the 土 line is 絕 there only when it is 休囚 with no help;
    when it is 旺相, or the month, the day or a moving line feeds or props it (生扶), the 巳 feeds it and
    the change counts as 回頭生, not as 化絕. So one line never carries both (issue 27). *state* is the
    本爻's state by the month and the day, *movers* the hexagram's moving lines (this one among them)."""
    if not (ch.hui_tou_sheng and ch.hua_jue):
        return ch
    mover_helps = any(
        m.position != ben.position and (m.element == ben.element or wuxing.generates(m.element, ben.element))
        for m in movers
    )
    helped = (
        state.you_qi
        or state.yue_relation in ("生", "比和")
        or state.ri_relation in ("生", "比和")
        or mover_helps
    )
    gone = "化絕" if helped else "回頭生"
    return replace(
        ch,
        hua_jue=not helped,
        hui_tou_sheng=helped,
        hua=tuple(h for h in ch.hua if h != gone),
    )


#: the day's 驛馬, 祿神 and 羊刃 as the chart marks them (their tables: core/data/shensha_basic.toml for
#: 祿 and 驛馬; shensha/data/liuren.toml for 羊刃, the branch after the 祿)
DAY_SPIRITS: tuple[str, ...] = ("驛馬", "祿神", "羊刃")
#: the chapter of the day's spirits (驛馬 by the day's branch; 祿 and 羊刃 by the day's stem)
_DAY_SPIRIT_SRC = "《增刪卜易》〈星煞章〉"


@cache
def _yang_ren() -> Any:
    from xuanheng.shensha import load_table

    return next(s for s in load_table("liuren") if s.key == "yang_ren")


@lru_cache(maxsize=64)
def day_spirits(day: GanZhi) -> tuple[tuple[str, int, str], ...]:
    """(name, branch, source) of the day's 驛馬 (from its branch), 祿神 and 羊刃 (from its stem); kept per
    day (sixty)."""
    from xuanheng.core.shensha_basic import lu, yi_ma
    from xuanheng.shensha import evaluate

    ren = evaluate(_yang_ren(), {"day_stem": day.stem}).branches[0]
    return (
        ("驛馬", yi_ma(day.branch), _DAY_SPIRIT_SRC),
        ("祿神", lu(day.stem), _DAY_SPIRIT_SRC),
        ("羊刃", ren, _DAY_SPIRIT_SRC),
    )


@lru_cache(maxsize=TIME_MEMO)
def marks(code: int, ctx: TimeContext) -> tuple[MarkedBranch, ...]:
    """Branches seed 004 names, with the lines of hexagram *code* that carry them: 天符 (year), 直符
    (month), 傳符 (day), the six 直符 spirits of the month (004-077) and the month 殺 of the 家宅 section;
    then the day's 驛馬, 祿神 and 羊刃 (:func:`day_spirits`). Kept per code and time context."""
    fu = T.SEED004["fu"]
    named: list[tuple[str, int, str]] = []
    if ctx.year is not None:
        named.append(("天符", ctx.year.branch, fu["tian_fu_src"]))
    named.append(("直符", ctx.month_branch, fu["zhi_fu_src"]))
    named.append(("傳符", ctx.day.branch, fu["chuan_fu_src"]))
    zsrc = T.SEED004["zhi_fu_shen"]["src"]
    named.extend(("直符" + name, T.ZHI_FU_SHEN[name][ctx.month_branch], zsrc) for name in T.LIU_SHEN)
    named.extend((name, by_month[ctx.month_branch], src) for name, by_month, src in T.MONTH_SHA.values())
    named.extend((name, branch, src) for name, branch, src in day_spirits(ctx.day))
    at: dict[int, tuple[int, ...]] = {}
    for position, (_stem, branch) in enumerate(najia(code), start=1):  # each branch's lines, 初 → 上
        at[branch] = (*at.get(branch, ()), position)
    return tuple([_new_mark(name, b, at.get(b, ()), src) for name, b, src in named])


#: MarkedBranch by filling its slots (``core._frozen.maker``: equal to ``MarkedBranch(...)``; a chart marks
#: sixteen branches)
_new_mark = maker(MarkedBranch)


# --- the whole chart -------------------------------------------------------------------------------
def code_and_mask(values: tuple[int, ...]) -> tuple[int, int]:
    """(hexagram code, moving mask) of six line values 初 → 上 (7 9 yang; 6 9 moving)."""
    code = sum(1 << i for i, v in enumerate(values) if v in (7, 9))
    mask = sum(1 << i for i, v in enumerate(values) if v in (6, 9))
    return code, mask


@cache
def bian_lines(code: int, mask: int, palace_element: int) -> tuple[BianLine, ...]:
    """The six lines of the 變卦 of *code* under *mask*, 六親 by *palace_element* (the 本卦's palace)."""
    b = code ^ mask
    info = gua_info(b)
    return tuple(
        BianLine(
            position=by.position,
            yang=by.yang,
            changed=bool(mask >> (by.position - 1) & 1),
            stem=by.stem,
            branch=by.branch,
            element=by.element,
            liu_qin=by.liu_qin,
            shi=by.shi,
            ying=by.ying,
        )
        for by in yaos(b, palace_element, info.shi, info.ying)
    )


def zhuang_gua(values: tuple[int, ...]) -> ZhuangGua:
    """The static 裝卦 of six line values 初 → 上 (no time layer)."""
    code, mask = code_and_mask(values)
    info = gua_info(code)
    own = yaos(code, info.palace_element, info.shi, info.ying)
    fu = fu_shen_static(code)
    return ZhuangGua(
        values=tuple(values),
        ben=info,
        yaos=own,
        fu_shen=tuple((p, *f[:3], f[3], f[4]) for p, f in sorted(fu.items())),
        missing_liu_qin=missing_liu_qin(own),
        bian=gua_info(code ^ mask) if mask else None,
        bian_lines=bian_lines(code, mask, info.palace_element) if mask else (),
    )


def build(
    values: tuple[int, ...],
    ctx: TimeContext,
    o: Options,
    cast: CastRecord,
    inputs: dict[str, Any],
    warnings: tuple[ChartWarning, ...] = (),
) -> LiuYaoChart:
    """The whole chart of six line values (初 → 上) at the time *ctx*."""
    code, mask = code_and_mask(values)
    info = gua_info(code)
    pe = info.palace_element
    own = yaos(code, pe, info.shi, info.ying)
    fu = fu_shen_static(code)
    spirits = liu_shen(ctx.day.stem)
    sh = shen(code, o)
    bian_code = code ^ mask
    bian_info = gua_info(bian_code) if mask else None
    bian_najia = najia(bian_code)
    lines = []
    movers = tuple(y for y in own if mask >> (y.position - 1) & 1)
    for y in own:
        moving = bool(mask >> (y.position - 1) & 1)
        st = branch_state(y.branch, ctx, o)
        f = fu.get(y.position)
        fs = (
            _new_fu(y.position, f[0], f[1], f[2], f[3], f[4], branch_state(f[1], ctx, o))
            if f is not None
            else None
        )
        ch = None
        if moving:
            s, b = bian_najia[y.position - 1]
            ch = sheng_or_jue(change(y, s, b, pe, ctx, o), y, st, movers)
        lines.append(
            _new_line(
                value=values[y.position - 1],
                moving=moving,
                yao=y,
                liu_shen=spirits[y.position - 1],
                state=st,
                an_dong=not moving and st.ri_chong and st.you_qi,
                ri_po=not moving and st.ri_chong and not st.you_qi,
                shen=y.position in sh.positions,
                bian=ch,
                fu_shen=fs,
            )
        )
    b_lines = bian_lines(code, mask, pe) if bian_info is not None else ()
    xk_hour = ctx.hour.xun_kong if (o.kong == "day_and_hour" and ctx.hour is not None) else None
    return _new_chart(
        ben=info,
        lines=tuple(lines),
        bian=bian_info,
        bian_lines=b_lines,
        hu_gua=T.HEXAGRAM_BY_CODE[hu_gua(code)].name,
        cuo_gua=T.HEXAGRAM_BY_CODE[cuo_gua(code)].name,
        zong_gua=T.HEXAGRAM_BY_CODE[zong_gua(code)].name,
        fan_fu=fan_fu(code, bian_code, o),
        missing_liu_qin=missing_liu_qin(own),
        shen=sh,
        xun_kong=ctx.day.xun_kong,
        xun_kong_hour=xk_hour,
        year=ctx.year,
        month=ctx.month,
        day=ctx.day,
        hour=ctx.hour,
        yue_jian=ctx.month_branch,
        ri_chen=ctx.day.branch,
        marks=marks(code, ctx),
        cast=cast,
        options=o,
        inputs=inputs,
        warnings=warnings,
    )


#: the chart's values by filling their slots (``core._frozen.maker``: equal to the classes' own
#: constructors, every field given; a chart builds six lines, its hidden spirits and itself)
_new_line = maker(Line)
_new_fu = maker(FuShen)
_new_chart = maker(LiuYaoChart)


__all__ = [
    "LIU_QIN",
    "TimeContext",
    "bian_lines",
    "branch_state",
    "build",
    "change",
    "code_and_mask",
    "cuo_gua",
    "fan_fu",
    "fu_shen_static",
    "gua_info",
    "head_of_palace",
    "hu_gua",
    "liu_shen",
    "marks",
    "missing_liu_qin",
    "najia",
    "palace_and_type",
    "shen",
    "yaos",
    "zhuang_gua",
    "zong_gua",
]
