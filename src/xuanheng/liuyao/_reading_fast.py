"""The fast path of the 六爻 reading: the same fired rules as :func:`~xuanheng.liuyao.reading.reading_plain`,
found without evaluating the rules and lines that cannot fire.

* **static words** — words that depend only on the hexagram, the asked topic and the options (``gua``,
  ``trigrams``, ``shi_ying``, ``nei_wai``, ``option``, ``yao_wei`` …) are evaluated once per (hexagram, topic,
  options) with the plain condition functions; a rule one of them rejects is left out for that combination;
* **exact line masks** — every line table (``line = {…}``, ``line_b`` … ``line_d``, ``no_line``, ``yong``,
  ``count``) is turned into a 6-bit mask of the lines it holds on: the AND of one mask per word, read from the
  masks the context keeps (六神, 六親, element, motion, void, 旺相, position, 世/應/身, role, trigram, 變爻,
  marks, 神煞, 殺, 吉神) or, for the other words, computed once per chart by calling the plain word function
  on each line (:meth:`~._reading_ctx.Ctx.word_mask`) — so each mask is exactly where the table holds;
* **one generated gate function** per (options, topic family) tests every candidate rule's masks inline; a
  rule with static words is read only when its entry of the tuple of booleans the function is given (the
  static words' verdict on the hexagram, computed once per (hexagram, topic, options)) is true, so every
  hexagram of a question runs the same function. The rules whose masks hold are fired by a function
  generated per rule (the plain condition functions for the words without a mask, each line table visiting
  only its mask's lines — so the facts are exactly the plain path's). Rules whose generated source is the
  same share one code object (their own values bound as closure variables), so a reading mostly runs code
  the readings before it ran: a reading of a copy of a chart (new objects, the same rules) costs what the
  same reading again costs, so what a reading of another chart cost more was cold code, not cold data.

tests/liuyao/test_reading_fast.py proves both paths give the same readings over a seeded sweep of charts,
topics and options.
"""

from __future__ import annotations

import importlib
import re
import textwrap
from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields
from functools import cache
from typing import Any

from xuanheng.core import relations, wuxing
from xuanheng.core._frozen import mirror
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS, STEMS
from xuanheng.liuyao import tables as T
from xuanheng.liuyao._reading_ctx import _NAJIA, LINES_OF, POSITIONS_OF, QIN, YAO_NAMES, Ctx, positions_mask
from xuanheng.liuyao._reading_data import SHENSHA_NAMES, YAO_WEI_TIAN_HE, ReadingOptions
from xuanheng.liuyao._reading_vocab import CHART, LINE, yao_wei_key
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.reading import FiredRule, Text
from xuanheng.rules import Rule
from xuanheng.rules.engine import with_simplified

#: the reading module (the package attribute ``reading`` is the function)
R = importlib.import_module("xuanheng.liuyao.reading")

Facts = dict[str, Any]

#: chart words that depend only on the hexagram, the topic and the options
STATIC_WORDS = frozenset(
    {
        "gua",
        "trigrams",
        "upper",
        "lower",
        "has_trigram",
        "palace",
        "gua_type",
        "shi_ying",
        "shi_element",
        "nei_wai",
        "zhai_ren",
        "yin_yang_trigrams",
        "yin_yang_he",
        "missing",
        "option",
        "tian_shi_table",
        "yao_wei",
    }
)
#: chart words whose value is a table of line words (their facts key)
LINE_TABLES = {"line": "lines", "line_b": "also", "line_c": "also_c", "line_d": "also_d"}
_ELEMENT_IX = {e: i for i, e in enumerate(ELEMENTS)}
_STEM_IX = {s: i for i, s in enumerate("甲乙丙丁戊己庚辛壬癸")}
_BRANCH_IX = {b: i for i, b in enumerate("子丑寅卯辰巳午未申酉戌亥")}
POP = tuple(bin(i).count("1") for i in range(64))
#: the line indices (0 … 5) of each 6-bit mask, in order


_SERIAL = [0]


def _serial() -> int:
    _SERIAL[0] += 1
    return _SERIAL[0]


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


# ── mask expressions (Python source over the locals of the generated gate function) ──────────────────
class _Src:
    """Collects the constants a generated function needs (as names ``K0``, ``K1`` …)."""

    def __init__(self, hoist: bool = False) -> None:
        self.consts: dict[str, Any] = {}
        self.n = 0
        #: with *hoist*, each distinct word mask expression is computed once, at the top (name → expression)
        self.hoist = hoist
        self.locals: dict[str, str] = {}
        self._by_text: dict[str, str] = {}
        self._by_value: dict[tuple[type, str], str] = {}

    def const(self, value: Any) -> str:
        if isinstance(value, (str, int, list, tuple, dict)) and self.hoist:
            key = (type(value), repr(value))
            got = self._by_value.get(key)
            if got is not None:
                return got
            name = self._by_value[key] = f"K{len(self.consts)}"
        else:
            name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def local(self, expr: str) -> str:
        """*expr* as a local computed once at the top (when hoisting; not for the words whose mask is the
        plain function's, nor the ones binding a temporary)."""
        if not self.hoist or expr.isidentifier() or expr.isdigit() or "WM(" in expr or ":=" in expr:
            return expr
        got = self._by_text.get(expr)
        if got is None:
            got = self._by_text[expr] = f"w{len(self.locals)}"
            self.locals[got] = expr
        return got

    def serial(self) -> int:
        self.n += 1
        return self.n

    def temp(self) -> str:
        self.n += 1
        return f"t{self.n}"


def _or_get(d: str, vals: list[Any], src: _Src) -> str:
    parts = [f"{d}.get({src.const(v)}, 0)" for v in vals]
    return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"


def word_expr(key: str, v: Any, opts: ReadingOptions, src: _Src) -> str:
    """A Python expression for the mask of the lines on which line word *key* = *v* holds."""
    vals = _as_list(v)
    direct = {
        "trigram": "TR",
        "mark": "MK",
        "shensha": "SP",
        "change": "CH",
    }
    if key in direct:
        return _or_get(direct[key], vals, src)
    indexed = {"liu_shen": ("S", T.LIU_SHEN), "liu_qin": ("Q", QIN), "hua_liu_qin": ("HQ", QIN)}
    if key in indexed:  # tuples of masks in the order of their names (a name not there: no line)
        name, order = indexed[key]
        parts = [f"{name}[{order.index(n)}]" if n in order else "0" for n in vals]
        return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
    if key == "role":  # Ctx.role_bits: the lines of each role, in the order of _ROLES
        parts = [f"RB[{_ROLES.index(r)}]" for r in vals]
        return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
    if key == "verse_shensha":
        inner = _or_get("SP", vals, src)
        return inner if opts.shensha_on == "any_line" else f"({inner} & KEY)"
    if key == "element":
        parts = [f"E[{_ELEMENT_IX[e]}]" for e in vals]
        return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
    bools = {
        "moving": "MV",
        "kong": "KG",
        "sha": "SH",
        "ji_shen": "JIM",
        "shen": "SN",
        "shi": "SHI",
        "ying": "YG",
    }
    if key in bools:
        return bools[key] if v else f"(63 ^ {bools[key]})"
    if key == "qi":
        return "WG" if v == "旺相" else "(63 ^ WG)"
    if key == "position":
        m = 0
        for p in vals:
            m |= 1 << (int(p) - 1)
        return str(m)
    if key == "inner":
        return "7" if v else "56"
    if key == "lin_yao":
        return "LIN"
    if key == "key_line":
        return "KEY"
    if key == "verse_line":
        return "63" if opts.shensha_on == "any_line" else "KEY"
    flags = {"yue_jian": 0, "ri_chen": 1, "yue_po": 2, "ri_chong": 3, "an_dong": 4, "ri_po": 5}
    if key in flags:
        return f"FL[{flags[key]}]" if v else f"(63 ^ FL[{flags[key]}])"
    if key == "state":  # few rules: the context computes it on first read
        return _or_get("c.state_mask", vals, src)
    if key == "ri_stage":
        return _or_get("STG", vals, src)
    if key == "hua":
        return _or_get("HF", vals, src)
    if key == "hua_element":
        return _or_get("HE", [_ELEMENT_IX[e] for e in vals], src)
    if key == "hua_stem":
        return _or_get("HS", [_STEM_IX[x] for x in vals], src)
    if key == "branch":
        parts = [f"BM[{_BRANCH_IX[b]}]" for b in vals]
        return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
    if key == "stem":
        parts = [f"SM[{_STEM_IX[x]}]" for x in vals]
        return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"
    rel = {"ke_shi": 0, "sheng_shi": 1, "ke_shen": 2, "sheng_shen": 3}
    if key in rel:
        return f"RM[{rel[key]}]" if v else f"(63 ^ RM[{rel[key]}])"
    if key == "chong":
        return "(FL[2] | FL[3])" if v else "(63 ^ (FL[2] | FL[3]))"
    if key == "gui_ren":
        return f"SP.get({src.const('貴人')}, 0)"
    if key == "he_tian_fu":
        return "LZ_he_tian_fu_mask(c)"
    if key == "li_yao":
        return f"TR.get({src.const('離')}, 0)" if opts.li_yao == "trigram" else "E[1]"
    if key == "fu_pair":
        spirit = word_expr("liu_shen", v, opts, src)
        el = f"E[{T.LIU_SHEN_ELEMENT[v]}]"
        return f"({spirit} & {el})" if opts.tian_fu_match == "both" else f"({spirit} | {el})"
    if key == "yao_wei_item":
        items = T.YAO_WEI[YAO_WEI_TIAN_HE[opts.tian_he_table]][1]
        return str(sum(1 << i for i, it in enumerate(items) if it))
    if key == "not":
        return f"(63 ^ {table_expr(v, opts, src)})"
    if key == "any":
        return "(" + " | ".join(table_expr(sub, opts, src) for sub in v) + ")"
    if key == "same_trigram":
        t = src.temp()
        return f"((7 if ({t} := {table_expr(v, opts, src)}) & 7 else 0) | (56 if {t} & 56 else 0))"
    masks = {
        "ke_by_gui": "LZ_ke_by_gui_mask(c)",
        "you_qi": "LZ_you_qi_mask(c)",
        "chong_by_sha": "LZ_chong_by_sha_mask(c)",
        "xing": "LZ_xing_mask(c)",
        "hai": "LZ_hai_mask(c)",
    }
    if key in masks and v is True:
        return masks[key]
    if key == "animal_form" and isinstance(v, bool):
        return "LZ_animal_mask(c)" if v else "(63 ^ LZ_animal_mask(c))"
    return f"WM({src.const((key, src.serial()))}, {src.const(v)})"


def table_expr(sub: Mapping[str, Any], opts: ReadingOptions, src: _Src) -> str:
    """The mask of the lines on which the line table *sub* holds (the AND of its words' masks)."""
    parts = [src.local(word_expr(k, v, opts, src)) for k, v in sub.items()]
    return "(" + " & ".join(parts) + ")" if len(parts) > 1 else parts[0]


#: the functions of the context's masks computed on first read (``_reading_ctx._lazy``), called by the gate
#: as ``LZ_<name>(c)``: each mask expression is computed once per reading (a mask read twice is a local at
#: the top), so the gate reads the value without the descriptor's call and the store in the context
_LAZY_FNS: dict[str, Callable[[Ctx], Any]] = {
    f"LZ_{k}": v.fn for k, v in vars(Ctx).items() if type(v).__name__ == "_lazy"
}

#: the names the gate function reads off the context, each with its expression: the prologue sets those the
#: gate's body reads (:func:`_prologue`), the masks computed on first read by their ``LZ_`` function
_PROLOGUE: dict[str, str] = {
    "S": "c.shen_masks",
    "Q": "c.qin_masks",
    "E": "c.by_el",
    "HQ": "c.hua_qin_masks",
    "RB": "c.role_bits",
    "TR": "c.tri_mask",
    "MK": "c.mark_mask",
    "SP": "c.spirit_mask",
    "CH": "c.change_mask",
    "MV": "c.moving_mask",
    "KG": "c.kong_mask",
    "SH": "c.sha_mask",
    "JIM": "c.ji_mask",
    "SN": "c.shen_mask",
    "WG": "c.wang_mask",
    "SHI": "c.shi.bit",
    "YG": "c.ying.bit",
    "LIN": "c.lin_line.bit",
    "KEY": "c.key_mask",
    "WM": "c.word_mask",
    "FL": "c.flag",
    "HF": "c.hua_flag",
    "STG": "c.stage_mask",
    "HE": "c.hua_el",
    "HS": "c.hua_stem",
    "BM": "c.bmask",
    "SM": "c.smask",
    "RM": "LZ_rel_masks(c)",
    "YB": "c.yong_line.bit if c.yong_line is not None else 0",
    "GR": "RT(c.role_bits)",
    "LN": "c.lines",
}
#: the roles of ``Ctx.role_bits``, in order
_ROLES = ("用神", "原神", "忌神", "仇神")


def _prologue(code: str) -> str:
    """The statements that set the names of :data:`_PROLOGUE` that *code* (the gate's body) reads."""
    return "".join(f"    {n} = {e}\n" for n, e in _PROLOGUE.items() if re.search(rf"\b{n}\b", code))


# ── compiled rules ────────────────────────────────────────────────────────────────────────────────
#: line words whose facts are fixed keys read straight off the line (their plain functions give exactly
#: these when they hold): word → ((key, expression), …); a flag word gives its key only when its value is true
_SIMPLE_FACTS: dict[str, tuple[tuple[str, str], ...]] = {
    "liu_shen": (),
    "liu_qin": (),
    "position": (),
    "key_line": (),
    "verse_line": (),
    "element": (("element", "EL[x.el]"),),
    "moving": (("moving", "x.moving"),),
    "kong": (("kong", "x.kong"),),
    "qi": (("wang_shuai", "x.ws"),),
    "state": (("wang_shuai", "x.ws"),),
    "inner": (("gua", "('內卦' if x.inner else '外卦')"),),
    "shi": (("shi", "x.shi"),),
    "ying": (("ying", "x.ying"),),
    "shen": (("shen", "x.is_shen"),),
    "role": (("role", "x.role"),),
    "change": (("change", "('陽化陰' if x.yang else '陰化陽')"),),
    "hua_liu_qin": (("hua_liu_qin", "x.bian.liu_qin"), ("bian", "NJ[x.bian.stem][x.bian.branch]")),
}
_FLAG_WORDS = ("yue_jian", "ri_chen", "yue_po", "ri_chong")


#: the line words of a line's element overcoming (剋) / generating (生) the 世 or 身 lines': word → (facts
#: key, target, how many steps on the cycle of generation the target's element is from the line's)
_RELATION_WORDS = {
    "ke_shi": ("ke", "shi", 2),
    "sheng_shi": ("sheng", "shi", 1),
    "ke_shen": ("ke", "shen", 2),
    "sheng_shen": ("sheng", "shen", 1),
}


def _related(x: Any, targets: Any, name: str, steps: int) -> list[str]:
    """The facts of the words of :data:`_RELATION_WORDS` (``_reading_vocab._relation_word``: the other lines
    of *targets* whose element is *steps* from line *x*'s, 剋 = 2, 生 = 1, each named *name* + its 爻)."""
    el = x.el
    return [name + YAO_NAMES[t.i] for t in targets if t is not x and (t.el - el) % 5 == steps]


def _gui_of(x: Any) -> list[int]:
    """The facts of the line word ``ke_by_gui`` on line *x*, known to hold (``_reading_vocab._l_ke_by_gui``):
    with option gui_ke "lin" the line itself (a 官鬼 line), else the other 官鬼 lines whose element overcomes
    the line's (their mask: 官鬼, of the element two steps before, not the line)."""
    c = x.c
    if c.opts.gui_ke == "lin":
        return [x.pos]
    return [*BITS[c.by_qin.get("官鬼", 0) & c.by_el[(x.el - 2) % 5] & ~x.bit]]


def _value_facts(k: str, v: Any, i: str) -> tuple[tuple[str, str], ...] | None:
    """The fixed keys of line word *k* = *v* (its value list bound as ``V{i}``, *i* naming the word)
    read straight off the line, as its plain function gives them when it holds; None: call the function."""
    if k == "not":
        return ()
    if k in _RELATION_WORDS:  # the gate's mask proved whether the line stands so to a 世 / 身 line
        mode, target, d = _RELATION_WORDS[k]
        if not v:
            return ()
        targets, name = ("(x.c.shi,)", "'世'") if target == "shi" else ("x.c.shen_lines", "'身'")
        return ((mode, f"REL(x, {targets}, {name}, {d})"),)
    if k == "ke_by_gui":
        return (("gui", "GUI(x)"),) if v is True else None
    if k in ("sha", "ji_shen"):
        return ((k, f"{'SHA' if k == 'sha' else 'JI'}(x)"),) if v else ()
    simple = {
        "trigram": (("trigram", "x.tri"),),
        "gui_ren": (("gui_ren", "BR[x.branch]"),),
        "branch": (("branch", "BR[x.branch]"),),
        "stem": (("stem", "ST[x.stem]"),),
        "hua_element": (("hua_element", "EL[x.bian.element]"),),
        "hua_stem": (("hua_stem", "ST[x.bian.stem]"),),
        "ri_stage": (("ri_stage", "x.ln.state.ri_stage"),),
        "an_dong": (("an_dong", "x.ln.an_dong"),),
        "ri_po": (("ri_po", "x.ln.ri_po"),),
        "animal_form": (("animal", "AN[x.i]"), ("animal_branch", "AB[x.i]")),
        "lin_yao": (("lin_yao", "('用神' if x is x.c.yong_line and x.c.opts.lin_yao == 'yong' else '世')"),),
        "mark": (("mark", f"[n for n in V{i} if x.c.mark_mask.get(n, 0) & x.bit]"),),
        "shensha": (("shensha", f"SPN(VS{i}, x)"),),
        "verse_shensha": (("shensha", f"SPN(VS{i}, x)"),),
        "chong_by_sha": (
            (
                "chong_by",
                "[o.pos for o in x.c.lines"
                " if o is not x and x.c.sha_mask & o.bit and CHONG[o.branch] == x.branch]",
            ),
        ),
        "fu_pair": (("pair", f"[n for n, on in ((FP{i}, x.shen == FP{i}), (FE{i}, x.el == FX{i})) if on]"),),
        "hua": (
            ("hua", f"[h for h in x.bian.hua if h in V{i}]"),
            ("bian", "NJ[x.bian.stem][x.bian.branch]"),
        ),
    }
    return simple.get(k)


#: the order of the 神煞 in ``Ctx.spirit_mask`` (the verse's, then 貴人): the order of ``L.spirits``
_SPIRIT_ORDER: tuple[str, ...] = tuple(dict.fromkeys((*SHENSHA_NAMES, "貴人")))


def _in_spirit_order(names: Any) -> tuple[str, ...]:
    """*names* (a 神煞 name or a list of them) in the order ``L.spirits`` lists the 神煞 of a line."""
    want = set(_as_list(names))
    return tuple(n for n in _SPIRIT_ORDER if n in want)


def _spirits_named(names: tuple[str, ...], x: Any) -> list[str]:
    """``[n for n in x.spirits if n in names]`` for *names* in :func:`_in_spirit_order`: the 神煞 of *names*
    line *x* carries, in the order of ``L.spirits``."""
    sp = x.c.spirit_mask
    b = x.bit
    return [n for n in names if sp.get(n, 0) & b]


#: the branch each branch clashes (relations.chong)
_CHONG: tuple[int, ...] = tuple(relations.chong(b) for b in range(12))


def _sha_of(x: Any) -> list[str]:
    """``list(x.sha)``: the 殺 on line *x*, in the order of ``Ctx.sha_masks`` (a new list of the context's
    table of every line's, ``Ctx.sha_by_line``)."""
    return [*x.c.sha_by_line[x.i]]


def _ji_of(x: Any) -> list[str]:
    """``list(x.ji)``: the 吉神 on line *x*, in the order of ``Ctx.ji_masks`` (``Ctx.ji_by_line``)."""
    return [*x.c.ji_by_line[x.i]]


def _line_any(x: Any, v: Any, _w: Mapping[str, Any]) -> Facts:
    """The facts of a line's ``any`` word (the first of its tables that holds, as Vocabulary.holds reads
    ``any``); the gate's mask proved one holds."""
    holds = LINE.holds
    got = next(f for f in (holds(sub, x) for sub in v) if f is not None)
    return got


def _animals() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from xuanheng.liuyao._reading_vocab import _animal

    got = [_animal(i) for i in range(6)]
    return tuple(n for n, _ in got), tuple(BRANCHES[b] for _, b in got)


#: generated source → its factory (the source wrapped in a function whose parameters are the per-rule names)
_FACTORIES: dict[str, Callable[..., Any]] = {}
#: the names of a generated ``run`` / ``fire`` that are the same for every rule (the others are the rule's)
_RUN_GLOBALS = frozenset(
    {"EL", "YN", "NJ", "BR", "ST", "AN", "AB", "SPN", "SHA", "CHONG", "JI", "IX", "REL", "GUI"}
)
_FIRE_GLOBALS = _RUN_GLOBALS | {"RT", "CLS", "SLOTS", "MP", "BITS", "POSITIONS", "MASK_OF", "GROUPS"}


#: FiredRule's slots on a class that lets them be assigned (``core._frozen.mirror``): a generated ``fire``
#: fills them and sets ``__class__`` to FiredRule, which gives the same object as ``FiredRule(...)`` (its
#: frozen ``__init__`` is slower), as ``core._frozen.maker`` does
_FiredSlots = mirror(FiredRule)


def _shared(source: str, name: str, ns: Mapping[str, Any], shared: frozenset[str]) -> Any:
    """The function *name* that *source* defines over the names of *ns*: those in *shared* as its globals,
    the others (the rule's own values) bound as closure variables, so that the rules whose generated source
    is the same run one code object (fewer distinct functions a reading visits: fewer cold caches)."""
    own = [k for k in sorted(ns) if k not in shared and re.search(rf"\b{k}\b", source)]
    wrapped = f"def factory({', '.join(own)}):\n" + textwrap.indent(source, "    ") + f"\n    return {name}\n"
    factory = _FACTORIES.get(wrapped)
    if factory is None:
        g = {k: v for k, v in ns.items() if k in shared}
        # generated from the rule data only; named for the profiler
        exec(compile(wrapped, f"<{name} {len(_FACTORIES)}>", "exec"), g)
        factory = _FACTORIES[wrapped] = g["factory"]
    return factory(*(ns[k] for k in own))


#: the names a line table's generated statements read that are the same for every rule
_LINE_NS: dict[str, Any] = {}


def _line_ns() -> dict[str, Any]:
    if not _LINE_NS:
        an, ab = _animals()
        _LINE_NS.update(
            {
                "EL": ELEMENTS,
                "YN": YAO_NAMES,
                "NJ": _NAJIA,
                "BR": BRANCHES,
                "ST": STEMS,
                "AN": an,
                "AB": ab,
                "SPN": _spirits_named,
                "SHA": _sha_of,
                "CHONG": _CHONG,
                "JI": _ji_of,
                "IX": LINES_OF,
                "REL": _related,
                "GUI": _gui_of,
            }
        )
    return _LINE_NS


def _line_any_branches(sub: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The branches of the line word ``any`` of the table *sub* whose masks the fire reads: all but the last
    (none when the table has no ``any``)."""
    got = sub.get("any")
    return list(got)[:-1] if got else []


def _line_body(
    sub: Mapping[str, Any], ns: dict[str, Any], tag: str, any_masks: Iterator[str] | None = None
) -> list[str] | None:
    """The statements that make ``d``, the facts of line ``x`` for the table *sub* (known to hold on it), as
    :meth:`Vocabulary.holds` and ``line_facts`` merge them: the fixed keys of the simple words
    (:data:`_SIMPLE_FACTS`) written directly, the plain word function of the others called for their facts;
    the rule's own values go into *ns* under names ending in *tag*. None: nothing but the base facts.
    *any_masks*: expressions of the masks of the branches of the table's ``any`` word but its last (as the
    gate computed them, :func:`_line_any_branches`): the line's facts are then those of the first branch
    whose mask holds the line, written inline (else the word's plain reading, :func:`_line_any`)."""
    ns["SUB" + tag] = sub
    body = ["d = x.fb.copy()"]
    known = {"position", "yao", "najia", "liu_qin", "liu_shen"}
    loose = False  # an earlier word may have set keys not known here
    for i, (k, v) in enumerate(sub.items()):
        n = f"{tag}_{i}"
        if k == "any" and any_masks is not None:
            for b, branch in enumerate(v):
                last = b == len(v) - 1  # it holds when no earlier branch does (the line is in the mask)
                if last:
                    head = "if True:" if b == 0 else "else:"
                else:
                    head = f"{'if' if b == 0 else 'elif'} x.bit & {next(any_masks)}:"
                inner = _line_body(branch, ns, f"{tag}_{i}_{b}")
                stmts = (inner or ["d = x.fb.copy()"])[1:]
                body.append(head)
                # the branch's facts merged into d: every key only when not yet set (first word wins, as a
                # branch's facts merged after the words before ``any``)
                for ln in stmts or ["pass"]:
                    m = re.fullmatch(r"d\[('[^']*')\] = (.*)", ln)
                    if m is not None:
                        ln = f"if {m.group(1)} not in d: d[{m.group(1)}] = {m.group(2)}"
                    body.append("    " + ln)
            loose = True
            continue
        pairs: tuple[tuple[str, str], ...] | None = _SIMPLE_FACTS.get(k)
        if pairs is None and k in _FLAG_WORDS:
            pairs = ((k, "True"),) if v else ()
        if pairs is None:
            pairs = _value_facts(k, v, n)
            ns[f"V{n}"] = _as_list(v)
            ns[f"VS{n}"] = _in_spirit_order(v) if k in ("shensha", "verse_shensha") else ()
            if k == "fu_pair":  # the spirit, and the name and index of its element
                ns[f"FP{n}"] = v
                ns[f"FX{n}"] = T.LIU_SHEN_ELEMENT[v]
                ns[f"FE{n}"] = ELEMENTS[T.LIU_SHEN_ELEMENT[v]]
        if pairs is not None:
            for key, expr in pairs:
                if loose:
                    body.append(f"if {key!r} not in d: d[{key!r}] = {expr}")
                elif key not in known:
                    body.append(f"d[{key!r}] = {expr}")
                known.add(key)
            continue
        ns[f"P{n}"] = _line_any if k == "any" else LINE.fn(k)
        ns[f"V{n}"] = v
        body.append(f"for k_, v_ in P{n}(x, V{n}, SUB{tag}).items():")
        body.append("    if k_ not in d: d[k_] = v_")
        loose = True
    return body if len(body) > 1 else None


def _run_lines(
    sub: Mapping[str, Any],
    ns: dict[str, Any],
    tag: str,
    mask: str,
    out: str,
    any_masks: Iterator[str] | None = None,
) -> list[str]:
    """Statements that set *out* to the facts of the lines of the mask expression *mask* for the table *sub*
    (see :func:`_line_body`; the lines are read from ``LN``, the context's)."""
    body = _line_body(sub, ns, tag, any_masks)
    if body is None:
        return [f"{out} = []", f"for i_ in IX[{mask}]: {out}.append(LN[i_].fb.copy())"]
    return [
        f"{out} = []",
        f"for i_ in IX[{mask}]:",
        "    x = LN[i_]",
        *("    " + ln for ln in body),
        f"    {out}.append(d)",
    ]


def _exact_run(sub: Mapping[str, Any]) -> Callable[[Ctx, int], list[Facts]]:
    """The facts of the lines of *mask* for the table *sub*, known to hold there (:func:`_run_lines` as a
    function of the context and the mask)."""
    ns: dict[str, Any] = dict(_line_ns())
    lines = _run_lines(sub, ns, "", "mask", "out")
    code = "\n".join(
        ["def run(c, mask):", "    LN = c.lines", *("    " + ln for ln in lines), "    return out"]
    )
    run: Callable[[Ctx, int], list[Facts]] = _shared(code, "run", ns, _RUN_GLOBALS)
    return run


#: chart words whose facts never carry the keys a fired rule's lines are read from (``lines``, ``also`` …)
_NO_POS_WORDS = (STATIC_WORDS - {"yao_wei"}) | frozenset(  # yao_wei's facts carry "lines"
    {
        "no_line",
        "no_moving",
        "ri_to_yong",
        "yong_hidden",
        "yong_fu",
        "yong_fu_state",
        "trigram_state",
        "palace_state",
        "stems_meet",
        "has_year",
        "wang_wang",
        "rain_days",
        "yong_select",
    }
)
#: the positions (1 … 6) of the lines of each 6-bit mask, in order (the generated code's name for it)
BITS = POSITIONS_OF
_ROLE_GROUPS = R.GROUPS[:4]


def _merged_positions(*masks: int) -> list[int]:
    """The positions of the lines of *masks*, each mask's in order, first seen first (as ``_positions``)."""
    out = list(BITS[masks[0]])
    seen = masks[0]
    for m in masks[1:]:
        for p in BITS[m & ~seen]:
            out.append(p)
        seen |= m
    return out


#: role bits → the group rank of every 6-bit mask of lines (rank_table; bounded: the roles come from the
#: hexagram's 六親 and the 用神 line, a few thousand combinations at most)
_RANKS: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def rank_table(role_bits: tuple[int, int, int, int]) -> tuple[int, ...]:
    """:func:`group_rank` of each mask 0 … 63 under *role_bits* (``Ctx.role_bits``: a generated ``fire``
    reads its rule's group rank from it), kept per role bits and shared, never written (a tuple)."""
    got = _RANKS.get(role_bits)
    if got is None:
        if len(_RANKS) >= 4096:
            _RANKS.clear()
        got = _RANKS[role_bits] = tuple(group_rank(m, role_bits) for m in range(64))
    return got


def group_rank(lines: int, role_bits: tuple[int, int, int, int]) -> int:
    """The rank in GROUPS of the group of a rule about the lines *lines*: the first role (用神 原神 忌神 仇神)
    one of them has, else 卦 (as ``reading._group``: roles are exclusive, so the least rank wins)."""
    if lines & role_bits[0]:
        return 0
    if lines & role_bits[1]:
        return 1
    if lines & role_bits[2]:
        return 2
    if lines & role_bits[3]:
        return 3
    return 4


#: a generated ``fire(c, text, extras, buckets, m0, m1, …)`` (the masks of the rule's tables as the gate
#: computed them, then those its ``any`` words read): appends the fired rule to the list of its group rank in
#: *buckets* (nothing when a word fails); *extras*: :meth:`Compiled.extras` of whether the rule is one of the
#: question's own
Fire = Callable[..., None]


class Compiled:
    """One rule ready for the fast path: its static words and, per word of its ``when``, how to get its facts
    (line tables from the mask the gate computed); :attr:`fire` is a function generated from the rule that
    makes its :class:`FiredRule` (the same value as ``reading.fire``) and appends it to the list of its group
    rank, or does nothing when a word fails."""

    __slots__ = (
        "any_tables",
        "fire",
        "fire_ns",
        "fire_src",
        "index",
        "line_any",
        "rule",
        "static",
        "steps",
        "tables",
    )

    def __init__(self, index: int, rule: Rule) -> None:
        self.index = index
        self.rule = rule
        when = rule.when
        self.static = tuple((k, v) for k, v in when.items() if k in STATIC_WORDS)
        #: (word, value) of the words whose mask the gate computes, in ``when`` order
        self.tables = tuple(
            (k, v)
            for k, v in when.items()
            if k in LINE_TABLES or k in ("no_line", "yong", "count", "no_moving")
        )
        #: the line tables of the branches of a chart-level ``any`` whose branches are line tables and plain
        #: chart words only (the gate passes their masks after the rule's own; empty: ``any`` read plainly)
        self.any_tables: tuple[tuple[str, Any], ...] = ()
        #: the branches (but the last) of the ``any`` word of the rule's line tables, in ``when`` order: the
        #: gate passes their masks after those of :attr:`any_tables` (:func:`_line_body` reads them)
        self.line_any = tuple(
            branch
            for k, v in when.items()
            if k in LINE_TABLES or k == "yong"
            for branch in _line_any_branches(v)
        )
        steps: list[tuple[str, Any, Callable[..., Any]]] = []
        for k, v in when.items():
            if k in LINE_TABLES or k == "yong":  # their facts are written inline (_make_fire)
                steps.append((k, v, _no_step))
            elif k == "any":
                if all(_simple_branch(sub) for sub in v):
                    tabs = [(kk, vv) for sub in v for kk, vv in sub.items() if kk in LINE_TABLES]
                    self.any_tables = tuple(tabs)
                    steps.append((k, v, self._any_branches(v)))
                else:
                    steps.append((k, v, _any_step))
            elif k == "yao_wei":
                steps.append((k, v, _yao_wei_step))
            elif k == "ri_to_yong":
                steps.append((k, v, _ri_to_yong_step))
            elif k == "yong_select":
                steps.append((k, v, _yong_select_step))
            elif k == "element_count":
                steps.append((k, v, _element_count_step(v)))
            elif k == "stems_meet":
                steps.append((k, v, _stems_meet_step(v)))
            else:
                steps.append((k, v, CHART.fn(k)))
        self.steps = tuple(steps)
        self.fire: Fire = self._make_fire()

    def _any_branches(self, v: list[Mapping[str, Any]]) -> Callable[[Ctx, tuple[int, ...]], Facts | None]:
        """A generated function giving the facts of the chart word ``any`` = *v* as ``Vocabulary.holds``
        reads it (the first branch that holds; in a branch the words' facts merged in order, the first to set
        a key winning), the masks of the branches' line tables read from the gate's (after the rule's own)."""
        ns: dict[str, Any] = {}
        body = ["def any_(c, masks):"]
        mi = len(self.tables)
        for b, sub in enumerate(v):
            ns[f"SUB{b}"] = sub
            lines = [f"def b{b}(c, masks):"]
            first = True
            for w, (k, val) in enumerate(sub.items()):
                if k in LINE_TABLES:
                    key = LINE_TABLES[k]
                    m = f"masks[{mi}]"
                    mi += 1
                    ns[f"R{b}_{w}"] = _exact_run(val)
                    lines.insert(1, f"    if not {m}: return None")  # the table holds on no line
                    if first:
                        lines.append(f"    g = {{{key!r}: R{b}_{w}(c, {m})}}")
                    else:
                        lines.append(f"    if {key!r} not in g: g[{key!r}] = R{b}_{w}(c, {m})")
                else:
                    ns[f"P{b}_{w}"] = CHART.fn(k)
                    ns[f"V{b}_{w}"] = val
                    lines.append(f"    h = P{b}_{w}(c, V{b}_{w}, SUB{b})")
                    lines.append("    if h is None: return None")
                    if first:
                        lines.append("    g = h")
                    else:
                        lines.append("    for k_, v_ in h.items():")
                        lines.append("        if k_ not in g: g[k_] = v_")
                first = False
            lines.append("    return g")
            exec("\n".join(lines), ns)  # generated from the rule data only
            body.append(f"    g = b{b}(c, masks)")
            body.append("    if g is not None: return g")
        body.append("    return None")
        exec("\n".join(body), ns)  # generated from the rule data only
        fn: Callable[[Ctx, tuple[int, ...]], Facts | None] = ns["any_"]
        return fn

    def extras(self, asked: bool | None) -> tuple[dict[str, Any], ...]:
        """The ``extra`` of the rule's FiredRule per group rank (GROUPS order), its ``lines`` left None (the
        generated ``fire`` copies the one of its rank and sets them), as ``reading.fire`` and
        ``reading.order`` give it: kind, group, lines, the rule it contradicts, and (with a topic, *asked*
        not None) whether it is one of the question's own."""
        r = self.rule
        out = []
        for g in R.GROUPS:
            d: dict[str, Any] = {"kind": r.kind, "group": g, "lines": None}
            conflict = r.extra.get("conflict")
            if conflict:
                d["conflict_with"] = conflict
            if asked is not None:
                d["asked"] = asked
            out.append(d)
        return tuple(out)

    def _make_fire(self) -> Fire:
        """Generate :attr:`fire` from the rule: the facts merged in ``when`` order as
        :meth:`Vocabulary.holds` merges them (the first word's facts first, later words adding missing keys),
        then the fired rule's lines, group and ``extra`` as ``reading.fire`` gives them."""
        r = self.rule
        ns: dict[str, Any] = {
            "W": r.when,
            "RT": rank_table,
            "CLS": FiredRule,
            "SLOTS": _FiredSlots,
            "MP": _merged_positions,
            "BITS": BITS,
            "POSITIONS": R._positions,
            "MASK_OF": positions_mask,
            "GROUPS": R.GROUPS,
            "ID": r.id,
            "SRC": r.src,
            "TOPICS": r.topics,
            "KIND": r.kind,
        }
        n_all = len(self.tables) + len(self.any_tables) + len(self.line_any)
        body = [f"def fire(c, TX, EX, BK{''.join(f', m{b}' for b in range(n_all))}):"]
        first = True
        mi = 0
        from_masks = True
        yong_known = False  # a yong word: 'yong_shen' is in the facts
        plain_words = False  # a word whose facts come from its plain function (it may give 'yong_shen')
        pos_masks: dict[str, str] = {}
        inline = False  # the line tables' statements read the lines as LN
        n_masks = len(self.tables) + len(self.any_tables)
        any_masks = iter([f"m{n_masks + b}" for b in range(len(self.line_any))])
        for j, (k, v, fn) in enumerate(self.steps):
            if k in LINE_TABLES or k == "yong":
                if not inline:
                    body.append("    LN = c.lines")
                    ns.update(_line_ns())
                    inline = True
                key = LINE_TABLES.get(k, "lines")
                m = f"m{mi}"
                mi += 1
                pos_masks.setdefault(key, m)
                run = _run_lines(v, ns, str(j), m, f"lf{j}", any_masks)
                if k == "yong":  # the gate proved the 用神 line holds (its mask): _c_yong's facts
                    yong_known = True
                    if first:
                        body.extend("    " + ln for ln in run)
                        body.append(f"    f = {{'yong_shen': c.yong.key, 'lines': lf{j}}}")
                    else:
                        body.append("    if 'yong_shen' not in f: f['yong_shen'] = c.yong.key")
                        body.append("    if 'lines' not in f:")
                        body.extend("        " + ln for ln in run)
                        body.append(f"        f['lines'] = lf{j}")
                elif first:
                    body.extend("    " + ln for ln in run)
                    body.append(f"    f = {{{key!r}: lf{j}}}")
                else:
                    body.append(f"    if {key!r} not in f:")
                    body.extend("        " + ln for ln in run)
                    body.append(f"        f[{key!r}] = lf{j}")
                first = False
                continue
            if k == "no_line":  # the gate proved no line holds: no facts
                mi += 1
                if first:
                    body.append("    f = {}")
                first = False
                continue
            if k in ("no_moving", "count"):
                mi += 1
            if k == "yao_wei":  # every line, in order, when it holds (its facts' lines)
                pos_masks.setdefault("lines", "63")
            elif k == "element_count":  # its "lines" are positions, not line facts: no lines for the rule,
                # unless a line table sets "lines" after it (it does not when element_count set them first)
                later = any(kk in ("line", "yong") for kk, _, _ in self.steps[j + 1 :])
                if "lines" not in pos_masks and later:
                    from_masks = False
                pos_masks.setdefault("lines", "0")
            elif k not in _NO_POS_WORDS:
                from_masks = False
            plain_words = True
            ns[f"P{j}"] = fn
            ns[f"V{j}"] = v
            if k == "any" and self.any_tables:
                body.append(f"    g = P{j}(c, ({''.join(f'm{b}, ' for b in range(n_all))}))")
            else:
                body.append(f"    g = P{j}(c, V{j}, W)")
            body.append("    if g is None: return None")
            if first:
                body.append("    f = g")
            else:
                body.append("    for k_, v_ in g.items():")
                body.append("        if k_ not in f: f[k_] = v_")
            first = False
        if next(any_masks, None) is not None:
            raise AssertionError(f"rule {r.id}: a mask of its line tables' any is not read")
        if first:
            body.append("    f = {}")
        um = "um"  # the mask of the rule's lines
        if from_masks:
            ms = [pos_masks[key] for key in R._POS_KEYS if key in pos_masks]
            if not ms:
                body.append("    pos = []")
                um = "0"
            elif len(ms) == 1:
                body.append(f"    pos = [*BITS[{ms[0]}]]")
                um = ms[0]
            else:
                body.append(f"    pos = MP({', '.join(ms)}); um = {' | '.join(ms)}")
        else:
            body.append("    pos = POSITIONS(f); um = MASK_OF(pos)")
        fixed = r.extra.get("group")
        if fixed:
            body.append(f"    rk = {R.GROUPS.index(str(fixed))}")
        elif r.kind == "用神" or yong_known:
            body.append("    rk = 0")
        else:  # group_rank
            rank = f"gr[{um}]"  # group_rank of the lines, read from the context's table (rank_table)
            body.append("    gr = RT(c.role_bits)")
            if plain_words:
                body.append(f"    rk = 0 if 'yong_shen' in f else {rank}")
            else:
                body.append(f"    rk = {rank}")
        # the extra: a copy of the one of its group and of whether it was asked (EX, the gate's), the lines
        body.append("    extra = EX[rk].copy(); extra['lines'] = pos")
        # the FiredRule: its slots filled on an object of the same slot layout, then made a FiredRule
        body.append("    o = SLOTS()")
        values = {"id": "ID", "src": "SRC", "facts": "f", "text": "TX", "topics": "TOPICS"}
        values |= {"title": "None", "extra": "extra"}
        for n in _FIELDS:  # a field of FiredRule not named here is a KeyError when the rules compile
            body.append(f"    o.{n} = {values[n]}")
        body.append("    o.__class__ = CLS")
        body.append("    BK[rk].append(o)")
        self.fire_src = "\n".join(body)
        self.fire_ns = ns
        fire: Fire = _shared(self.fire_src, "fire", ns, _FIRE_GLOBALS)
        return fire


def _no_step(*_a: Any) -> None:
    """The step of a line table: its facts are written inline in the generated ``fire``."""


def _simple_branch(sub: Mapping[str, Any]) -> bool:
    """Whether a branch of a chart-level ``any`` has only line tables and words read by their plain function
    (no word whose mask the gate tests, no nested ``any``)."""
    return all(k in LINE_TABLES or k not in ("any", "no_line", "yong", "count", "no_moving") for k in sub)


def _yao_wei_step(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """The facts of the chart word ``yao_wei`` (``_reading_vocab._c_yao_wei``: every line with its item and
    motion), each line's dict made in one step (its base facts, then ``item``, ``moving``)."""
    if yao_wei_key(c) != v:
        return None
    name, items, src = T.YAO_WEI[v]
    rows = []
    for x in c.lines:
        d = x.fb.copy()
        d["item"] = items[x.i]
        d["moving"] = x.moving
        rows.append(d)
    return {"table": name, "key": v, "src": src, "lines": rows}


@cache
def _ri_relations(day_branch: int, element: int, branch: int) -> frozenset[str]:
    """How the day branch stands to a 用神 of *element* on *branch* (剋 生 合, as ``_c_ri_to_yong`` tests)."""
    de = BRANCH_ELEMENT[day_branch]
    got = set()
    if wuxing.overcomes(de, element):
        got.add("剋")
    if wuxing.generates(de, element):
        got.add("生")
    if relations.liu_he(day_branch) == branch:
        got.add("合")
    return frozenset(got)


def _ri_to_yong_step(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """The facts of the chart word ``ri_to_yong`` (``_reading_vocab._c_ri_to_yong``), the relations of the
    day to the 用神 read from :func:`_ri_relations`."""
    db = c.day.branch
    ys = c.yong
    held = _ri_relations(db, ys.element, ys.branch)
    got = [rel for rel in _as_list(v) if rel in held]
    if not got:
        return None
    return {
        "ri_chen": BRANCHES[db],
        "yong_shen": ys.key,
        "yong_branch": BRANCHES[ys.branch],
        "relation": got,
    }


def _yong_select_step(c: Ctx, _v: Any, _w: Mapping[str, Any]) -> Facts | None:
    """The chart word ``yong_select`` (``_reading_vocab._c_yong_select``): the 用神's JSON with the topic
    added to it (the same keys in the same order, without the copy ``|`` makes)."""
    d = c.yong.to_json()
    d["topic"] = c.topic
    return d


def _element_count_step(v: Mapping[str, Any]) -> Callable[[Ctx, Any, Mapping[str, Any]], Facts | None]:
    """The chart word ``element_count`` = *v* (``_reading_vocab._c_element_count``) with its element and
    bounds read once: the count and the lines from the element's mask."""
    e = _ELEMENT_IX[v["element"]]
    name = v["element"]
    lo = v.get("min", 0)
    hi = int(v.get("max", 6))

    def step(c: Ctx, _v: Any, _w: Mapping[str, Any]) -> Facts | None:
        m = c.by_el[e]
        n = POP[m]
        low = lo
        if low == "many":
            if c.opts.many_element == "bian":
                n += sum(1 for x in c.lines if x.bian is not None and x.bian.element == e)
                low = 3
            else:
                low = 2
        if not int(low) <= n <= hi:
            return None
        return {"element": name, "count": n, "lines": list(BITS[m])}

    return step


def _stems_meet_step(v: Any) -> Callable[[Ctx, Any, Mapping[str, Any]], Facts | None]:
    """The chart word ``stems_meet`` = *v* (``_reading_vocab._c_stems_meet``) from the masks of the lines'
    stems and their changed lines' stems."""
    want = tuple(_STEM_IX[s] for s in _as_list(v))
    names = _as_list(v)

    def step(c: Ctx, _v: Any, _w: Mapping[str, Any]) -> Facts | None:
        sm = c.smask
        hs = c.hua_stem
        for s in want:
            if not sm[s] and not hs.get(s, 0):
                return None
        return {"stems": list(names)}

    return step


def _any_step(c: Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    holds = CHART.holds
    return next((f for f in (holds(sub, c) for sub in v) if f is not None), None)


#: the fields of FiredRule, in order (the generated ``fire`` fills them all)
_FIELDS = tuple(f.name for f in fields(FiredRule))
_COMPILED: tuple[Compiled, ...] | None = None
#: the generated reading function of one (options, rules of the question, own rules, asked): the fired rules
#: in order, given the context, the static words' verdicts and the texts of its rules (GateTexts)
Gates = Callable[[Ctx, tuple[bool, ...], tuple[Text, ...]], list[FiredRule]]
_GATES: dict[
    tuple[ReadingOptions, tuple[bool, ...], tuple[int, ...], bool],
    tuple[Gates, tuple[Compiled, ...], GateTexts],
] = {}
#: options → (hexagram, topic) → the generated function, the verdicts of its rules' static words, its texts
_OK: dict[ReadingOptions, dict[tuple[int, str | None], tuple[Gates, tuple[bool, ...], GateTexts]]] = {}
#: one copy of each verdict tuple (hexagrams often give the same)
_FLAGS: dict[tuple[bool, ...], tuple[bool, ...]] = {}
_LAST_OK: list[Any] = []  # the options last read with and their table (most readings use one set)
_LIMIT = 8192


def compiled() -> tuple[Compiled, ...]:
    global _COMPILED
    if _COMPILED is None:
        _COMPILED = tuple(Compiled(i, r) for i, r in enumerate(R.rules()))
    return _COMPILED


_RETURN = re.compile(r"\breturn None\b")
_NAME = re.compile(r"(?<!\.)\b[A-Za-z_][A-Za-z0-9_]*\b")  # a name, not an attribute


def _inline_fire(
    cr: Compiled, src: _Src, masks: list[str], text: str, extras: str, bucket: str, ind: str
) -> str | None:
    """The body of *cr*'s generated ``fire`` written in the gate function in place of its call (a call and
    its arguments less per fired rule): its parameters bound to the gate's values (the masks the gate
    computed, *masks*, its text, extras and bucket), the rule's own names and the shared ones put in the
    gate's namespace as constants, ``return None`` (a word failed) made a ``break`` out of a one-pass loop.
    None when the body cannot be inlined so (a ``return`` inside a loop of its own): the gate calls the
    fire. *text*: the expression of the rule's text (its entry of the gate's argument TXT)."""
    body = cr.fire_src.split("\n")[1:]
    if any(_RETURN.search(ln) and not ln.startswith("    if g is None") for ln in body):
        return None
    ns = cr.fire_ns
    shared = {k: v for k, v in ns.items() if k in _FIRE_GLOBALS}
    own = {k: src.const(v) for k, v in ns.items() if k not in _FIRE_GLOBALS}
    params = {"TX": text, "EX": extras, "BK": bucket, "gr": "GR"}  # GR: the gate's rank table
    rename = {**own, **{k: k for k in shared}, **params}
    out = []
    for n, m in enumerate(masks):
        if m != f"m{n}":
            out.append(f"{ind}m{n} = {m}\n")
    body = [ln for ln in body if ln not in ("    gr = RT(c.role_bits)", "    LN = c.lines")]  # the gate's
    loop = any(_RETURN.search(ln) for ln in body)  # a word can fail: break out of a one-pass loop
    if loop:
        out.append(f"{ind}while True:\n")
    for ln in body:
        ln = _RETURN.sub("break", ln)
        ln = _NAME.sub(lambda mt: rename.get(mt.group(0), mt.group(0)), _checked_literals(ln, rename))
        out.append(f"{ind}{ln if loop else ln[4:]}\n")
    if loop:
        out.append(f"{ind}    break\n")
    for k, v in shared.items():
        src.consts[k] = v
    return "".join(out)


def _checked_literals(line: str, rename: Mapping[str, str]) -> str:
    """*line* unchanged: a check that no name to rename occurs inside a string literal of the generated fire
    (its literals are fact keys and classical terms, none of them a name of its namespace)."""
    for lit in re.findall(r"'[^']*'", line):
        if any(n in rename for n in _NAME.findall(lit)):
            raise AssertionError(f"a name of the generated fire occurs in its literal {lit}")
    return line


def _gate_source(
    crs: tuple[Compiled, ...],
    opts: ReadingOptions,
    src: _Src,
    own: tuple[int, ...],
    asked: bool = True,
) -> tuple[str, tuple[Compiled, ...], tuple[Text, ...]]:
    """The generated function for the rules *crs* (those a topic family and options allow) and the rules among
    them with static words: for each rule, the masks of its line tables, inline; a rule whose tables all hold
    is fired (its generated ``fire``) and kept when its other words hold too, in the list of its (own, group
    rank): the rules are visited by (own, index), so the lists joined in (own, rank) order are the report
    order of ``reading.order``. A rule with static words is read only when its entry of the argument ``OKF``
    (its static words' verdict on the hexagram, one entry per rule of the second value, in order) is true.
    *asked*: a topic was asked (each fired rule's ``extra`` says whether it is one of the topic's own). The
    third value: the rules' texts, in the order the function reads them from its argument ``TXT``."""
    lines = ["def gates(c, OKF, TXT):\n"]
    texts: list[Text] = []
    lines.append("    " + "; ".join(f"b{i} = []" for i in range(10)) + "\n")  # one list per (own, rank)
    lines.append("    BK0 = (b0, b1, b2, b3, b4); BK1 = (b5, b6, b7, b8, b9)\n")
    guards: set[str] = set()
    static: list[Compiled] = []
    for cr in sorted(crs, key=lambda cr: (own[cr.index], cr.index)):
        is_own = own[cr.index] == 0
        fire = src.const(cr.fire)
        text = f"TXT[{len(texts)}]"
        texts.append(cr.rule.text)
        ind = "    "
        when = cr.rule.when
        if cr.static:  # the hexagram's verdict on the rule's static words
            lines.append(f"{ind}if OKF[{len(static)}]:\n")
            ind += "    "
            static.append(cr)
        # words the gate can refuse before the rule's masks (each holds only when its guard does): the hidden
        # 用神's words need a 伏神 (their plain functions give None without one), ri_to_yong a relation of
        # the day to the 用神 among its values
        if "yong_fu" in when or "yong_fu_state" in when or when.get("yong_hidden") is True:
            lines.append(f"{ind}if FU:\n")
            ind += "    "
            guards.add("FU")
        if "ri_to_yong" in when:
            rels = src.const(frozenset(_as_list(when["ri_to_yong"])))
            lines.append(f"{ind}if not RY.isdisjoint({rels}):\n")
            ind += "    "
            guards.add("RY")
        names = []
        for n, (k, v) in enumerate(cr.tables):
            m = f"m{n}"
            names.append(m)
            if k in LINE_TABLES:
                lines.append(f"{ind}{m} = {table_expr(v, opts, src)}\n{ind}if {m}:\n")
            elif k == "no_line":
                lines.append(f"{ind}{m} = {table_expr(v, opts, src)}\n{ind}if not {m}:\n")
            elif k == "yong":
                lines.append(f"{ind}{m} = {table_expr(v, opts, src)} & YB\n{ind}if {m}:\n")
            elif k == "count":
                lo = v.get("min", 0)
                lo_n = int(opts.many_moving) if lo == "many" else int(lo)
                hi = int(v.get("max", 6))
                lines.append(
                    f"{ind}{m} = {table_expr(v['of'], opts, src)}\n{ind}if {lo_n} <= POP[{m}] <= {hi}:\n"
                )
            elif k == "no_moving":
                lines.append(f"{ind}{m} = MV\n{ind}if {'not ' if v else ''}{m}:\n")
            ind += "    "
        names += [table_expr(v, opts, src) for _k, v in cr.any_tables]  # read by the rule's ``any``
        names += [table_expr(v, opts, src) for v in cr.line_any]  # read by its line tables' ``any``
        extras = src.const(cr.extras(is_own if asked else None))
        inline = _inline_fire(cr, src, names, text, extras, "BK0" if is_own else "BK1", ind)
        if inline is not None:
            lines.append(inline)
        else:
            lines.append(
                f"{ind}{fire}(c, {text}, {extras}, {'BK0' if is_own else 'BK1'}"
                f"{''.join(f', {m}' for m in names)})\n"
            )
    lines.append("    return [*b0, *b1, *b2, *b3, *b4, *b5, *b6, *b7, *b8, *b9]\n")
    body, exprs = _inline_single_use("".join(lines[1:]), dict(src.locals))
    hoisted = [f"    {name} = {expr}\n" for name, expr in exprs.items()]
    if "FU" in guards:
        hoisted.append("    FU = c.yong.fu is not None\n")
    if "RY" in guards:
        hoisted.append("    RY = RR(c.day.branch, c.yong.element, c.yong.branch)\n")
    rest = "".join([*hoisted, body])
    return "".join([lines[0], _prologue(rest), rest]), tuple(static), tuple(texts)


_LOCAL = re.compile(r"\bw\d+\b")


def _literal(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement for ``re.sub`` that puts *text* in as it is (no escapes read)."""
    return lambda _m: text


def _inline_single_use(body: str, exprs: dict[str, str]) -> tuple[str, dict[str, str]]:
    """*body* and the hoisted mask locals *exprs* (name → expression, each over the earlier ones), with each
    local named only once written in place of its name instead (a mask read by one rule is then computed
    only when the reading reaches that rule; the expressions have no side effect)."""
    uses: dict[str, int] = {}
    for text in (body, *exprs.values()):
        for n in _LOCAL.findall(text):
            uses[n] = uses.get(n, 0) + 1
    for name in reversed(list(exprs)):  # the later locals first: an earlier one may fold into them
        if uses.get(name, 0) > 1:
            continue
        expr = f"({exprs.pop(name)})"
        pat = re.compile(rf"\b{name}\b")
        for other, e in exprs.items():
            if pat.search(e):
                exprs[other] = pat.sub(_literal(expr), e, count=1)
                break
        else:
            body = pat.sub(_literal(expr), body, count=1)
    return body, exprs


def gate_globals() -> dict[str, Any]:
    """The names a generated gate function reads besides its constants (a new dict)."""
    return {"POP": POP, "RR": _ri_relations, "RT": rank_table, **_LAZY_FNS}


class GateTexts:
    """The texts of the rules of a generated gate function, in the order of its argument ``TXT``: as the
    data gives them (:attr:`plain`) and with their Simplified form filled in (:meth:`hans`, made on the first
    reading in Simplified Chinese: ``with_simplified`` runs OpenCC). Shared, never written (tuples)."""

    __slots__ = ("_hans", "plain")

    def __init__(self, plain: tuple[Text, ...]) -> None:
        self.plain = plain
        self._hans: tuple[Text, ...] | None = None

    def hans(self) -> tuple[Text, ...]:
        got = self._hans
        if got is None:
            got = self._hans = tuple(with_simplified(t) for t in self.plain)
        return got


def _gates(
    opts: ReadingOptions, rel: tuple[bool, ...], own: tuple[int, ...], asked: bool = True
) -> tuple[Gates, tuple[Compiled, ...], GateTexts]:
    """The generated function of *opts* for the rules *rel* says belong to the question, of which *own* says
    which are the question's own, the rules with static words it reads (in the order of its ``OKF``
    argument) and the texts of its rules (its ``TXT`` argument); compiled once per options, rule set, own
    rules and whether a topic was *asked*, so that every hexagram of a topic family shares it."""
    key = (opts, rel, own, asked)
    got = _GATES.get(key)
    if got is None:
        src = _Src(hoist=True)
        crs = tuple(cr for cr in compiled() if rel[cr.index])
        code, static, texts = _gate_source(crs, opts, src, own, asked)
        ns = gate_globals()
        ns.update(src.consts)
        exec(compile(code, f"<gates {_serial()}>", "exec"), ns)  # generated from the rule data only
        got = (ns["gates"], static, GateTexts(texts))
        if len(_GATES) >= 2048:
            _GATES.clear()
        _GATES[key] = got
    return got


def static_flags(c: Ctx, static: tuple[Compiled, ...]) -> tuple[bool, ...]:
    """Whether the static words of each rule of *static* hold on *c*'s hexagram, topic and options (the plain
    condition functions; the ``OKF`` argument of the generated function)."""
    out = []
    for cr in static:
        when = cr.rule.when
        out.append(all(CHART.fn(k)(c, v, when) is not None for k, v in cr.static))
    return tuple(out)


def _family_gates(c: Ctx) -> tuple[Gates, tuple[Compiled, ...], GateTexts]:
    """The generated function of *c*'s topic family and options, the rules with static words it reads and
    the texts of its rules."""
    fam = c.family
    rel = tuple(R.relevant(cr.rule, fam) for cr in compiled())
    own = tuple(0 if fam is None or not fam.isdisjoint(cr.rule.topics) else 1 for cr in compiled())
    return _gates(c.opts, rel, own, fam is not None)


def _ok(c: Ctx) -> tuple[Gates, tuple[bool, ...], GateTexts]:
    """The generated function of *c*'s options and topic family, with the verdict of the static words of its
    rules on *c*'s hexagram and the texts of its rules: it reads the rules that belong to the topic and whose
    static words hold; a rule is one of the topic's own (0) or a general one (1) (cached per hexagram,
    options and topic)."""
    last = _LAST_OK
    table: dict[tuple[int, str | None], tuple[Gates, tuple[bool, ...], GateTexts]]
    if last and last[0] is c.opts:
        table = last[1]
    else:
        found = _OK.get(c.opts)
        if found is None:
            if len(_OK) >= 256:
                _OK.clear()
            found = _OK[c.opts] = {}
        table = found
        _LAST_OK[:] = [c.opts, table]
    key = (c.code, c.topic)
    got = table.get(key)
    if got is None:
        fn, static, texts = _family_gates(c)
        flags = static_flags(c, static)
        got = (fn, _FLAGS.setdefault(flags, flags), texts)
        if len(table) >= _LIMIT:
            table.clear()
        table[key] = got
    return got


def evaluate(chart: LiuYaoChart, topic: str | None, opts: ReadingOptions, hans: bool) -> list[FiredRule]:
    """The fired rules of *chart* (what :func:`~xuanheng.liuyao.reading.reading_plain` gives, faster), in
    the order of ``reading.order``: the asked topic's own rules first, then by group, then data order."""
    c = Ctx(chart, topic, opts)
    try:
        fn, flags, texts = _ok(c)
        return fn(c, flags, texts.hans() if hans else texts.plain)
    finally:
        c.release()  # no cycle left for the collector: the context is freed on return


__all__ = [
    "BITS",
    "LINE_TABLES",
    "POP",
    "STATIC_WORDS",
    "Compiled",
    "compiled",
    "evaluate",
    "gate_globals",
    "group_rank",
    "rank_table",
    "table_expr",
    "word_expr",
]
