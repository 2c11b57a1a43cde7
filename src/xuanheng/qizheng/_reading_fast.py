"""Speed for the 七政四餘 reading: each rule compiled once into one predicate, with gates and buckets.

The plain statement is :func:`xuanheng.qizheng.reading.evaluate` (every rule, every candidate, through
:meth:`Vocabulary.holds` and the condition words of :mod:`xuanheng.qizheng._reading_vocab`). Here:

* **buckets** — a rule is only tried on a chart that shows one of its keys (the 命宮 branch it names, a
  palace its first ``yao_in`` 曜 must stand in, a date for the 限 words, or all the keys of an ``any`` whose
  tables each have some); every key is implied by the rule's own top-level conditions, so a rule filed under
  keys the chart lacks cannot fire;
* **gates** — for a star or palace rule, necessary chart conditions (命宮, month, sex, season …) checked on
  plain indices before its candidates are looked up;
* **topics** — with a topic, a judgment that would be dropped from the answer (neither the topic nor 總) is
  not evaluated at all (the 格局 always are: 003-019 and 003-020 read them);
* **compiled conditions** — each condition word with its rule's value is turned once into a closure
  ``(ctx, 曜, branch) → facts | None`` over precomputed sets and per-命宮/身宮 tables (the words most rules
  use are written again here from their statement; the others call the plain word). A ``when`` table
  becomes one predicate that tries its cheap conditions first and merges the facts in the table's order, the
  first key winning, as :meth:`Vocabulary.holds` does;
* **groups** — the judgments on one role, one 人事 palace or one palace spirit are evaluated together on
  their one candidate, looked up once (:class:`Plan`, one per topic); the 格局, which ``ge_ju`` reads from
  ``ctx.patterns``, are all evaluated before them, in report order, and the answer is put in report order;
* texts and fired-rule records are only built for rules that fire.

``tests/qizheng/test_reading_fast.py`` checks both readings agree (ids, facts, texts, order) over a seeded
sweep of charts, places, topics and options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from xuanheng.core.changsheng import element_stage
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS, STEMS
from xuanheng.core.shensha_basic import hua_gai, lu, yi_ma
from xuanheng.core.wangshuai import SEASON_ELEMENT, season_of_month_branch
from xuanheng.core.wuxing import overcomes
from xuanheng.qizheng._reading_ctx import (
    ASPECT_OF,
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
from xuanheng.qizheng._reading_vocab import FIVE_PLANETS, VOCAB
from xuanheng.qizheng.gong import GONG_NAMES, PALACES
from xuanheng.reading import FiredRule, Text
from xuanheng.rules import GENERAL_TOPIC, Rule, with_simplified

Facts = dict[str, Any]
Gate = Callable[[Ctx], bool]
#: a compiled condition (or ``when`` table): (context, current 曜 or None, current branch) → facts or None
Cond = Callable[[Ctx, "str | None", int], "Facts | None"]
Cand = tuple[str, "str | None", int]

if tuple(f.name for f in fields(FiredRule)) != ("id", "src", "facts", "text", "topics", "title", "extra"):
    raise ImportError(
        "qizheng _reading_fast builds FiredRule positionally: its fields changed"
    )  # pragma: no cover


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


# ── gates: necessary conditions on plain indices ─────────────────────────────────────────────────────


def _tokens(v: Any) -> Callable[[Ctx, int], bool]:
    """A test 'branch b is one of these palace tokens' (branch names fixed; palace names by the 命宮)."""
    toks = _as_list(v)
    fixed = frozenset(BRANCHES.index(t) for t in toks if t in BRANCHES)
    names = frozenset(t for t in toks if t in GONG_NAMES)
    shen = "身宮" in toks
    if not names and not shen:
        return lambda c, b: b in fixed
    return lambda c, b: b in fixed or c.gong_of[b] in names or (shen and b == c.shen)


def _chart_gate(key: str, v: Any) -> Gate | None:
    if key in ("ming", "shen", "month", "hour"):
        s = frozenset(BRANCHES.index(x) for x in _as_list(v))
        attr = key
        return lambda c: getattr(c, attr) in s
    if key == "year_stem":
        st = frozenset(STEMS.index(x) for x in _as_list(v))
        return lambda c: c.year.stem in st
    if key == "day_night":
        want = v == "晝"
        return lambda c: c.day == want
    if key == "sex":
        return lambda c: c.sex == v
    if key == "season":
        ss = frozenset(_as_list(v))
        return lambda c: c.season in ss
    if key == "lunar_day":
        ds = frozenset(_as_list(v))
        return lambda c: c.lunar_day in ds
    if key == "yao_in":
        tests = tuple((y, _tokens(t)) for y, t in v.items())
        return lambda c: all(f(c, c.yao_b[y]) for y, f in tests)
    if key == "xiu_in":
        from xuanheng.qizheng.xiu import NAMES

        xs = tuple((y, frozenset(NAMES.index(x) for x in m)) for y, m in v.items())
        return lambda c: all(c.yao_xiu[y] in s for y, s in xs)
    if key in ("xian_reach", "ke_xian"):
        return lambda c: c.xian_b is not None
    if key == "same_gong":
        ys = tuple(v)
        return lambda c: len({c.yao_b[y] for y in ys}) == 1
    if key == "shui_huo":
        return lambda c: c.yao_b["水"] == c.yao_b["火"]
    if key == "role_in":
        tests2 = tuple((r, _tokens(t)) for r, t in v.items())
        return lambda c: all(any(f(c, c.yao_b[y]) for y in c.roles.get(r, ())) for r, f in tests2)
    return None


# ── per-命宮/身宮 tables of palace tokens ────────────────────────────────────────────────────────────
# Palace tokens (人事 names, 身宮, branch names) resolve the same way on every chart with the same 命宮 and
# 身宮 (``Ctx.ms``), so each compiled word keeps its own small table per ``ms``, built on first use.


def _pairs(v: Any) -> Callable[[Ctx], tuple[tuple[str, int], ...]]:
    """(token, branch) of a token list on a chart, as :meth:`Ctx.branches` gives them."""
    toks = tuple(_as_list(v))
    tab: dict[int, tuple[tuple[str, int], ...]] = {}

    def pairs(c: Ctx) -> tuple[tuple[str, int], ...]:
        got = tab.get(c.ms)
        if got is None:
            gb = c.gong_branch
            got = tab[c.ms] = tuple((t, gb[t] if t in gb else BRANCHES.index(t)) for t in toks)
        return got

    return pairs


def _ms_cache(
    v: Any, build: Callable[[tuple[tuple[str, int], ...]], Any]
) -> tuple[dict[int, Any], Callable[[Ctx], Any]]:
    """(the memo, its filler) of ``build(pairs)`` of a token list per 命宮/身宮: the hottest words look the
    memo up themselves (``tab.get(c.ms)``) and call the filler only the first time."""
    pairs = _pairs(v)
    tab: dict[int, Any] = {}

    def get(c: Ctx) -> Any:
        got = tab.get(c.ms)
        if got is None:
            got = tab[c.ms] = build(pairs(c))
        return got

    return tab, get


def _per_ms(v: Any, build: Callable[[tuple[tuple[str, int], ...]], Any]) -> Callable[[Ctx], Any]:
    """``build(pairs)`` of a token list, memoised per 命宮/身宮."""
    return _ms_cache(v, build)[1]


def _hits_build(p: tuple[tuple[str, int], ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(t for t, tb in p if tb == b) for b in range(12))


def _zhao_build(p: tuple[tuple[str, int], ...]) -> tuple[tuple[tuple[str, str], ...], ...]:
    return tuple(
        tuple((t, ASPECT_OF[(b - tb) % 12]) for t, tb in p if (b - tb) % 12 in ASPECT_OF) for b in range(12)
    )


def _hits_by_branch(v: Any) -> Callable[[Ctx], tuple[tuple[str, ...], ...]]:
    """Per branch: the tokens of *v* that stand for it (in the list's order)."""
    return _per_ms(v, lambda p: tuple(tuple(t for t, tb in p if tb == b) for b in range(12)))


def _zhao_by_branch(v: Any) -> Callable[[Ctx], tuple[tuple[tuple[str, str], ...], ...]]:
    """Per branch b: (token, aspect) of the tokens whose palace b aspects (三方四正)."""
    return _per_ms(
        v,
        lambda p: tuple(
            tuple((t, ASPECT_OF[(b - tb) % 12]) for t, tb in p if (b - tb) % 12 in ASPECT_OF)
            for b in range(12)
        ),
    )


def _set_of(v: Any) -> Callable[[Ctx], frozenset[int]]:
    return _per_ms(v, lambda p: frozenset(b for _, b in p))


def _name(c: Ctx, r: str) -> str:
    return c.spirit_names.get(r, r)


def _class_of(y: str) -> str | None:
    return "吉" if y in JI else "凶" if y in XIONG else None


_NOT_SHUN = frozenset({"逆", "留", "伏"})
_STAGE: tuple[tuple[str, ...], ...] = tuple(tuple(element_stage(e, b) for b in range(12)) for e in range(5))
_ZHU: tuple[str, ...] = tuple(PALACES[b].zhu for b in range(12))
_WORDS: dict[str, Callable[[Any], Cond]] = {}  # words of the current 曜 / palace
_CHART_WORDS: dict[str, Callable[[Any], Cond]] = {}  # words of the whole chart
#: evaluation order: cheap words first (0: a chart index, 1: a lookup on the subject, 2: a loop)
_COST: dict[str, int] = {}


def _w(key: str, cost: int, chart: bool = False) -> Callable[[Callable[[Any], Cond]], Callable[[Any], Cond]]:
    def deco(make: Callable[[Any], Cond]) -> Callable[[Any], Cond]:
        (_CHART_WORDS if chart else _WORDS)[key] = make
        _COST[key] = cost
        return make

    return deco


# ── words of the current 曜 or palace (y: the 曜 or None, b: its branch) ───────────────────────────────


@_w("present", 0)
def _present(v: Any) -> Cond:
    return lambda c, y, b: {}


@_w("in_gong", 1)
@_w("at_gong", 1)
def _in_gong(v: Any) -> Cond:
    tab, fill = _ms_cache(v, _hits_build)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        t = tab.get(c.ms)
        h = (fill(c) if t is None else t)[b]
        return {"in": list(h)} if h else None

    return f


@_w("not_in_gong", 1)
def _not_in_gong(v: Any) -> Cond:
    bs = _set_of(v)
    return lambda c, y, b: None if b in bs(c) else {}


@_w("branch", 1)
def _branch(v: Any) -> Cond:
    s = frozenset(BRANCHES.index(x) for x in _as_list(v))
    return lambda c, y, b: {} if b in s else None


@_w("zhao_gong", 2)
@_w("at_zhao", 2)
def _zhao_gong(v: Any) -> Cond:
    tab, fill = _ms_cache(v, _zhao_build)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        t = tab.get(c.ms)
        h = (fill(c) if t is None else t)[b]
        return {"zhao": [{"gong": t, "by": by} for t, by in h]} if h else None

    return f


@_w("not_zhao", 1)
def _not_zhao(v: Any) -> Cond:
    zh = _zhao_by_branch(v)
    return lambda c, y, b: None if zh(c)[b] else {}


@_w("qiang", 1)
def _qiang(v: Any) -> Cond:
    if v == "七強":
        return lambda c, y, b: {"qiang_ruo": v} if b in c.qiang else None
    return lambda c, y, b: {"qiang_ruo": v} if b in c.ruo else None


@_w("dignity", 1)
def _dignity(v: Any) -> Cond:
    ds = frozenset(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [d for d in c.dignities[y] if d in ds]  # type: ignore[index]
        return {"dignity": got} if got else None

    return f


@_w("de_di", 1)
def _de_di(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        d = c.dignities[y]  # type: ignore[index]
        if bool(d) != want:
            return None
        return {"dignity": list(d)}

    return f


@_w("xian", 1)
def _xian(v: Any) -> Cond:
    if v:
        return lambda c, y, b: {"xian": True} if y in c.xian_at else None
    return lambda c, y, b: None if y in c.xian_at else {}


@_w("xian_ruo", 1)
def _xian_ruo(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        out = []
        if y in c.xian_at:
            out.append("陷")
        if c.yao_b[y] in c.ruo:  # type: ignore[index]
            out.append("五弱")
        return {"xian_ruo": out} if out else None

    return f


@_w("motion", 1)
def _motion(v: Any) -> Cond:
    ms = frozenset(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        m = c.motion[y]  # type: ignore[index]
        got = sorted(m & ms)
        if "順" in got and not m.isdisjoint(_NOT_SHUN):
            got.remove("順")
        return {"motion": got} if got else None

    return f


@_w("si_sha", 2)
def _si_sha(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        s = c.is_si_sha(b)
        return ({"si_sha": True} if s else {}) if s == want else None

    return f


@_w("si_xing", 1)
def _si_xing(v: Any) -> Cond:
    return lambda c, y, b: {"si_xing": BRANCHES[b]} if b in SI_XING else None


@_w("xian_ji", 1)
def _xian_ji(v: Any) -> Cond:
    xj = frozenset(XIAN_JI)
    return lambda c, y, b: {"xian_ji": True} if c.gong_of[b] in xj else None


@_w("nayin_stage", 1)
@_w("gong_stage", 1)
def _nayin_stage(v: Any) -> Cond:
    vs = frozenset(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        s = _STAGE[c.nayin][b]
        return {"nayin_stage": s} if s in vs else None

    return f


@_w("stage", 1)
def _stage(v: Any) -> Cond:
    vs = frozenset(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        of = c.opts["stage_of"]
        e = c.nayin if of == "nayin" or y is None else YAO_ELEMENT[y]
        s = _STAGE[e][b]
        return {"stage": s, "stage_of": of} if s in vs else None

    return f


@_w("with_roles", 2)
@_w("yao_roles_here", 2)
def _with_roles(v: Any) -> Cond:
    rs = tuple(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        roles, yb = c.roles, c.yao_b
        hit = [{"role": _name(c, r), "yao": x} for r in rs for x in roles.get(r, ()) if yb[x] == b]
        return {"with": hit} if hit else None

    return f


@_w("meet_roles", 2)
def _meet_roles(v: Any) -> Cond:
    rs, need = (
        (tuple(v["roles"]), int(v.get("min", 1))) if isinstance(v, Mapping) else (tuple(_as_list(v)), 1)
    )

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        roles, yb = c.roles, c.yao_b
        hit, seen = [], set()
        for r in rs:
            for x in roles.get(r, ()):
                off = (yb[x] - b) % 12
                if off in ASPECT_OF and x != y:
                    hit.append({"role": _name(c, r), "yao": x, "by": ASPECT_OF[off]})
                    seen.add(r)
        return {"meet": hit} if len(seen) >= need else None

    return f


@_w("with_yao", 1)
@_w("gong_yao", 1)
def _with_yao(v: Any) -> Cond:
    ys = frozenset(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [x for x in c.by_branch[b] if x != y and x in ys]
        return {"with_yao": got} if got else None

    return f


@_w("with_xiong", 1)
def _with_xiong(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [x for x in c.by_branch[b] if x != y and x in XIONG]
        if bool(got) != want:
            return None
        return {"xiong": got} if got else {}

    return f


@_w("with_ji", 1)
def _with_ji(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [x for x in c.by_branch[b] if x != y and x in JI]
        return {"ji": got} if got else None

    return f


@_w("xiong_zhao", 2)
def _xiong_zhao(v: Any) -> Cond:
    offs = tuple((o, ASPECT_OF[o]) for o in SAN_FANG if o)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        bb = c.by_branch
        got = [{"yao": x, "by": by} for o, by in offs for x in bb[(b + o) % 12] if x in XIONG and x != y]
        return {"xiong_zhao": got} if got else None

    return f


@_w("is_role", 1)
def _is_role(v: Any) -> Cond:
    rs = tuple(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [_name(c, r) for r in rs if y in c.roles.get(r, ())]
        return {"also": got} if got else None

    return f


@_w("yao", 0)
def _yao(v: Any) -> Cond:
    ys = frozenset(_as_list(v))
    return lambda c, y, b: {} if y in ys else None


@_w("zhu_of", 1)
def _zhu_of(v: Any) -> Cond:
    by_star = _per_ms(v, lambda p: {x: [t for t, tb in p if _ZHU[tb] == x] for x in YAO})

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = by_star(c).get(y)
        return {"zhu_of": list(got)} if got else None

    return f


@_w("on_spirits", 1)
@_w("with_spirits", 1)
def _on_spirits(v: Any) -> Cond:
    ks = tuple(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        sb = c.spirit_branches
        got = [_name(c, k) for k in ks if b in sb.get(k, ())]
        return {"spirits": got} if got else None

    return f


@_w("kong", 1)
def _kong(v: Any) -> Cond:
    if v:
        return lambda c, y, b: {"kong": True} if b in c.kong else None
    return lambda c, y, b: None if b in c.kong else {}


@_w("po", 1)
def _po(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        p = b in c.spirit_branches.get("da_hao", ())
        return ({"po": True} if p else {}) if p == want else None

    return f


@_w("gong_has", 1)
def _gong_has(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        here = [x for x in c.by_branch[b] if x != y]
        if v == "星":
            return {"yao_here": here} if here else None
        if v == "無星":
            return {} if not here else None
        if v == "無凶":
            return None if any(x in XIONG for x in here) else {"yao_here": here}
        got = [x for x in here if _class_of(x) == v]
        return {"yao_here": got} if got else None

    return f


@_w("gong_yao_xian", 1)
def _gong_yao_xian(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = [x for x in c.by_branch[b] if x in c.xian_at]
        if bool(got) != want:
            return None
        return {"xian": got} if got else {}

    return f


@_w("gong_zhu_good", 1)
def _gong_zhu_good(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        z = _ZHU[b]
        return {"gong_zhu": z} if c.strength(z) > 0 else None

    return f


@_w("gong_zhu_xian", 1)
def _gong_zhu_xian(v: Any) -> Cond:
    want = bool(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        z = _ZHU[b]
        x = z in c.xian_at
        if x != want:
            return None
        return {"gong_zhu": z, "xian": True} if x else {}

    return f


@_w("gong_zhu_in", 1)
def _gong_zhu_in(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        z = _ZHU[b]
        return {"gong_zhu": z} if c.yao_b[z] == b else None

    return f


@_w("gong_zhu_at", 1)
def _gong_zhu_at(v: Any) -> Cond:
    hits = _hits_by_branch(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        z = _ZHU[b]
        got = hits(c)[c.yao_b[z]]
        return {"gong_zhu": z, "at": list(got)} if got else None

    return f


@_w("meet_yao", 2)
def _meet_yao(v: Any) -> Cond:
    ys = frozenset(_as_list(v))
    offs = tuple((o, ASPECT_OF[o]) for o in SAN_FANG)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        bb = c.by_branch
        got = [{"yao": x, "by": by} for o, by in offs for x in bb[(b + o) % 12] if x in ys]
        return {"meet": got} if got else None

    return f


@_w("zhao_has", 2)
def _zhao_has(v: Any) -> Cond:
    offs = tuple((o, ASPECT_OF[o]) for o in SAN_FANG)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        bb = c.by_branch
        got = [
            {"yao": x, "by": by} for o, by in offs for x in bb[(b + o) % 12] if _class_of(x) == v and x != y
        ]
        return {"zhao": got} if got else None

    return f


@_w("xian_reach", 1)
def _xian_reach(v: Any) -> Cond:
    ks = tuple(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        xb = c.xian_b
        if xb is None:
            return None
        got = [k for k in ks if xb.get(k) == b]
        return {"xian": got} if got else None

    return f


# ── words of the whole chart ─────────────────────────────────────────────────────────────────────────


def _index_word(key: str, attr: str, out_key: str) -> None:
    def make(v: Any) -> Cond:
        s = frozenset(BRANCHES.index(x) for x in _as_list(v))

        def f(c: Ctx, y: str | None, b: int) -> Facts | None:
            i = getattr(c, attr)
            return {out_key: BRANCHES[i]} if i in s else None

        return f

    _w(key, 0, chart=True)(make)


_index_word("ming", "ming", "ming_gong")
_index_word("shen", "shen", "shen_gong")
_index_word("month", "month", "month")
_index_word("hour", "hour", "hour")


@_w("season", 0, chart=True)
def _season(v: Any) -> Cond:
    ss = frozenset(_as_list(v))
    return lambda c, y, b: {"season": c.season} if c.season in ss else None


@_w("day_night", 0, chart=True)
def _day_night(v: Any) -> Cond:
    day = v == "晝"
    return lambda c, y, b: {"day_night": v} if c.day == day else None


@_w("sex", 0, chart=True)
def _sex(v: Any) -> Cond:
    return lambda c, y, b: {"sex": c.sex} if c.sex == v else None


@_w("year_stem", 0, chart=True)
def _year_stem(v: Any) -> Cond:
    ss = frozenset(STEMS.index(x) for x in _as_list(v))
    return lambda c, y, b: {"year_stem": STEMS[c.year.stem]} if c.year.stem in ss else None


@_w("lunar_day", 0, chart=True)
def _lunar_day(v: Any) -> Cond:
    ds = tuple(_as_list(v))
    return lambda c, y, b: {"lunar_day": c.lunar_day} if c.lunar_day in ds else None


@_w("yao_in", 1, chart=True)
def _yao_in(v: Any) -> Cond:
    tabs = tuple(
        (
            x,
            *_ms_cache(toks, lambda p: tuple(next((t for t, tb in p if tb == bb), None) for bb in range(12))),
        )
        for x, toks in v.items()
    )

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = {}
        yb, ms = c.yao_b, c.ms
        for x, tab, fill in tabs:
            t = tab.get(ms)
            h = (fill(c) if t is None else t)[yb[x]]
            if h is None:
                return None
            got[x] = h
        return {"yao_in": got}

    return f


@_w("role_in", 2, chart=True)
def _role_in(v: Any) -> Cond:
    tests = tuple((r, _set_of(toks)) for r, toks in v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got: list[Facts] = []
        yb = c.yao_b
        for r, bs in tests:
            s = bs(c)
            hit = [
                {"role": _name(c, r), "yao": x, **c.where(yb[x])} for x in c.roles.get(r, ()) if yb[x] in s
            ]
            if not hit:
                return None
            got += hit
        return {"roles_in": got}

    return f


@_w("count_in", 1, chart=True)
def _count_in(v: Any) -> Cond:
    bs = _set_of(v["in"])
    ys, need = tuple(v["yao"]), int(v["min"])

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        s = bs(c)
        got = [x for x in ys if c.yao_b[x] in s]
        return {"count_in": got} if len(got) >= need else None

    return f


@_w("relation", 1, chart=True)
def _relation(v: Any) -> Cond:
    a, bb, kinds = v["a"], v["b"], tuple(v["kinds"])

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        k = ASPECT_OF.get((c.yao_b[a] - c.yao_b[bb]) % 12)
        return {"relation": {"a": a, "b": bb, "by": k}} if k in kinds else None

    return f


@_w("same_gong", 1, chart=True)
def _same_gong(v: Any) -> Cond:
    ys = tuple(_as_list(v))

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        bs = {c.yao_b[x] for x in ys}
        return {"same_gong": c.where(next(iter(bs)))} if len(bs) == 1 else None

    return f


def _month_star(month: int) -> tuple[str, str, int]:
    s = season_of_month_branch(month)
    return s.value, ELEMENT_STAR[SEASON_ELEMENT[s]], SEASON_ELEMENT[s]


_MONTH_STAR = tuple(_month_star(m) for m in range(12))


@_w("month_star_in_ming", 1, chart=True)
def _month_star_in_ming(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        season, star, e = _MONTH_STAR[c.month]
        if c.yao_b[star] != c.ming or BRANCH_ELEMENT[c.ming] != e:
            return None
        return {"season": season, "star": star, "ming_gong": BRANCHES[c.ming]}

    return f


@_w("xiu_in", 1, chart=True)
def _xiu_in(v: Any) -> Cond:
    from xuanheng.qizheng.xiu import NAMES

    tests = tuple((x, frozenset(xs)) for x, xs in v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = {}
        for x, xs in tests:
            n = NAMES[c.yao_xiu[x]]
            if n not in xs:
                return None
            got[x] = n
        return {"xiu_in": got}

    return f


@_w("yao_dignity", 1, chart=True)
def _yao_dignity(v: Any) -> Cond:
    tests = tuple((x, frozenset(ds)) for x, ds in v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = {}
        for x, ds in tests:
            d = [g for g in c.dignities[x] if g in ds]
            if not d:
                return None
            got[x] = d
        return {"dignity": got}

    return f


@_w("no_xiong_in", 1, chart=True)
def _no_xiong_in(v: Any) -> Cond:
    bs = _set_of(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        bb = c.by_branch
        return None if any(x in XIONG for i in bs(c) for x in bb[i]) else {}

    return f


@_w("shen_qiang", 0, chart=True)
def _shen_qiang(v: Any) -> Cond:
    return lambda c, y, b: {"shen_gong": c.gong_of[c.shen]} if c.shen in c.qiang else None


@_w("ming_weak", 1, chart=True)
def _ming_weak(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        z = c.roles["命主"][0]
        return {"ming_zhu": z, "weak": True} if c.strength(z) < 0 else None

    return f


@_w("roles_differ", 1, chart=True)
def _roles_differ(v: Any) -> Cond:
    ra, rb = v

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        a, d = set(c.roles.get(ra, ())), set(c.roles.get(rb, ()))
        return {} if a and d and not a & d else None

    return f


@_w("each_has", 2, chart=True)
def _each_has(v: Any) -> Cond:
    pairs = _pairs(v["in"])
    if "yao" in v:
        ys = frozenset(v["yao"])

        def member(x: str) -> bool:
            return x in ys
    else:
        cls = v["class"]

        def member(x: str) -> bool:
            return cls == "星" or (cls == "五星" and x in FIVE_PLANETS) or _class_of(x) == cls

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        out = {}
        for t, tb in pairs(c):
            got = [x for x in c.by_branch[tb] if member(x)]
            if not got:
                return None
            out[t] = got
        return {"each": out}

    return f


def _jia_sides(c: Ctx, b: int, cls: str) -> list[list[str]] | None:
    bb = c.by_branch
    sides = [[x for x in bb[(b + o) % 12] if _class_of(x) == cls] for o in JIA_OFFSETS]
    return sides if all(sides) else None


@_w("jia", 2)
def _jia(v: Any) -> Cond:
    cls = str(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = _jia_sides(c, b, cls)
        return {"jia": got} if got else None

    return f


@_w("gong_jia", 2)
def _gong_jia(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = _jia_sides(c, b, "凶")
        if got:
            return {"jia": got}
        bb = c.by_branch
        sides = [[x for x in bb[(b + o) % 12] if x in XIONG] for o in (4, 8)]
        return {"gong": sides} if all(sides) else None

    return f


@_w("gui_ma", 1)
def _gui_ma(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        name = c.gui_ma_branches().get(b)
        return {"on": name} if name else None

    return f


@_w("ke_ming", 1)
def _ke_ming(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        zhu = c.roles["命主"][0]
        if overcomes(YAO_ELEMENT[y], YAO_ELEMENT[zhu]):  # type: ignore[index]
            return {"ke": f"{y}克命主{zhu}"}
        return None

    return f


_YEAR_ON: tuple[tuple[int, int, int], ...] = tuple(
    (hua_gai(i % 12), yi_ma(i % 12), lu(i % 10)) for i in range(60)
)


@_w("yao_on", 1, chart=True)
def _yao_on(v: Any) -> Cond:
    tests = tuple(v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        hg, ma, lu_b = _YEAR_ON[c.year.index]
        where = {"月建": c.month, "華蓋": hg, "驛馬": ma, "祿": lu_b}
        got = {}
        for x, k in tests:
            wb = where[k]
            if c.yao_b[x] != wb:
                return None
            got[x] = {"on": k, "branch": BRANCHES[wb]}
        return {"yao_on": got}

    return f


@_w("wen_shen", 1, chart=True)
def _wen_shen(v: Any) -> Cond:
    want = str(v)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        wen = c.roles.get("wen_xing", ())
        if not wen:
            return None
        shen_zhu = c.roles["身主"][0]
        a, s = c.strength(wen[0]), c.strength(shen_zhu)
        ok = {"文旺身衰": a > 0 > s, "身旺文衰": s > 0 > a, "均平": a > 0 and s > 0}[want]
        return {"wen_xing": wen[0], "shen_zhu": shen_zhu} if ok else None

    return f


@_w("ge_ju", 2, chart=True)
def _ge_ju(v: Any) -> Cond:
    fn = VOCAB.fn("ge_ju")

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        # no fired 格局 of this grade: nothing to look at (else the plain word)
        if not any(grade == v for _, grade, _ in c.patterns):
            return None
        return fn(c, v, {})

    return f


@_w("role_zhao", 1, chart=True)
def _role_zhao(v: Any) -> Cond:
    tests = tuple((r, _set_of(tok)) for r, tok in v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got = []
        yb = c.yao_b
        for r, bs in tests:
            (tb,) = bs(c)
            ys = [x for x in c.roles.get(r, ()) if (yb[x] - tb) % 12 in ASPECT_OF]
            if not ys:
                return None
            got.append({"role": _name(c, r), "yao": ys[0], "by": ASPECT_OF[(yb[ys[0]] - tb) % 12]})
        return {"zhao": got}

    return f


@_w("jing_wei", 1, chart=True)
def _jing_wei(v: Any) -> Cond:
    # the plain word itself (it reads only the chart's tables, not the current 曜), ranked as cheap
    fn = VOCAB.fn("jing_wei")
    return lambda c, y, b: fn(c, v, {})


@_w("spirit_at", 1, chart=True)
def _spirit_at(v: Any) -> Cond:
    tests = tuple((k, _set_of(toks)) for k, toks in v.items())

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got: list[Facts] = []
        sb = c.spirit_branches
        for k, bs in tests:
            s = bs(c)
            got += [{"spirit": _name(c, k), **c.where(x)} for x in sb.get(k, ()) if x in s]
        return {"spirits_in": got} if got else None

    return f


@_w("yin_shou", 1, chart=True)
def _yin_shou(v: Any) -> Cond:

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        e = YAO_ELEMENT[_ZHU[c.ming]]
        stars = [ELEMENTS[(e + i) % 5] for i in range(3)]
        return {"san_yuan": stars} if all(c.yao_b[s] == c.ming for s in stars) else None

    return f


@_w("lian_zhu", 1, chart=True)
def _lian_zhu(v: Any) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        yb = c.yao_b
        bs = sorted({yb["水"], yb["金"], yb["火"], yb["木"], yb["土"]})
        if len(bs) == 1:
            return {"lian_zhu": "同宮", **c.where(bs[0])}
        if len(bs) != 5:
            return None
        for s in bs:
            if {(s + i) % 12 for i in range(5)} == set(bs):
                return {"lian_zhu": [BRANCHES[(s + i) % 12] for i in range(5)]}
        return None

    return f


@_w("flank", 1, chart=True)
def _flank(v: Any) -> Cond:
    bs = _set_of(v["gong"])
    a, d = v["by"]
    want = {o % 12 for o in JIA_OFFSETS}
    gong = v["gong"]

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        (g,) = bs(c)
        sides = {(c.yao_b[a] - g) % 12, (c.yao_b[d] - g) % 12}
        return {"flank": {"gong": gong, "by": [a, d]}} if sides == want else None

    return f


def _fallback(key: str, v: Any, when: Mapping[str, Any]) -> Cond:
    """A word not written again here: the plain word itself (it reads ``ctx.cur`` / ``ctx.cur_branch``,
    which :func:`evaluate` sets for each candidate)."""
    fn = VOCAB.fn(key)
    return lambda c, y, b: fn(c, v, when)


def _cond(key: str, v: Any, when: Mapping[str, Any], subject: str) -> tuple[Cond, float]:
    """A compiled condition and its cost rank (the words of a subject are compiled only for star and palace
    rules, where the current branch is a palace)."""
    make = _CHART_WORDS.get(key)
    if make is None and subject != "chart":
        make = _WORDS.get(key)
    if make is None:
        return _fallback(key, v, when), 3
    return make(v), _COST[key]


def compile_when(when: Mapping[str, Any], subject: str) -> tuple[Cond, float]:
    """One predicate for a ``when`` table: its conditions tried cheapest first, their facts merged in the
    table's order (the first to set a key wins), an ``any`` giving the facts of its first table that holds."""
    parts: list[tuple[Cond, float]] = []
    for k, v in when.items():
        if k == "any":
            alts = [compile_when(sub, subject) for sub in v]
            # cost 3 and more: a plain word is called (it reads the subject from the context)
            parts.append((_any(tuple(a for a, _ in alts)), max(2.5, *(k for _, k in alts))))
        else:
            parts.append(_cond(k, v, when, subject))
    if not parts:
        return (lambda c, y, b: {}), 0
    if len(parts) == 1:
        return parts[0]
    fs = tuple(f for f, _ in parts)
    order = tuple(sorted(range(len(fs)), key=lambda j: parts[j][1]))
    cost = max(p[1] for p in parts)
    if len(fs) == 2:
        return _two(fs[0], fs[1], order[0] == 0), cost
    return _many(fs, order), cost


def _any(alts: tuple[Cond, ...]) -> Cond:
    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        for a in alts:
            got = a(c, y, b)
            if got is not None:
                return got
        return None

    return f


def _merge(into: Facts, more: Facts) -> Facts:
    for k, v in more.items():
        if k not in into:
            into[k] = v
    return into


def _two(f0: Cond, f1: Cond, first_first: bool) -> Cond:
    if first_first:

        def f(c: Ctx, y: str | None, b: int) -> Facts | None:
            a = f0(c, y, b)
            if a is None:
                return None
            d = f1(c, y, b)
            return None if d is None else _merge(a, d)

        return f

    def g(c: Ctx, y: str | None, b: int) -> Facts | None:
        d = f1(c, y, b)
        if d is None:
            return None
        a = f0(c, y, b)
        return None if a is None else _merge(a, d)

    return g


def _many(fs: tuple[Cond, ...], order: tuple[int, ...]) -> Cond:
    n = len(fs)
    steps = tuple((j, fs[j]) for j in order)

    def f(c: Ctx, y: str | None, b: int) -> Facts | None:
        got: list[Any] = [None] * n
        for j, fj in steps:
            g = fj(c, y, b)
            if g is None:
                return None
            got[j] = g
        out: Facts = got[0]
        for g in got[1:]:
            _merge(out, g)
        return out

    return f


# ── compiled rules, buckets and the reading loop ─────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class Compiled:
    """A rule with its compiled ``when``, its chart gates and its subject (``star`` / ``palace`` / ``chart``
    with the roles or palace keys it names)."""

    rule: Rule
    cond: Cond
    gates: tuple[Gate, ...]
    subject: str
    names: tuple[str, ...]
    pattern: bool
    buckets: tuple[tuple[Any, ...], ...]  # keys under which the rule is filed; () = tried on every chart
    dignity: frozenset[str] | None  # for a rule on every 曜 (*) with a top-level dignity: only those 曜
    cand_key: tuple[Any, ...]
    plain_words: bool  # some condition is the plain word, which reads ctx.cur / ctx.cur_branch


def _gates(when: Mapping[str, Any]) -> tuple[Gate, ...]:
    """The chart gates of a when table: its own keys, and for ``any`` a gate that holds when one of the
    alternatives' gates all hold (only when every alternative has a gate)."""
    out = [g for k, v in when.items() if k != "any" and (g := _chart_gate(k, v)) is not None]
    if "any" in when:
        alts = [_gates(sub) for sub in when["any"]]
        if all(alts):
            alt_t = tuple(alts)
            out.append(lambda c: any(all(g(c) for g in a) for a in alt_t))
    return tuple(out)


def compile_rule(r: Rule) -> Compiled:
    star, palace = r.get("star"), r.get("palace")
    subject = "star" if star is not None else "palace" if palace is not None else "chart"
    names = tuple(_as_list(star if star is not None else palace)) if subject != "chart" else ()
    dignity = frozenset(_as_list(r.when["dignity"])) if names == ("*",) and "dignity" in r.when else None
    cond, cost = compile_when(r.when, subject)
    return Compiled(
        rule=r,
        cond=cond,
        # a chart rule's gates are its own cheap conditions, which its predicate tries first anyway
        gates=_gates(r.when) if subject != "chart" else (),
        subject=subject,
        names=names,
        pattern=r.kind == "格局",
        buckets=_buckets(r.when),
        dignity=dignity,
        cand_key=(subject, names, dignity),
        plain_words=cost >= 3,
    )


def _buckets(when: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
    """Keys a chart must show for the rule to be worth trying (one of them): the 命宮 branch it names, the
    palaces of the first 曜 of its ``yao_in``, or a date for the 限 words; for an ``any`` whose tables all
    have keys, theirs. Every key is implied by one of the rule's own top-level conditions (or by one of each
    ``any`` table's), so a rule filed under keys the chart lacks cannot fire."""
    if "ming" in when:
        return tuple(("ming", BRANCHES.index(b)) for b in _as_list(when["ming"]))
    if "yao_in" in when:
        y, toks = next(iter(when["yao_in"].items()))
        return tuple(("yao", y, t) for t in _as_list(toks))
    if "xian_reach" in when or "ke_xian" in when:
        return (("on",),)
    if "any" in when:
        # one of the tables must hold: when each has keys, the rule is filed under all of them
        alts = [_buckets(sub) for sub in when["any"]]
        if all(alts):
            return tuple(dict.fromkeys(k for a in alts for k in a))
    return ()


def chart_keys(ctx: Ctx) -> list[tuple[Any, ...]]:
    """The bucket keys *ctx*'s chart shows."""
    keys: list[tuple[Any, ...]] = [("ming", ctx.ming)]
    gof, shen = ctx.gong_of, ctx.shen
    for y, b in ctx.yao_b.items():
        keys.append(("yao", y, BRANCHES[b]))
        keys.append(("yao", y, gof[b]))
        if b == shen:
            keys.append(("yao", y, "身宮"))
    if ctx.xian_b is not None:
        keys.append(("on",))
    return keys


@dataclass(frozen=True, slots=True)
class Shown:
    """What a fired rule shows, built once per rule: its texts, the extra keys, and the 格局 grade ("" for
    a judgment)."""

    rule: Rule
    text: Text
    extra: Mapping[str, Any]
    grade: str
    name: str


def _shown(r: Rule) -> Shown:
    extra: dict[str, Any] = {"kind": r.kind}
    if r.get("name"):
        extra["name"] = r.get("name")
    if r.get("grade"):
        extra["grade"] = r.get("grade")
    grade = str(r.get("grade")) if r.kind == "格局" else ""
    return Shown(r, r.text, extra, grade, str(r.get("name") or ""))


@dataclass(frozen=True, slots=True)
class Index:
    """Compiled rules with the bucket index: rules tried on every chart, and key → rule positions."""

    rules: tuple[Compiled, ...]
    always: tuple[int, ...]
    by_key: Mapping[tuple[Any, ...], tuple[int, ...]]
    shown: tuple[Shown, ...]
    #: per topic key: positions of the rules a reading for that topic keeps (its own, 總, and every 格局)
    keep: Mapping[str, frozenset[int]]
    runs: tuple[Run, ...]
    #: per rule: what its FiredRule is built from (id, src, text, topics, extra keys)
    emit: tuple[tuple[str, tuple[str, ...], Text, tuple[str, ...], Mapping[str, Any]], ...]


def build_index(rules: tuple[Rule, ...]) -> Index:
    from xuanheng.rules import TOPIC_KEYS

    comp = tuple(compile_rule(r) for r in rules)
    by_key: dict[tuple[Any, ...], list[int]] = {}
    always = []
    for i, cr in enumerate(comp):
        if not cr.buckets:
            always.append(i)
        for k in cr.buckets:
            by_key.setdefault(k, []).append(i)
    shown = tuple(_shown(r) for r in rules)
    keep = {
        t: frozenset(
            i
            for i, cr in enumerate(comp)
            if cr.pattern or t in cr.rule.topics or GENERAL_TOPIC in cr.rule.topics
        )
        for t in TOPIC_KEYS
    }
    return Index(
        comp,
        tuple(always),
        {k: tuple(v) for k, v in by_key.items()},
        shown,
        keep,
        tuple(runner(cr) for cr in comp),
        tuple((r.id, r.src, r.text, r.topics, sh.extra) for r, sh in zip(rules, shown, strict=True)),
    )


def selected(ix: Index, ctx: Ctx) -> list[int]:
    """Positions (in rule order) of the rules worth trying on *ctx*'s chart."""
    extra: set[int] = set()
    get = ix.by_key.get
    for k in chart_keys(ctx):
        got = get(k)
        if got:
            extra.update(got)
    if not extra:
        return list(ix.always)
    return sorted(extra.union(ix.always))


_CHART_CAND: list[Cand] = [("", None, -1)]


def candidates(cr: Compiled, ctx: Ctx) -> list[Cand]:
    """The (subject name, 曜, branch) a compiled rule is tried on — as ``reading._subjects`` gives them
    (memoised per chart for the subject names, which many rules share)."""
    if cr.subject == "chart":
        return _CHART_CAND
    got = ctx.cands.get(cr.cand_key)
    if got is None:
        got = ctx.cands[cr.cand_key] = _candidates(cr, ctx)
    return got


def _candidates(cr: Compiled, ctx: Ctx) -> list[Cand]:
    out: list[Cand] = []
    if cr.subject == "star":
        if cr.names == ("*",):
            if cr.dignity is not None:
                ds = cr.dignity
                return [("*", y, ctx.yao_b[y]) for y in YAO if not ds.isdisjoint(ctx.dignities[y])]
            return [("*", y, ctx.yao_b[y]) for y in YAO]
        for s in cr.names:
            for y in ctx.roles.get(s, ()):
                t: Cand = (s, y, ctx.yao_b[y])
                if t not in out:
                    out.append(t)
        return out
    for p in cr.names:
        if p.startswith("宮:"):
            out.append((p, None, ctx.gong_branch[p[2:]]))
        else:
            for b in ctx.spirit_branches.get(p, ()):
                t2: Cand = (p, None, b)
                if t2 not in out:
                    out.append(t2)
    return out


_COMPILED: dict[int, tuple[tuple[Rule, ...], Index]] = {}


def compiled(rules: tuple[Rule, ...]) -> Index:
    """The compiled index of a (cached, immutable) tuple of rules, built once per tuple."""
    got = _COMPILED.get(id(rules))
    if got is None or got[0] is not rules:
        got = _COMPILED[id(rules)] = (rules, build_index(rules))
    return got[1]


def evaluate(cr: Compiled, ctx: Ctx) -> Facts | None:
    """The facts of ``reading.evaluate`` for one rule, through its gates and its compiled ``when``."""
    f = cr.cond
    if cr.subject == "chart":
        got = f(ctx, None, -1)
        if got is None or not cr.pattern:
            return got
        r = cr.rule
        return {"ge": r.get("name"), "grade": r.get("grade"), **got}
    for g in cr.gates:
        if not g(ctx):
            return None
    hits = []
    for s, y, b in candidates(cr, ctx):
        ctx.cur, ctx.cur_branch = y, b
        got = f(ctx, y, b)
        if got is not None:
            if cr.subject == "star":
                h: Facts = {"yao": y} if s == "*" else {"star": ctx.spirit_names.get(s, s), "yao": y}
            else:
                h = {"palace": s[2:] if s.startswith("宮:") else ctx.spirit_names.get(s, s)}
            h.update(ctx.where_of[b])
            h.update(got)
            hits.append(h)
    ctx.cur, ctx.cur_branch = None, -1
    if not hits:
        return None
    facts = hits[0] if len(hits) == 1 else {"each": hits}
    if cr.pattern:
        r = cr.rule
        facts = {"ge": r.get("name"), "grade": r.get("grade"), **facts}
    return facts


Run = Callable[[Ctx], "Facts | None"]


def runner(cr: Compiled) -> Run:
    """:func:`evaluate` of one rule specialised by its subject: a chart rule is its predicate; a rule on
    one role or one 人事 palace (most judgments) looks its one candidate up directly."""
    f, gates, r = cr.cond, cr.gates, cr.rule
    if cr.subject == "chart":
        if not cr.pattern:
            return lambda c: f(c, None, -1)
        ge, grade = r.get("name"), r.get("grade")

        def run_pattern(c: Ctx) -> Facts | None:
            got = f(c, None, -1)
            return None if got is None else {"ge": ge, "grade": grade, **got}

        return run_pattern
    if cr.pattern or len(cr.names) != 1 or cr.names[0] == "*":
        return lambda c: evaluate(cr, c)
    name = cr.names[0]
    cur = cr.plain_words
    if cr.subject == "palace" and name.startswith("宮:"):
        gong, shown = name[2:], name[2:]

        def run_gong(c: Ctx) -> Facts | None:
            for g in gates:
                if not g(c):
                    return None
            b = c.gong_branch[gong]
            if cur:
                c.cur_branch = b
            got = f(c, None, b)
            if cur:
                c.cur_branch = -1
            if got is None:
                return None
            h: Facts = {"palace": shown}
            h.update(c.where_of[b])
            h.update(got)
            return h

        return run_gong
    if cr.subject != "star":
        return lambda c: evaluate(cr, c)

    def run_star(c: Ctx) -> Facts | None:
        for g in gates:
            if not g(c):
                return None
        ys = c.roles.get(name)
        if not ys:
            return None
        if len(ys) != 1:
            return evaluate(cr, c)
        y = ys[0]
        b = c.yao_b[y]
        if cur:
            c.cur, c.cur_branch = y, b
        got = f(c, y, b)
        if cur:
            c.cur, c.cur_branch = None, -1
        if got is None:
            return None
        h: Facts = {"star": c.spirit_names.get(name, name), "yao": y}
        h.update(c.where_of[b])
        h.update(got)
        return h

    return run_star


Member = tuple[int, Cond, tuple[Gate, ...], bool]
#: a group: its subject, the members with neither gates nor plain words (position, predicate), the others
Group = tuple[str, tuple[tuple[int, Cond], ...], tuple[Member, ...]]


@dataclass(frozen=True, slots=True)
class Plan:
    """How one reading (all rules, or the rules a topic keeps) is evaluated: the rules tried one by one
    (every chart rule, so every 格局, in report order; and the rules filed under bucket keys), then the
    judgments on one role, one 人事 palace or one palace spirit in groups that look their subject up once.
    Only the 格局 feed later rules (``ctx.patterns``, read by ``ge_ju``); they all come first."""

    always: tuple[int, ...]
    by_key: Mapping[tuple[Any, ...], tuple[int, ...]]
    star: tuple[Group, ...]
    gong: tuple[Group, ...]
    spirit: tuple[Group, ...]


_PLANS: dict[tuple[int, str | None], Plan] = {}


def plan(ix: Index, topic: str | None) -> Plan:
    """The evaluation plan of *ix* for *topic* (None: every rule), built once."""
    key = (id(ix), topic)
    got = _PLANS.get(key)
    if got is None:
        got = _PLANS[key] = _plan(ix, None if topic is None else ix.keep[topic])
    return got


def _group_of(cr: Compiled) -> tuple[str, str] | None:
    """(group kind, subject) of a rule that can be evaluated in a group, else None."""
    if cr.buckets or cr.pattern or len(cr.names) != 1:
        return None
    name = cr.names[0]
    if cr.subject == "star":
        return None if name == "*" else ("star", name)
    if cr.subject == "palace":
        return ("gong", name[2:]) if name.startswith("宮:") else ("spirit", name)
    return None


def _plan(ix: Index, keep: frozenset[int] | None) -> Plan:
    always: list[int] = []
    by_key: dict[tuple[Any, ...], list[int]] = {}
    groups: dict[str, dict[str, list[Member]]] = {"star": {}, "gong": {}, "spirit": {}}
    for i, cr in enumerate(ix.rules):
        if keep is not None and i not in keep:
            continue
        g = _group_of(cr)
        if g is not None:
            groups[g[0]].setdefault(g[1], []).append((i, cr.cond, cr.gates, cr.plain_words))
        elif not cr.buckets:
            always.append(i)
        for k in cr.buckets:
            by_key.setdefault(k, []).append(i)

    def tup(d: dict[str, list[Member]]) -> tuple[Group, ...]:
        return tuple(
            (
                k,
                tuple((m[0], m[1]) for m in v if not m[2] and not m[3]),
                tuple(m for m in v if m[2] or m[3]),
            )
            for k, v in d.items()
        )

    return Plan(
        tuple(always),
        {k: tuple(v) for k, v in by_key.items()},
        tup(groups["star"]),
        tup(groups["gong"]),
        tup(groups["spirit"]),
    )


def _members(c: Ctx, grp: Group, y: str | None, b: int, head: Facts, out: dict[int, Facts]) -> None:
    """Evaluate a group's rules on its one candidate (曜 *y* on branch *b*; *head*: the subject facts)."""
    where = c.where_of[b]
    for pos, f in grp[1]:
        got = f(c, y, b)
        if got is not None:
            out[pos] = {**head, **where, **got}
    for pos, f, gates, cur in grp[2]:
        if gates:
            ok = True
            for g in gates:
                if not g(c):
                    ok = False
                    break
            if not ok:
                continue
        if cur:
            c.cur, c.cur_branch = y, b
            got = f(c, y, b)
            c.cur, c.cur_branch = None, -1
        else:
            got = f(c, y, b)
        if got is not None:
            out[pos] = {**head, **where, **got}


def _each(c: Ctx, comp: tuple[Compiled, ...], grp: Group, out: dict[int, Facts]) -> None:
    """A group's rules on a subject with several candidates: each rule by :func:`evaluate`."""
    for pos in sorted([m[0] for m in grp[1]] + [m[0] for m in grp[2]]):
        got = evaluate(comp[pos], c)
        if got is not None:
            out[pos] = got


def read(ix: Index, ctx: Ctx, topic: str | None = None, hans: bool = False) -> list[FiredRule]:
    """The fired rules of *ctx*'s chart in report order (before the topic's reordering, which the caller
    does): what the plain loop of ``reading._reading`` gives for the rules a *topic* reading keeps."""
    pl = plan(ix, topic)
    todo = pl.always
    extra: set[int] = set()
    get = pl.by_key.get
    for k in chart_keys(ctx):
        hit = get(k)
        if hit:
            extra.update(hit)
    if extra:
        todo = tuple(sorted(extra.union(todo)))
    runs, shown, comp = ix.runs, ix.shown, ix.rules
    out: dict[int, Facts] = {}
    for i in todo:
        facts = runs[i](ctx)
        if facts is not None:
            out[i] = facts
            sh = shown[i]
            if sh.grade:
                ctx.patterns.append((sh.name, sh.grade, facts))
    names = ctx.spirit_names
    roles, yao_b = ctx.roles, ctx.yao_b
    for grp in pl.star:
        role = grp[0]
        ys = roles.get(role)
        if not ys:
            continue
        if len(ys) == 1:
            y = ys[0]
            _members(ctx, grp, y, yao_b[y], {"star": names.get(role, role), "yao": y}, out)
        else:
            _each(ctx, comp, grp, out)
    gb = ctx.gong_branch
    for grp in pl.gong:
        _members(ctx, grp, None, gb[grp[0]], {"palace": grp[0]}, out)
    sb = ctx.spirit_branches
    for grp in pl.spirit:
        key = grp[0]
        bs = sb.get(key)
        if not bs:
            continue
        if len(bs) == 1:
            _members(ctx, grp, None, bs[0], {"palace": names.get(key, key)}, out)
        else:
            _each(ctx, comp, grp, out)
    fired: list[FiredRule] = []
    emit = ix.emit
    for i in sorted(out):
        rid, src, text, tps, ext = emit[i]
        if hans:
            text = with_simplified(text)
        fired.append(FiredRule(rid, src, out[i], text, tps, None, dict(ext)))
    return fired


__all__ = [
    "Compiled",
    "Index",
    "build_index",
    "candidates",
    "chart_keys",
    "compile_rule",
    "compile_when",
    "compiled",
    "evaluate",
    "plan",
    "read",
    "selected",
]
