"""The reading (斷) of a 金口訣 課: every judgment of seed 000 whose condition holds on the chart.

The judgments are data (``data/judgments_*.toml``), one entry per INVENTORY id (000-003 … 000-270), each
with a declarative ``when`` table. This module defines the words ``when`` may use — the vocabulary —
and evaluates them on a :class:`~xuanheng.jinkoujue.chart.JinKouJueChart`. Every condition returns the
chart facts that made it hold (JSON-ready, classical terms as values) or ``None``.

Choices where seed 000 is silent or ambiguous (which pair is 上/下, what 比和 means, which 將 are 吉,
what 受克 and 臨門 mean, which 旺衰 layer is read) are named options of :class:`ReadingOptions`; their
defaults and reasons are in ``docs/jinkoujue-reading.md``.

>>> from xuanheng.jinkoujue import cast
>>> c = cast(day="癸未", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False, difen="申")
>>> [r.id for r in reading(c) if r.id in ("000-187", "000-191")]
['000-187', '000-191']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from itertools import pairwise
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.wangshuai import SEASON_ELEMENT, State, season_of_month_branch, state_by_season
from xuanheng.core.wuxing import Relation, relation
from xuanheng.errors import OptionError
from xuanheng.jinkoujue.chart import POSITION_KEYS, POSITION_LABELS, JinKouJueChart, Position, ShenshaHit
from xuanheng.reading import DEFAULT_LANG, FiredRule, Text, check_lang, to_simplified
from xuanheng.rules import (
    GENERAL_TOPIC,
    TOPIC_KEYS,
    Rule,
    Vocabulary,
    load_rules,
    normalise_topic,
    topic_label,
)

_WANG_XIANG = frozenset({"旺", "相"})
_XIU_QIU = frozenset({"休", "囚", "死"})
#: the three 旺衰 levels of 000-123 as the chart names them: 四位 (位內), 四季, 日下
LAYERS: tuple[str, ...] = ("si_wei", "season", "day")
_STATE_CLASS = {"旺相": _WANG_XIANG, "休囚": _XIU_QIU}
_LABEL = {
    Relation.GENERATES: "上生下",
    Relation.GENERATED_BY: "下生上",
    Relation.OVERCOMES: "上克下",
    Relation.OVERCOME_BY: "下克上",
    Relation.SAME: "比和",
}
_KE = (Relation.OVERCOMES, Relation.OVERCOME_BY)
_ADJACENT: tuple[tuple[str, str], ...] = tuple(pairwise(POSITION_KEYS))
_DOORS = frozenset({BRANCHES.index("卯"), BRANCHES.index("酉")})
#: positions whose branch stands in the 課 (the 人元 is a stem only)
_BRANCHED = ("gui_shen", "jiang_shen", "di_fen")

# ── options ──────────────────────────────────────────────────────────────────────────────────────

#: option → accepted values, the default first (reasons in docs/jinkoujue-reading.md)
CHOICES: dict[str, tuple[str, ...]] = {
    # which pair of positions 上生下/下生上/上克下/下克上/比和 compare
    "shang_xia": ("shen_jiang", "adjacent"),
    # 比和: the 上/下 pair shares one element, or all four positions do
    "bi_he": ("pair", "si_wei"),
    # 來意 of the 貴神: always read, or only when the 貴神 is the 用爻
    "lai_yi": ("always", "yong_yao"),
    # which 旺衰 level(s) give the 貴神's 旺/相/死/囚/休: all three levels of 000-123 (四位, 四季, 日下),
    # each read separately, or one of them (under si_wei alone 囚 can never occur — see the docs)
    "gui_shen_layer": ("all", "si_wei", "season", "day"),
    # which layer says whether a position is 旺相 or 休囚 in the 神煞 / clash / 刑 rules
    "state_layer": ("season", "si_wei", "day"),
    # 受克: overcome by the position directly above or below, or by any other position
    "ke_scope": ("adjacent", "any"),
}


@dataclass(frozen=True, slots=True)
class ReadingOptions:
    """School choices of the reading; see :data:`CHOICES` and ``docs/jinkoujue-reading.md``."""

    shang_xia: str = "shen_jiang"
    bi_he: str = "pair"
    lai_yi: str = "always"
    gui_shen_layer: str = "all"
    state_layer: str = "season"
    ke_scope: str = "adjacent"

    def __post_init__(self) -> None:
        for name, accepted in CHOICES.items():
            value = getattr(self, name)
            if value not in accepted:
                raise OptionError(
                    f"unknown value {value!r} for reading option {name}: "
                    f"expected one of {', '.join(accepted)}",
                    field=name,
                )

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any] | None) -> ReadingOptions:
        """Build from a mapping; unknown keys raise :class:`OptionError`."""
        if not m:
            return cls()
        for k in m:
            if k not in CHOICES:
                raise OptionError(
                    f"unknown reading option {k!r}: expected one of {', '.join(CHOICES)}", field="options"
                )
        return cls(**{k: str(v) for k, v in m.items()})

    def to_json(self) -> dict[str, str]:
        return dict(asdict(self))


#: accepted values of the enumerated condition words (checked when the data is loaded)
_VALUES: dict[str, frozenset[str]] = {
    "gui_shen": frozenset(TIAN_JIANG),
    "gui_shen_class": frozenset({"吉", "凶"}),
    "relation": frozenset(_LABEL.values()),
    "zhan": frozenset({"外戰", "內戰"}),
    "state": frozenset(s.value for s in State),
    "ren_yuan": frozenset(STEMS),
    "di_fen": frozenset(BRANCHES),
    "yong_element": frozenset(ELEMENTS),
    "shensha_ke": frozenset({"above", "neighbour"}),
    "pair": frozenset({"三刑", "六害"}),
    "pair_state": frozenset(_STATE_CLASS),
    "day_chong": frozenset({"any", *_STATE_CLASS}),
    "door": frozenset({"ke_or_jia", "gui_zei", "xiong", "ji_he"}),
    "tai_sui": frozenset({"in_ke", "ke", "zhen", "door_ke", "shift"}),
    "month_half": frozenset({"first", "second"}),
    "year_branch_on": frozenset(POSITION_KEYS),
    "day_branch_on": frozenset(POSITION_KEYS),
}

# ── the rules as data ────────────────────────────────────────────────────────────────────────────


#: what a rule's ``kind`` may be (a label for display: 大抵 / 生克 / 戰 / 旺衰 / 來意 …; "" for the 神煞)
KINDS: tuple[str, ...] = ("", "大抵", "生克", "戰", "旺衰", "來意", "人元", "地分", "類象", "用爻")
#: the rule files: this package's, then the 神煞 judgments every method shares (``shensha/data``)
RULE_FILES: tuple[tuple[str, str], ...] = (
    ("xuanheng.jinkoujue", "judgments_gui_shen"),
    ("xuanheng.jinkoujue", "judgments_si_wei"),
    ("xuanheng.shensha", "judgments"),
)


@cache
def rules() -> tuple[Rule, ...]:
    """All judgment rules, in report order, checked against the shared schema (RuleDataError otherwise)."""
    out: list[Rule] = []
    for package, name in RULE_FILES:
        out += load_rules(package, (name,), VOCAB, kinds=KINDS, extra_keys=("tag",))
    return tuple(out)


@cache
def jiang_class() -> dict[str, str]:
    """天將 name → ``"吉"`` or ``"凶"`` (``[jiang_class]`` of ``judgments_gui_shen.toml``)."""
    t = load_package_data("xuanheng.jinkoujue", "judgments_gui_shen")["jiang_class"]
    return {**{n: "吉" for n in t["ji"]}, **{n: "凶" for n in t["xiong"]}}


@cache
def topics() -> tuple[str, ...]:
    """The topics this method's rules speak of, in the order of the shared vocabulary."""
    used = {t for r in rules() for t in r.topics}
    return tuple(t for t in TOPIC_KEYS if t in used)


# ── evaluation context ───────────────────────────────────────────────────────────────────────────


#: relation(a, b) of core.wuxing for every pair of element indices, looked up instead of recomputed
_REL: tuple[tuple[Relation, ...], ...] = tuple(tuple(relation(a, b) for b in range(5)) for a in range(5))


class _Ctx:
    """Per-chart facts the conditions share (elements, branches, states by layer)."""

    def __init__(self, chart: JinKouJueChart, opts: ReadingOptions) -> None:
        self.chart = chart
        self.opts = opts
        self.pos: dict[str, Position] = {p.key: p for p in chart.positions}
        self.el: dict[str, int] = {k: p.element for k, p in self.pos.items()}
        cal = chart.calendar
        assert cal.month_branch is not None and cal.jie_month is not None
        # the year is None in a study cast given without one: the 太歲 conditions then hold nowhere
        self.year, self.month_branch, self.jie_month = cal.year, cal.month_branch, cal.jie_month
        #: the 神煞 in the 課 (on a position or in force), in chart order
        self.in_ke: list[ShenshaHit] = [h for h in chart.shensha if h.positions or h.applies]

    def label(self, key: str) -> str:
        return POSITION_LABELS[key]

    def rel(self, upper: str, lower: str) -> Relation:
        return _REL[self.el[upper]][self.el[lower]]

    def state_of(self, key: str, layer: str | None = None) -> str:
        return str(getattr(self.pos[key].wang_shuai, layer or self.opts.state_layer))

    def overcome_by(self, key: str, only_above: bool = False) -> list[str]:
        """Positions whose element overcomes the element of *key* (受克), by the ``ke_scope`` option."""
        i = POSITION_KEYS.index(key)
        if only_above:
            others = [POSITION_KEYS[i - 1]] if i > 0 else []
        elif self.opts.ke_scope == "adjacent":
            others = [POSITION_KEYS[j] for j in (i - 1, i + 1) if 0 <= j < len(POSITION_KEYS)]
        else:
            others = [k for k in POSITION_KEYS if k != key]
        return [o for o in others if _REL[self.el[o]][self.el[key]] is Relation.OVERCOMES]

    def hits(self, names: Iterable[str]) -> list[ShenshaHit]:
        if not self.in_ke:
            return []
        wanted = set(names)
        return [h for h in self.in_ke if h.name in wanted]

    def branch_positions(self, branch: int, keys: Iterable[str] = _BRANCHED) -> list[str]:
        return [k for k in keys if self.pos[k].branch == branch]

    def ke_text(self, actor: str, target: str) -> str:
        a, t = ELEMENTS[self.el[actor]], ELEMENTS[self.el[target]]
        return f"{self.label(actor)}{a}克{self.label(target)}{t}"


Facts = dict[str, Any]
Cond = Callable[[_Ctx, Any, Mapping[str, Any]], Facts | None]


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _labels(ctx: _Ctx, keys: Iterable[str]) -> list[str]:
    return [POSITION_LABELS[k] for k in keys]


# ── the vocabulary ───────────────────────────────────────────────────────────────────────────────


def _gui_shen(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    name = ctx.pos["gui_shen"].name
    return {"gui_shen": name} if name in _as_list(v) else None


def _gui_shen_class(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    name = ctx.pos["gui_shen"].name
    cls = jiang_class().get(name)
    return {"gui_shen": name, "ji_xiong": cls} if cls == v else None


def _shang_xia_pairs(ctx: _Ctx) -> tuple[tuple[str, str], ...]:
    return (("gui_shen", "jiang_shen"),) if ctx.opts.shang_xia == "shen_jiang" else _ADJACENT


def _relation(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    if v == "比和" and ctx.opts.bi_he == "si_wei":
        if len(set(ctx.el.values())) == 1:
            return {"relation": "比和", "element": ELEMENTS[ctx.el["ren_yuan"]], "scope": "四位"}
        return None
    found = [(u, lo) for u, lo in _shang_xia_pairs(ctx) if _LABEL[ctx.rel(u, lo)] == v]
    if not found:
        return None
    return {
        "relation": v,
        "pairs": [
            {
                "upper": ctx.label(u),
                "upper_element": ELEMENTS[ctx.el[u]],
                "lower": ctx.label(lo),
                "lower_element": ELEMENTS[ctx.el[lo]],
            }
            for u, lo in found
        ],
    }


def _zhan(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    pair = {"外戰": ("ren_yuan", "gui_shen"), "內戰": ("jiang_shen", "di_fen")}.get(v)
    if pair is None:
        raise ValueError(f"zhan must be 外戰 or 內戰, not {v!r}")
    r = ctx.rel(*pair)
    if r not in _KE:
        return None
    actor, target = pair if r is Relation.OVERCOMES else (pair[1], pair[0])
    return {"zhan": v, "ke": ctx.ke_text(actor, target)}


def _state(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    layers = LAYERS if ctx.opts.gui_shen_layer == "all" else (ctx.opts.gui_shen_layer,)
    wanted = _as_list(v)
    found = {layer: ctx.state_of("gui_shen", layer) for layer in layers}
    found = {layer: s for layer, s in found.items() if s in wanted}
    if not found:
        return None
    return {"wang_shuai": found, "wang_element": ELEMENTS[ctx.chart.wang_element]}


def _lai_yi(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    if not v:
        return None
    if ctx.opts.lai_yi == "yong_yao" and ctx.chart.yong_yao != "gui_shen":
        return None
    return {"lai_yi": True}


def _has_ke(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    kes = []
    for u, lo in _ADJACENT:
        r = ctx.rel(u, lo)
        if r is Relation.OVERCOMES:
            kes.append(ctx.ke_text(u, lo))
        elif r is Relation.OVERCOME_BY:
            kes.append(ctx.ke_text(lo, u))
    return {"ke": kes} if bool(kes) == bool(v) and kes else None


def _ren_yuan(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    p = ctx.pos["ren_yuan"]
    if p.stem is None or STEMS[p.stem] not in _as_list(v):
        return None
    return {
        "ren_yuan": STEMS[p.stem],
        "to_gui_shen": ctx.rel("ren_yuan", "gui_shen").value,
        "to_di_fen": ctx.rel("ren_yuan", "di_fen").value,
    }


def _di_fen(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    b = ctx.pos["di_fen"].branch
    return {"di_fen": BRANCHES[b]} if b is not None and BRANCHES[b] in _as_list(v) else None


def _yong_element(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    key = ctx.chart.yong_yao
    e = ELEMENTS[ctx.el[key]]
    return {"yong_yao": ctx.label(key), "element": e} if e == v else None


def _shensha(ctx: _Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    hs = ctx.hits(_as_list(v))
    if not hs:
        return None
    out = []
    for h in hs:  # keys in this order: name, positions, applies, branches, stems
        one: dict[str, Any] = {"name": h.name, "positions": [POSITION_LABELS[k] for k in h.positions]}
        if h.applies:
            one["applies"] = True
        if h.branches:
            one["branches"] = [BRANCHES[b] for b in h.branches]
        if h.stems:
            one["stems"] = [STEMS[s] for s in h.stems]
        out.append(one)
    return {"shensha": out}


def _carriers(ctx: _Ctx, w: Mapping[str, Any]) -> list[str]:
    keys: dict[str, None] = {}
    for h in ctx.hits(_as_list(w.get("shensha", ()))):
        for k in h.positions:
            keys.setdefault(k, None)
    return list(keys)


def _shensha_ke(ctx: _Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    found = []
    for k in _carriers(ctx, w):
        for o in ctx.overcome_by(k, only_above=(v == "above")):
            found.append(ctx.ke_text(o, k))
    return {"shou_ke": found} if found else None


def _shensha_ke_ren_yuan(ctx: _Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    found = [
        ctx.ke_text(k, "ren_yuan")
        for k in _carriers(ctx, w)
        if k != "ren_yuan" and ctx.rel(k, "ren_yuan") is Relation.OVERCOMES
    ]
    return {"ke_ren_yuan": found} if found and v else None


def _pair_hits(ctx: _Ctx, kind: str) -> list[tuple[str, str, str]]:
    return [(r.upper, r.lower, r.detail) for r in ctx.chart.relations if r.kind == kind]


def _pair(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    found = _pair_hits(ctx, str(v))
    if not found:
        return None
    return {
        "pair": v,
        "between": [{"upper": ctx.label(u), "lower": ctx.label(lo), "detail": d} for u, lo, d in found],
    }


def _pair_state(ctx: _Ctx, v: Any, w: Mapping[str, Any]) -> Facts | None:
    wanted = _STATE_CLASS[str(v)]
    keys: dict[str, None] = {}
    for u, lo, detail in _pair_hits(ctx, str(w.get("pair", ""))):
        # for 三刑 the detail reads "申刑寅（無恩）": the 刑 position is the punishing one (申)
        actor = detail[:1] if "刑" in detail else ""
        for k in (u, lo):
            b = ctx.pos[k].branch
            if not actor or (b is not None and BRANCHES[b] == actor):
                keys.setdefault(k, None)
    found = {ctx.label(k): ctx.state_of(k) for k in keys if ctx.state_of(k) in wanted}
    return {"states": found, "layer": ctx.opts.state_layer} if found else None


def _yong_yue_po(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    # 000-004: the 用爻 clashed by the 月建 (its branch is 月建 + 6)
    key = ctx.chart.yong_yao
    b = ctx.pos[key].branch
    mb = ctx.month_branch
    if not v or b is None or (b - mb) % 12 != 6:
        return None
    return {"yong_yao": ctx.label(key), "branch": BRANCHES[b], "yue_jian": BRANCHES[mb]}


def _month_half(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    # months numbered from the 節 month (寅 = 1); the first half of the year is months 1–6
    month = ctx.jie_month
    half = "first" if month <= 6 else "second"
    return {"month": month, "month_half": "上半年" if half == "first" else "下半年"} if half == v else None


def _dong(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    found = [d for d in ctx.chart.dong_names if d in _as_list(v)]
    return {"dong": found} if found else None


def _xiu_qiu_season(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    # 000-005: the out-of-season element is the one the season's ruler overcomes (春土 夏金 秋木 冬火)
    # (four seasons of three months, as that table counts them: core.wangshuai tu_months="never")
    season = season_of_month_branch(ctx.month_branch, tu_months="never")
    found = [k for k in ("gui_shen", "jiang_shen") if state_by_season(ctx.el[k], season) is State.SI]
    if not found or not v:
        return None
    return {
        "season": season.value,
        "xiu_qiu_element": ELEMENTS[(SEASON_ELEMENT[season] + 2) % 5],
        "positions": _labels(ctx, found),
    }


def _branch_on(which: str) -> Cond:
    def cond(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
        cal = ctx.chart.calendar
        if which == "year" and ctx.year is None:
            return None  # a study cast without its year: no 太歲 to find
        b = ctx.year.branch if which == "year" and ctx.year is not None else cal.day.branch
        found = ctx.branch_positions(b, _as_list(v))
        return {f"{which}_branch": BRANCHES[b], "positions": _labels(ctx, found)} if found else None

    return cond


def _weak_on_day(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    b = ctx.chart.calendar.day.branch
    found = {ctx.label(k): ctx.state_of(k) for k in ctx.branch_positions(b) if ctx.state_of(k) in _XIU_QIU}
    if not found or not v:
        return None
    return {"day_branch": BRANCHES[b], "states": found, "layer": ctx.opts.state_layer}


def _day_chong(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    day_b = ctx.chart.calendar.day.branch
    keys = ctx.branch_positions((day_b + 6) % 12)
    if v != "any":
        keys = [k for k in keys if ctx.state_of(k) in _STATE_CLASS[str(v)]]
    if not keys:
        return None
    out: Facts = {"day_branch": BRANCHES[day_b], "chong": BRANCHES[(day_b + 6) % 12]}
    out["positions"] = {ctx.label(k): ctx.state_of(k) for k in keys}
    if v != "any":
        out["layer"] = ctx.opts.state_layer
    return out


def _door_positions(ctx: _Ctx) -> list[str]:
    return [k for k in ("jiang_shen", "di_fen") if ctx.pos[k].branch in _DOORS]


def _door_ke_or_jia(ctx: _Ctx) -> Facts | None:
    doors = _door_positions(ctx)
    jia = len(doors) == 2 and ctx.pos["jiang_shen"].branch != ctx.pos["di_fen"].branch
    ke = [ctx.ke_text(o, k) for k in doors for o in ctx.overcome_by(k)]
    if not (jia or ke):
        return None
    out: Facts = {"doors": {ctx.label(k): BRANCHES[ctx.pos[k].branch or 0] for k in doors}}
    if jia:
        out["xiang_jia"] = "卯酉相加"
    if ke:
        out["shou_ke"] = ke
    return out


def _door(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    if v == "ke_or_jia":
        return _door_ke_or_jia(ctx)
    if v == "gui_zei":
        base = _door_ke_or_jia(ctx)
        moving = [d for d in ctx.chart.dong_names if d in ("鬼動", "賊動")]
        return {**base, "dong": moving} if base is not None and moving else None
    if v not in ("xiong", "ji_he"):
        raise ValueError(f"unknown door condition {v!r}")
    name = ctx.pos["gui_shen"].name
    cls = jiang_class().get(name)
    found: list[str] = []
    for k in _door_positions(ctx):
        above = POSITION_KEYS[POSITION_KEYS.index(k) - 1]
        r = ctx.rel(above, k)
        if v == "xiong" and cls == "凶" and r is Relation.OVERCOMES:
            found.append(ctx.ke_text(above, k))
        elif v == "ji_he" and cls == "吉":
            if r is Relation.GENERATES:
                found.append(f"{ctx.label(above)}生{ctx.label(k)}")
            elif k == "di_fen" and _liu_he(ctx.pos["jiang_shen"].branch, ctx.pos["di_fen"].branch):
                jb, db = ctx.pos["jiang_shen"].branch or 0, ctx.pos["di_fen"].branch or 0
                found.append(f"將神{BRANCHES[jb]}合地分{BRANCHES[db]}")
    return {"gui_shen": name, "ji_xiong": cls, "door": found} if found else None


def _liu_he(a: int | None, b: int | None) -> bool:
    from xuanheng.core.relations import liu_he

    return a is not None and b is not None and liu_he(a) == b


def _tai_sui(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    cal = ctx.chart.calendar
    if ctx.year is None:
        return None  # a study cast without its year: no 太歲
    yb = ctx.year.branch
    ts = [k for h in ctx.hits(["太歲"]) for k in h.positions]
    if not ts and v in ("in_ke", "ke", "zhen", "door_ke"):
        return None  # each of these reads the positions holding 太歲
    base: Facts = {"tai_sui": ctx.year.name, "positions": _labels(ctx, ts)}
    if v == "in_ke":
        return base if ts else None
    if v == "ke":
        ke = [ctx.ke_text(o, k) for k in ts for o in ctx.overcome_by(k)]
        return {**base, "shou_ke": ke} if ke else None
    if v == "zhen":
        zhen = [k for k in ts if ctx.pos[k].stem == ctx.year.stem and ctx.pos[k].branch == yb]
        return {**base, "zhen_tai_sui": _labels(ctx, zhen)} if zhen else None
    if v == "door_ke":
        places = {b: "門戶" for b in _DOORS}
        places.setdefault(cal.day.branch, "日辰")
        if ctx.chart.ben_ming is not None:
            places.setdefault(ctx.chart.ben_ming.branch, "年命")
        if yb not in places:
            return None
        ke = [ctx.ke_text(o, k) for k in ts for o in ctx.overcome_by(k)]
        return {**base, "on": places[yb], "shou_ke": ke} if ke else None
    if v == "shift":
        month = ctx.jie_month
        other = (yb - 1) % 12 if month <= 6 else (yb + 1) % 12
        found = ctx.branch_positions(other)
        if not found:
            return None
        return {
            "month": month,
            "which": "去年" if month <= 6 else "來年",
            "branch": BRANCHES[other],
            "positions": _labels(ctx, found),
        }
    raise ValueError(f"unknown tai_sui condition {v!r}")


#: the condition vocabulary of ``when`` tables (documented in docs/jinkoujue-reading.md)
VOCAB = Vocabulary("jinkoujue")
for _key, _fn in (
    ("gui_shen", _gui_shen),
    ("gui_shen_class", _gui_shen_class),
    ("relation", _relation),
    ("zhan", _zhan),
    ("state", _state),
    ("lai_yi", _lai_yi),
    ("has_ke", _has_ke),
    ("ren_yuan", _ren_yuan),
    ("di_fen", _di_fen),
    ("yong_element", _yong_element),
    ("shensha", _shensha),
    ("shensha_ke", _shensha_ke),
    ("shensha_ke_ren_yuan", _shensha_ke_ren_yuan),
    ("pair", _pair),
    ("pair_state", _pair_state),
    ("dong", _dong),
    ("month_half", _month_half),
    ("yong_yue_po", _yong_yue_po),
    ("xiu_qiu_season", _xiu_qiu_season),
    ("year_branch_on", _branch_on("year")),
    ("day_branch_on", _branch_on("day")),
    ("weak_on_day", _weak_on_day),
    ("day_chong", _day_chong),
    ("door", _door),
    ("tai_sui", _tai_sui),
):
    VOCAB.add(_key, _fn, values=_VALUES.get(_key))
#: condition word → its function (a view of :data:`VOCAB`)
CONDITIONS: dict[str, Cond] = {k: spec.fn for k, spec in VOCAB.specs.items()}


def evaluate(rule: Rule, chart: JinKouJueChart, options: ReadingOptions | None = None) -> Facts | None:
    """The facts that make *rule* fire on *chart*, or ``None`` if one of its conditions fails."""
    return _evaluate(rule, _Ctx(chart, options or ReadingOptions()))


def _evaluate(rule: Rule, ctx: _Ctx) -> Facts | None:
    when = rule.when
    if len(when) == 1:  # the facts are the one condition's own (fresh) dict
        ((key, value),) = when.items()
        facts = CONDITIONS[key](ctx, value, when)
        if facts is None:
            return None
        if rule.get("tag"):
            facts["tag"] = rule.get("tag")
        return facts
    facts = {}
    for key, value in rule.when.items():
        got = CONDITIONS[key](ctx, value, rule.when)
        if got is None:
            return None
        for k, val in got.items():
            facts.setdefault(k, val)
    if rule.get("tag"):
        facts["tag"] = rule.get("tag")
    return facts


@cache
def _with_hans(text: Text) -> Text:
    """*text* with its Simplified form filled in once (OpenCC is slow enough to matter per chart)."""
    return text if text.zh_hans else replace(text, zh_hans=to_simplified(text.zh_hant))


# ── speed: rules indexed by the chart facts that gate them ─────────────────────────────────────────
#
# A rule whose ``when`` names the 貴神 (or the 人元, 地分, element of the 用爻) can only fire on charts with
# one of the named values: those words return None otherwise, and conditions have no side effects. The
# rules that can fire for one (貴神, 人元, 地分, 用爻 element) are listed once, in report order; a rule
# naming 神煞 is skipped at once when none of them is in the 課. Every remaining rule is evaluated in
# full, exactly as before (tests/jinkoujue/test_golden_master.py pins the results).

_GATES: tuple[tuple[str, Callable[[Any], frozenset[str]]], ...] = (
    ("gui_shen", lambda v: frozenset(_as_list(v))),
    ("ren_yuan", lambda v: frozenset(_as_list(v))),
    ("di_fen", lambda v: frozenset(_as_list(v))),
    ("yong_element", lambda v: frozenset((v,))),
)


#: tai_sui conditions that only look at the positions holding 太歲 (so need it in the 課)
_NEEDS_TAI_SUI = frozenset({"in_ke", "ke", "zhen", "door_ke"})
_Gated = tuple[
    Rule,
    tuple[frozenset[str] | None, ...],
    tuple[frozenset[str], ...],
    dict[str, Any],
    tuple[tuple[Cond, Any], ...],
]


def _requirements(when: Mapping[str, Any]) -> tuple[frozenset[str], ...]:
    """Marks the chart must show (each set: at least one of them) for the rule to be able to fire.

    Marks are the names of the 神煞 in the 課, ``pair:三刑`` / ``pair:六害`` when the chart has that
    relation, ``door`` when the 將神 or 地分 is 卯 or 酉, ``chong`` when a branch in the 課 clashes the day.
    """
    out = []
    if "shensha" in when:
        out.append(frozenset(str(n) for n in _as_list(when["shensha"])))
    if when.get("tai_sui") in _NEEDS_TAI_SUI:
        out.append(frozenset({"太歲"}))
    if when.get("pair") in ("三刑", "六害"):
        out.append(frozenset({f"pair:{when['pair']}"}))
    if "door" in when:
        out.append(frozenset({"door"}))
    if "day_chong" in when:
        out.append(frozenset({"chong"}))
    return tuple(out)


def _marks(ctx: _Ctx) -> set[str]:
    """The marks of :func:`_requirements` that *ctx*'s chart shows."""
    marks = {h.name for h in ctx.in_ke}
    for r in ctx.chart.relations:
        if r.kind == "三刑" or r.kind == "六害":
            marks.add(f"pair:{r.kind}")
    if _door_positions(ctx):
        marks.add("door")
    if ctx.branch_positions((ctx.chart.calendar.day.branch + 6) % 12):
        marks.add("chong")
    return marks


@cache
def _gated() -> tuple[_Gated, ...]:
    """Every rule with its gates (one accepted set per word of :data:`_GATES`), marks and extra."""
    out = []
    for r in rules():
        gates = tuple(f(r.when[k]) if k in r.when else None for k, f in _GATES)
        conds = tuple((_GATED_FORM.get(k, CONDITIONS[k]), v) for k, v in r.when.items())
        out.append((r, gates, _requirements(r.when), {"kind": r.kind} if r.kind else {}, conds))
    return tuple(out)


def _gui_shen_gated(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    return {"gui_shen": ctx.pos["gui_shen"].name}


def _di_fen_gated(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    return {"di_fen": BRANCHES[ctx.pos["di_fen"].branch or 0]}


def _yong_element_gated(ctx: _Ctx, v: Any, _w: Mapping[str, Any]) -> Facts | None:
    key = ctx.chart.yong_yao
    return {"yong_yao": POSITION_LABELS[key], "element": ELEMENTS[ctx.el[key]]}


#: what _gui_shen, _di_fen and _yong_element return once the gate has admitted the rule (the gate is
#: exactly their test, so only the facts are left to build)
_GATED_FORM: dict[str, Cond] = {
    "gui_shen": _gui_shen_gated,
    "di_fen": _di_fen_gated,
    "yong_element": _yong_element_gated,
}

_CANDIDATES: dict[tuple[str | None, ...], tuple[Any, ...]] = {}


def _candidates(key: tuple[str | None, ...]) -> tuple[Any, ...]:
    got = _CANDIDATES.get(key)
    if got is None:
        got = _CANDIDATES[key] = tuple(
            (r, reqs, extra, conds)
            for r, gates, reqs, extra, conds in _gated()
            if all(g is None or v in g for g, v in zip(gates, key, strict=True))
        )
    return got


#: FiredRule's fields in the order the reading passes them positionally (else it uses keywords)
_FIRED_POSITIONAL = tuple(f.name for f in fields(FiredRule)) == (
    "id",
    "src",
    "facts",
    "text",
    "topics",
    "title",
    "extra",
)
_DEFAULT_OPTIONS = ReadingOptions()
_OPTIONS: dict[tuple[tuple[str, str], ...], ReadingOptions] = {}


def _reading_options(options: ReadingOptions | Mapping[str, Any] | None) -> ReadingOptions:
    if isinstance(options, ReadingOptions):
        return options
    if not options:
        return _DEFAULT_OPTIONS  # what from_mapping gives for an empty mapping; immutable
    if isinstance(options, Mapping):
        key = tuple(options.items())
        if all(type(k) is str and type(v) is str for k, v in key):
            got = _OPTIONS.get(key)
            if got is None:
                got = ReadingOptions.from_mapping(options)
                if len(_OPTIONS) >= 1024:
                    _OPTIONS.clear()
                _OPTIONS[key] = got
            return got
    return ReadingOptions.from_mapping(options)


def reading(
    chart: JinKouJueChart,
    topic: str | None = None,
    lang: str = DEFAULT_LANG,
    options: ReadingOptions | Mapping[str, Any] | None = None,
) -> list[FiredRule]:
    """Every judgment of seed 000 that fires on *chart*, with the facts that made it fire.

    *topic* (e.g. ``"病"``; default: the chart's own topic) keeps the rules tagged with it, followed by the
    general rules (tag ``總``); *lang* is checked here and used when the caller renders
    (``FiredRule.to_json(lang)`` / ``.text.get(lang)``); *options* are :class:`ReadingOptions`.
    """
    lang = check_lang(lang)
    opts = _reading_options(options)
    wanted = topic if topic is not None else chart.topic
    t = normalise_topic(wanted) if wanted is not None else None
    ctx = _Ctx(chart, opts)
    ry, df = chart.ren_yuan, chart.di_fen
    key = (
        chart.gui_shen.name,
        None if ry.stem is None else STEMS[ry.stem],
        None if df.branch is None else BRANCHES[df.branch],
        ELEMENTS[ctx.el[chart.yong_yao]],
    )
    marks = _marks(ctx)
    hans = lang == "zh-Hans"
    fired: list[FiredRule] = []
    for r, reqs, extra, conds in _candidates(key):
        if reqs:
            if reqs[0].isdisjoint(marks):
                continue
            if len(reqs) > 1 and any(q.isdisjoint(marks) for q in reqs[1:]):
                continue
        # _evaluate, inlined: the conditions in order, the first None stops; facts merged first-wins
        when = r.when
        if len(conds) == 1:
            facts = conds[0][0](ctx, conds[0][1], when)
            if facts is None:
                continue
        else:  # the first condition's fresh dict starts the facts; later ones add keys not yet set
            facts = conds[0][0](ctx, conds[0][1], when)
            if facts is None:
                continue
            for fn, value in conds[1:]:
                got = fn(ctx, value, when)
                if got is None:
                    break
                for k, val in got.items():
                    facts.setdefault(k, val)
            if got is None:
                continue
        tag = r.extra.get("tag")
        if tag:
            facts["tag"] = tag
        text = _with_hans(r.text) if hans else r.text
        ex = dict(extra) if extra else {}
        if _FIRED_POSITIONAL:  # cheaper than keywords, same value
            fired.append(FiredRule(r.id, r.src, facts, text, r.topics, None, ex))
        else:
            fired.append(FiredRule(id=r.id, src=r.src, facts=facts, text=text, topics=r.topics, extra=ex))
    if t is None:
        return fired
    first = [f for f in fired if t in f.topics]
    rest = [f for f in fired if t not in f.topics and GENERAL_TOPIC in f.topics]
    return first + rest


__all__ = [
    "CHOICES",
    "CONDITIONS",
    "KINDS",
    "RULE_FILES",
    "VOCAB",
    "ReadingOptions",
    "Rule",
    "evaluate",
    "jiang_class",
    "normalise_topic",
    "reading",
    "rules",
    "topic_label",
    "topics",
]
