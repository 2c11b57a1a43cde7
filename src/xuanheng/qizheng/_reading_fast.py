"""Speed for the 七政四餘 reading: each rule compiled once into its conditions bound to their functions,
with gates — necessary conditions checked on plain indices before a rule is evaluated at all.

The plain statement is :func:`xuanheng.qizheng.reading.evaluate` (every rule, every candidate, through
:meth:`Vocabulary.holds`). Here a gate only skips a rule (or a candidate) when one of its top-level conditions
must fail: the 命宮 / 身宮 / month / hour / year stem / sex / day-night / season / lunar day it names, the
palaces or mansions a listed 曜 must stand in, the palace, 曜, dignity, strength, motion or 陷 of the
subject, or the date a 限 rule needs. What is left is evaluated by the same condition functions, merged
the same way, so the facts are the same; ``tests/qizheng/test_reading_fast.py`` checks both readings agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.qizheng._reading_ctx import JI, SI_XING, XIONG, Ctx
from xuanheng.qizheng._reading_vocab import VOCAB
from xuanheng.qizheng.gong import GONG_NAMES
from xuanheng.rules import Rule

Facts = dict[str, Any]
Gate = Callable[[Ctx], bool]
CandGate = Callable[[Ctx, "str | None", int], bool]
#: a compiled condition: (function, value, the when table it reads) or ("any", alternatives)
Cond = tuple[Any, Any, Mapping[str, Any]]


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


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


def _cand_gate(key: str, v: Any) -> CandGate | None:
    if key in ("in_gong", "at_gong", "branch"):
        f = _tokens(v)
        return lambda c, y, b: f(c, b)
    if key == "yao":
        ys = frozenset(_as_list(v))
        return lambda c, y, b: y in ys
    if key == "dignity":
        ds = frozenset(_as_list(v))
        return lambda c, y, b: y is not None and not ds.isdisjoint(c.dignities[y])
    if key == "qiang":
        strong = v == "七強"
        return lambda c, y, b: b in (c.qiang if strong else c.ruo)
    if key == "motion":
        ms = frozenset(_as_list(v))
        return lambda c, y, b: y is not None and not ms.isdisjoint(c.motion[y])
    if key == "xian":
        want = bool(v)
        return lambda c, y, b: (y in c.xian_at) == want
    if key == "zhu_of":
        f = _tokens(v)
        return lambda c, y, b: any(c.zhu[tb] == y and f(c, tb) for tb in range(12))
    if key in ("with_xiong", "with_ji") and v is True:
        cls = XIONG if key == "with_xiong" else JI
        return lambda c, y, b: any(x in cls and x != y for x in c.by_branch[b])
    if key == "gong_has" and v in ("吉", "凶", "星"):
        cls2 = {"吉": JI, "凶": XIONG}.get(v)
        return lambda c, y, b: any((cls2 is None or x in cls2) and x != y for x in c.by_branch[b])
    if key == "yao_roles_here" or key == "with_roles":
        rs = tuple(_as_list(v))
        return lambda c, y, b: any(c.yao_b[x] == b for r in rs for x in c.roles.get(r, ()))
    if key in ("with_spirits", "on_spirits"):
        ks = tuple(_as_list(v))
        return lambda c, y, b: any(b in c.spirit_branches.get(k, ()) for k in ks)
    if key == "kong":
        want2 = bool(v)
        return lambda c, y, b: (b in c.kong) == want2
    if key == "is_role":
        rs2 = tuple(_as_list(v))
        return lambda c, y, b: any(y in c.roles.get(r, ()) for r in rs2)
    if key == "si_xing":
        return lambda c, y, b: b in SI_XING
    return None


def _compile(when: Mapping[str, Any]) -> tuple[Any, ...]:
    out: list[Any] = []
    for k, v in when.items():
        if k == "any":
            out.append(("any", tuple(_compile(sub) for sub in v)))
        else:
            out.append((VOCAB.fn(k), v, when))
    return tuple(out)


def holds(conds: tuple[Any, ...], ctx: Ctx) -> Facts | None:
    """:meth:`Vocabulary.holds` on compiled conditions: facts merged in order, first key wins."""
    facts: Facts | None = None
    for c in conds:
        if c[0] == "any":
            got = None
            for alt in c[1]:
                got = holds(alt, ctx)
                if got is not None:
                    break
        else:
            got = c[0](ctx, c[1], c[2])
        if got is None:
            return None
        if facts is None:
            facts = got
        else:
            for fk, fv in got.items():
                facts.setdefault(fk, fv)
    return {} if facts is None else facts


@dataclass(frozen=True, slots=True)
class Compiled:
    """A rule with its compiled conditions, its gates and its subject (``star`` / ``palace`` / ``chart``
    with the roles or palace keys it names)."""

    rule: Rule
    conds: tuple[Any, ...]
    gates: tuple[Gate, ...]
    cand_gates: tuple[CandGate, ...]
    subject: str
    names: tuple[str, ...]
    pattern: bool
    buckets: tuple[tuple[Any, ...], ...]  # keys under which the rule is filed; () = tried on every chart
    dignity: frozenset[str] | None  # for a rule on every 曜 (*) with a top-level dignity: only those 曜


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


def _cand_gates(when: Mapping[str, Any]) -> tuple[CandGate, ...]:
    out = [g for k, v in when.items() if k != "any" and (g := _cand_gate(k, v)) is not None]
    if "any" in when:
        alts = [_cand_gates(sub) for sub in when["any"]]
        if all(alts):
            alt_t = tuple(alts)
            out.append(lambda c, y, b: any(all(g(c, y, b) for g in a) for a in alt_t))
    return tuple(out)


def compile_rule(r: Rule) -> Compiled:
    gates = _gates(r.when)
    star, palace = r.get("star"), r.get("palace")
    subject = "star" if star is not None else "palace" if palace is not None else "chart"
    names = tuple(_as_list(star if star is not None else palace)) if subject != "chart" else ()
    cands = _cand_gates(r.when) if subject != "chart" else ()
    return Compiled(
        rule=r,
        conds=_compile(r.when),
        gates=gates,
        cand_gates=cands,
        subject=subject,
        names=names,
        pattern=r.kind == "格局",
        buckets=_buckets(r.when),
        dignity=frozenset(_as_list(r.when["dignity"])) if names == ("*",) and "dignity" in r.when else None,
    )


def _buckets(when: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
    """Keys a chart must show for the rule to be worth trying (one of them): the 命宮 branch it names, the
    palaces of the first 曜 of its ``yao_in``, or a date for the 限 words. Every key is implied by one of
    the rule's own top-level conditions, so a rule filed under keys the chart lacks cannot fire."""
    if "ming" in when:
        return tuple(("ming", BRANCHES.index(b)) for b in _as_list(when["ming"]))
    if "yao_in" in when:
        y, toks = next(iter(when["yao_in"].items()))
        return tuple(("yao", y, t) for t in _as_list(toks))
    if "xian_reach" in when or "ke_xian" in when:
        return (("on",),)
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
class Index:
    """Compiled rules with the bucket index: rules tried on every chart, and key → rule positions."""

    rules: tuple[Compiled, ...]
    always: tuple[int, ...]
    by_key: Mapping[tuple[Any, ...], tuple[int, ...]]


def build_index(rules: tuple[Rule, ...]) -> Index:
    comp = tuple(compile_rule(r) for r in rules)
    by_key: dict[tuple[Any, ...], list[int]] = {}
    always = []
    for i, cr in enumerate(comp):
        if not cr.buckets:
            always.append(i)
        for k in cr.buckets:
            by_key.setdefault(k, []).append(i)
    return Index(comp, tuple(always), {k: tuple(v) for k, v in by_key.items()})


def selected(ix: Index, ctx: Ctx) -> list[int]:
    """Positions (in rule order) of the rules worth trying on *ctx*'s chart."""
    sel = set(ix.always)
    for k in chart_keys(ctx):
        got = ix.by_key.get(k)
        if got:
            sel.update(got)
    return sorted(sel)


_YAO = ("日", "月", "水", "金", "火", "木", "土", "羅", "計", "孛", "炁")


_CHART_CAND: list[tuple[str, str | None, int]] = [("", None, -1)]


def candidates(cr: Compiled, ctx: Ctx) -> list[tuple[str, str | None, int]]:
    """The (subject name, 曜, branch) a compiled rule is tried on — as ``reading._subjects`` gives them
    (memoised per chart for the subject names, which many rules share)."""
    if cr.subject == "chart":
        return _CHART_CAND
    key = (cr.subject, cr.names, cr.dignity)
    got = ctx.cands.get(key)
    if got is None:
        got = ctx.cands[key] = _candidates(cr, ctx)
    return got


def _candidates(cr: Compiled, ctx: Ctx) -> list[tuple[str, str | None, int]]:
    out: list[tuple[str, str | None, int]] = []
    if cr.subject == "star":
        if cr.names == ("*",):
            if cr.dignity is not None:
                ds = cr.dignity
                return [("*", y, ctx.yao_b[y]) for y in _YAO if not ds.isdisjoint(ctx.dignities[y])]
            return [("*", y, ctx.yao_b[y]) for y in _YAO]
        for s in cr.names:
            for y in ctx.roles.get(s, ()):
                t: tuple[str, str | None, int] = (s, y, ctx.yao_b[y])
                if t not in out:
                    out.append(t)
        return out
    for p in cr.names:
        if p.startswith("宮:"):
            out.append((p, None, ctx.gong_branch[p[2:]]))
        else:
            for b in ctx.spirit_branches.get(p, ()):
                t2: tuple[str, str | None, int] = (p, None, b)
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


def evaluate(
    cr: Compiled,
    ctx: Ctx,
    subject_facts: Callable[[Rule, Ctx, str, str | None, int], Facts],
    finish: Callable[[Rule, list[Facts]], Facts | None],
) -> Facts | None:
    """The plain ``reading.evaluate`` of one rule, through its gates and compiled conditions (same facts)."""
    for g in cr.gates:
        if not g(ctx):
            return None
    r = cr.rule
    hits = []
    cg = cr.cand_gates
    conds = cr.conds
    single = conds[0] if len(conds) == 1 and conds[0][0] != "any" else None
    for s, y, b in candidates(cr, ctx):
        if cg:
            ok = True
            for cgate in cg:
                if not cgate(ctx, y, b):
                    ok = False
                    break
            if not ok:
                continue
        ctx.cur, ctx.cur_branch = y, b
        got = single[0](ctx, single[1], single[2]) if single is not None else holds(conds, ctx)
        if got is not None:
            hits.append({**subject_facts(r, ctx, s, y, b), **got})
    ctx.cur, ctx.cur_branch = None, -1
    return finish(r, hits)


__all__ = [
    "Compiled",
    "Index",
    "build_index",
    "chart_keys",
    "compile_rule",
    "compiled",
    "evaluate",
    "holds",
    "selected",
]
