"""The facts of one chart that the reading's conditions share, computed once per reading.

:class:`Ctx` holds the chart, the reading options, the asked topic, the 用神 (:class:`YongShen`, by
:func:`select_yong`), the 神煞 of the 神煞 verse on the chart's branches, and one :class:`L` per line (its
element, 六親, 六神, motion, void, 旺衰, trigram, role towards the 用神, the spirits it carries …). The
condition words of :mod:`._reading_vocab` read them; what depends only on the hexagram and its moving lines
(:class:`Static`) and the base facts of the lines (:func:`faces_of`) are read off the first chart that has
them and shared.
"""

from __future__ import annotations

import datetime as _dt
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from xuanheng.core import relations, wangshuai, wuxing
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS, STEMS
from xuanheng.core.guiren import guiren_table
from xuanheng.liuyao import tables as T
from xuanheng.liuyao._reading_data import (
    ABOUT_SRC,
    ABOUT_YONG,
    GUI_REN_TABLE,
    JI_LIU_SHEN,
    JI_SHENSHA,
    PERSON_TOPICS,
    RELATIVE_SRC,
    RELATIVE_TOPICS,
    SHA,
    SHENSHA_NAMES,
    SHI_HUA_SHENG_SRC,
    SHI_HUA_SHENG_TOPICS,
    TOPIC_PARENTS,
    YONG_DEFAULT,
    YONG_SHEN,
    ReadingOptions,
    YongEntry,
    spirit_lookup,
)
from xuanheng.liuyao.chart import FuShen, Line, LiuYaoChart
from xuanheng.reading.judgment import RuleSwitches

YAO_NAMES = ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
_WANG = frozenset({"旺", "相"})
_TRI_YANG = {t.name: sum(t.lines) % 2 == 1 for t in T.TRIGRAMS}  # 乾震坎艮 odd = yang trigrams


@cache
def topic_family(topic: str | None) -> frozenset[str] | None:
    """The topics a question about *topic* reads: itself, its parent and its children (None: every topic)."""
    if topic is None:
        return None
    fam = {topic}
    if topic in TOPIC_PARENTS:
        fam.add(TOPIC_PARENTS[topic])
    fam.update(k for k, p in TOPIC_PARENTS.items() if p == topic)
    return frozenset(fam)


# ── 用神 ───────────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True, slots=True)
class YongShen:
    """The 用神 of a reading and its kin.

    ``key`` is what the question names (a 六親, or 世 / 應); ``liu_qin`` the 六親 the 用神 has on this
    chart; ``position`` the line taken (None when the 用神 is hidden); ``positions`` every line of that
    六親; ``fu`` the 伏神 when the 六親 is not on the chart (``under`` = the line it hides beneath);
    ``yuan`` / ``ji`` / ``chou`` the 六親 of 原神 (generates it), 忌神 (overcomes it) and 仇神 (overcomes the
    原神); ``chosen_by`` why this line was taken when the 六親 shows twice (兩現).
    """

    key: str
    liu_qin: str
    element: int
    branch: int
    position: int | None
    positions: tuple[int, ...]
    fu: FuShen | None
    under: int | None
    yuan: str
    ji: str
    chou: str
    chosen_by: str
    topic: str | None
    src: tuple[str, ...]
    also: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "yong_shen": self.key,
            "liu_qin": self.liu_qin,
            "element": ELEMENTS[self.element],
            "branch": BRANCHES[self.branch],
            "position": self.position,
            "positions": list(self.positions),
            "yuan_shen": self.yuan,
            "ji_shen": self.ji,
            "chou_shen": self.chou,
            "chosen_by": self.chosen_by,
        }
        if self.fu is not None:
            out["fu_shen"] = self.fu.label
            out["under"] = self.under
            out["fei_fu"] = self.fu.relation
        if self.also:
            out["also"] = dict(self.also)
        return out


#: YongShen built by filling its slots (``core._frozen.maker``: the same value as ``YongShen(...)``, whose
#: frozen ``__init__`` was half of select_yong)
_new_yong = maker(YongShen)

#: the 用神 rules :func:`xuanheng.liuyao.judgment.switched_off` can switch off for measuring
#: (``scripts/liuyao_lobo.py``); none is off in a real reading. ``yong.shi_if`` / ``yong.shi_if_hua``: the
#: 世 read for the topic's ``shi_if`` 六親 held or turned into (:func:`_shi_reads`); ``yong.shi_hua_sheng``:
#: :func:`_shi_turns_into`; ``yong.ying_ta_ren`` / ``yong.hua_guan``: the two choices of
#: :func:`_two_shown_about`; ``yong.relative_office``: a relative's office read on the relative's line
#: (:func:`yong_key`); ``yong.天時動`` / ``yong.天時化出`` / ``yong.天時獨發``: the three ways of
#: :func:`_weather_line`; ``yong.兩現.<criterion>``: a criterion of the ``zengshan`` 兩現 order dropped
YONG_SWITCHES = RuleSwitches()
YONG_RULES: tuple[str, ...] = (
    "yong.shi_if",
    "yong.shi_if_hua",
    "yong.shi_hua_sheng",
    "yong.ying_ta_ren",
    "yong.hua_guan",
    "yong.relative_office",
    "yong.天時動",
    "yong.天時化出",
    "yong.天時獨發",
    "yong.兩現.動",
    "yong.兩現.空",
    "yong.兩現.世",
    "yong.兩現.應",
)


def _yong_on(key: str) -> bool:
    return key not in YONG_SWITCHES.off


def yong_entry(topic: str | None) -> YongEntry:
    """The 用神 entry of *topic* (its parent's when it has none; the 世 line when neither has one)."""
    if topic is not None:
        if topic in YONG_SHEN:
            return YONG_SHEN[topic]
        parent = TOPIC_PARENTS.get(topic)
        if parent in YONG_SHEN:
            return YONG_SHEN[parent]
    return YONG_DEFAULT


def _rank_gufa(ln: Line) -> tuple[int, ...]:
    """兩現 by the old order 〈兩現章〉 quotes (舍靜用動, 舍休囚用旺相, 舍月破, 舍旬空; then the 世/應 line,
    then the lower line)."""
    s = ln.state
    return (
        0 if ln.moving else 1,
        0 if s.you_qi else 1,
        1 if s.yue_po else 0,
        1 if s.kong else 0,
        0 if (ln.yao.shi or ln.yao.ying) else 1,
        ln.yao.position,
    )


def _rank_zengshan(ln: Line) -> tuple[int, ...]:
    """兩現 as the cases of 《增刪卜易》 take it (卷二〈兩現章〉 and the worked cases of 卷一–三, which
    set the old order aside): the line that moves, openly or stirred by the day (暗動), first; then the
    void one (the outcome waits for it to be filled); then the line that holds the 世 (持世, which
    〈兩現章〉 names; 卷三's 父母壽元 and 家宅 cases and 〈克處逢生章〉 take it over the 應), then the 應
    line; then the upper line."""
    s = ln.state
    return (
        0 if (ln.moving or ln.an_dong) else 1,
        0 if s.kong else 1,
        0 if ln.yao.shi else 1,
        0 if ln.yao.ying else 1,
        -ln.yao.position,
    )


_RANKS: dict[str, tuple[Callable[[Line], tuple[int, ...]], tuple[str, ...]]] = {
    "gufa": (_rank_gufa, ("動", "旺相", "不破", "不空", "世應", "在下")),
    "zengshan": (_rank_zengshan, ("動", "空", "世", "應", "在上")),
}


def _two_shown(cands: list[Line], order: str = "zengshan") -> tuple[Line, str]:
    """兩現: of two or more candidate lines, the one the order *order* (``zengshan`` or ``gufa``) takes first
    and the name of the first criterion that tells it from the next."""
    rank, names = _RANKS[order]
    if order == "zengshan" and YONG_SWITCHES.off:
        plain = rank
        drop = [i for i, n in enumerate(names) if not _yong_on("yong.兩現." + n)]

        def rank(ln: Line) -> tuple[int, ...]:
            r = list(plain(ln))
            for i in drop:
                r[i] = 0
            return tuple(r)

    ranked = sorted(cands, key=rank)
    best = ranked[0]
    a, b = rank(best), rank(ranked[1])
    return best, next(n for n, x, y in zip(names, a, b, strict=True) if x != y)


def _two_shown_about(cands: list[Line], opts: ReadingOptions, topic: str | None) -> tuple[Line, str]:
    """兩現 for the question: asked about someone outside the family (``about`` 他人), the 應 stands for
    that person (《增刪卜易》〈用神章〉, 〈世應章〉: 應為他人), so when one of the two lines of the matter's
    六親 is the 應 it is taken — it is both the person and the matter (〈六沖章〉's tutor engaged for a
    son: the 父母 on the 應). A relative's office (:data:`RELATIVE_TOPICS`) takes, of the relative's lines,
    the one that turns into the 官鬼: the office is read in what the person's line turns into
    (〈子占父功名章第六十七〉: of the father's two moving 父母 the one changing into a 官鬼 told the
    recall). Otherwise the order of the option ``liang_xian`` (:func:`_two_shown`)."""
    about = getattr(opts, "about", "自己")
    if about == "他人":
        on_ying = [ln for ln in cands if ln.yao.ying]
        if on_ying and _yong_on("yong.ying_ta_ren"):
            return on_ying[0], "應為他人"
    elif about != "自己" and topic in RELATIVE_TOPICS:
        to_guan = [ln for ln in cands if ln.bian is not None and ln.bian.liu_qin == "官鬼"]
        if len(to_guan) == 1 and _yong_on("yong.hua_guan"):
            return to_guan[0], "化官"
    return _two_shown(cands, getattr(opts, "liang_xian", "zengshan"))


def yong_key(topic: str | None, opts: ReadingOptions) -> tuple[str, tuple[str, ...], dict[str, str]]:
    """What the question reads — a 六親, or 世 / 應 — with its sources and the other kinds it names: the
    option ``yong_shen`` when set; else a relative's 六親 for a question about that person's own state
    (option ``about``, :data:`ABOUT_YONG`); else the topic's entry (:func:`yong_entry`)."""
    if opts.yong_shen != "auto":
        return opts.yong_shen, ("《增刪卜易》〈用神章〉",), {}
    entry = yong_entry(topic)
    about = getattr(opts, "about", "自己")
    if about != "自己" and (topic is None or topic in PERSON_TOPICS):
        return ABOUT_YONG[about], ABOUT_SRC, dict(entry.also)
    if about not in ("自己", "他人") and topic in RELATIVE_TOPICS and _yong_on("yong.relative_office"):
        # a relative's office reads the relative's line (〈子占父功名章〉), not the 官鬼 alone
        return ABOUT_YONG[about], (*ABOUT_SRC, RELATIVE_SRC), dict(entry.also)
    return entry.resolve(opts), entry.src, dict(entry.also)


def _shi_reads(chart: LiuYaoChart, topic: str | None, opts: ReadingOptions) -> bool:
    """True when the topic's entry reads the 世 because the 世 holds one of its ``shi_if`` 六親, or moves and
    changes into one of its ``shi_if_hua`` 六親 on a branch that no line of that 六親 already shows (the
    asker's line turning into the office: 《增刪卜易》〈功名到何品級章〉, 〈增刪黃金策千金賦章〉; where the
    change only repeats a shown line, that line is the office). No option or person decided the 用神."""
    if opts.yong_shen != "auto" or getattr(opts, "about", "自己") != "自己":
        return False
    entry = yong_entry(topic)
    shi = chart.lines[chart.ben.shi - 1]
    if entry.shi_if and shi.yao.liu_qin in entry.shi_if and _yong_on("yong.shi_if"):
        return True
    bian = shi.bian
    if bian is None or bian.liu_qin not in entry.shi_if_hua or not _yong_on("yong.shi_if_hua"):
        return False
    return not any(ln.yao.liu_qin == bian.liu_qin and ln.yao.branch == bian.branch for ln in chart.lines)


def _shi_turns_into(chart: LiuYaoChart, key: str, topic: str | None, opts: ReadingOptions) -> bool:
    """True when a question of wealth asked for oneself (``judgments.toml [shi_hua_sheng]``) finds its 用神
    *key* not on the hexagram and the 世 moving and changing into it, the change feeding the 世 back
    (回頭生): the money turns toward the asker, and the 世 is read (《增刪卜易》卷一〈旬空章〉). Not where
    the option set the 用神."""
    if topic not in SHI_HUA_SHENG_TOPICS or opts.yong_shen != "auto" or not _yong_on("yong.shi_hua_sheng"):
        return False
    if getattr(opts, "about", "自己") != "自己":
        return False
    if any(ln.yao.liu_qin == key for ln in chart.lines):
        return False
    bian = chart.lines[chart.ben.shi - 1].bian
    return bian is not None and bian.liu_qin == key and bian.hui_tou_sheng


@cache
def _kin(palace_element: int, element: int) -> tuple[str, str, str]:
    """The 六親 (under the palace's element) of the 原神 (generates the 用神's *element*), 忌神 (overcomes it)
    and 仇神 (overcomes the 原神)."""
    yuan_el = wuxing.generated_by(element)
    return (
        wuxing.liu_qin(palace_element, yuan_el),
        wuxing.liu_qin(palace_element, wuxing.overcome_by(element)),
        wuxing.liu_qin(palace_element, wuxing.overcome_by(yuan_el)),
    )


#: the last answer of :func:`select_yong`, (chart, topic, options, 用神), replaced whole: a document asks
#: it twice of one chart (the reading's context, then the judge)
_LAST_YONG: list[tuple[Any, ...]] = [(None, None, None, None)]


def select_yong(chart: LiuYaoChart, topic: str | None, opts: ReadingOptions) -> YongShen:
    """The 用神 of *chart* for the question *topic* under *opts* (see :class:`YongShen`; the value is
    shared with the caller before, read only: the last one is kept for the same chart, topic and options
    objects)."""
    last = _LAST_YONG[0]
    if last[0] is chart and last[2] is opts and last[1] == topic:
        got: YongShen = last[3]
        return got
    got = _select_yong(chart, topic, opts)
    _LAST_YONG[0] = (chart, topic, opts, got)
    return got


def _select_yong(chart: LiuYaoChart, topic: str | None, opts: ReadingOptions) -> YongShen:
    """:func:`select_yong` computed."""
    key, src, also = yong_key(topic, opts)
    if _shi_reads(chart, topic, opts):
        key = "世"
    elif _shi_turns_into(chart, key, topic, opts):
        key, src = "世", (*src, *SHI_HUA_SHENG_SRC)
    pe = chart.ben.palace_element
    fu: FuShen | None = None
    under: int | None = None
    chosen_by = "唯一"
    weather = _weather_line(chart, key, topic, opts)
    if weather is not None:
        best, chosen_by = weather
        el, branch, qin = best.yao.element, best.yao.branch, best.yao.liu_qin
        key, position = qin, best.yao.position
        positions: tuple[int, ...] = tuple(ln.yao.position for ln in chart.lines if ln.yao.liu_qin == qin)
    elif key in ("世", "應"):
        ln = chart.lines[(chart.ben.shi if key == "世" else chart.ben.ying) - 1]
        el, branch, qin = ln.yao.element, ln.yao.branch, ln.yao.liu_qin
        position = ln.yao.position
        positions = (ln.yao.position,)
        chosen_by = key
    else:
        cands = [ln for ln in chart.lines if ln.yao.liu_qin == key]
        qin = key
        if cands:
            best = cands[0]
            if len(cands) > 1:
                best, chosen_by = _two_shown_about(cands, opts, topic)
            el, branch = best.yao.element, best.yao.branch
            position = best.yao.position
            positions = tuple(ln.yao.position for ln in cands)
        else:
            hid = next(ln for ln in chart.lines if ln.fu_shen is not None and ln.fu_shen.liu_qin == key)
            fu = hid.fu_shen
            assert fu is not None
            el, branch = fu.element, fu.branch
            position, positions, under = None, (), hid.yao.position
            chosen_by = "伏神"
    yuan, ji, chou = _kin(pe, el)
    return _new_yong(
        key=key,
        liu_qin=qin,
        element=el,
        branch=branch,
        position=position,
        positions=positions,
        fu=fu,
        under=under,
        yuan=yuan,
        ji=ji,
        chou=chou,
        chosen_by=chosen_by,
        topic=topic,
        src=src,
        also=dict(also),
    )


def _weather_line(
    chart: LiuYaoChart, key: str, topic: str | None, opts: ReadingOptions
) -> tuple[Line, str] | None:
    """The line a weather question reads because it moves (《增刪卜易》〈天時章〉: the weather comes from what
    moves — 子孫 動 the sun, 妻財 動 fair skies, 父母 動 rain — not from strength; a line the day stirs
    counts as moving (:func:`weather_stirred`); 父化子, 兄化孫: the sun comes with the
    line that turns into the 子孫; 〈獨發章〉: a lone moving 兄弟 or 官鬼 is the cloud or the mist the day
    turns on), and how it was chosen (天時動, 天時化出, 天時獨發), or None: not a weather question, a 用神
    set by the option, or no such line moving. The topic's ``moving_first`` 六親 in order (only *key* when
    an option chose another than the first), then a line moving into one of its ``moving_into``, then the
    only moving line if of its ``moving_alone``; of two, the order of ``liang_xian``."""
    if opts.yong_shen != "auto" or topic is None:
        return None
    entry = yong_entry(topic)
    if not entry.moving_first or key != entry.resolve(opts):
        return None
    # the book's order; an option that sets another of them (qing_yong = qi_cai, the 黃金策's 妻財) reads
    # that one alone
    order = entry.moving_first if key == entry.moving_first[0] else (key,)
    for qin in order:
        movers = [ln for ln in chart.lines if weather_stirred(ln) and ln.yao.liu_qin == qin]
        if movers and _yong_on("yong.天時動"):
            return _first(movers, opts), "天時動"
    for qin in entry.moving_into:
        movers = [
            ln
            for ln in chart.lines
            if ln.moving and ln.bian is not None and ln.bian.liu_qin == qin and ln.yao.liu_qin != qin
        ]
        if movers and _yong_on("yong.天時化出"):
            return _first(movers, opts), "天時化出"
    alone = [ln for ln in chart.lines if ln.moving]
    if len(alone) == 1 and alone[0].yao.liu_qin in entry.moving_alone and _yong_on("yong.天時獨發"):
        return alone[0], "天時獨發"
    return None


def weather_stirred(ln: Line) -> bool:
    """A line that acts in a weather question though it may be still: moving, stirred by the day's clash
    (暗動: 〈天時章〉's 小過之旅 case), or void and clashed by the day (沖空則實: 〈日辰章〉, 〈旬空章〉; the
    chapter's void 財 that the 卯 day clashes clears the sky)."""
    return ln.moving or ln.an_dong or (ln.state.kong and ln.state.ri_chong)


def _first(lines: list[Line], opts: ReadingOptions) -> Line:
    """The one line of *lines*, or of several the one the option ``liang_xian`` takes (:func:`_two_shown`)."""
    return lines[0] if len(lines) == 1 else _two_shown(lines, getattr(opts, "liang_xian", "zengshan"))[0]


# ── what depends only on the hexagram and its moving lines ───────────────────────────────────────
#: a line's fields that depend only on the hexagram and the moving lines: position, index, bit, element,
#: 六親, inner, trigram, branch, stem, yang, 世, 應, moving
_Row = tuple[int, int, int, int, str, bool, str, int, int, bool, bool, bool, bool]


def line_row(ln: Line, tri: str) -> _Row:
    """The fields of :class:`L` that line *ln* (in the trigram *tri*) has on every chart of its hexagram and
    moving lines (read off the line)."""
    y = ln.yao
    p = y.position
    return (
        p,
        p - 1,
        1 << (p - 1),
        y.element,
        y.liu_qin,
        p <= 3,
        tri,
        y.branch,
        y.stem,
        y.yang,
        y.shi,
        y.ying,
        ln.moving,
    )


class Static:
    """What the facts of a chart share with every chart of its hexagram and moving lines (:func:`static_of`):
    each line's :func:`line_row`, the lines (6-bit masks, bit 0 = 初爻) of each branch, stem and element, and
    the moving lines. One per (hexagram, moving lines), read off the first chart that has them, never
    written."""

    __slots__ = ("bmask", "by_el", "memo", "moving_mask", "rows", "smask")

    def __init__(self, chart: LiuYaoChart) -> None:
        ben = chart.ben
        lo, up = ben.lower, ben.upper
        self.rows = rows = tuple(line_row(ln, lo if i < 3 else up) for i, ln in enumerate(chart.lines))
        moving = 0
        bmask = [0] * 12
        smask = [0] * 10
        by_el = [0, 0, 0, 0, 0]
        for _p, _i, b, el, _q, _in, _t, branch, stem, _yang, _s, _y, mv in rows:
            if mv:
                moving |= b
            bmask[branch] |= b
            smask[stem] |= b
            by_el[el] |= b
        self.bmask = tuple(bmask)
        self.smask = tuple(smask)
        self.by_el = tuple(by_el)
        self.moving_mask = moving
        #: the shared engine's memo of the line words that read only these fields (registered
        #: ``shared``: their results and the answers of tables of them only, filled by the readings of
        #: every chart of this hexagram and moving lines)
        self.memo: dict[Any, Any] = {}


#: (hexagram code × 64 + moving mask) → its Static (4,096 at most)
_STATIC: dict[int, Static] = {}


def static_key(chart: LiuYaoChart) -> int:
    """The key of *chart*'s :class:`Static`: its hexagram (the 本卦's code) and its moving lines (the bits
    in which the 變卦's code differs)."""
    code = chart.ben.code
    bian = chart.bian
    return code << 6 | (code ^ bian.code if bian is not None else 0)


def static_of(chart: LiuYaoChart) -> Static:
    """The :class:`Static` of *chart*'s hexagram and moving lines (built from the first chart that has
    them)."""
    key = static_key(chart)
    got = _STATIC.get(key)
    if got is None:
        got = _STATIC[key] = Static(chart)
    return got


def base_facts(ln: Line) -> dict[str, Any]:
    """What every fired line reports of *ln*: position, 爻 name, 納甲, 六親, 六神."""
    y = ln.yao
    p = y.position
    return {
        "position": p,
        "yao": YAO_NAMES[p - 1],
        "najia": _NAJIA[y.stem][y.branch],
        "liu_qin": y.liu_qin,
        "liu_shen": ln.liu_shen,
    }


#: a chart's faces (:func:`faces_of`): the base facts of its lines, and (name, mask) of the auspicious 六神
#: (吉神) on them in the order of the lines
_Faces = tuple[tuple[dict[str, Any], ...], tuple[tuple[str, int], ...]]
#: (hexagram code, its lines' 六神) → its faces
_FACES: dict[tuple[int, str, str, str, str, str, str], _Faces] = {}


def faces_of(chart: LiuYaoChart) -> _Faces:
    """:func:`base_facts` of each line of *chart*, and the lines of each 吉神 among its 六神 (as
    ``Ctx.ji_masks`` lists them), kept per hexagram and order of the 六神 (shared by the readings of one
    hexagram on days of one 六神 order; never written: a fired line's facts are copies)."""
    a, b, c, d, e, f = chart.lines
    key = (chart.ben.code, a.liu_shen, b.liu_shen, c.liu_shen, d.liu_shen, e.liu_shen, f.liu_shen)
    got = _FACES.get(key)
    if got is None:
        by_shen: dict[str, int] = {}
        for ln in chart.lines:
            by_shen[ln.liu_shen] = 1 << (ln.yao.position - 1)
        if len(_FACES) >= 8192:
            _FACES.clear()
        got = _FACES[key] = (
            tuple(base_facts(ln) for ln in chart.lines),
            tuple((n, m) for n, m in by_shen.items() if n in JI_LIU_SHEN),
        )
    return got


# ── per line ────────────────────────────────────────────────────────────────────────────────────
class L:
    """The facts of one line that the line conditions read (built once per reading)."""

    __slots__ = (
        "_spirits",
        "bian",
        "bit",
        "branch",
        "c",
        "el",
        "fb",
        "i",
        "inner",
        "is_shen",
        "kong",
        "ln",
        "moving",
        "pos",
        "qin",
        "role",
        "shen",
        "shi",
        "stem",
        "tri",
        "wang",
        "ws",
        "yang",
        "ying",
    )

    def __init__(self, c: Ctx, ln: Line, row: _Row, fb: dict[str, Any]) -> None:
        """Line *ln* of *c*'s chart; *row*: its fields that depend only on the hexagram and the moving lines
        (:func:`line_row`); *fb*: its base facts (:func:`base_facts`, shared by the readings of one hexagram
        and 六神 order: never written, only copied)."""
        (
            self.pos,
            self.i,
            self.bit,
            self.el,
            self.qin,
            self.inner,
            self.tri,
            self.branch,
            self.stem,
            self.yang,
            self.shi,
            self.ying,
            self.moving,
        ) = row
        s = ln.state
        self.c = c
        self.ln = ln
        self.shen = ln.liu_shen
        self.kong = s.kong or s.kong_hour
        self.ws = ws = s.wang_shuai
        self.wang = ws in _WANG
        self.is_shen = ln.shen
        self.bian = ln.bian
        self.role: str | None = None
        self._spirits: tuple[str, ...] | None = None
        #: what every fired line reports (copied by :meth:`facts`)
        self.fb = fb

    @property
    def spirits(self) -> tuple[str, ...]:
        """The 神煞 of the verse on this line's branch (or stem), and 貴人 when it is a 天乙貴人 (found on
        first read, kept for the reading)."""
        got = self._spirits
        if got is None:
            b = self.bit
            got = self._spirits = tuple([n for n, m in self.c.spirit_mask.items() if m & b])
        return got

    @property
    def sha(self) -> tuple[str, ...]:
        """The ominous 殺 on this line (judgments.toml [classes] sha: 神煞 and the chart's month 殺)."""
        b = self.bit
        if not self.c.sha_mask & b:
            return ()
        return tuple([n for n, m in self.c.sha_masks if m & b])

    @property
    def ji(self) -> tuple[str, ...]:
        """The auspicious spirits on this line (吉神: 青龍 and the auspicious 神煞)."""
        b = self.bit
        if not self.c.ji_mask & b:
            return ()
        return tuple([n for n, m in self.c.ji_masks if m & b])

    @property
    def gui(self) -> bool:
        return bool(self.c.spirit_mask.get("貴人", 0) & self.bit)

    def facts(self) -> dict[str, Any]:
        """What every fired line reports: position, 納甲, 六親, 六神 (a new dict)."""
        return self.fb.copy()


_NAJIA: tuple[tuple[str, ...], ...] = tuple(tuple(s + b for b in BRANCHES) for s in STEMS)


#: season index (0 春 … 3 冬) of each 月建 (寅卯辰 春 …, 季月 with their season)
_SEASON_OF_MONTH: tuple[int, ...] = tuple(
    ("春", "夏", "秋", "冬").index(wangshuai.season_of_month_branch(b, tu_months="never").value)
    for b in range(12)
)


_PLANS: dict[
    tuple[str, ...], tuple[tuple[str, str, tuple[frozenset[int], ...], tuple[frozenset[int], ...]], ...]
] = {}
_LAST_PLAN: list[Any] = []  # the options last asked for and their plan (most readings use one set)
#: the reading options that choose a 神煞 table
_PLAN_OPTIONS = ("tian_xi", "tian_jie", "da_sha", "xian_chi", "tian_yi", "er_hao", "fei_lian")


def _spirit_plan(
    opts: ReadingOptions,
) -> tuple[tuple[str, str, tuple[frozenset[int], ...], tuple[frozenset[int], ...]], ...]:
    """(name, basis, branches by basis value, stems by basis value) of each 神煞 of the verse under *opts*."""
    last = _LAST_PLAN
    if last and last[0] is opts:
        plan: tuple[tuple[str, str, tuple[frozenset[int], ...], tuple[frozenset[int], ...]], ...] = last[1]
        return plan
    key = tuple(getattr(opts, n) for n in _PLAN_OPTIONS)
    got = _PLANS.get(key)
    if got is None:
        out = []
        for name in SHENSHA_NAMES:
            sp = spirit_lookup(name, opts)
            out.append((name, sp.basis, sp.branches, sp.stems))
        got = _PLANS[key] = tuple(out)
    _LAST_PLAN[:] = [opts, got]
    return got


_SpiritsOn = tuple[
    tuple[str, ...],
    tuple[tuple[str, ...], ...],
    tuple[tuple[int, tuple[str, ...]], ...],
    tuple[str, ...],
    tuple[str, ...],
]
_SPIRITS_ON: dict[tuple[int, int | None, int, int, int], _SpiritsOn] = {}


def _spirits_on(
    plan: tuple[tuple[str, str, tuple[frozenset[int], ...], tuple[frozenset[int], ...]], ...],
    year_branch: int | None,
    month: int,
    day_branch: int,
    day_stem: int,
) -> _SpiritsOn:
    """The 神煞 of *plan* (:func:`_spirit_plan`) that can be computed for this year, month and day, in the
    plan's order, the names each branch (0 … 11) carries, in that order, (stem, its names) for each stem
    (0 … 9) that carries one, and those of the names (and 貴人) that are 殺 and that are 吉神 (cached per plan
    and basis values: one day's readings share them)."""
    key = (id(plan), year_branch, month, day_branch, day_stem)  # plans are kept for good (_PLANS)
    got = _SPIRITS_ON.get(key)
    if got is None:
        basis = {
            "year_branch": year_branch,
            "month_branch": month,
            "day_branch": day_branch,
            "day_stem": day_stem,
            "season": _SEASON_OF_MONTH[month],
        }
        names: list[str] = []
        branches: list[list[str]] = [[] for _ in range(12)]
        stems: list[list[str]] = [[] for _ in range(10)]
        for name, bkey, btab, stab in plan:
            v = basis[bkey]
            if v is None:
                continue  # not computable on this chart (no year in study mode)
            names.append(name)
            for br in btab[v]:
                branches[br].append(name)
            for sx in stab[v]:
                stems[sx].append(name)
        every = (*names, "貴人")
        got = (
            tuple(names),
            tuple(map(tuple, branches)),
            tuple((sx, tuple(got)) for sx, got in enumerate(stems) if got),
            tuple(n for n in every if n in SHA),
            tuple(n for n in every if n in JI_SHENSHA),
        )
        if len(_SPIRITS_ON) >= 8192:
            _SPIRITS_ON.clear()
        _SPIRITS_ON[key] = got
    return got


@lru_cache(maxsize=4096)
def _jie_day(at: str, day_boundary: str) -> tuple[int, int] | None:
    """(index of the 節 since 立春 (0 立春 … 11 小寒), days since the 節 day, the 節 day being day 0) for
    an instant given as ISO text with its offset; None outside the precomputed term table."""
    from xuanheng.time import tables as tt

    when = _dt.datetime.fromisoformat(at)
    off = when.utcoffset()
    if off is None:
        return None
    utc = when.timestamp()
    if not (tt.T_MIN <= utc < tt.T_MAX):
        return None
    i = bisect_right(tt.JIE, utc) - 1
    shift = off.total_seconds() + (3600.0 if day_boundary == "23:00" else 0.0)
    day_now = int((utc + shift) // 86400.0)
    day_jie = int((tt.JIE[i] + shift) // 86400.0)
    return i % 12, day_now - day_jie


class _lazy:
    """A value computed on first read and kept on the instance (``functools.cached_property`` without its
    lock, which costs more than the masks it guards on Python 3.11)."""

    def __init__(self, fn: Callable[[Ctx], Any]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj: Ctx | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        v = obj.__dict__[self.name] = self.fn(obj)
        return v


def positions_mask(positions: tuple[int, ...] | list[int]) -> int:
    """The 6-bit mask (bit 0 = 初爻) of the lines at *positions* (1 … 6)."""
    m = 0
    for p in positions:
        m |= 1 << (p - 1)
    return m


_GUI = guiren_table(GUI_REN_TABLE)


#: the 天時 table option "auto": the table of the asked topic (雨, 晴), else the general one
_TIAN_SHI_AUTO = {"雨": "yu", "晴": "qing"}


class Ctx:
    """Every fact of one chart the conditions read (see the module docstring)."""

    #: the facts as slots; ``__dict__`` for the values computed on first read (:class:`_lazy`)
    __slots__ = (
        "__dict__",
        "_by",
        "_jie",
        "_jie_done",
        "_season",
        "ben",
        "by_el",
        "chart",
        "day",
        "family",
        "ji_mask",
        "ji_masks",
        "key_mask",
        "lin_line",
        "line_items",
        "line_memo",
        "lines",
        "lower",
        "many_moving",
        "month",
        "moving_mask",
        "name",
        "opts",
        "sha_mask",
        "sha_masks",
        "shen_lines",
        "shi",
        "spirit_mask",
        "tian_shi_table",
        "topic",
        "upper",
        "year_branch",
        "ying",
        "yong",
        "yong_line",
    )

    def __init__(self, chart: LiuYaoChart, topic: str | None, opts: ReadingOptions) -> None:
        self.chart = chart
        self.opts = opts
        self.topic = topic
        self.family = topic_family(topic)
        ben = chart.ben
        self.ben = ben
        self.name = ben.name
        self.upper = ben.upper
        self.lower = ben.lower
        self.month = month = chart.yue_jian
        self.day = day = chart.day
        self.year_branch = yb = chart.year.branch if chart.year is not None else None
        sx = static_of(chart)
        bmask = sx.bmask
        self.yong = ys = select_yong(chart, topic, opts)
        cl = chart.lines
        rows = sx.rows
        fbs, ji_shen = faces_of(chart)
        self.lines = lines = tuple(L(self, cl[i], rows[i], fbs[i]) for i in range(6))
        self.shi = shi = lines[ben.shi - 1]
        self.ying = lines[ben.ying - 1]
        self.yong_line = yl = lines[ys.position - 1] if ys.position is not None else None
        # each line's role towards the 用神: the 用神 line itself, else by its 六親
        yuan, ji, chou = ys.yuan, ys.ji, ys.chou
        for x in lines:
            q = x.qin
            if x is yl:
                x.role = "用神"
            elif q == yuan:
                x.role = "原神"
            elif q == ji:
                x.role = "忌神"
            elif q == chou:
                x.role = "仇神"
        self.shen_lines = tuple(x for x in lines if x.is_shen)
        self.lin_line = shi if (opts.lin_yao == "shi" or yl is None) else yl
        self.moving_mask = moving = sx.moving_mask
        self.by_el = sx.by_el
        self.key_mask = moving | shi.bit | (yl.bit if yl is not None else 0)
        # 神煞 of the verse on the lines (name → mask of the lines carrying it), from the branches and stems
        # that carry each on this year, month and day
        names, on_branch, on_stem, sha_names, ji_names = _spirits_on(
            _spirit_plan(opts), yb, month, day.branch, day.stem
        )
        spirit_mask = dict.fromkeys(names, 0)
        for x in lines:
            b = x.bit
            for n in on_branch[x.branch]:
                spirit_mask[n] |= b
        smask = sx.smask
        for stem, named in on_stem:  # the few stems that carry a name: their lines
            m = smask[stem]
            if m:
                for n in named:
                    spirit_mask[n] |= m
        g = _GUI
        spirit_mask["貴人"] = bmask[g.day[day.stem]] | bmask[g.night[day.stem]]
        self.spirit_mask = spirit_mask
        # the 殺 and 吉神 among them (in the order of spirit_mask, then of the marks and of the 六神)
        sha_on = [(n, spirit_mask[n]) for n in sha_names if spirit_mask[n]]
        for mk in chart.marks:
            if mk.positions and mk.name in SHA:
                sha_on.append((mk.name, positions_mask(mk.positions)))
        ji_on = [(n, spirit_mask[n]) for n in ji_names if spirit_mask[n]]
        ji_on.extend(ji_shen)
        self.sha_masks = tuple(sha_on)
        self.ji_masks = tuple(ji_on)
        sha_mask = ji_mask = 0
        for _, m in sha_on:
            sha_mask |= m
        for _, m in ji_on:
            ji_mask |= m
        self.sha_mask = sha_mask
        self.ji_mask = ji_mask
        t = opts.tian_shi_table
        if t == "auto":
            t = _TIAN_SHI_AUTO.get(topic or "", "general")
        self.tian_shi_table = t
        self.many_moving = int(opts.many_moving)
        #: the lines as one set for the line words (``LINE.over(lines, line_memo)``, made by the first line
        #: table read), and the memo of the words shared by every chart of the hexagram and moving lines
        self.line_items: Any = None
        self.line_memo = sx.memo
        self._jie: tuple[int, int] | None = None
        self._jie_done = False
        self._by: dict[str, dict[Any, int]] = {}
        self._season: wangshuai.Season | None = None

    def release(self) -> None:
        """Drop the references back to this context (``L.c``, and the owner of its line set, whose masks
        read it): the context, its lines and their set form cycles, which only the cycle collector would
        free; released, they go when the reading ends (by reference counting). The lines' words cannot be
        read afterwards."""
        for x in self.lines:
            del x.c
        self.line_items = None

    @_lazy
    def mark_masks(self) -> dict[str, int]:
        """The chart's marks by name (天符, 直符 …), each as the mask of the lines carrying its branch (the
        line word ``mark`` reads them)."""
        return {mk.name: positions_mask(mk.positions) for mk in self.chart.marks}

    def lines_by(self, attr: str) -> dict[Any, int]:
        """Each value of the lines' attribute *attr* (``shen``, ``role``, ``kong`` …: :class:`L`) as the
        mask of the lines holding it (found on first read, kept for the reading): what the line words that
        compare that attribute declare as their mask."""
        got = self._by.get(attr)
        if got is None:
            got = {}
            for x in self.lines:
                v = getattr(x, attr)
                got[v] = got.get(v, 0) | x.bit
            self._by[attr] = got
        return got

    def jie_day(self) -> tuple[int, int] | None:
        """(節 index, days since the 節) of the cast instant, or None (study mode, or outside the tables)."""
        if not self._jie_done:
            at = self.chart.inputs.get("at")
            self._jie = (
                _jie_day(str(at), self.chart.options.day_boundary)
                if at is not None and self.chart.month is not None
                else None
            )
            self._jie_done = True
        return self._jie

    def element_state(self, element: int) -> str:
        """旺相休囚死 of *element* in the chart's month, as the chart itself counts it (its ``tu_months``
        option): the season is the one that gives the first line the state the chart gives it (for one
        element the five seasons give five different states)."""
        if self._season is None:
            x = self.lines[0]
            self._season = next(s for s, row in wangshuai.BY_SEASON.items() if row[x.el].value == x.ws)
        return str(wangshuai.BY_SEASON[self._season][element].value)


def yang_trigram(name: str) -> bool:
    """乾 震 坎 艮 are yang trigrams (an odd number of yang lines), 坤 巽 離 兌 yin."""
    return _TRI_YANG[name]


def branch_clash(a: int, b: int) -> bool:
    return relations.chong(a) == b


def element_of_branch(b: int) -> int:
    return BRANCH_ELEMENT[b]


__all__ = [
    "YAO_NAMES",
    "Ctx",
    "L",
    "YongShen",
    "branch_clash",
    "select_yong",
    "topic_family",
    "yang_trigram",
    "yong_entry",
]
