"""The condition words of the 七政四餘 reading (registered on one :class:`~xuanheng.rules.Vocabulary`).

A rule names its **subject** with the extra key ``star`` (a role: ``化祿`` … ``化權`` for the ten 化曜, the
key of a star spirit such as ``ke_ming`` 科名, ``命主`` / ``身主`` / ``度主`` / ``壽星``, ``*`` for every 曜);
or a palace with ``palace`` (the key of a palace spirit such as ``dou_biao`` 斗標, or ``宮:田宅`` for a 人事
palace). The reading tries each candidate (each 曜 of the role, each branch of the spirit) and the rule fires
for the candidates on which every condition holds. *Star words* look at the current 曜 (``ctx.cur``),
*palace words* at the current branch (``ctx.cur_branch``); *chart words* at the whole chart (the 格局 use
only these). Palace tokens are 人事 names (命宮 財帛 … 相貌), ``身宮``, or branch names (子 … 亥).

Every word returns the chart facts that made it hold (classical terms) or None. The table of words with their
meaning is :func:`describe` (docs/qizheng-reading.md lists it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS
from xuanheng.core.wangshuai import season_of_month_branch
from xuanheng.core.wuxing import generates, overcomes
from xuanheng.qizheng._reading_ctx import (
    _HUA_ROLE,
    ASPECT_OF,
    DIGNITIES,
    DUAN_CHAN,
    ELEMENT_STAR,
    JI,
    JIA_OFFSETS,
    SAN_FANG,
    SI_XING,
    XIAN_JI,
    XIONG,
    YAO,
    YAO_ELEMENT,
    Ctx,
)
from xuanheng.qizheng.gong import GONG_NAMES, chart_frame
from xuanheng.qizheng.xiu import NAMES as XIU_NAMES
from xuanheng.qizheng.xiu import XIU
from xuanheng.rules import Vocabulary

Facts = dict[str, Any]
VOCAB = Vocabulary("qizheng")

_PALACE_TOKENS = frozenset((*GONG_NAMES, "身宮", *BRANCHES))
_YAO_SET = frozenset(YAO)
_MOTION = frozenset({"順", "逆", "留", "伏"})
_CLASSES = frozenset({"吉", "凶"})
_XIAN_KINDS = frozenset({"大限", "小限", "流年"})


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


Word = Callable[[Ctx, Any, Mapping[str, Any]], "Facts | None"]


def _word(
    key: str,
    doc: str,
    values: Iterable[Any] | None = None,
    needs: Callable[[Any], Iterable[Any] | None] | None = None,
) -> Callable[[Word], Word]:
    register = VOCAB.condition(key, values=values, doc=doc, needs=needs)

    def deco(fn: Word) -> Word:
        register(fn)
        return fn

    return deco


def _class_of(y: str) -> str | None:
    return "吉" if y in JI else "凶" if y in XIONG else None


def _others(ctx: Ctx, b: int) -> tuple[str, ...]:
    """The 曜 in branch *b* other than the current one."""
    return tuple(y for y in ctx.by_branch[b] if y != ctx.cur)


def _cur_b(ctx: Ctx) -> int:
    """The branch the current subject stands on (its 曜's palace, or the palace itself)."""
    return ctx.yao_b[ctx.cur] if ctx.cur is not None else ctx.cur_branch


def _role_stars(ctx: Ctx, roles: Iterable[str]) -> list[tuple[str, str]]:
    return [(r, y) for r in roles for y in ctx.roles.get(r, ())]


def _role_name(ctx: Ctx, r: str) -> str:
    return ctx.spirit_names.get(r, r)


#: the prefix of a star reference that names the 宮主 of a palace (``主:財帛`` is the master of the 財帛)
ZHU_PREFIX = "主:"


def _ref_stars(ctx: Ctx, ref: str) -> tuple[str, ...]:
    """The 曜 a *star reference* stands for: a 曜 (``金``), a role (``命主``, ``化祿``, a spirit key …) or
    ``主:`` + a palace token (the 宮主 of that palace: ``主:疾厄``)."""
    if ref in _YAO_SET:
        return (ref,)
    if ref.startswith(ZHU_PREFIX):
        return (ctx.zhu[ctx.branches(ref[len(ZHU_PREFIX) :])[0][1]],)
    return ctx.roles.get(ref, ())


def _ref_branch(ctx: Ctx, tok: str) -> int | None:
    """The branch of a palace token, or of the (first) 曜 of a star reference."""
    if tok in _YAO_SET:
        return ctx.yao_b[tok]
    if tok in _PALACE_TOKENS:
        return ctx.branches(tok)[0][1]
    ys = _ref_stars(ctx, tok)
    return ctx.yao_b[ys[0]] if ys else None


def _refs(ref: str, y: str) -> dict[str, str]:
    """How a fact names a reference that is not the 曜 itself (``{"命主": "土"}``), else nothing."""
    return {} if ref == y else {ref: y}


def _first_stars(ctx: Ctx, v: Any) -> list[str] | None:
    """The (first) 曜 of each star reference listed in *v*, in order, or None when one stands for none: what
    the words over a list of stars (``sheng_by``, ``duan_chan``, ``shi_chan``, ``dian_ling``) read."""
    out = []
    for ref in _as_list(v):
        ys = _ref_stars(ctx, ref)
        if not ys:
            return None
        out.append(ys[0])
    return out


# ── the facts a chart shows, for the index of the chart rules (Vocabulary.index) ───────────────────────
# A chart word that can hold only where one of a few facts is shown declares them with ``needs`` (a fact
# the word's own test requires, read off the rule's value); the reading then tries a 格局 only on the charts
# that show one of the facts it needs. The word itself is still evaluated where it is tried.


@VOCAB.shown_by
def _shown(ctx: Ctx) -> list[tuple[Any, ...]]:
    """The chart's facts in the terms of the words' ``needs``: each 曜's palace (人事 name, branch, 身宮),
    mansion and dignities, the palace and dignities of each 曜 a role of :data:`_SHOWN_ROLES` stands for
    under the role's name, each palace spirit's palace, the pairs of 曜 in one palace, the 命宮's branch, day
    or night, the season, the year's stem."""
    out: list[tuple[Any, ...]] = [
        ("ming", BRANCHES[ctx.ming]),
        ("day_night", "晝" if ctx.day else "夜"),
        ("season", ctx.season),
        ("year_stem", STEMS[ctx.year.stem]),
    ]
    gong_of, shen, dignities = ctx.gong_of, ctx.shen, ctx.dignities
    for y, b in ctx.yao_b.items():
        out.append(("in", y, gong_of[b]))
        out.append(("in", y, BRANCHES[b]))
        if b == shen:
            out.append(("in", y, "身宮"))
        out.append(("xiu", y, XIU_NAMES[ctx.yao_xiu[y]]))
        out += [("dignity", y, d) for d in dignities[y]]
    yao_b, roles = ctx.yao_b, ctx.roles
    for r in _SHOWN_ROLES:
        for y in roles.get(r, ()):
            b = yao_b[y]
            out.append(("in", r, gong_of[b]))
            out.append(("in", r, BRANCHES[b]))
            if b == shen:
                out.append(("in", r, "身宮"))
            out += [("dignity", r, d) for d in dignities[y]]
    for k, bs in ctx.spirit_branches.items():
        for b in bs:
            out.append(("spirit", k, gong_of[b]))
            out.append(("spirit", k, BRANCHES[b]))
            if b == shen:
                out.append(("spirit", k, "身宮"))
    for ys in ctx.by_branch:
        if len(ys) > 1:
            out += [("with", a, c) for a in ys for c in ys if a != c]
    return out


#: the roles whose 曜 the chart facts of :func:`_shown` also name by the role: the 化曜 and the lords (the
#: roles the 格局 name most; a star spirit's key is left to the word itself)
_SHOWN_ROLES: tuple[str, ...] = (
    *_HUA_ROLE.values(),
    *("命主", "身主", "度主", "身度主", "命二主", "身二主", "壽星", "祿元", "馬元"),
)
_SHOWN_ROLE_SET = frozenset(_SHOWN_ROLES)


def _needs_in(v: Any) -> set[tuple[str, str, str]] | None:
    """``yao_in``: a listed 曜, or a role of :data:`_SHOWN_ROLES` (by a 曜 it stands for), stands in one of
    its palaces — the fewest such facts of the listed stars (not 主:palace or another role)."""
    best: set[tuple[str, str, str]] | None = None
    for ref, toks in v.items():
        if ref in _YAO_SET or ref in _SHOWN_ROLE_SET:
            got = {("in", ref, t) for t in _as_list(toks)}
            if best is None or len(got) < len(best):
                best = got
    return best


def _needs_dignity(v: Any) -> set[tuple[str, str, str]] | None:
    """``yao_dignity``: a listed 曜, or a role of :data:`_SHOWN_ROLES`, has one of its dignities — the
    fewest such facts."""
    sets = [
        {("dignity", ref, d) for d in ds}
        for ref, ds in v.items()
        if (ref in _YAO_SET or ref in _SHOWN_ROLE_SET) and isinstance(ds, (list, tuple))  # (not a string)
    ]
    return min(sets, key=len) if sets else None


def _needs_with(v: Any) -> set[tuple[str, str, str]] | None:
    """``same_gong``: two listed 曜 (not roles) stand in one palace."""
    ys = list(dict.fromkeys(y for y in _as_list(v) if y in _YAO_SET))
    return {("with", ys[0], ys[1])} if len(ys) > 1 else None


def _needs_xiu(v: Any) -> set[tuple[str, str, str]]:
    """``xiu_in``: each listed 曜 stands in one of its mansions — the fewest such facts."""
    sets = [{("xiu", y, x) for x in XIU_NAMES if x in xs} for y, xs in v.items()]
    return min(sets, key=len) if sets else set()


def _needs_one_of(word: str) -> Callable[[Any], set[tuple[str, Any]]]:
    """A chart word that holds when the chart's *word* fact is one of the listed values."""

    def needs(v: Any) -> set[tuple[str, Any]]:
        return {(word, x) for x in _as_list(v)}

    return needs


# ── star words ───────────────────────────────────────────────────────────────────────────────────────


@_word("present", "the subject is in the chart (always holds when it is): its place is reported", (True,))
def _present(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {}


@_word("in_gong", "the current 曜 (or palace) stands in one of these palaces", _PALACE_TOKENS)
def _in_gong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    hit = [t for t, tb in ctx.branches(v) if tb == b]
    return {"in": hit} if hit else None


@_word("not_in_gong", "the current 曜 stands in none of these palaces", _PALACE_TOKENS)
def _not_in_gong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return None if _cur_b(ctx) in ctx.branch_set(v) else {}


@_word("branch", "the current 曜 (or palace) is on one of these branches", BRANCHES)
def _branch(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {} if BRANCHES[_cur_b(ctx)] in _as_list(v) else None


@_word(
    "zhao_gong",
    "the current 曜 aspects one of these palaces from its 三方四正 (同宮, 對照, 三合)",
    _PALACE_TOKENS,
)
def _zhao_gong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    hit = [
        {"gong": t, "by": ASPECT_OF[(b - tb) % 12]} for t, tb in ctx.branches(v) if (b - tb) % 12 in ASPECT_OF
    ]
    return {"zhao": hit} if hit else None


@_word("not_zhao", "the current 曜 (or palace) is in the 三方四正 of none of these palaces", _PALACE_TOKENS)
def _not_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return None if _zhao_gong(ctx, v, w) else {}


@_word("qiang", "the palace of the current 曜 (or the palace) is a 七強 or a 五弱 palace", ("七強", "五弱"))
def _qiang(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    ok = b in ctx.qiang if v == "七強" else b in ctx.ruo
    return {"qiang_ruo": v} if ok else None


@_word("dignity", "the current 曜 has one of these dignities (入垣 升殿 廟 旺 樂 喜)", DIGNITIES)
def _dignity(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    got = [d for d in ctx.dignities[ctx.cur] if d in _as_list(v)]
    return {"dignity": got} if got else None


@_word(
    "de_di",
    "the current 曜 has (true) or lacks (false) every dignity (得地: 入垣 升殿 廟 旺 樂 喜)",
    (True, False),
)
def _de_di(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    d = ctx.dignities[ctx.cur]
    if bool(d) != bool(v):
        return None
    return {"dignity": list(d)} if d else {"dignity": []}


@_word(
    "xian", "the current 曜 is (true) or is not (false) 陷: in its 怒宮 (aspects.toml [xian])", (True, False)
)
def _xian(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    is_x = ctx.cur in ctx.xian_at
    return ({"xian": True} if is_x else {}) if is_x == bool(v) else None


@_word("xian_ruo", "the current 曜 is 陷 or in a 五弱 palace (the seed's 陷弱)", (True,))
def _xian_ruo(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    out = []
    if ctx.cur in ctx.xian_at:
        out.append("陷")
    if ctx.yao_b[ctx.cur] in ctx.ruo:
        out.append("五弱")
    return {"xian_ruo": out} if out else None


@_word("motion", "the current 曜 moves in one of these ways (順 逆 留 伏; 逆 留 伏 each as a flag)", _MOTION)
def _motion(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    got = sorted(ctx.motion[ctx.cur] & set(_as_list(v)))
    if "順" in got and ctx.motion[ctx.cur] & {"逆", "留", "伏"}:
        got.remove("順")
    return {"motion": got} if got else None


@_word("si_sha", "the current 曜 (or palace) is (true) or is not (false) in a 四殺 palace", (True, False))
def _si_sha(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    s = ctx.is_si_sha(_cur_b(ctx))
    return ({"si_sha": True} if s else {}) if s == bool(v) else None


@_word("si_xing", "the current 曜 is in a 四刑 palace (子 午 卯 酉)", (True,))
def _si_xing(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"si_xing": BRANCHES[_cur_b(ctx)]} if _cur_b(ctx) in SI_XING else None


@_word("xian_ji", "the current 曜 is in the 閒極 palace (兄弟)", (True,))
def _xian_ji(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"xian_ji": True} if ctx.gong_of[_cur_b(ctx)] in XIAN_JI else None


@_word("nayin_stage", "the current 曜's palace is one of these 長生 stages of the birth year's 納音 element")
def _nayin_stage(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    s = ctx.stage(ctx.nayin, _cur_b(ctx))
    return {"nayin_stage": s} if s in _as_list(v) else None


@_word(
    "stage", "the current 曜's palace is one of these 長生 stages (option stage_of: 納音 or the 曜's element)"
)
def _stage(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    e = ctx.nayin if ctx.opts["stage_of"] == "nayin" or ctx.cur is None else YAO_ELEMENT[ctx.cur]
    s = ctx.stage(e, _cur_b(ctx))
    return {"stage": s, "stage_of": ctx.opts["stage_of"]} if s in _as_list(v) else None


@_word("with_roles", "a 曜 holding one of these roles stands in the same palace as the current subject")
def _with_roles(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    hit = [
        {"role": _role_name(ctx, r), "yao": y} for r, y in _role_stars(ctx, _as_list(v)) if ctx.yao_b[y] == b
    ]
    return {"with": hit} if hit else None


@_word(
    "meet_roles", "stars of these roles stand in the 三方四正 of the current palace ({roles, min} or a list)"
)
def _meet_roles(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    roles, need = (v["roles"], int(v.get("min", 1))) if isinstance(v, Mapping) else (_as_list(v), 1)
    b = _cur_b(ctx)
    hit, seen = [], set()
    for r, y in _role_stars(ctx, roles):
        off = (ctx.yao_b[y] - b) % 12
        if off in ASPECT_OF and y != ctx.cur:
            hit.append({"role": _role_name(ctx, r), "yao": y, "by": ASPECT_OF[off]})
            seen.add(r)
    return {"meet": hit} if len(seen) >= need else None


@_word("with_yao", "one of these 曜 (other than the current one) stands in the same palace", YAO)
def _with_yao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [y for y in _others(ctx, _cur_b(ctx)) if y in _as_list(v)]
    return {"with_yao": got} if got else None


@_word(
    "with_xiong",
    "a 凶 曜 other than the current one is (true) or is not (false) in the same palace",
    (True, False),
)
def _with_xiong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [y for y in _others(ctx, _cur_b(ctx)) if y in XIONG]
    if bool(got) != bool(v):
        return None
    return {"xiong": got} if got else {}


@_word("with_ji", "a 吉 曜 other than the current one stands in the same palace", (True,))
def _with_ji(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [y for y in _others(ctx, _cur_b(ctx)) if y in JI]
    return {"ji": got} if got else None


@_word("xiong_zhao", "a 凶 曜 aspects the current palace from its 對照 or 三合 palaces", (True,))
def _xiong_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    got = [
        {"yao": y, "by": ASPECT_OF[o]}
        for o in SAN_FANG
        if o
        for y in ctx.by_branch[(b + o) % 12]
        if y in XIONG and y != ctx.cur
    ]
    return {"xiong_zhao": got} if got else None


def _jia(ctx: Ctx, b: int, cls: str) -> list[list[str]] | None:
    sides = [[y for y in ctx.by_branch[(b + o) % 12] if _class_of(y) == cls] for o in JIA_OFFSETS]
    return sides if all(sides) else None


@_word("jia", "both palaces next to the current one hold a 吉 (or a 凶) 曜 (夾)", _CLASSES)
def _jia_word(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = _jia(ctx, _cur_b(ctx), str(v))
    return {"jia": got} if got else None


@_word(
    "gong_jia",
    "the current palace is flanked (夾) or held between its two 三合 palaces (拱) by 凶 曜",
    ("凶",),
)
def _gong_jia(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    got = _jia(ctx, b, "凶")
    if got:
        return {"jia": got}
    sides = [[y for y in ctx.by_branch[(b + o) % 12] if y in XIONG] for o in (4, 8)]
    return {"gong": sides} if all(sides) else None


@_word("is_role", "the current 曜 also holds one of these roles (命主, 化祿, a spirit key …)")
def _is_role(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [_role_name(ctx, r) for r in _as_list(v) if ctx.cur in ctx.roles.get(r, ())]
    return {"also": got} if got else None


@_word("yao", "the current 曜 is one of these", YAO)
def _yao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {} if ctx.cur in _as_list(v) else None


@_word("zhu_of", "the current 曜 is the 宮主 of one of these palaces", _PALACE_TOKENS)
def _zhu_of(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [t for t, b in ctx.branches(v) if ctx.zhu[b] == ctx.cur]
    return {"zhu_of": got} if got else None


@_word(
    "gui_ma",
    "the current 曜 stands on the birth year's 貴人 (天乙 by day, 玉堂 by night), 祿 or 驛馬",
    (True,),
)
def _gui_ma(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    name = ctx.gui_ma_branches().get(_cur_b(ctx))
    return {"on": name} if name else None


@_word("on_spirits", "a palace spirit with one of these keys stands on the current palace")
def _on_spirits(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    got = [_role_name(ctx, k) for k in _as_list(v) if b in ctx.spirit_branches.get(k, ())]
    return {"spirits": got} if got else None


@_word("with_spirits", "another palace spirit with one of these keys stands on the current palace")
def _with_spirits(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _on_spirits(ctx, v, w)


@_word(
    "xian_reach",
    "on the date of the reading, this 限 stands on the current palace (大限 小限 流年)",
    _XIAN_KINDS,
)
def _xian_reach(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    if ctx.xian_b is None:
        return None
    b = _cur_b(ctx)
    got = [k for k in _as_list(v) if ctx.xian_b.get(k) == b]
    return {"xian": got} if got else None


@_word("ke_ming", "the element of the current 曜 overcomes the element of the 命主 (克命)", (True,))
def _ke_ming(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    assert ctx.cur is not None
    zhu = ctx.roles["命主"][0]
    if overcomes(YAO_ELEMENT[ctx.cur], YAO_ELEMENT[zhu]):
        return {"ke": f"{ctx.cur}克命主{zhu}"}
    return None


@_word("ke_xian", "the element of the current 曜 overcomes the 宮主 of the 大限 palace of the date", (True,))
def _ke_xian(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    if ctx.xian_b is None or ctx.xian_b.get("大限") is None or ctx.cur is None:
        return None
    b = ctx.xian_b["大限"]
    assert b is not None
    zhu = ctx.zhu[b]
    if overcomes(YAO_ELEMENT[ctx.cur], YAO_ELEMENT[zhu]):
        return {"ke": f"{ctx.cur}克限主{zhu}", "da_xian": ctx.gong_of[b]}
    return None


# ── palace words ─────────────────────────────────────────────────────────────────────────────────────


@_word("at_gong", "the current palace is one of these palaces", _PALACE_TOKENS)
def _at_gong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _in_gong(ctx, v, w)


@_word("at_zhao", "the current palace is in the 三方四正 of one of these palaces", _PALACE_TOKENS)
def _at_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _zhao_gong(ctx, v, w)


@_word(
    "gong_has",
    "the current palace holds: 吉 / 凶 曜, any 曜 (星), none (無星), or no 凶 曜 (無凶)",
    ("吉", "凶", "星", "無星", "無凶"),
)
def _gong_has(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    here = _others(ctx, _cur_b(ctx))
    if v == "星":
        return {"yao_here": list(here)} if here else None
    if v == "無星":
        return {} if not here else None
    if v == "無凶":
        return None if any(y in XIONG for y in here) else {"yao_here": list(here)}
    got = [y for y in here if _class_of(y) == v]
    return {"yao_here": got} if got else None


@_word("gong_yao", "one of these 曜 stands in the current palace", YAO)
def _gong_yao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _with_yao(ctx, v, w)


@_word("meet_yao", "one of these 曜 stands in the 三方四正 of the current palace", YAO)
def _meet_yao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    got = [
        {"yao": y, "by": ASPECT_OF[o]}
        for o in SAN_FANG
        for y in ctx.by_branch[(b + o) % 12]
        if y in _as_list(v)
    ]
    return {"meet": got} if got else None


@_word("zhao_has", "a 吉 (or 凶) 曜 stands in the 三方四正 of the current palace", _CLASSES)
def _zhao_has(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    got = [
        {"yao": y, "by": ASPECT_OF[o]}
        for o in SAN_FANG
        for y in ctx.by_branch[(b + o) % 12]
        if _class_of(y) == v and y != ctx.cur
    ]
    return {"zhao": got} if got else None


@_word("kong", "the current palace is (true) or is not (false) 空亡 (the chart's 空亡)", (True, False))
def _kong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    k = _cur_b(ctx) in ctx.kong
    return ({"kong": True} if k else {}) if k == bool(v) else None


@_word("po", "the current palace is (true) or is not (false) broken: 大耗 (歲破) stands on it", (True, False))
def _po(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    p = _cur_b(ctx) in ctx.spirit_branches.get("da_hao", ())
    return ({"po": True} if p else {}) if p == bool(v) else None


@_word("gong_zhu_xian", "the 宮主 of the current palace is (true) or is not (false) 陷", (True, False))
def _gong_zhu_xian(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    z = ctx.zhu[_cur_b(ctx)]
    x = z in ctx.xian_at
    if x != bool(v):
        return None
    return {"gong_zhu": z, "xian": True} if x else {}


@_word("gong_zhu_in", "the 宮主 of the current palace stands in it (入垣)", (True,))
def _gong_zhu_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _cur_b(ctx)
    z = ctx.zhu[b]
    return {"gong_zhu": z} if ctx.yao_b[z] == b else None


@_word("gong_zhu_at", "the 宮主 of the current palace stands in one of these palaces", _PALACE_TOKENS)
def _gong_zhu_at(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    z = ctx.zhu[_cur_b(ctx)]
    got = [t for t, b in ctx.branches(v) if ctx.yao_b[z] == b]
    return {"gong_zhu": z, "at": got} if got else None


@_word(
    "gong_zhu_good",
    "the 宮主 of the current palace is well placed: not 陷, in a 七強 palace or 廟 旺 入垣",
    (True,),
)
def _gong_zhu_good(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    z = ctx.zhu[_cur_b(ctx)]
    return {"gong_zhu": z} if ctx.strength(z) > 0 else None


@_word(
    "gong_yao_xian", "a 曜 in the current palace is (true) or none is (false) 陷 (in its 怒宮)", (True, False)
)
def _gong_yao_xian(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = [y for y in ctx.by_branch[_cur_b(ctx)] if y in ctx.xian_at]
    if bool(got) != bool(v):
        return None
    return {"xian": got} if got else {}


@_word("yao_roles_here", "a 曜 holding one of these roles stands in the current palace")
def _yao_roles_here(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _with_roles(ctx, v, w)


@_word("gong_stage", "the current palace is one of these stages of the birth year's 納音 element")
def _gong_stage(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return _nayin_stage(ctx, v, w)


# ── chart words ──────────────────────────────────────────────────────────────────────────────────────


@_word("ming_weak", "the 命主 is weak: in a 五弱 palace or 陷", (True,))
def _ming_weak(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    z = ctx.roles["命主"][0]
    return {"ming_zhu": z, "weak": True} if ctx.strength(z) < 0 else None


@_word("shen_qiang", "the 身宮 is a 七強 palace", (True,))
def _shen_qiang(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"shen_gong": ctx.gong_of[ctx.shen]} if ctx.shen in ctx.qiang else None


@_word("role_in", "{role: [palaces]}: for every listed role, a 曜 of that role stands in one of its palaces")
def _role_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = []
    for r, toks in v.items():
        bs = ctx.branch_set(toks)
        hit = [
            {"role": _role_name(ctx, r), "yao": y, **ctx.where(ctx.yao_b[y])}
            for y in ctx.roles.get(r, ())
            if ctx.yao_b[y] in bs
        ]
        if not hit:
            return None
        got += hit
    return {"roles_in": got}


@_word("role_qiang", "{star: 七強|五弱}: the star (曜, role or 主:palace) stands in a palace of that class")
def _role_qiang(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = []
    for r, cls in v.items():
        ys = [y for y in _ref_stars(ctx, r) if ctx.yao_b[y] in (ctx.qiang if cls == "七強" else ctx.ruo)]
        if not ys:
            return None
        got.append(
            {"role": _role_name(ctx, r), "yao": ys[0], **ctx.where(ctx.yao_b[ys[0]]), "qiang_ruo": cls}
        )
    return {"roles": got}


@_word("roles_differ", "[star a, star b]: the two roles (or 主:palace) are held by different 曜")
def _roles_differ(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    a, b = (set(_ref_stars(ctx, r)) for r in v)
    return {} if a and b and not a & b else None


@_word("not_role_yao", "{role: [曜]}: the 曜 of that role is none of these")
def _not_role_yao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return None if any(y in ys for r, ys in v.items() for y in ctx.roles.get(r, ())) else {}


@_word("no_roles_in", "{roles: [...], in: [palaces]}: no 曜 of these roles stands in those palaces")
def _no_roles_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    bs = ctx.branch_set(v["in"])
    return None if any(ctx.yao_b[y] in bs for _, y in _role_stars(ctx, v["roles"])) else {}


def _needs_spirit(v: Any) -> set[tuple[str, str, str]]:
    """``spirit_at``: one of the listed palace spirits stands in one of its palaces."""
    return {("spirit", k, t) for k, toks in v.items() for t in _as_list(toks)}


@_word(
    "spirit_at",
    "{spirit key: [palaces]}: one of these palace spirits stands in one of its palaces",
    needs=_needs_spirit,
)
def _spirit_at(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = []
    for k, toks in v.items():
        bs = ctx.branch_set(toks)
        got += [
            {"spirit": _role_name(ctx, k), **ctx.where(b)} for b in ctx.spirit_branches.get(k, ()) if b in bs
        ]
    return {"spirits_in": got} if got else None


@_word(
    "wen_shen",
    "strength of the 文星 against the 身主: 文旺身衰, 身旺文衰 or 均平 (both strong)",
    ("文旺身衰", "身旺文衰", "均平"),
)
def _wen_shen(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    wen = ctx.roles.get("wen_xing", ())
    if not wen:
        return None
    a, s = ctx.strength(wen[0]), ctx.strength(ctx.roles["身主"][0])
    ok = {"文旺身衰": a > 0 > s, "身旺文衰": s > 0 > a, "均平": a > 0 and s > 0}[str(v)]
    return {"wen_xing": wen[0], "shen_zhu": ctx.roles["身主"][0]} if ok else None


@_word(
    "jing_wei",
    "天經 and 地緯 flank (夾) or hold between their 三合 (拱) the 命宮 or 身宮 (拱夾), or the "
    "斗標 palace holds one of them (斗標破)",
    ("拱夾", "斗標破"),
)
def _jing_wei(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    jing, wei = ctx.roles.get("tian_jing", ()), ctx.roles.get("di_wei", ())
    if not jing or not wei:
        return None
    bj, bw = ctx.yao_b[jing[0]], ctx.yao_b[wei[0]]
    if v == "斗標破":
        db = ctx.spirit_branches.get("dou_biao", ())
        return {"dou_biao": BRANCHES[db[0]]} if db and db[0] in (bj, bw) else None
    for name, b in (("命宮", ctx.ming), ("身宮", ctx.shen)):
        pair = {(bj - b) % 12, (bw - b) % 12}
        if pair == {1, 11}:
            return {"gong": name, "by": "夾"}
        if pair == {4, 8}:
            return {"gong": name, "by": "拱"}
    return None


@_word(
    "ge_ju",
    "a fired 格局 of this grade (貴 or 賤) involves the 宮主 of a key palace (命 身 官 福 田 財 妻 子)",
    ("貴", "賤"),
)
def _ge_ju(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    key = [
        ctx.zhu[ctx.gong_branch[g]] for g in ("命宮", "身宮", "官祿", "福德", "田宅", "財帛", "夫妻", "男女")
    ]
    got = []
    for name, grade, facts in ctx.patterns:
        if grade != v:
            continue
        stars = pattern_stars(facts)
        if any(y in key for y in stars):
            got.append({"ge": name, "yao": [y for y in stars if y in key]})
    return {"ge_ju": got} if got else None


def pattern_stars(facts: Mapping[str, Any]) -> tuple[str, ...]:
    """The 曜 the facts of a fired 格局 name (keys or values), in order."""
    found: list[str] = []
    _walk(facts, found)
    return tuple(dict.fromkeys(found))


def _walk(x: Any, found: list[str]) -> None:
    # a module function, not a closure over itself: a self-referencing closure per call is a reference
    # cycle that only the garbage collector frees, and its full collections cost the reading its speed.
    # The facts are JSON-ready: their exact types (str, a scalar, dict, list) are told apart first, the
    # abstract checks (``Mapping``: slow, and false for every scalar) only for another kind of value
    t = type(x)
    if t is str:
        if x in _YAO_SET:
            found.append(x)
    elif t in _SCALARS:
        return
    elif t is dict:
        for k, val in x.items():
            if k in _YAO_SET:
                found.append(k)
            _walk(val, found)
    elif t is list or t is tuple:
        for val in x:
            _walk(val, found)
    elif isinstance(x, str):
        if x in _YAO_SET:
            found.append(x)
    elif isinstance(x, Mapping):
        for k, val in x.items():
            if k in _YAO_SET:
                found.append(k)
            _walk(val, found)
    elif isinstance(x, (list, tuple)):
        for val in x:
            _walk(val, found)


#: the scalar types of facts, which name no 曜
_SCALARS = frozenset({int, float, bool, type(None)})


@_word("sex", "the native's sex", ("男", "女"))
def _sex(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"sex": ctx.sex} if ctx.sex == v else None


@_word(
    "day_night",
    "born by day (晝) or by night (夜), as the time core tells",
    ("晝", "夜"),
    needs=_needs_one_of("day_night"),
)
def _day_night(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"day_night": v} if (v == "晝") == ctx.day else None


@_word("year_branch", "the birth year's branch is one of these", BRANCHES)
def _year_branch(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = BRANCHES[ctx.year.branch]
    return {"year_branch": b} if b in _as_list(v) else None


@_word("year_stem", "the birth year's stem is one of these", STEMS, needs=_needs_one_of("year_stem"))
def _year_stem(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    s = STEMS[ctx.year.stem]
    return {"year_stem": s} if s in _as_list(v) else None


@_word("month", "the 月建 of the birth month is one of these branches", BRANCHES)
def _month(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    m = BRANCHES[ctx.month]
    return {"month": m} if m in _as_list(v) else None


@_word(
    "season",
    "the season of the birth month (春 夏 秋 冬, and 季 for 辰 未 戌 丑)",
    ("春", "夏", "秋", "冬", "季"),
    needs=_needs_one_of("season"),
)
def _season(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"season": ctx.season} if ctx.season in _as_list(v) else None


@_word("lunar_day", "the day of the lunar month is one of these")
def _lunar_day(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return {"lunar_day": ctx.lunar_day} if ctx.lunar_day in _as_list(v) else None


@_word("hour", "the birth hour's branch is one of these", BRANCHES)
def _hour(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    h = BRANCHES[ctx.hour]
    return {"hour": h} if h in _as_list(v) else None


@_word("ming", "the 命宮 is on one of these branches", BRANCHES, needs=_needs_one_of("ming"))
def _ming(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    m = BRANCHES[ctx.ming]
    return {"ming_gong": m} if m in _as_list(v) else None


@_word("shen", "the 身宮 is on one of these branches", BRANCHES)
def _shen(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    s = BRANCHES[ctx.shen]
    return {"shen_gong": s} if s in _as_list(v) else None


@_word(
    "yao_in",
    "{star: [palaces]}: every listed star (a 曜, a role such as 命主 or 化祿, or 主:palace for a palace's"
    " 宮主) stands in one of its palaces",
    needs=_needs_in,
)
def _yao_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, Any] = {}
    refs: dict[str, str] = {}
    for ref, toks in v.items():
        bs = ctx.branches(toks)
        for y in (ref,) if ref in _YAO_SET else _ref_stars(ctx, ref):
            hit = [t for t, b in bs if ctx.yao_b[y] == b]
            if hit:
                got[y] = hit[0]
                refs.update(_refs(ref, y))
                break
        else:
            return None
    return {"yao_in": got, "as": refs} if refs else {"yao_in": got}


@_word(
    "yao_dignity",
    "{star: [dignities]}: every listed star (曜, role or 主:palace) has one of its dignities",
    needs=_needs_dignity,
)
def _yao_dignity(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, Any] = {}
    refs: dict[str, str] = {}
    for ref, ds in v.items():
        for y in _ref_stars(ctx, ref):
            d = [x for x in ctx.dignities[y] if x in ds]
            if d:
                got[y] = d
                refs.update(_refs(ref, y))
                break
        else:
            return None
    return {"dignity": got, "as": refs} if refs else {"dignity": got}


@_word(
    "yao_on",
    "{曜: 月建|華蓋|驛馬|祿}: the 曜 stands on the birth month's 月建, or the year's 華蓋, 驛馬 or 祿",
)
def _yao_on(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    from xuanheng.core.shensha_basic import hua_gai, lu, yi_ma

    where = {
        "月建": ctx.month,
        "華蓋": hua_gai(ctx.year.branch),
        "驛馬": yi_ma(ctx.year.branch),
        "祿": lu(ctx.year.stem),
    }
    got = {}
    for y, k in v.items():
        b = where[k]
        if ctx.yao_b[y] != b:
            return None
        got[y] = {"on": k, "branch": BRANCHES[b]}
    return {"yao_on": got}


@_word("same_gong", "all these stars (曜, roles or 主:palace) stand in one palace", needs=_needs_with)
def _same_gong(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    bs = {_ref_branch(ctx, y) for y in _as_list(v)}
    if len(bs) != 1 or None in bs:
        return None
    b = next(iter(bs))
    assert b is not None
    return {"same_gong": ctx.where(b)}


@_word("count_in", "{yao: [...], in: [palaces], min: n}: at least n of these 曜 stand in those palaces")
def _count_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    bs = ctx.branch_set(v["in"])
    got = [y for y in v["yao"] if ctx.yao_b[y] in bs]
    return {"count_in": got} if len(got) >= int(v["min"]) else None


@_word(
    "count_zhao", "{yao: [...], gong: palace, min: n}: at least n of these 曜 aspect that palace (三方四正)"
)
def _count_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = ctx.branch_set(v["gong"])
    (tb,) = b
    got = [
        {"yao": y, "by": ASPECT_OF[(ctx.yao_b[y] - tb) % 12]}
        for y in v["yao"]
        if (ctx.yao_b[y] - tb) % 12 in ASPECT_OF
    ]
    return {"zhao": got} if len(got) >= int(v["min"]) else None


@_word(
    "relation",
    "{a, b, kinds}: the palaces of star a and star b (or of one of the stars b lists) are related by one"
    " of these aspects (同宮 對照 三合); a star is a 曜, a role or 主:palace",
)
def _relation(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    ba = _ref_branch(ctx, v["a"])
    if ba is None:
        return None
    for b in _as_list(v["b"]):
        bb = _ref_branch(ctx, b)
        if bb is None:
            continue
        k = ASPECT_OF.get((ba - bb) % 12)
        if k in v["kinds"]:
            return {"relation": {"a": v["a"], "b": b, "by": k}}
    return None


@_word("empty", "no 曜 stands in these palaces", _PALACE_TOKENS)
def _empty(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return None if any(ctx.by_branch[b] for b in ctx.branch_set(v)) else {"empty": _as_list(v)}


@_word("no_xiong_in", "no 凶 曜 stands in these palaces", _PALACE_TOKENS)
def _no_xiong_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    return None if any(y in XIONG for b in ctx.branch_set(v) for y in ctx.by_branch[b]) else {}


@_word("lian_zhu", "the five planets stand in five palaces in a row (連珠), or all in one palace", (True,))
def _lian_zhu(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    bs = sorted({ctx.yao_b[y] for y in FIVE_PLANETS})
    if len(bs) == 1:
        return {"lian_zhu": "同宮", **ctx.where(bs[0])}
    if len(bs) != 5:
        return None
    for s in bs:
        if {(s + i) % 12 for i in range(5)} == set(bs):
            return {"lian_zhu": [BRANCHES[(s + i) % 12] for i in range(5)]}
    return None


@_word("xiu_in", "{曜: [mansions]}: every listed 曜 stands in one of its mansions", needs=_needs_xiu)
def _xiu_in(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    for y, xs in v.items():
        x = XIU_NAMES[ctx.yao_xiu[y]]
        if x not in xs:
            return None
        got[y] = x
    return {"xiu_in": got}


@_word(
    "flank",
    "{gong, by: [a, b]}: stars a and b stand in the two palaces next to gong, one on each side (夾); gong is"
    " a palace or the palace of a star; a star is a 曜, a role or 主:palace",
)
def _flank(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = _ref_branch(ctx, v["gong"])
    a, c = v["by"]
    ba, bc = _ref_branch(ctx, a), _ref_branch(ctx, c)
    if b is None or ba is None or bc is None:
        return None
    sides = {(ba - b) % 12, (bc - b) % 12}
    return {"flank": {"gong": v["gong"], "by": [a, c]}} if sides == _JIA_SIDES else None


@_word(
    "yao_with",
    "{star: [曜]}: for every listed star (曜, role or 主:palace), one of these 曜 (other than itself) stands"
    " in its palace",
)
def _yao_with(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, list[str]] = {}
    for ref, ys in v.items():
        b = _ref_branch(ctx, ref)
        if b is None:
            return None
        hit = [y for y in ctx.by_branch[b] if y in ys and y not in _ref_stars(ctx, ref)]
        if not hit:
            return None
        got[ref] = hit
    return {"with": got}


@_word("yao_without", "{star: [曜]}: for every listed star, none of these 曜 stands in its palace")
def _yao_without(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    for ref, ys in v.items():
        b = _ref_branch(ctx, ref)
        if b is None or any(y in ys and y not in _ref_stars(ctx, ref) for y in ctx.by_branch[b]):
            return None
    return {}


@_word("company", "{star: n}: exactly n other 曜 share the palace of that star (0: it stands alone)")
def _company(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, list[str]] = {}
    for ref, n in v.items():
        b = _ref_branch(ctx, ref)
        if b is None:
            return None
        others = [y for y in ctx.by_branch[b] if y not in _ref_stars(ctx, ref)]
        if len(others) != int(n):
            return None
        got[ref] = others
    return {"company": got}


@_word(
    "same_xiu", "all these 曜 stand in one 宿 (同躔: closer than one palace; read as 交戰 of two 凶 曜)", YAO
)
def _same_xiu(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    ks = {ctx.yao_xiu[y] for y in _as_list(v)}
    return (
        {"same_xiu": {"yao": list(_as_list(v)), "xiu": XIU_NAMES[next(iter(ks))]}} if len(ks) == 1 else None
    )


@_word(
    "strength", "{star: 強|弱}: the star is strong (七強 palace or 廟 旺 入垣, not 陷) or weak (五弱 or 陷)"
)
def _strength(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, str] = {}
    for ref, want in v.items():
        ys = _ref_stars(ctx, ref)
        ok = [y for y in ys if (ctx.strength(y) > 0 if want == "強" else ctx.strength(y) < 0)]
        if not ok:
            return None
        got[ok[0]] = want
    return {"strength": got}


@_word("ji_flank", "the palace of this 曜 is flanked by 吉 曜 on both sides", YAO)
def _ji_flank(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = _jia(ctx, ctx.yao_b[str(v)], "吉")
    return {"jia": got} if got else None


#: the offsets of the two palaces that flank a palace (夾)
_JIA_SIDES = frozenset(o % 12 for o in JIA_OFFSETS)

#: the five planets (named by their elements: 木 is Jupiter …)
FIVE_PLANETS = frozenset(ELEMENTS)


def _member(y: str, v: Mapping[str, Any]) -> bool:
    if "yao" in v:
        return y in v["yao"]
    cls = v["class"]
    return cls == "星" or (cls == "五星" and y in FIVE_PLANETS) or _class_of(y) == cls


@_word(
    "each_has",
    "{in: [palaces], class: 吉|凶|星|五星 or yao: [...]}: every one of these palaces holds such a 曜",
)
def _each_has(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    out = {}
    for t, b in ctx.branches(v["in"]):
        got = [y for y in ctx.by_branch[b] if _member(y, v)]
        if not got:
            return None
        out[t] = got
    return {"each": out}


@_word(
    "yin_shou",
    "the 命宮's 宮主 element, the element it generates and the next all have their planet in the 命宮"
    " (印夀雙全 generalised: 亥 → 木 火 土)",
    (True,),
)
def _yin_shou(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    e = YAO_ELEMENT[ctx.zhu[ctx.ming]]
    stars = [ELEMENTS[(e + i) % 5] for i in range(3)]
    return {"san_yuan": stars} if all(ctx.yao_b[s] == ctx.ming for s in stars) else None


@_word(
    "shui_huo",
    "水 and 火 share a palace that aspects the 命宮; which entered it first (the deeper one): "
    "火先 (未濟) or 水先 (既濟)",
    ("火先", "水先"),
)
def _shui_huo(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    b = ctx.yao_b["水"]
    if ctx.yao_b["火"] != b or (b - ctx.ming) % 12 not in ASPECT_OF:
        return None
    start = chart_frame(ctx.chart).start(b)  # the palace's first degree in the chart's palace frame
    lon = {y.name: (y.lon - start) % 360.0 for y in ctx.chart.yao if y.name in ("水", "火")}
    first = "火先" if lon["火"] > lon["水"] else "水先"
    return {"order": first, **ctx.where(b)} if first == v else None


@_word("role_zhao", "{role: palace}: a 曜 of that role aspects that palace (三方四正)")
def _role_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = []
    for r, tok in v.items():
        (tb,) = ctx.branch_set(tok)
        ys = [y for y in ctx.roles.get(r, ()) if (ctx.yao_b[y] - tb) % 12 in ASPECT_OF]
        if not ys:
            return None
        got.append({"role": _role_name(ctx, r), "yao": ys[0], "by": ASPECT_OF[(ctx.yao_b[ys[0]] - tb) % 12]})
    return {"zhao": got}


@_word(
    "yao_motion",
    "{star: [motions]}: every listed star (曜, role or 主:palace) moves in one of its ways (順 逆 留 伏)",
)
def _yao_motion(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    refs: dict[str, str] = {}
    for ref, ms in v.items():
        ys = _ref_stars(ctx, ref)
        if not ys:
            return None
        y = ys[0]
        m = set(ctx.motion[y]) & set(ms)
        if "順" in m and ctx.motion[y] & {"逆", "留", "伏"}:
            m.discard("順")
        if not m:
            return None
        got[y] = sorted(m)
        refs.update(_refs(ref, y))
    return {"motion": got, "as": refs} if refs else {"motion": got}


@_word(
    "month_star_in_ming",
    "the planet of the birth month's season (春 木 夏 火 秋 金 冬 水 季 土) stands in the "
    "命宮, and the 命宮 is a palace of that season's element",
    (True,),
)
def _month_star_in_ming(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    from xuanheng.core.wangshuai import SEASON_ELEMENT

    s = season_of_month_branch(ctx.month)
    star = ELEMENT_STAR[SEASON_ELEMENT[s]]
    from xuanheng.core.ganzhi import BRANCH_ELEMENT

    if ctx.yao_b[star] != ctx.ming or BRANCH_ELEMENT[ctx.ming] != SEASON_ELEMENT[s]:
        return None
    return {"season": s.value, "star": star, "ming_gong": BRANCHES[ctx.ming]}


@_word(
    "flank_degree",
    "{star, by: [a, b], within: degrees}: the star (a 曜, a role or 主:palace) lies by longitude between "
    "stars a and b, on the shorter arc from one to the other, and that arc spans at most `within` degrees "
    "(夾 read by degree, as 鄭氏's cases name it)",
)
def _flank_degree(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    lon = {y.name: float(y.lon) for y in ctx.chart.yao}
    ys = _ref_stars(ctx, v["star"])
    a, b = (_ref_stars(ctx, r) for r in v["by"])
    if not ys or not a or not b:
        return None
    y, ya, yb = ys[0], a[0], b[0]
    if y in (ya, yb) or ya == yb:
        return None
    lo, span = lon[ya], (lon[yb] - lon[ya]) % 360.0
    if span > 180.0:  # the shorter arc runs from b to a
        lo, span = lon[yb], 360.0 - span
    if span > float(v["within"]) or not 0.0 < (lon[y] - lo) % 360.0 < span:
        return None
    got = {"flank_degree": {"star": y, "by": [ya, yb], "span": round(span, 1)}}
    refs = _refs(v["star"], y)
    return {**got, "as": refs} if refs else got


@_word(
    "near",
    "{a, b, within: degrees}: stars a and b (曜, roles or 主:palace) stand at most `within` degrees apart in "
    "longitude, whatever palaces they are in (會 read by degree)",
)
def _near(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    pair = _two_stars(ctx, v)
    if pair is None:
        return None
    a, b, lead = pair
    gap = abs((lead + 180.0) % 360.0 - 180.0)
    return {"near": {"a": a, "b": b, "gap": round(gap, 1)}} if gap <= float(v["within"]) else None


def _two_stars(ctx: Ctx, v: Any) -> tuple[str, str, float] | None:
    """The two different stars *v* names as ``a`` and ``b`` (曜, roles or 主:palace; the first of each) and
    how far a stands ahead of b in longitude, 0–360°; None when either names no star or both the same."""
    a, b = _ref_stars(ctx, v["a"]), _ref_stars(ctx, v["b"])
    if not a or not b or a[0] == b[0]:
        return None
    lon = {y.name: float(y.lon) for y in ctx.chart.yao}
    return a[0], b[0], (lon[a[0]] - lon[b[0]]) % 360.0


@_word(
    "ahead",
    "{a, b, within: degrees}: star a stands ahead of star b in the order of the signs (a's longitude the"
    " greater by more than 0 and at most `within` degrees: a 在前, b 在後; 曜, roles or 主:palace)",
)
def _ahead(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    pair = _two_stars(ctx, v)
    if pair is None or not 0.0 < pair[2] <= float(v["within"]):
        return None
    return {"ahead": {"a": pair[0], "b": pair[1], "by": round(pair[2], 1)}}


#: the seven 政 (the two lights and the five planets), which 羅 and 計 cut off (截) or leave (背)
QI_ZHENG = ("日", "月", "水", "金", "火", "木", "土")
#: the 東南 palaces (寅 卯 辰 東, 巳 午 未 南, as 《張果星宗》卷五〈日月合格〉 counts them in 日東月西 and
#: 日南月北); the other six are 西北
_DONG_NAN = frozenset(range(2, 8))


def _cut_half(ctx: Ctx) -> tuple[float, float] | None:
    """(longitude where 羅 stands, +1 or −1) when the seven 政 lie on one side of the 羅–計 line, or all but
    one that has slipped out alone to the other side (《星學大成》卷四〈看星節要八十一條〉 still calls that
    cut a 截斷, with one star 跳出): +1 for the half from 羅 forwards to 計, −1 for the other half; None when
    two or more lie on each side."""
    lon = {y.name: float(y.lon) for y in ctx.chart.yao}
    luo = lon["羅"]
    ahead = sum(((lon[y] - luo) % 360.0) < 180.0 for y in QI_ZHENG)
    if ahead >= len(QI_ZHENG) - 1:
        return luo, 1.0
    if ahead <= 1:
        return luo, -1.0
    return None


@_word(
    "luo_ji_cut",
    "羅 and 計 cut the seven 政 (or all but one that slips out alone: 《星學大成》卷四) off to one side of"
    " their line (截): 攔截 — that half lies 東南 by day or 西北 by night; 背命 — the 命度 lies on the"
    " other half; 餘外 — 孛 and 炁 both lie on the other half, outside the cut",
    ("攔截", "背命", "餘外"),
)
def _luo_ji_cut(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    cut = _cut_half(ctx)
    if cut is None:
        return None
    luo, side = cut
    if v == "餘外":
        lon = {y.name: float(y.lon) for y in ctx.chart.yao}
        for y in ("孛", "炁"):
            if (((lon[y] - luo) % 360.0) < 180.0) == (side > 0):
                return None
        return {"luo_ji_cut": "餘外", "孛": BRANCHES[ctx.yao_b["孛"]], "炁": BRANCHES[ctx.yao_b["炁"]]}
    fr = chart_frame(ctx.chart)
    if v == "背命":
        m = float(ctx.chart.ming_gong.lon)
        if (((m - luo) % 360.0) < 180.0) == (side > 0):
            return None
        return {"luo_ji_cut": "背命", "ming_gong": BRANCHES[ctx.ming]}
    mid = fr.palace_of((luo + (90.0 if side > 0 else 270.0)) % 360.0)  # the middle of the stars' half
    east_south = mid in _DONG_NAN
    if east_south != ctx.day:
        return None
    return {"luo_ji_cut": "東南" if east_south else "西北", "day_night": "晝" if ctx.day else "夜"}


@_word(
    "spirits_meet",
    "{a: spirit key, b: [spirit keys]}: spirit a stands on a palace where one of b stands too (逢)",
)
def _spirits_meet(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    here = set(ctx.spirit_branches.get(v["a"], ()))
    for k in _as_list(v["b"]):
        met = sorted(here.intersection(ctx.spirit_branches.get(k, ())))
        if met:
            return {
                "spirits_meet": {
                    "a": _role_name(ctx, v["a"]),
                    "b": _role_name(ctx, k),
                    "gong": BRANCHES[met[0]],
                }
            }
    return None


#: the five planets (the 政 less the two lights)
_WU_XING = tuple(y for y in QI_ZHENG if y not in ("日", "月"))


@_word(
    "lights_cut_off",
    "羅 and 計 hold the five planets on one side of their line and both lights on the other (日月背躔諸星:"
    " 《張果星宗》卷一〈入門看法〉「背」)",
)
def _lights_cut_off(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    lon = {y.name: float(y.lon) for y in ctx.chart.yao}
    luo = lon["羅"]
    planets = {((lon[y] - luo) % 360.0) < 180.0 for y in _WU_XING}
    lights = {((lon[y] - luo) % 360.0) < 180.0 for y in ("日", "月")}
    if len(planets) != 1 or lights != {not next(iter(planets))}:
        return None
    return {"lights_cut_off": {"日": BRANCHES[ctx.yao_b["日"]], "月": BRANCHES[ctx.yao_b["月"]]}}


def _leaked(ctx: Ctx) -> str | None:
    """The one 政 that stands alone on its side of the 羅–計 line while the other six share the other side
    (跳出, 漏出: 《星學大成》卷四〈看星節要八十一條〉), else None."""
    lon = {y.name: float(y.lon) for y in ctx.chart.yao}
    luo = lon["羅"]
    ahead = [y for y in QI_ZHENG if ((lon[y] - luo) % 360.0) < 180.0]
    if len(ahead) == 1:
        return ahead[0]
    if len(ahead) == len(QI_ZHENG) - 1:
        return next(y for y in QI_ZHENG if y not in ahead)
    return None


@_word(
    "leaks_out",
    "[stars]: 羅 and 計 hold six of the seven 政 on one side of their line and one of these stars (曜, roles"
    " or 主:palace) stands alone on the other (跳出一星, 漏出: 《星學大成》卷四〈看星節要八十一條〉)",
)
def _leaks_out(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    y = _leaked(ctx)
    if y is None:
        return None
    for ref in _as_list(v):
        if y in _ref_stars(ctx, ref):
            return {"leaks_out": {"yao": y, "gong": BRANCHES[ctx.yao_b[y]], **_refs(ref, y)}}
    return None


@_word(
    "qi_jie",
    "[命度 | 身]: each named point stands on a 岐界 — within one degree of a palace boundary (隔宮) or of a"
    " mansion boundary (隔度); 身 is the Moon (the 身星, where the Moon stands)",
    ("命度", "身"),
)
def _qi_jie(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    lines = ctx.memo.get("qi_jie")
    if lines is None:  # the chart's palace and mansion boundaries, once per chart
        fr = chart_frame(ctx.chart)
        lines = [fr.start(b) for b in range(12)]
        lines += [float(b.start) for b in getattr(ctx.chart, "xiu_bounds", ())]
        ctx.memo["qi_jie"] = lines
    got = {}
    for k in _as_list(v):
        lon = (
            float(ctx.chart.ming_gong.lon)
            if k == "命度"
            else next(float(y.lon) for y in ctx.chart.yao if y.name == "月")
        )
        gap = min(abs((lon - x + 180.0) % 360.0 - 180.0) for x in lines)
        if gap > 1.0:
            return None
        got[k] = round(gap, 2)
    return {"qi_jie": got}


@_word(
    "alone_around",
    "{star: true}: no other 曜 stands in the star's palace nor in the two palaces beside it (孤, 無輔)",
)
def _alone_around(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    for ref in v:
        ys = _ref_stars(ctx, ref)
        if not ys:
            return None
        b = ctx.yao_b[ys[0]]
        if any(y != ys[0] for o in (-1, 0, 1) for y in ctx.by_branch[(b + o) % 12]):
            return None
        got[ys[0]] = BRANCHES[b]
    return {"alone": got}


@_word("ming_stage", "the 命宮 is one of these 長生 stages of the birth year's 納音 element")
def _ming_stage(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    s = ctx.stage(ctx.nayin, ctx.ming)
    return {"ming_gong": BRANCHES[ctx.ming], "nayin_stage": s} if s in _as_list(v) else None


@_word(
    "overcomes",
    "{a, b}: the element of star a overcomes the element of star b (克; 曜, roles or 主:palace, 月 as water,"
    " 日 as fire)",
)
def _overcomes(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    a, b = _ref_stars(ctx, v["a"]), _ref_stars(ctx, v["b"])
    if not a or not b or not overcomes(YAO_ELEMENT[a[0]], YAO_ELEMENT[b[0]]):
        return None
    return {"ke": f"{a[0]}克{b[0]}"}


@_word(
    "sheng_by",
    "[stars]: every listed star (曜, role or 主:palace) shares its palace with another 曜 whose element"
    " generates its own (受生: 他來生我, met in one palace)",
)
def _sheng_by(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got: dict[str, list[str]] = {}
    ys = _first_stars(ctx, v)
    if ys is None:
        return None
    for y in ys:
        hit = [o for o in ctx.by_branch[ctx.yao_b[y]] if o != y and generates(YAO_ELEMENT[o], YAO_ELEMENT[y])]
        if not hit:
            return None
        got[y] = hit
    return {"sheng_by": got}


@_word(
    "beside",
    "{a, b}: star a stands in one of the two palaces next to the palace of star b (輔: before or after it)",
)
def _beside(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    ba, bb = _ref_branch(ctx, v["a"]), _ref_branch(ctx, v["b"])
    if ba is None or bb is None or (ba - bb) % 12 not in _JIA_SIDES:
        return None
    return {"beside": {"a": v["a"], "b": v["b"], **ctx.where(ba)}}


@_word(
    "spirit_zhao",
    "{spirit, yao: [stars], kinds}: every listed star (曜, role or 主:palace) stands in a palace related by"
    " one of these aspects (同宮 對照 三合) to a palace the palace spirit stands on",
)
def _spirit_zhao(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    for sb in ctx.spirit_branches.get(str(v["spirit"]), ()):
        got = {}
        for ref in v["yao"]:
            yb = _ref_branch(ctx, ref)
            k = ASPECT_OF.get((yb - sb) % 12) if yb is not None else None
            if k not in v["kinds"]:
                break
            got[ref] = k
        else:
            return {"spirit": _role_name(ctx, str(v["spirit"])), **ctx.where(sb), "by": got}
    return None


@_word(
    "duan_chan",
    "[stars]: every listed star (曜, role or 主:palace) stands in a palace where its course is broken (斷躔:"
    " aspects.toml [duan_chan])",
)
def _duan_chan(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    ys = _first_stars(ctx, v)
    if ys is None:
        return None
    for y in ys:
        if ctx.yao_b[y] not in DUAN_CHAN[y]:
            return None
        got[y] = BRANCHES[ctx.yao_b[y]]
    return {"duan_chan": got}


@_word(
    "shi_chan",
    "[stars]: every listed star (曜, role or 主:palace) stands in a mansion whose 七曜's element overcomes"
    " its own (失躔: the stars 《星學大成》卷二十九〈喬拗淵微〉 names as 失躔 — 木 in 鬼 and 亢, 金 in 室, 土"
    " in 角 and 斗 — each stand so; elements as aspects.toml [element])",
)
def _shi_chan(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    ys = _first_stars(ctx, v)
    if ys is None:
        return None
    for y in ys:
        k = ctx.yao_xiu[y]
        if not overcomes(YAO_ELEMENT[XIU[k].qiyao], YAO_ELEMENT[y]):
            return None
        got[y] = XIU_NAMES[k]
    return {"shi_chan": got}


#: the planet that is the 令星 of each season (《張果星宗》卷八〈論四時〉: 春木 夏火 秋金 冬水,
#: the four 季 months 土)
_LING = {"春": "木", "夏": "火", "秋": "金", "冬": "水", "季": "土"}


@_word(
    "dian_ling",
    "[stars]: every listed star (曜, role or 主:palace) is 升殿 or is the 令星 of the birth season (the"
    " planet of the season's element: 春 木, 夏 火, 秋 金, 冬 水, 季 土)",
)
def _dian_ling(ctx: Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    got = {}
    ys = _first_stars(ctx, v)
    if ys is None:
        return None
    for y in ys:
        if "升殿" in ctx.dignities[y]:
            got[y] = "升殿"
        elif y == _LING[ctx.season]:
            got[y] = "令"
        else:
            return None
    return {"dian_ling": got}


def describe() -> dict[str, str]:
    """Every condition word with its meaning."""
    return VOCAB.describe()


__all__ = ["VOCAB", "describe"]
