"""The condition words of the 六爻 rules: :data:`CHART` (read on the whole chart) and :data:`LINE` (read on
one line, inside the chart words ``line``, ``line_b``, ``no_line``, ``count``, ``yong`` …).

Every condition is a small function ``fn(ctx, value, when) -> facts | None`` registered on a
:class:`~xuanheng.rules.Vocabulary`; the chart words get a :class:`~._reading_ctx.Ctx`, the line words an
:class:`~._reading_ctx.L`. A rule's ``when`` is a table of chart words; a line is named through a sub-table:
``line = { liu_shen = "青龍", moving = true }`` holds when some line carries 青龍 and moves, and its facts
list those lines. ``docs/liuyao-reading.md`` lists every word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from xuanheng.core import relations, wuxing
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS, STEMS
from xuanheng.liuyao import tables as T
from xuanheng.liuyao._reading_ctx import YAO_NAMES, Ctx, L, yang_trigram
from xuanheng.liuyao._reading_data import ANIMAL_NAMES, YAO_WEI_TIAN_HE, YAO_WEI_TIAN_SHI, YAO_WEI_TOPICS
from xuanheng.rules import RuleDataError, Vocabulary
from xuanheng.rules.engine import Items

Facts = dict[str, Any]

CHART = Vocabulary("liuyao")
LINE = Vocabulary("liuyao line")

LIU_QIN = ("父母", "兄弟", "官鬼", "妻財", "子孫")
TRIGRAM_NAMES = tuple(t.name for t in T.TRIGRAMS)
HEXAGRAM_NAMES = tuple(h.name for h in T.HEXAGRAMS)
STATES = ("旺", "相", "休", "囚", "死")
_STAGES = ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養")
_HUA = ("回頭生", "回頭剋", "化進神", "化退神", "化空", "化破", "化墓", "化絕", "反吟", "伏吟")
_E = {e: i for i, e in enumerate(ELEMENTS)}
_S = {s: i for i, s in enumerate(STEMS)}
_B = {b: i for i, b in enumerate(BRANCHES)}
_MARKS = (
    "天符",
    "直符",
    "傳符",
    *(f"直符{n}" for n in T.LIU_SHEN),
    *(v[0] for v in T.MONTH_SHA.values()),
)
_SPIRITS = (
    "天喜",
    "天解",
    "大殺",
    "咸池",
    "天醫",
    "血忌",
    "三丘",
    "五墓",
    "飛廉",
    "亡神",
    "劫殺",
    "天德",
    "大耗",
    "小耗",
    "貴人",
)
#: sub-table words of CHART (their values are tables of LINE or CHART words, checked by :func:`check_nested`)
LINE_TABLE_WORDS = ("line", "line_b", "line_c", "line_d", "no_line", "yong")
#: words whose value is a table with a LINE sub-table under ``of``
COUNT_WORDS = ("count",)


def _as_list(v: Any) -> list[Any] | tuple[Any, ...]:
    """A rule's value as a sequence: the list or tuple itself (only read), else a tuple of the one value."""
    t = type(v)
    if t is str:
        return (v,)
    return v if t is list or isinstance(v, (list, tuple)) else (v,)


def _set(v: Any) -> frozenset[Any]:
    return frozenset(_as_list(v))


def _any_of(masks: Mapping[str, int], v: Any) -> int:
    """The lines of the masks of the names *v* (a name or a list): where a word that holds on a line carrying
    one of the names may hold."""
    out = 0
    for n in _as_list(v):
        out |= masks.get(n, 0)
    return out


def _mark_mask(items: Items, v: Any) -> int:
    return _any_of(items.owner.mark_masks, v)


def _spirit_mask(items: Items, v: Any) -> int:
    return _any_of(items.owner.spirit_mask, v)


def _by_mask(attr: str, of: Callable[[Any], Any] | None = None) -> Callable[[Items, Any], int]:
    """The mask of a word that holds only on the lines whose attribute *attr* is one of its values (*of*:
    the attribute's value the word's value asks for, when it is not the value itself)."""

    def mask(items: Items, v: Any) -> int:
        by = items.owner.lines_by(attr)
        if of is not None:
            return by.get(of(v), 0)  # type: ignore[no-any-return]
        return _any_of(by, v)

    return mask


def _flag_mask(attr: str) -> Callable[[Items, Any], int]:
    """The mask of a word ``true``/``false`` that holds where the chart's mask *attr* (``sha_mask`` …) has
    (true) or has not (false) the line."""

    def mask(items: Items, v: Any) -> int:
        m: int = getattr(items.owner, attr)
        return m if v else items.full & ~m

    return mask


def _names(bits: int, c: Ctx) -> list[int]:
    return [x.pos for x in c.lines if x.bit & bits]


# ═══════════════════════════════════════════ LINE words ═══════════════════════════════════════════
@LINE.condition("liu_shen", values=T.LIU_SHEN, mask=_by_mask("shen"))
def _l_liu_shen(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line carries one of these 六神"""
    return {} if x.shen in _as_list(v) else None


@LINE.condition("liu_qin", values=LIU_QIN, shared=True)
def _l_liu_qin(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line is one of these 六親"""
    return {} if x.qin in _as_list(v) else None


@LINE.condition("element", values=ELEMENTS, shared=True)
def _l_element(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's element (of its 納甲 branch) is one of these"""
    return {"element": ELEMENTS[x.el]} if ELEMENTS[x.el] in _as_list(v) else None


@LINE.condition("moving", values=(True, False), shared=True)
def _l_moving(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line moves (true) or is still (false)"""
    return {"moving": x.moving} if x.moving == v else None


@LINE.condition("kong", values=(True, False), mask=_by_mask("kong"))
def _l_kong(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's branch is void (旬空 of the day; also the hour's with the chart option kong=day_and_hour)"""
    return {"kong": x.kong} if x.kong == v else None


@LINE.condition("qi", values=("旺相", "休囚"), mask=_by_mask("wang", "旺相".__eq__))
def _l_qi(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """旺相 (旺 or 相 in the month) or 休囚 (休 囚 死)"""
    return {"wang_shuai": x.ws} if x.wang == (v == "旺相") else None


@LINE.condition("you_qi", values=(True,))
def _l_you_qi(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """有氣: 旺相 in the month, or supported by the day (the 日辰 generates it or is of its element)"""
    if x.wang:
        return {"wang_shuai": x.ws}
    rel = x.ln.state.ri_relation
    return {"wang_shuai": x.ws, "ri_relation": rel} if rel in ("生", "比和") else None


@LINE.condition("state", values=STATES)
def _l_state(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's 旺相休囚死 in the month is one of these"""
    return {"wang_shuai": x.ws} if x.ws in _as_list(v) else None


def _state_flag(key: str, attr: str, label: str) -> None:
    def fn(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
        on = bool(getattr(x.ln.state, attr))
        if on != v:
            return None
        return {key: True} if on else {}

    LINE.add(key, fn, values=(True, False), doc=f"the line {label} (true) or not (false)")


_state_flag("yue_jian", "yue_jian", "stands on the 月建 (its branch is the month's)")
_state_flag("ri_chen", "ri_chen", "stands on the 日辰 (its branch is the day's)")
_state_flag("yue_po", "yue_po", "is 月破 (the 月建 clashes it)")
_state_flag("ri_chong", "ri_chong", "is clashed by the day (日沖)")


@LINE.condition("an_dong", values=(True, False))
def _l_an_dong(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the still line is clashed by the day while it has qi (暗動)"""
    return {"an_dong": x.ln.an_dong} if x.ln.an_dong == v else None


@LINE.condition("ri_po", values=(True, False))
def _l_ri_po(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the still line is clashed by the day without qi (日破)"""
    return {"ri_po": x.ln.ri_po} if x.ln.ri_po == v else None


@LINE.condition("ri_stage", values=_STAGES)
def _l_ri_stage(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 十二長生 stage of the line's element on the day branch is one of these (日墓 = 墓)"""
    st = x.ln.state.ri_stage
    return {"ri_stage": st} if st in _as_list(v) else None


@LINE.condition("hua", values=_HUA)
def _l_hua(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line moves and its change is one of these (回頭生 回頭剋 化進神 化退神 化空 化破 化墓 化絕 …)"""
    b = x.bian
    if b is None:
        return None
    got = [h for h in b.hua if h in _as_list(v)]
    return {"hua": got, "bian": STEMS[b.stem] + BRANCHES[b.branch]} if got else None


@LINE.condition("position", values=(1, 2, 3, 4, 5, 6), shared=True)
def _l_position(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line is at one of these positions (1 = 初爻 … 6 = 上爻)"""
    return {} if x.pos in _as_list(v) else None


@LINE.condition("inner", values=(True, False), shared=True)
def _l_inner(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line is in the inner trigram (lines 1–3, true) or the outer one (false)"""
    return {"gua": "內卦" if x.inner else "外卦"} if x.inner == v else None


@LINE.condition("shi", values=(True, False), shared=True)
def _l_shi(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line holds the 世"""
    return {"shi": x.shi} if x.shi == v else None


@LINE.condition("ying", values=(True, False), shared=True)
def _l_ying(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line holds the 應"""
    return {"ying": x.ying} if x.ying == v else None


@LINE.condition("shen", values=(True, False))
def _l_shen(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line is a 身 line (卦身, chart option shen)"""
    return {"shen": x.is_shen} if x.is_shen == v else None


def _relation_word(key: str, target: str, mode: str) -> None:
    def fn(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
        targets = (x.c.shi,) if target == "shi" else x.c.shen_lines
        hit = [
            t
            for t in targets
            if t is not x and (wuxing.overcomes(x.el, t.el) if mode == "ke" else wuxing.generates(x.el, t.el))
        ]
        if bool(hit) != bool(v):
            return None
        name = "世" if target == "shi" else "身"
        return {mode: [f"{name}{YAO_NAMES[t.i]}" for t in hit]} if hit else {}

    verb = "overcomes" if mode == "ke" else "generates"
    doc = f"the line's element {verb} the {target} line's (another line)"
    LINE.add(key, fn, values=(True, False), doc=doc)


_relation_word("ke_shi", "shi", "ke")
_relation_word("sheng_shi", "shi", "sheng")
_relation_word("ke_shen", "shen", "ke")
_relation_word("sheng_shen", "shen", "sheng")


@LINE.condition("role", values=("用神", "原神", "忌神", "仇神"), mask=_by_mask("role"))
def _l_role(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line is the 用神 taken, or a 原神 / 忌神 / 仇神 line"""
    return {"role": x.role} if x.role in _as_list(v) else None


def _lin_mask(items: Items, _v: Any) -> int:
    return items.owner.lin_line.bit  # type: ignore[no-any-return]


@LINE.condition("lin_yao", values=(True,), mask=_lin_mask)
def _l_lin_yao(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line 六神臨爻 reads (option lin_yao: the 用神 line, else the 世 line)"""
    if x is not x.c.lin_line:
        return None
    return {"lin_yao": "用神" if x is x.c.yong_line and x.c.opts.lin_yao == "yong" else "世"}


@LINE.condition("hua_liu_qin", values=LIU_QIN, shared=True)
def _l_hua_liu_qin(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line moves and its 變爻 is one of these 六親 (by the 本卦's palace)"""
    b = x.bian
    if b is None or b.liu_qin not in _as_list(v):
        return None
    return {"hua_liu_qin": b.liu_qin, "bian": STEMS[b.stem] + BRANCHES[b.branch]}


@LINE.condition("hua_element", values=ELEMENTS, shared=True)
def _l_hua_element(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line moves and its 變爻's element is one of these"""
    b = x.bian
    if b is None or ELEMENTS[b.element] not in _as_list(v):
        return None
    return {"hua_element": ELEMENTS[b.element]}


@LINE.condition("change", values=("陰化陽", "陽化陰"), shared=True)
def _l_change(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a moving yin line turning yang (老陰, 6) or a moving yang line turning yin (老陽, 9)"""
    if not x.moving:
        return None
    got = "陽化陰" if x.yang else "陰化陽"
    return {"change": got} if got == v else None


@LINE.condition("stem", values=STEMS, shared=True)
def _l_stem(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's 納甲 stem is one of these"""
    return {"stem": STEMS[x.stem]} if STEMS[x.stem] in _as_list(v) else None


@LINE.condition("hua_stem", values=STEMS, shared=True)
def _l_hua_stem(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line moves and its 變爻's stem is one of these"""
    b = x.bian
    if b is None or STEMS[b.stem] not in _as_list(v):
        return None
    return {"hua_stem": STEMS[b.stem]}


@LINE.condition("branch", values=BRANCHES, shared=True)
def _l_branch(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's branch is one of these"""
    return {"branch": BRANCHES[x.branch]} if BRANCHES[x.branch] in _as_list(v) else None


@LINE.condition("mark", values=_MARKS, mask=_mark_mask)
def _l_mark(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line carries one of these branches the chart marks (天符 直符 傳符, 直符X, 勾陳殺 白虎殺 喪門殺)"""
    masks = x.c.mark_masks
    b = x.bit
    got = [n for n in _as_list(v) if masks.get(n, 0) & b]
    return {"mark": got} if got else None


@LINE.condition("shensha", values=_SPIRITS, mask=_spirit_mask)
def _l_shensha(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's branch (or stem, for 天德) carries one of these 神煞"""
    got = [n for n in x.spirits if n in _as_list(v)]
    return {"shensha": got} if got else None


@LINE.condition("verse_shensha", values=_SPIRITS, mask=_spirit_mask)
def _l_verse_shensha(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """as shensha, on a line where a 神煞 counts (option shensha_on: the 用神, 世 or a moving line)"""
    if x.c.opts.shensha_on == "key_lines" and not x.bit & x.c.key_mask:
        return None
    got = [n for n in x.spirits if n in _as_list(v)]
    return {"shensha": got} if got else None


@LINE.condition("sha", values=(True, False), mask=_flag_mask("sha_mask"))
def _l_sha(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line carries an ominous 殺 (judgments.toml [classes] sha), or none (false)"""
    sha = x.sha
    if bool(sha) != bool(v):
        return None
    return {"sha": list(sha)} if sha else {}


@LINE.condition("ji_shen", values=(True, False), mask=_flag_mask("ji_mask"))
def _l_ji_shen(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line carries an auspicious spirit (青龍, 天喜, 天解, 天醫, 天德, 貴人), or none (false)"""
    ji = x.ji
    if bool(ji) != bool(v):
        return None
    return {"ji_shen": list(ji)} if ji else {}


@LINE.condition("trigram", values=TRIGRAM_NAMES, shared=True)
def _l_trigram(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line belongs to a trigram of these names (its inner or outer trigram)"""
    return {"trigram": x.tri} if x.tri in _as_list(v) else None


@LINE.condition("li_yao", values=(True,))
def _l_li_yao(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a '離 line' (option li_yao: a line of a 離 trigram, or a 火 line)"""
    if x.c.opts.li_yao == "trigram":
        return {"trigram": "離"} if x.tri == "離" else None
    return {"element": "火"} if x.el == 1 else None


@LINE.condition("he_tian_fu", values=(True,))
def _l_he_tian_fu(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's branch combines (六合) with the year branch (天符)"""
    y = x.c.year_branch
    if y is None or relations.liu_he(x.branch) != y:
        return None
    return {"he": BRANCHES[y]}


@LINE.condition("chong", values=(True, False))
def _l_chong(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the day (日沖) or the month (月破) clashes the line (true), or neither (false)"""
    s = x.ln.state
    hit = [n for n, on in (("日沖", s.ri_chong), ("月破", s.yue_po)) if on]
    if bool(hit) != bool(v):
        return None
    return {"chong": hit} if hit else {}


@LINE.condition("ke_by_gui", values=(True,))
def _l_ke_by_gui(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a 鬼 works on the line (option gui_ke: a 官鬼 line overcomes it, or the 官鬼 sits on it)"""
    if x.c.opts.gui_ke == "lin":
        return {"gui": [x.pos]} if x.qin == "官鬼" else None
    hit = [g.pos for g in x.c.lines if g.qin == "官鬼" and g is not x and wuxing.overcomes(g.el, x.el)]
    return {"gui": hit} if hit else None


@LINE.condition("yao_wei_item", values=("tian_he",))
def _l_yao_wei_item(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 田禾 line table in force (option tian_he_table) names a thing at this line"""
    key = YAO_WEI_TIAN_HE[x.c.opts.tian_he_table]
    item = T.YAO_WEI[key][1][x.i]
    return {"item": item, "table": T.YAO_WEI[key][2]} if item else None


def _animal(position_index: int) -> tuple[str, int]:
    name = T.YAO_WEI["liu_chu"][1][position_index]
    return name, T.ZODIAC.index(ANIMAL_NAMES.get(name, name))


@LINE.condition("animal_form", values=(True, False), shared=True)
def _l_animal_form(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """形: the line's branch is the zodiac branch of the animal the 六畜 table puts on this line"""
    name, branch = _animal(x.i)
    has = x.branch == branch
    return {"animal": name, "animal_branch": BRANCHES[branch]} if has == v else None


@LINE.condition("fu_pair", values=T.LIU_SHEN)
def _l_fu_pair(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """天符 pairing: the line carries this spirit and/or is of its element (option tian_fu_match)"""
    el = T.LIU_SHEN_ELEMENT[v]
    a, b = x.shen == v, x.el == el
    ok = (a and b) if x.c.opts.tian_fu_match == "both" else (a or b)
    if not ok:
        return None
    return {"pair": [n for n, on in ((v, a), (ELEMENTS[el], b)) if on]}


@LINE.condition("gui_ren", values=(True,))
def _l_gui_ren(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the line's branch is a 天乙貴人 of the day stem (day or night)"""
    return {"gui_ren": BRANCHES[x.branch]} if x.gui else None


@LINE.condition("chong_by_sha", values=(True,))
def _l_chong_by_sha(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """another line that carries a 殺 clashes this line's branch"""
    c = x.c
    sha = c.sha_mask  # the lines carrying a 殺 (L.sha)
    hit = [o.pos for o in c.lines if o is not x and o.bit & sha and relations.chong(o.branch) == x.branch]
    return {"chong_by": hit} if hit else None


def _pair_word(key: str, test: Any, label: str) -> None:
    def fn(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
        c = x.c
        others = [("日辰", c.day.branch), ("月建", c.month)]
        if x.shi:
            others.append(("應", c.ying.branch))
        hit = [n for n, b in others if test(x.branch, b)]
        return {key: hit} if hit else None

    LINE.add(
        key,
        fn,
        values=(True,),
        doc=f"the line's branch is in {label} with the 日辰 or the 月建 (for the 世 line also the 應)",
    )


_pair_word("xing", relations.is_xing, "三刑 (自刑 included)")
_pair_word("hai", lambda a, b: relations.liu_hai(a) == b, "六害")


@LINE.condition("verse_line", values=(True,))
def _l_verse_line(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a line where a 神煞 counts (option shensha_on: the 用神, 世 or a moving line; or any line)"""
    return {} if x.c.opts.shensha_on == "any_line" or x.bit & x.c.key_mask else None


@LINE.condition("key_line", values=(True,))
def _l_key_line(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 用神 line, the 世 line or a moving line"""
    return {} if x.bit & x.c.key_mask else None


@LINE.condition("same_trigram")
def _l_same_trigram(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a line of the same trigram (inner / outer, this line included) satisfies this table of line words"""
    hit = [o.pos for o in x.c.lines if o.inner == x.inner and LINE.holds(v, o) is not None]
    return {"with": hit} if hit else None


@LINE.condition("not")
def _l_not(x: L, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the table of line words does not hold on this line"""
    return {} if LINE.holds(v, x) is None else None


# ═══════════════════════════════════════════ CHART words ══════════════════════════════════════════
def line_facts(x: L, got: Facts) -> Facts:
    f = x.facts()
    for k, val in got.items():
        f.setdefault(k, val)
    return f


def line_items(c: Ctx) -> Items:
    """The six lines of *c* as one :class:`~xuanheng.rules.engine.Items` (made on first use, kept on *c*)."""
    items = c.line_items
    if items is None:
        items = c.line_items = LINE.over(c.lines, c.line_memo, c)
    return items  # type: ignore[no-any-return]


def _selected(c: Ctx, sub: Mapping[str, Any]) -> tuple[tuple[int, Facts], ...]:
    """(index, facts) of every line (初 → 上) on which the line table *sub* holds: the shared engine's
    :meth:`~xuanheng.rules.Vocabulary.select` over the six lines (each line word read once per line and
    chart)."""
    return LINE.select(sub, line_items(c))


def matching(c: Ctx, sub: Mapping[str, Any]) -> list[Facts]:
    """The facts of every line (初 → 上) on which the line table *sub* holds."""
    lines = c.lines
    return [line_facts(lines[i], got) for i, got in _selected(c, sub)]


@CHART.condition("line", some=(LINE, line_items))
def _c_line(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """some line satisfies this table of line words (the facts list every such line)"""
    got = _selected(c, v)
    if not got:
        return None
    lines = c.lines
    return {"lines": [line_facts(lines[i], f) for i, f in got]}


@CHART.condition("line_b", some=(LINE, line_items))
def _c_line_b(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a second, independent line condition (facts under ``also``)"""
    got = matching(c, v)
    return {"also": got} if got else None


@CHART.condition("line_c", some=(LINE, line_items))
def _c_line_c(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a third independent line condition (facts under ``also_c``)"""
    got = matching(c, v)
    return {"also_c": got} if got else None


@CHART.condition("line_d", some=(LINE, line_items))
def _c_line_d(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """a fourth independent line condition (facts under ``also_d``)"""
    got = matching(c, v)
    return {"also_d": got} if got else None


@CHART.condition("no_line")
def _c_no_line(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """no line satisfies this table of line words"""
    return {} if not _selected(c, v) else None


@CHART.condition("count")
def _c_count(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """``{of = {line words}, min = n, max = m}``: how many lines satisfy ``of`` (min/max inclusive;
    ``min = "many"`` is the option many_moving)"""
    lo = v.get("min", 0)
    lo = c.many_moving if lo == "many" else int(lo)
    hi = int(v.get("max", 6))
    got = matching(c, v["of"])
    return {"count": len(got), "lines": [f["position"] for f in got]} if lo <= len(got) <= hi else None


@CHART.condition("yong")
def _c_yong(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 用神 is on the chart and its line satisfies this table of line words"""
    x = c.yong_line
    if x is None:
        return None
    got = LINE.holds(v, x)
    return None if got is None else {"yong_shen": c.yong.key, "lines": [line_facts(x, got)]}


@CHART.condition("yong_hidden", values=(True, False))
def _c_yong_hidden(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 用神's 六親 is not on the chart and is read as the 伏神 (true), or it is on the chart (false)"""
    hidden = c.yong.fu is not None
    if hidden != v:
        return None
    if not hidden:
        return {}
    fu = c.yong.fu
    assert fu is not None
    return {"yong_shen": c.yong.key, "fu_shen": fu.label, "under": c.yong.under, "fei_fu": fu.relation}


@CHART.condition("yong_fu", values=tuple(T.FEI_FU_RELATION.values()))
def _c_yong_fu(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the hidden 用神 stands to the line above it (飛神) in one of these 飛伏 relations"""
    fu = c.yong.fu
    if fu is None or fu.relation not in _as_list(v):
        return None
    s = fu.state
    return {
        "yong_shen": c.yong.key,
        "fu_shen": fu.label,
        "under": c.yong.under,
        "fei_fu": fu.relation,
        "wang_shuai": s.wang_shuai,
        "kong": s.kong,
    }


@CHART.condition("yong_fu_state", values=("旺相", "休囚", "kong", "yue_po", "ri_chong"))
def _c_yong_fu_state(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the hidden 用神's own branch: 旺相 / 休囚 in the month, void, 月破 or clashed by the day"""
    fu = c.yong.fu
    if fu is None:
        return None
    s = fu.state
    ok = {
        "旺相": s.you_qi,
        "休囚": not s.you_qi,
        "kong": s.kong,
        "yue_po": s.yue_po,
        "ri_chong": s.ri_chong,
    }[v]
    return {"fu_shen": fu.label, "wang_shuai": s.wang_shuai} if ok else None


@CHART.condition("yong_select", values=(True,))
def _c_yong_select(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """always: the 用神 taken for the question, with its 原神 / 忌神 / 仇神"""
    return c.yong.to_json() | {"topic": c.topic}


@CHART.condition("ri_to_yong", values=("剋", "生", "合"))
def _c_ri_to_yong(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the day branch (日辰) overcomes (剋), generates (生) or combines with (合, 六合) the 用神"""
    db = c.day.branch
    de = BRANCH_ELEMENT[db]
    ys = c.yong
    got = []
    for rel in _as_list(v):
        if (
            (rel == "剋" and wuxing.overcomes(de, ys.element))
            or (rel == "生" and wuxing.generates(de, ys.element))
            or (rel == "合" and relations.liu_he(db) == ys.branch)
        ):
            got.append(rel)
    if not got:
        return None
    return {
        "ri_chen": BRANCHES[db],
        "yong_shen": ys.key,
        "yong_branch": BRANCHES[ys.branch],
        "relation": got,
    }


@CHART.condition("gua", values=HEXAGRAM_NAMES)
def _c_gua(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 本卦 is one of these hexagrams"""
    return {"gua": c.name} if c.name in _as_list(v) else None


@CHART.condition("trigrams", values=TRIGRAM_NAMES)
def _c_trigrams(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the two trigrams of the 本卦 are these two, in either order (``["坤", "艮"]``)"""
    want = sorted(_as_list(v))
    return {"trigrams": [c.upper, c.lower]} if sorted((c.upper, c.lower)) == want else None


@CHART.condition("upper", values=TRIGRAM_NAMES)
def _c_upper(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the outer (upper) trigram is one of these"""
    return {"upper": c.upper} if c.upper in _as_list(v) else None


@CHART.condition("lower", values=TRIGRAM_NAMES)
def _c_lower(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the inner (lower) trigram is one of these"""
    return {"lower": c.lower} if c.lower in _as_list(v) else None


@CHART.condition("has_trigram", values=TRIGRAM_NAMES)
def _c_has_trigram(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """one of the two trigrams is one of these"""
    got = [t for t in dict.fromkeys((c.upper, c.lower)) if t in _as_list(v)]
    return {"trigram": got} if got else None


@CHART.condition("palace", values=TRIGRAM_NAMES)
def _c_palace(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the hexagram's 八宮 palace is one of these"""
    return {"palace": c.ben.palace} if c.ben.palace in _as_list(v) else None


@CHART.condition("gua_type", values=T.TYPE_NAMES)
def _c_gua_type(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the hexagram's place in its palace (八純 一世 … 五世 遊魂 歸魂) is one of these"""
    return {"type": c.ben.type} if c.ben.type in _as_list(v) else None


@CHART.condition("no_moving", values=(True, False))
def _c_no_moving(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """no line moves (六爻安靜, true), or some line moves (false)"""
    still = c.moving_mask == 0
    if still != v:
        return None
    return {"moving": _names(c.moving_mask, c)}


@CHART.condition("option")
def _c_option(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """``{name = value or [values]}``: reading options in force (a rule of a named variant)"""
    for name, want in v.items():
        if getattr(c.opts, name) not in _as_list(want):
            return None
    return {}


@CHART.condition("tian_shi_table", values=("general", "yu", "qing"))
def _c_tian_shi_table(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 天時 line table in force (option tian_shi_table; auto: 雨 → yu, 晴 → qing, else general)"""
    return {"table": c.tian_shi_table} if c.tian_shi_table == v else None


_SHI_YING = ("相生", "世克應", "應克世", "比和")


@CHART.condition("shi_ying", values=_SHI_YING)
def _c_shi_ying(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """how the 世 and 應 lines' elements stand: 相生 (either generates the other), 世克應, 應克世, 比和"""
    a, b = c.shi.el, c.ying.el
    rel = (
        "相生"
        if wuxing.generates(a, b) or wuxing.generates(b, a)
        else "世克應"
        if wuxing.overcomes(a, b)
        else "應克世"
        if wuxing.overcomes(b, a)
        else "比和"
    )
    if rel != v:
        return None
    return {
        "shi": STEMS[c.shi.stem] + BRANCHES[c.shi.branch],
        "ying": STEMS[c.ying.stem] + BRANCHES[c.ying.branch],
    }


@CHART.condition("shi_element", values=ELEMENTS)
def _c_shi_element(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the 世 line's element is one of these"""
    e = ELEMENTS[c.shi.el]
    return {"shi": STEMS[c.shi.stem] + BRANCHES[c.shi.branch], "element": e} if e in _as_list(v) else None


def _tri_rel(a: int, b: int) -> str:
    """How element *a* stands to *b*: 生, 克, 被生, 被克, 比和."""
    if wuxing.generates(a, b):
        return "生"
    if wuxing.overcomes(a, b):
        return "克"
    if wuxing.generates(b, a):
        return "被生"
    if wuxing.overcomes(b, a):
        return "被克"
    return "比和"


@CHART.condition("nei_wai", values=("內生外", "外生內", "內克外", "外克內", "相生"))
def _c_nei_wai(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the inner (lower) and outer (upper) trigrams' elements: 內生外 外生內 內克外 外克內, 相生 (either)"""
    ne, we = c.ben.lower_element, c.ben.upper_element
    rel = _tri_rel(ne, we)
    got = {"生": "內生外", "克": "內克外", "被生": "外生內", "被克": "外克內"}.get(rel)
    ok = got == v or (v == "相生" and got in ("內生外", "外生內"))
    if not ok:
        return None
    return {"nei": f"{c.lower}{ELEMENTS[ne]}", "wai": f"{c.upper}{ELEMENTS[we]}", "relation": got}


@CHART.condition("zhai_ren", values=("宅生人", "宅克人", "人克宅"))
def _c_zhai_ren(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """家宅: how the house trigram stands to the people trigram (option zhai_ren: 內 or 外 is the house)"""
    lo, up = (c.lower, c.ben.lower_element), (c.upper, c.ben.upper_element)
    zhai, ren = (lo, up) if c.opts.zhai_ren == "nei_zhai" else (up, lo)
    rel = _tri_rel(zhai[1], ren[1])
    got = {"生": "宅生人", "克": "宅克人", "被克": "人克宅"}.get(rel)
    if got != v:
        return None
    return {"zhai": f"{zhai[0]}{ELEMENTS[zhai[1]]}", "ren": f"{ren[0]}{ELEMENTS[ren[1]]}", "relation": got}


@CHART.condition("yin_yang_trigrams", values=("differ", "same"))
def _c_yin_yang_trigrams(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """one yang trigram and one yin trigram (differ), or two of one kind (same) — 奇偶"""
    differ = yang_trigram(c.upper) != yang_trigram(c.lower)
    return {"trigrams": [c.upper, c.lower]} if differ == (v == "differ") else None


@CHART.condition("yin_yang_he", values=(True,))
def _c_yin_yang_he(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """陰陽相併 / 和合 (option yin_yang_he: the hexagram 泰, or a yang trigram with a yin one)"""
    if c.opts.yin_yang_he == "tai":
        return {"gua": c.name} if c.name == "泰" else None
    differ = yang_trigram(c.upper) != yang_trigram(c.lower)
    return {"trigrams": [c.upper, c.lower]} if differ else None


@CHART.condition("trigram_state")
def _c_trigram_state(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """``{trigrams = [...], state = [...]}``: a trigram of the hexagram among these has its element in one of
    these 旺相休囚死 states in the month"""
    want, states = _as_list(v["trigrams"]), _as_list(v["state"])
    got = []
    for name in dict.fromkeys((c.upper, c.lower)):
        if name in want:
            st = c.element_state(T.TRIGRAM_BY_NAME[name].element)
            if st in states:
                got.append({"trigram": name, "wang_shuai": st})
    return {"trigrams": got} if got else None


@CHART.condition("palace_state", values=STATES)
def _c_palace_state(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the palace (本宮) element's 旺相休囚死 in the month is one of these"""
    st = c.element_state(c.ben.palace_element)
    return {"palace": c.ben.palace, "wang_shuai": st} if st in _as_list(v) else None


@CHART.condition("missing", values=(True, False))
def _c_missing(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """some 六親 is missing from the hexagram (true), or all five are present (false)"""
    miss = c.chart.missing_liu_qin
    if bool(miss) != v:
        return None
    return {"missing": list(miss)}


@CHART.condition("element_count")
def _c_element_count(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """``{element = "水", min = n, max = m}``: how many of the six lines are of the element. ``min = "many"``
    is the option many_element: two of the six lines, or (``bian``) three counting the changed lines too"""
    e = _E[v["element"]]
    n = bin(c.by_el[e]).count("1")
    lo = v.get("min", 0)
    if lo == "many":
        if c.opts.many_element == "bian":
            n += sum(1 for x in c.lines if x.bian is not None and x.bian.element == e)
            lo = 3
        else:
            lo = 2
    if not int(lo) <= n <= int(v.get("max", 6)):
        return None
    return {"element": v["element"], "count": n, "lines": _names(c.by_el[e], c)}


@CHART.condition("wang_wang", values=(True,))
def _c_wang_wang(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the cast falls on the 往亡 day (the Nth day after the 節, table 000-075; instant casts only)"""
    jd = c.jie_day()
    if jd is None:
        return None
    from xuanheng.liuyao._reading_data import _load_spirit

    sp = _load_spirit("jinkoujue:wang_wang")
    k, days = jd
    if days not in sp.numbers[k]:
        return None
    return {"wang_wang": True, "jie_index": k, "days_after_jie": days}


@CHART.condition("stems_meet", values=STEMS)
def _c_stems_meet(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """every stem of the list is among the stems of the 本卦's lines and of its changed lines"""
    have = {x.stem for x in c.lines} | {x.bian.stem for x in c.lines if x.bian is not None}
    want = [_S[s] for s in _as_list(v)]
    return {"stems": list(_as_list(v))} if all(s in have for s in want) else None


@CHART.condition("has_year", values=(True,))
def _c_has_year(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the chart knows its year (天符 and the year-keyed 神煞 need it)"""
    return {"year": BRANCHES[c.year_branch]} if c.year_branch is not None else None


@CHART.condition("rain_days", values=(True,))
def _c_rain_days(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """004-172: the days that answer 'when will it rain': 水 旺 (亥 子), the day generating the 青龍 line,
    and the day clashing the 身 line"""
    long = next(x for x in c.lines if x.shen == "青龍")
    gen = wuxing.generated_by(long.el)
    days = {
        "shui_wang": ["亥", "子"],
        "sheng_long": [b for b in BRANCHES if BRANCH_ELEMENT[_B[b]] == gen],
        "chong_shen": [BRANCHES[relations.chong(x.branch)] for x in c.shen_lines],
    }
    return {"days": days, "qing_long": long.pos}


@CHART.condition("single_moving", values=(True,))
def _c_single_moving(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """exactly one line moves (004-287: read the verdict there; its 家宅 place is reported)"""
    m = c.moving_mask
    if m == 0 or m & (m - 1):
        return None
    x = next(x for x in c.lines if x.bit == m)
    return {"lines": [line_facts(x, {"item": T.YAO_WEI["jia_zhai"][1][x.i]})]}


@CHART.condition("fu_mu_where", values=(True,))
def _c_fu_mu_where(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """004-337: where the 父母 lines stand (inner / outer trigram), or the 伏神 when 父母 is missing"""
    got = [line_facts(x, {"gua": "內卦" if x.inner else "外卦"}) for x in c.lines if x.qin == "父母"]
    if got:
        return {"lines": got}
    fu = next(x for x in c.lines if x.ln.fu_shen is not None and x.ln.fu_shen.liu_qin == "父母")
    assert fu.ln.fu_shen is not None
    return {"fu_shen": fu.ln.fu_shen.label, "under": fu.pos}


@CHART.condition("yao_wei", values=tuple(T.YAO_WEI))
def _c_yao_wei(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the asked topic's 爻位 table is this one (seed004.toml [[yao_wei]] key), laid on the lines"""
    if yao_wei_key(c) != v:
        return None
    name, items, src = T.YAO_WEI[v]
    rows = [line_facts(x, {"item": items[x.i], "moving": x.moving}) for x in c.lines]
    return {"table": name, "key": v, "src": src, "lines": rows}


def yao_wei_key(c: Ctx) -> str | None:
    """The 爻位 table of the asked topic (seed004.toml key), or None."""
    t = c.topic
    if t is None:
        return None
    if t in ("天時", "晴", "雨"):
        return YAO_WEI_TIAN_SHI[c.tian_shi_table]
    if t == "農":
        return YAO_WEI_TIAN_HE[c.opts.tian_he_table]
    return YAO_WEI_TOPICS.get(t)


@CHART.condition("not")
def _c_not(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """the table of chart words does not hold"""
    return {} if CHART.holds(v, c) is None else None


# ═══════════════════════════════════════════ load checks ═══════════════════════════════════════════
def check_nested(when: Mapping[str, Any], where: str) -> None:
    """Check the sub-tables of *when* (the engine checks the chart words; this checks the line words and the
    chart words inside ``not``, ``count.of``, ``same_trigram`` and ``option``)."""
    for k, v in when.items():
        if k == "any":
            for sub in v:
                check_nested(sub, where)
        elif k in LINE_TABLE_WORDS:
            _check_line(v, where)
        elif k == "count":
            if not isinstance(v, Mapping) or "of" not in v or set(v) - {"of", "min", "max"}:
                raise RuleDataError(f"{where}: count must be {{of = {{…}}, min = n, max = m}}")
            _check_line(v["of"], where)
        elif k == "not":
            CHART.check(v, where)
            check_nested(v, where)
        elif k == "option":
            from xuanheng.liuyao._reading_data import READING_SPEC_BY_NAME

            for name, want in v.items():
                spec = READING_SPEC_BY_NAME.get(name)
                if spec is None or any(w not in spec.values for w in _as_list(want)):
                    raise RuleDataError(f"{where}: option {name} = {want!r} is not a reading option choice")
        elif k in ("trigram_state", "element_count") and not isinstance(v, Mapping):
            raise RuleDataError(f"{where}: {k} takes a table")


def _check_line(v: Any, where: str) -> None:
    if not isinstance(v, Mapping) or not v:
        raise RuleDataError(f"{where}: a line condition must be a non-empty table of line words")
    LINE.check(v, where)
    for k, sub in v.items():
        if k in ("not", "same_trigram"):
            _check_line(sub, where)
        elif k == "any":
            for s in sub:
                _check_line(s, where)


__all__ = ["CHART", "LINE", "check_nested", "line_facts", "matching", "yao_wei_key"]
