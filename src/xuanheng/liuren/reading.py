"""The 大六壬 reading (斷): which cited rules fire on a chart, with the facts that made them fire.

Rules live as data (``liuren/data``):

- ``leishen_*.toml`` — 類神 of the twelve 天神: ``attribute`` lists (people, body, places …) and ``verse``
  judgments with a declarative ``when`` (seed 002 for 亥 戌 酉; 《六壬大全》〈十二神〉 for the other nine);
- ``principles.toml`` — the general principles of seed 002 (002-005 placement on 日辰/歲/年命, 002-006
  which plate to read, 002-007 the six branch pairs), the topic vocabulary and the 吉/凶 將 classes;
- ``keti_meanings.toml`` — meanings of 課體 names, with conditions for the classes the reading detects;
- ``principles_shensha.toml`` — meanings of the 神煞 the seeds do not judge; the seed-000 神煞
  judgments are read from the one shared table ``jinkoujue/data/judgments_shensha.toml``.

Condition vocabulary (all keys of a ``when`` table must hold; ``any = [{…}, {…}]`` holds when one of its
tables holds). "The 神" is the 天盤 branch the rule is about, at one of the positions 一課 … 四課 (upper)
and 初 中 末 傳:

============================  ==============================================================================
``jiang`` / ``not_jiang``     the 天將 the 神 carries is (not) one of the list
``jiang_class``               ``"ji"`` / ``"xiong"``: it carries a 吉將 / 凶將 (principles.toml)
``on`` / ``not_on``           the 地盤 branch under the 神 is (not) one of the list
``on_role``                   the 地盤 under it is the ``day_stem`` (寄宮), ``day_branch``, ``nian_ming``
                              (本命 or 行年), ``yue_jian`` (month branch) or ``tai_sui`` (year branch)
``covered_by``                the 天盤 branch standing on the 神's own 地盤 place is one of the list
``covered_by_yue_jiang``      the 月將 stands on the 神's place (the hour branch is the 神)
``covered_by_dun_gan``        the branch standing on the 神's place has one of these 遁干
``day_stem`` / ``not_day_stem`` / ``day_branch``   the day's stem / branch is (not) one of the list
``day_yin``                   the day stem is yin (true) or yang (false)
``season`` / ``month``        the season (春 夏 秋 冬, by 月建) / the month branch (月建) is one of the list
``state``                     the 神's 旺相休囚死 in the month is one of the list
``fa_yong``                   the 神 is the 初傳
``overcomes``                 its element overcomes the ``day_stem`` or the ``ri_chen`` (stem or branch)
``gui_direction``             the 天將 run ``shun`` / ``ni``
``ke_ti``                     the chart carries one of these 課體 names
``day_night``                 ``day`` / ``night`` (貴人 of day or of night)
``is_yi_ma``                  the 神 is the 驛馬 of the day branch
``xing_on``                   it stands on the branch it punishes (刑)
``xing_ben_ming``             it punishes the 本命
``with_jiang`` / ``with_jiang_all``  one of / all of these 天將 are carried somewhere in 課傳
``gui_ren_on`` (chart scope)  貴人 stands on one of these 地盤 branches
============================  ==============================================================================

The 課體 conditions (``keti_meanings.toml``) are chart-wide and documented in docs/liuren-leishen.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import itemgetter
from typing import Any

from xuanheng.core import parse
from xuanheng.core._frozen import maker
from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    JI_GONG,
    SHEN_NAMES,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    dun_gan,
    stem_yin,
)
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.relations import is_xing, liu_he, xing
from xuanheng.core.wangshuai import season_of_month_branch, state_by_month
from xuanheng.core.wuxing import Relation, overcomes, relation
from xuanheng.errors import InputError, OptionError
from xuanheng.i18n.words import joined, listed
from xuanheng.liuren.chart import LiuRenChart
from xuanheng.reading import FiredRule, Text, check_lang
from xuanheng.rules import (
    TOPIC_KEYS,
    RuleDataError,
    Vocabulary,
    load_rules,
    normalise_topic,
    parse_rule,
    read_table,
    topic_names,
)
from xuanheng.rules import Rule as DataRule

_PKG = "xuanheng.liuren"
#: FiredRule(id, src, facts, text, topics, title, extra), built slot by slot (xuanheng.core._frozen)
_FIRED = maker(FiredRule)

#: positions of a chart in reading order: 三傳 first, then 四課
POSITIONS: tuple[str, ...] = ("chu", "zhong", "mo", "ke1", "ke2", "ke3", "ke4")
POSITION_NAMES: dict[str, dict[str, str]] = {
    "chu": {"ko": "초전", "zh-Hant": "初傳", "en": "first transmission"},
    "zhong": {"ko": "중전", "zh-Hant": "中傳", "en": "middle transmission"},
    "mo": {"ko": "말전", "zh-Hant": "末傳", "en": "last transmission"},
    "ke1": {"ko": "제1과", "zh-Hant": "一課", "en": "lesson 1"},
    "ke2": {"ko": "제2과", "zh-Hant": "二課", "en": "lesson 2"},
    "ke3": {"ko": "제3과", "zh-Hant": "三課", "en": "lesson 3"},
    "ke4": {"ko": "제4과", "zh-Hant": "四課", "en": "lesson 4"},
}

#: the rank of each position in reading order
_RANK: dict[str, int] = {n: i for i, n in enumerate(POSITIONS)}

PLATE_RULES = ("seed", "upper")
KINDS = ("attribute", "verse")


# ------------------------------------------------------------------------------------------ data
@dataclass(frozen=True, slots=True)
class Shen:
    """Header of a 類神 file: one 天神 and its basic facts."""

    branch: int
    name: str
    name_ko: str
    element: str
    ji_gan: tuple[str, ...]
    ben_jiang: str
    yue_jiang_after: str
    src: tuple[str, ...]
    text: Text


@dataclass(frozen=True, slots=True)
class Rule:
    """One 類神 entry (an attribute list or a verse judgment) with its condition."""

    id: str
    src: tuple[str, ...]
    shen: int
    subjects: tuple[int, ...]
    kind: str
    scope: str
    topics: tuple[str, ...]
    when: Mapping[str, Any]
    text: Text
    note: str = ""  # provenance for the developers (English): never put in a reading
    variant_key: str = ""
    variant_when: Mapping[str, Any] | None = None


def _text(m: Mapping[str, str], where: str) -> Text:
    try:
        return Text.from_mapping(dict(m))
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{where}: {e}") from None


#: the keys a 類神 rule may carry besides the shared schema's
LEISHEN_KEYS = ("scope", "subject", "note", "facts", "variant_key", "variant_note", "variant_when")


@cache
def topics() -> dict[str, Text]:
    """The topics this method's rules speak of (shared vocabulary order) → their names in every language."""
    used = {t for r in _all_rules() for t in r.topics}
    return {t: topic_names(t) for t in TOPIC_KEYS if t in used}


def _leishen_files() -> list[str]:
    d = resources.files(_PKG).joinpath("data")
    return sorted(p.name for p in d.iterdir() if p.name.startswith("leishen_") and p.name.endswith(".toml"))


def _leishen_vocabulary(e: Mapping[str, Any]) -> Vocabulary:
    return CHART if e.get("scope", "shen") == "chart" else POSITION


@cache
def leishen() -> tuple[dict[int, Shen], tuple[Rule, ...]]:
    """All 類神 data: the twelve 天神 headers and every rule, checked against the shared schema."""
    shens: dict[int, Shen] = {}
    rules: list[Rule] = []
    d = resources.files(_PKG).joinpath("data")
    for fname in _leishen_files():
        data = tomllib.loads(d.joinpath(fname).read_text("utf-8"))
        h = data["shen"]
        b = branch_index(h["branch"])
        if SHEN_NAMES[b] != h["name"]:
            raise ValueError(f"{fname}: {h['branch']} is {SHEN_NAMES[b]}, not {h['name']}")
        shens[b] = Shen(
            b,
            h["name"],
            h["name_ko"],
            h["element"],
            tuple(h["ji_gan"]),
            h["ben_jiang"],
            h["yue_jiang_after"],
            tuple(h["src"]),
            _text(h["text"], f"{fname} [shen]"),
        )
        for e in data.get("rule", []):
            where = f"liuren/data/{fname}"
            r = parse_rule(
                e,
                where,
                _leishen_vocabulary,
                kinds=KINDS,
                extra_keys=LEISHEN_KEYS,
                needs_when=lambda e: e.get("kind") == "verse",
                file=fname,
            )
            vw = r.get("variant_when")
            if vw is not None:
                POSITION.check(vw, f"{where}: rule {r.id} variant_when")
            subjects = tuple(branch_index(x) for x in r.get("subject", [h["branch"]]))
            rules.append(
                Rule(
                    id=r.id,
                    src=r.src,
                    shen=b,
                    subjects=subjects,
                    kind=r.kind,
                    scope=r.get("scope", "shen"),
                    topics=r.topics,
                    when=r.when,
                    text=r.text,
                    note=r.get("note", ""),
                    variant_key=r.get("variant_key", ""),
                    variant_when=vw,
                )
            )
    ids = [r.id for r in rules]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise RuleDataError(f"duplicate 類神 rule ids: {sorted(dup)}")
    return shens, tuple(rules)


def _principle_vocabulary(e: Mapping[str, Any]) -> Vocabulary:
    return PLACEMENT if e.get("kind") == "placement" else CHART


@cache
def principle_rules() -> tuple[DataRule, ...]:
    """The judging principles of seed 002 (002-005 placement, 002-006 plate, 002-007 pairs) as rules."""
    return load_rules(_PKG, ("principles",), _principle_vocabulary, kinds=("placement", "plate_rule", "pair"))


@cache
def principles() -> dict[str, Any]:
    """The parsed ``principles.toml`` (its rules checked by :func:`principle_rules`)."""
    principle_rules()
    return read_table(_PKG, "principles")


@cache
def _keti_rules_data() -> tuple[DataRule, ...]:
    return load_rules(_PKG, ("keti_meanings",), CHART, kinds=("ke_ti",), extra_keys=("name",))


@cache
def keti_meanings() -> dict[str, dict[str, Any]]:
    """課體 name → its entry in ``keti_meanings.toml`` (checked against the shared schema)."""
    _keti_rules_data()
    out: dict[str, dict[str, Any]] = {}
    for e in read_table(_PKG, "keti_meanings")["rule"]:
        if e["name"] in out:
            raise RuleDataError(f"keti {e['name']}: duplicate")
        out[e["name"]] = e
    return out


@cache
def bifa_rules() -> tuple[DataRule, ...]:
    """The hundred 法 of 《畢法賦》 (``data/bifa.toml``; conditions in :mod:`xuanheng.liuren.bifa`)."""
    from xuanheng.liuren.bifa import BIFA

    return load_rules(
        _PKG,
        ("bifa",),
        BIFA,
        kinds=("bifa",),
        extra_keys=("number", "line", "example", "note", "needs"),
        needs_when=lambda e: "needs" not in e,
    )


@cache
def _shensha_rules_data() -> tuple[DataRule, ...]:
    return load_rules(
        _PKG, ("principles_shensha",), CHART, kinds=("shensha",), extra_keys=("name",), needs_when=False
    )


@cache
def shensha_meanings() -> dict[str, tuple[tuple[str, ...], tuple[str, ...], Text, Mapping[str, Any], str]]:
    """神煞 name → (src, topics, text, extra condition, rule id).

    Own meanings (``principles_shensha.toml``) first; the seed-000 judgments come from the 神煞 judgments
    every method shares (``shensha/data/judgments.toml``) when a rule there is keyed on the 神煞 alone or
    on 上剋下 at the 神煞 (``shensha_ke = "above"``).
    """
    out: dict[str, tuple[tuple[str, ...], tuple[str, ...], Text, Mapping[str, Any], str]] = {}
    for r in _shensha_rules_data():
        out[r.get("name")] = (r.src, r.topics, r.text, {}, "")
    shared = read_table("xuanheng.shensha", "judgments")
    vocab = topics_used_here()
    for e in shared.get("rule", []):
        when = dict(e.get("when", {}))
        names = when.pop("shensha", None)
        if names is None or set(when) - {"shensha_ke"} or when.get("shensha_ke", "above") != "above":
            continue
        text = Text.from_mapping({k: e["text"][k] for k in ("ko", "zh-Hant", "en")})
        tps = tuple(t for t in e.get("topics", ()) if t in vocab) or ("總",)
        for n in [names] if isinstance(names, str) else names:
            out.setdefault(n, (tuple(e["src"]), tps, text, when, e["id"]))
    return out


@cache
def topics_used_here() -> frozenset[str]:
    """The topics of this method's own rule files (what a shared 神煞 judgment may keep of its topics)."""
    return frozenset(t for r in _own_rules() for t in r.topics)


def _own_rules() -> Iterable[Any]:
    yield from leishen()[1]
    yield from principle_rules()
    yield from _keti_rules_data()
    yield from bifa_rules()
    yield from _shensha_rules_data()


def _all_rules() -> Iterable[Any]:
    yield from _own_rules()


# --------------------------------------------------------------------------------------- context
@dataclass(frozen=True, slots=True)
class Pos:
    """A position of the chart: ``upper`` 天盤 branch on ``lower`` 地盤 branch, the 天將 it carries."""

    name: str
    upper: int
    lower: int
    lower_element: int
    jiang: int


@cache
def _state_in_month(element: int, month: int) -> str:
    """旺相休囚死 of *element* in the month *month* (月建), as its name: one look-up per pair."""
    return str(state_by_month(element, month).value)


@dataclass(frozen=True, slots=True)
class _Ctx:
    chart: LiuRenChart
    month: int | None
    year: int | None
    positions: tuple[Pos, ...]
    jiang_present: frozenset[int]
    ke_ti: frozenset[str]
    ji: frozenset[str]
    xiong: frozenset[str]
    #: the positions whose 地盤 branch overcomes the 天盤 one (002-006), in reading order
    flipped: tuple[Pos, ...]

    @property
    def day(self) -> GanZhi:
        return self.chart.day

    def jiang_on(self, b: int) -> str:
        return TIAN_JIANG[self.chart.jiang_on[b]]

    def state(self, b: int) -> str | None:
        if self.month is None:
            return None
        return _state_in_month(BRANCH_ELEMENT[b], self.month)


#: Pos and _Ctx built slot by slot (xuanheng.core._frozen): a chart makes seven positions and one context
_POS = maker(Pos)
_CTX = maker(_Ctx)


def _opt_branch(value: str | int | None, field: str) -> int | None:
    return None if value is None else parse.branch(value, field)


def _context(chart: LiuRenChart, month_branch: str | int | None, year_branch: str | int | None) -> _Ctx:
    m = _opt_branch(month_branch, "month_branch")
    y = _opt_branch(year_branch, "year_branch")
    if m is None:  # the chart's own 月建 (from its calendar, or given with the coordinates)
        m = chart.time.month_branch
    if y is None:
        y = chart.time.year_branch
    pos: list[Pos] = []
    for name, c in zip(POSITIONS[:3], chart.san_chuan, strict=True):
        lo = chart.lower_of(c.branch)
        pos.append(_POS(name, c.branch, lo, BRANCH_ELEMENT[lo], c.tian_jiang))
    for i, k in enumerate(chart.si_ke):
        le = STEM_ELEMENT[k.lower_stem] if k.lower_stem is not None else BRANCH_ELEMENT[k.lower]
        pos.append(_POS(POSITIONS[3 + i], k.upper, k.lower, le, k.tian_jiang))
    names = {k.name for k in chart.ke_ti} | {chart.method, chart.sub_method}
    ji, xiong = _jiang_classes()
    return _CTX(
        chart,
        m,
        y,
        tuple(pos),
        frozenset(p.jiang for p in pos),
        frozenset(names),
        ji,
        xiong,
        tuple(p for p in pos if _lower_overcomes(p)),
    )


@cache
def _jiang_classes() -> tuple[frozenset[str], frozenset[str]]:
    """The 吉將 and the 凶將 of principles.toml (data, read once)."""
    cls = principles()["jiang_class"]
    return frozenset(cls["ji"]), frozenset(cls["xiong"])


# ------------------------------------------------------------------------------------ conditions
#: the branch sets of the lists of names the rules' conditions give, by the list's identity (the list kept
#: beside its set, so an id is never taken for another list's); at most a few thousand
_BSETS: dict[int, tuple[Iterable[str], frozenset[int]]] = {}


def _bset(values: Iterable[str]) -> frozenset[int]:
    """The branch indices of branch names (remembered per list of names: rules give the same lists, so the
    list a condition holds is looked up by its identity before its names are)."""
    got = _BSETS.get(id(values))
    if got is not None and got[0] is values:
        return got[1]
    out = _branch_set(tuple(values))
    if len(_BSETS) < 4096:
        _BSETS[id(values)] = (values, out)
    return out


@cache
def _branch_set(values: tuple[str, ...]) -> frozenset[int]:
    return frozenset(branch_index(v) for v in values)


def _role_branches(role: str, c: _Ctx) -> tuple[int, ...]:
    ch = c.chart
    if role == "day_stem":
        return (JI_GONG[ch.day.stem],)
    if role == "day_branch":
        return (ch.day.branch,)
    if role == "nian_ming":
        return tuple(b for b in (ch.ben_ming, ch.xing_nian) if b is not None)
    if role == "yue_jian":
        return (c.month,) if c.month is not None else ()
    if role == "tai_sui":
        return (c.year,) if c.year is not None else ()
    raise ValueError(f"unknown on_role {role!r}")


def _season(c: _Ctx) -> str | None:
    if c.month is None:
        return None
    return str(season_of_month_branch(c.month, tu_months="never").value)


@dataclass(frozen=True, slots=True)
class _At:
    """What a position condition looks at: the 神 (天盤 branch) the rule is about, at position *p*, and the
    天將 it carries (the chart's, looked up once)."""

    shen: int
    p: Pos
    c: _Ctx
    jiang: str


#: _At built slot by slot (xuanheng.core._frozen): one per position of each 神 whose rules have conditions
_AT = maker(_At)

#: conditions on one 神 at one position (``scope = "shen"``, the default)
POSITION = Vocabulary("liuren position")
#: conditions on the whole chart (``scope = "chart"``, 課體 meanings, principles)
CHART = Vocabulary("liuren chart")
#: conditions on a placement target of 002-005 (日干, 日支, 太歲, 本命, 行年)
PLACEMENT = Vocabulary("liuren placement")

_JIANG = frozenset(TIAN_JIANG)
_BR = frozenset(BRANCHES)
_ST = frozenset(STEMS)
_JI_XIONG = frozenset({"ji", "xiong"})
_ROLES = frozenset({"day_stem", "day_branch", "nian_ming", "yue_jian", "tai_sui"})
_SEASONS = frozenset("春夏秋冬")
_STATES = frozenset("旺相休囚死")
_DIRECTIONS = frozenset({"shun", "ni"})


def _pos(key: str, values: Iterable[Any] | None = None) -> Callable[[Callable[[_At, Any], bool]], None]:
    """Register a yes/no position condition (it adds no facts of its own)."""

    def register(pred: Callable[[_At, Any], bool]) -> None:
        POSITION.add(key, lambda a, v, _w: {} if pred(a, v) else None, values=values, doc=pred.__doc__ or "")

    return register


def _chart(
    key: str, values: Iterable[Any] | None = None, needs: Callable[[Any], Iterable[Any] | None] | None = None
) -> Callable[[Callable[[_Ctx, Any], bool]], None]:
    """Register a yes/no chart condition (*needs*: the facts of which a chart must show one for it to hold,
    read off the value: :meth:`Vocabulary.condition`)."""

    def register(pred: Callable[[_Ctx, Any], bool]) -> None:
        doc = pred.__doc__ or ""
        CHART.add(key, lambda c, v, _w: {} if pred(c, v) else None, values=values, doc=doc, needs=needs)

    return register


@_pos("jiang", _JIANG)
def _c_jiang(a: _At, v: Any) -> bool:
    """the 天將 the 神 carries is one of the list"""
    return a.jiang in v


@_pos("not_jiang", _JIANG)
def _c_not_jiang(a: _At, v: Any) -> bool:
    """the 天將 the 神 carries is none of the list"""
    return a.jiang not in v


@_pos("jiang_class", _JI_XIONG)
def _c_jiang_class(a: _At, v: Any) -> bool:
    """it carries a 吉將 (ji) / 凶將 (xiong)"""
    return a.jiang in (a.c.ji if v == "ji" else a.c.xiong)


@_pos("on", _BR)
def _c_on(a: _At, v: Any) -> bool:
    """the 地盤 branch under the 神 is one of the list"""
    return a.p.lower in _bset(v)


@_pos("not_on", _BR)
def _c_not_on(a: _At, v: Any) -> bool:
    """the 地盤 branch under the 神 is none of the list"""
    return a.p.lower not in _bset(v)


@_pos("on_role", _ROLES)
def _c_on_role(a: _At, v: Any) -> bool:
    """the 地盤 under it is the day stem's 寄宮, the day branch, 本命/行年, 月建 or 太歲"""
    return any(a.p.lower in _role_branches(r, a.c) for r in v)


@_pos("covered_by", _BR)
def _c_covered_by(a: _At, v: Any) -> bool:
    """the 天盤 branch standing on the 神's own 地盤 place is one of the list"""
    return a.c.chart.tian_pan[a.shen] in _bset(v)


@_pos("covered_by_yue_jiang")
def _c_covered_by_yue_jiang(a: _At, v: Any) -> bool:
    """the 月將 stands on the 神's place (the hour branch is the 神)"""
    return (a.c.chart.hour == a.shen) is bool(v)


@_pos("covered_by_dun_gan", _ST)
def _c_covered_by_dun_gan(a: _At, v: Any) -> bool:
    """the branch standing on the 神's place has one of these 遁干"""
    g = dun_gan(a.c.chart.tian_pan[a.shen], a.c.chart.day)
    return g is not None and STEMS[g] in v


@_pos("day_stem", _ST)
def _c_day_stem(a: _At, v: Any) -> bool:
    """the day's stem is one of the list"""
    return STEMS[a.c.chart.day.stem] in v


@_pos("not_day_stem", _ST)
def _c_not_day_stem(a: _At, v: Any) -> bool:
    """the day's stem is none of the list"""
    return STEMS[a.c.chart.day.stem] not in v


@_pos("day_branch", _BR)
def _c_day_branch(a: _At, v: Any) -> bool:
    """the day's branch is one of the list"""
    return BRANCHES[a.c.chart.day.branch] in v


@_pos("day_yin")
def _c_day_yin(a: _At, v: Any) -> bool:
    """the day stem is yin (true) or yang (false)"""
    return stem_yin(a.c.chart.day.stem) is bool(v)


@_pos("season", _SEASONS)
def _c_season(a: _At, v: Any) -> bool:
    """the season (by 月建) is one of the list"""
    return _season(a.c) in v


@_pos("month", _BR)
def _c_month(a: _At, v: Any) -> bool:
    """the 月建 is one of the list"""
    return a.c.month is not None and BRANCHES[a.c.month] in v


@_pos("state", _STATES)
def _c_state(a: _At, v: Any) -> bool:
    """the 神's 旺相休囚死 in the month is one of the list"""
    return a.c.state(a.shen) in v


@_pos("fa_yong")
def _c_fa_yong(a: _At, v: Any) -> bool:
    """the 神 is the 初傳"""
    return (a.c.chart.chu == a.shen) is bool(v)


@_pos("overcomes", {"day_stem", "ri_chen"})
def _c_overcomes(a: _At, v: Any) -> bool:
    """its element overcomes the day stem, or the 日辰 (stem or branch)"""
    e = BRANCH_ELEMENT[a.shen]
    ch = a.c.chart
    if v == "day_stem":
        return overcomes(e, STEM_ELEMENT[ch.day.stem])
    return overcomes(e, STEM_ELEMENT[ch.day.stem]) or overcomes(e, BRANCH_ELEMENT[ch.day.branch])


@_pos("gui_direction", _DIRECTIONS)
def _c_gui_direction(a: _At, v: Any) -> bool:
    """the 天將 run shun / ni"""
    return bool(a.c.chart.gui_ren.direction == v)


@_pos("ke_ti")
def _c_ke_ti(a: _At, v: Any) -> bool:
    """the chart carries one of these 課體 names"""
    return any(n in a.c.ke_ti for n in v)


@_pos("day_night", {"day", "night"})
def _c_day_night(a: _At, v: Any) -> bool:
    """the 貴人 is of the day / of the night"""
    is_day = a.c.chart.gui_ren.is_day
    return (is_day and v == "day") or (not is_day and v == "night")


@_pos("is_yi_ma")
def _c_is_yi_ma(a: _At, v: Any) -> bool:
    """the 神 is the 驛馬 of the day branch"""
    return (a.c.chart.yi_ma == a.shen) is bool(v)


@_pos("xing_on")
def _c_xing_on(a: _At, v: Any) -> bool:
    """it stands on the branch it punishes (刑)"""
    return (xing(a.shen) == a.p.lower) is bool(v)


@_pos("xing_ben_ming")
def _c_xing_ben_ming(a: _At, v: Any) -> bool:
    """it punishes the 本命"""
    return a.c.chart.ben_ming is not None and xing(a.shen) == a.c.chart.ben_ming


@_pos("with_jiang", _JIANG)
def _c_with_jiang(a: _At, v: Any) -> bool:
    """one of these 天將 is carried somewhere in 課傳"""
    return any(TIAN_JIANG[j] in v for j in a.c.jiang_present)


@_pos("with_jiang_all", _JIANG)
def _c_with_jiang_all(a: _At, v: Any) -> bool:
    """all of these 天將 are carried somewhere in 課傳"""
    present = {TIAN_JIANG[j] for j in a.c.jiang_present}
    return all(n in present for n in v)


def _front_of_gui(b: int, c: _Ctx) -> bool:
    """*b* stands in front of 貴人 on the 天盤 (1–5 steps in the direction the 天將 run)."""
    g = c.chart.gui_ren.branch
    step = (b - g) % 12 if c.chart.gui_ren.direction == "shun" else (g - b) % 12
    return 1 <= step <= 5


def _chuan(c: _Ctx) -> list[int]:
    return [x.branch for x in c.chart.san_chuan]


@_chart("gui_ren_on", _BR)
def _k_gui_ren_on(c: _Ctx, v: Any) -> bool:
    """貴人 stands on one of these 地盤 branches"""
    return c.chart.lower_of(c.chart.gui_ren.branch) in _bset(v)


@_chart("ke_ti", needs=lambda v: (v,) if isinstance(v, str) else tuple(v))
def _k_ke_ti(c: _Ctx, v: Any) -> bool:
    """the chart carries one of these 課體 names"""
    return v in c.ke_ti if isinstance(v, str) else not c.ke_ti.isdisjoint(v)


@CHART.shown_by
def _shown(c: _Ctx) -> Iterable[Any]:
    """What :meth:`Vocabulary.index` files the chart tables by: the chart's 課體 names (``ke_ti``'s needs)."""
    return c.ke_ti


@_chart("all_ke_relation", {"賊", "剋", ""})
def _k_all_ke_relation(c: _Ctx, v: Any) -> bool:
    """every 課 has this relation (賊, 剋 or none)"""
    return all(k.relation == v for k in c.chart.si_ke)


@_chart("day_in")
def _k_day_in(c: _Ctx, v: Any) -> bool:
    """the day 干支 is one of the list"""
    return c.chart.day.name in v


@_chart("zhi_shang", _BR)
def _k_zhi_shang(c: _Ctx, v: Any) -> bool:
    """the 支上神 is one of the list"""
    return c.chart.zhi_shang in _bset(v)


@_chart("day_branch", _BR)
def _k_day_branch(c: _Ctx, v: Any) -> bool:
    """the day branch is one of the list"""
    return BRANCHES[c.chart.day.branch] in v


@_chart("chu", _BR)
def _k_chu(c: _Ctx, v: Any) -> bool:
    """the 初傳 is one of the list"""
    return c.chart.chu in _bset(v)


@_chart("hour", _BR)
def _k_hour(c: _Ctx, v: Any) -> bool:
    """the hour branch is one of the list"""
    return c.chart.hour in _bset(v)


@_chart("chuan_within", _BR)
def _k_chuan_within(c: _Ctx, v: Any) -> bool:
    """all three 傳 are among the list"""
    return _bset(v).issuperset(_chuan(c))


@_chart("chuan_has", _BR)
def _k_chuan_has(c: _Ctx, v: Any) -> bool:
    """one of the 傳 is among the list"""
    return not _bset(v).isdisjoint(_chuan(c))


@_chart("chuan_jiang_any", _JIANG)
def _k_chuan_jiang_any(c: _Ctx, v: Any) -> bool:
    """one of the 傳 carries one of these 天將"""
    return any(TIAN_JIANG[x.tian_jiang] in v for x in c.chart.san_chuan)


@_chart("chu_jiang", _JIANG)
def _k_chu_jiang(c: _Ctx, v: Any) -> bool:
    """the 初傳 carries one of these 天將"""
    return TIAN_JIANG[c.chart.san_chuan[0].tian_jiang] in v


@_chart("chu_jiang_class", _JI_XIONG)
def _k_chu_jiang_class(c: _Ctx, v: Any) -> bool:
    """the 初傳 carries a 吉將 (ji) / 凶將 (xiong)"""
    return TIAN_JIANG[c.chart.san_chuan[0].tian_jiang] in (c.ji if v == "ji" else c.xiong)


@_chart("chu_is", {"yi_ma", "tai_sui", "yue_jiang"})
def _k_chu_is(c: _Ctx, v: Any) -> bool:
    """the 初傳 is the 驛馬 / 太歲 / 月將 (all that are listed)"""
    ch = c.chart
    ref = {"yi_ma": ch.yi_ma, "tai_sui": c.year, "yue_jiang": ch.yue_jiang}
    return all(ref[r] is not None and ref[r] == ch.chu for r in v)


@_chart("wang_xiang", {"gan_shang", "zhi_shang", "chu"})
def _k_wang_xiang(c: _Ctx, v: Any) -> bool:
    """the 干上神 / 支上神 / 初傳 (all listed) are 旺 or 相 in the month"""
    ch = c.chart
    where = {"gan_shang": ch.gan_shang, "zhi_shang": ch.zhi_shang, "chu": ch.chu}
    return all(c.state(where[w]) in ("旺", "相") for w in v)


@_chart("gui_direction", _DIRECTIONS)
def _k_gui_direction(c: _Ctx, v: Any) -> bool:
    """the 天將 run shun / ni"""
    return bool(c.chart.gui_ren.direction == v)


@_chart("front_of_gui", {"gan_shang", "zhi_shang"})
def _k_front_of_gui(c: _Ctx, v: Any) -> bool:
    """the 干上神 / 支上神 stand in front of 貴人"""
    where = {"gan_shang": c.chart.gan_shang, "zhi_shang": c.chart.zhi_shang}
    return all(_front_of_gui(where[w], c) for w in v)


@_chart("gan_shang_is", {"day_branch"})
def _k_gan_shang_is(c: _Ctx, v: Any) -> bool:
    """the 干上神 is the day branch"""
    ref = {"day_branch": c.chart.day.branch}
    return any(c.chart.gan_shang == ref[r] for r in v)


@_chart("gan_shang_overcomes_day_stem")
def _k_gan_shang_overcomes(c: _Ctx, v: Any) -> bool:
    """the 干上神 overcomes the day stem (true) or not (false)"""
    return overcomes(BRANCH_ELEMENT[c.chart.gan_shang], STEM_ELEMENT[c.chart.day.stem]) is bool(v)


@CHART.condition("lower_overcomes", values=(True,))
def _k_lower_overcomes(c: _Ctx, v: Any, _w: Mapping[str, Any]) -> dict[str, Any] | None:
    """002-006: at some position the 地盤 branch overcomes the 天盤 one (those positions are the facts)"""
    flipped = c.flipped
    return {"positions": [_pos_fact(x, c, "di") for x in flipped]} if flipped else None


@PLACEMENT.condition("placement", values=("生", "被生", "剋", "被剋", "比和", "刑", "合"))
def _p_placement(t: _Target, v: Any, _w: Mapping[str, Any]) -> dict[str, Any] | None:
    """002-005: how the 天盤 spirit placed on the target stands to it (生, 被生, 剋, 被剋, 比和, 刑, 合)"""
    return {} if v in t.rels else None


#: the position and chart condition words (the names rules may use in ``when``)
POS_KEYS = frozenset({*POSITION.specs, "any"})
CHART_KEYS = frozenset(CHART.specs) - {"lower_overcomes"}


def _holds_at(when: Mapping[str, Any], at: _At) -> bool:
    return POSITION.holds(when, at) is not None


def _holds_chart(when: Mapping[str, Any], c: _Ctx) -> bool:
    return CHART.holds(when, c) is not None


# --------------------------------------------------------------------------------------- helpers
def _fmt(t: Text, **kw: Mapping[str, str] | str) -> Text:
    def one(lang: str, s: str) -> str:
        vals = {k: (v if isinstance(v, str) else v[lang]) for k, v in kw.items()}
        return s.format(**vals)

    return Text(
        ko=one("ko", t.ko),
        zh_hant=one("zh-Hant", t.zh_hant),
        en=one("en", t.en),
    )


@cache
def _shen_title(branch: int) -> Text:
    """The title of a 類神 rule: the 天神's name and branch (one value per 天神)."""
    s = leishen()[0][branch]
    b = BRANCHES[s.branch]
    return Text(ko=f"{s.name_ko}({b})", zh_hant=f"{s.name}（{b}）", en=f"{s.name} ({b})")


@cache
def _name_title(name: str) -> Text:
    """The title of a rule named by a classical term (a 課體, a 法's line, a 神煞): the term itself in every
    language (one value per name)."""
    return Text(ko=name, zh_hant=name, en=name)


def _pos_fact(p: Pos, c: _Ctx, plate: str = "tian") -> dict[str, Any]:
    ch = c.chart
    lower = (
        STEMS[ch.day.stem] if p.name == "ke1" else BRANCHES[p.lower]
    )  # the first 課 stands on the day stem itself
    return {
        "position": p.name,
        "upper": BRANCHES[p.upper],
        "lower": lower,
        "tian_jiang": TIAN_JIANG[p.jiang],
        "plate": plate,
    }


#: whether element *a* overcomes element *b*, by [a][b]: core.wuxing.overcomes's answers, made once
_OVERCOMES: tuple[tuple[bool, ...], ...] = tuple(tuple(overcomes(a, b) for b in range(5)) for a in range(5))


def _lower_overcomes(p: Pos) -> bool:
    return _OVERCOMES[p.lower_element][BRANCH_ELEMENT[p.upper]]


def _common_facts(c: _Ctx) -> dict[str, Any]:
    f: dict[str, Any] = {"day": c.chart.day.name}
    if c.month is not None:
        f["month_branch"] = BRANCHES[c.month]
    return f


# ------------------------------------------------------------------------------------- the rules
@dataclass(frozen=True, slots=True)
class _Target:
    """A placement target of 002-005 and how the 天盤 spirit on it stands to it."""

    key: str
    upper: int
    branch: int | None
    label: str
    rels: tuple[str, ...]


#: _Target built slot by slot (xuanheng.core._frozen)
_TARGET = maker(_Target)

_REL_NAME = {
    Relation.GENERATES: "生",
    Relation.GENERATED_BY: "被生",
    Relation.OVERCOMES: "剋",
    Relation.OVERCOME_BY: "被剋",
    Relation.SAME: "比和",
}
#: the 002-005 name of how element *a* stands to element *b*, by [a][b]: core.wuxing.relation's answers
#: named, made once
_REL_OF: tuple[tuple[str, ...], ...] = tuple(
    tuple(_REL_NAME[relation(a, b)] for b in range(5)) for a in range(5)
)


def _targets(c: _Ctx) -> list[_Target]:
    """日干, 日支, then 太歲, 本命, 行年 where known, with the spirit placed on each (002-005)."""
    ch = c.chart
    raw: list[tuple[str, int, int, int | None]] = [  # key, upper, target element, target branch
        ("day_stem", ch.gan_shang, STEM_ELEMENT[ch.day.stem], JI_GONG[ch.day.stem]),
        ("day_branch", ch.zhi_shang, BRANCH_ELEMENT[ch.day.branch], ch.day.branch),
    ]
    for key, b in (("tai_sui", c.year), ("ben_ming", ch.ben_ming), ("xing_nian", ch.xing_nian)):
        if b is not None:
            raw.append((key, ch.tian_pan[b], BRANCH_ELEMENT[b], b))
    out = []
    for key, upper, te, tb in raw:
        rels = [_REL_OF[BRANCH_ELEMENT[upper]][te]]
        if tb is not None and is_xing(upper, tb):
            rels.append("刑")
        if tb is not None and liu_he(upper) == tb:
            rels.append("合")
        label = STEMS[ch.day.stem] if key == "day_stem" else BRANCHES[tb] if tb is not None else ""
        out.append(_TARGET(key, upper, tb, label, tuple(rels)))
    return out


def _off_topic(topic: str | None, topics: tuple[str, ...]) -> bool:
    """A rule of these *topics* is left out of a reading on *topic* (so it need not be evaluated)."""
    return topic is not None and topic not in topics


#: the text of a 002-005 rule by (rule id, relation, target, its branch, the spirit on it): a few thousand
_PLACED: dict[tuple[str, str, str, str, int], Text] = {}


@cache
def _principle_kinds() -> tuple[
    tuple[DataRule, ...], dict[str, DataRule], tuple[tuple[DataRule, frozenset[int]], ...]
]:
    """The principle rules by kind, in file order: the plate rules (002-006), the placement rules by their
    relation (002-005), the pair rules with their pair of branches (002-007)."""
    rules = principle_rules()
    return (
        tuple(r for r in rules if r.kind == "plate_rule"),
        {r.when["placement"]: r for r in rules if r.kind == "placement"},
        tuple((r, _bset(r.when["chuan_has"])) for r in rules if r.kind == "pair"),
    )


#: the text of a 002-006 rule by (rule id, the positions where the lower overcomes and their lower branches)
_FLIPPED: dict[tuple[str, tuple[tuple[str, int], ...]], Text] = {}


def _plate_text(r: DataRule, flipped: tuple[Pos, ...]) -> Text:
    """The text of the 002-006 rule *r* naming the positions *flipped* and their 地盤 branches (filled once
    per rule and positions: a few hundred)."""
    key = (r.id, tuple((x.name, x.lower) for x in flipped))
    got = _FLIPPED.get(key)
    if got is None:
        names = joined(POSITION_NAMES[x.name] for x in flipped)
        lowers = listed(dict.fromkeys(BRANCHES[x.lower] for x in flipped))
        got = _FLIPPED[key] = _fmt(r.text, positions=names, lower=lowers)
    return got


def _principle_rules(c: _Ctx, topic: str | None = None) -> list[FiredRule]:
    p = principles()
    plate_rules, by_rel, pair_rules = _principle_kinds()
    out: list[FiredRule] = []
    # 002-006: where the lower overcomes the upper, the earth-plate branch is read
    for r in plate_rules:
        if _off_topic(topic, r.topics):
            continue
        facts = CHART.holds(r.when, c)
        if facts is None:
            continue
        out.append(
            _FIRED(r.id, r.src, facts, _plate_text(r, c.flipped), r.topics, None, {"kind": "principle"})
        )
    # 002-005: the spirit placed on 日干, 日支, 太歲, 本命, 行年 — one rule per target and relation, in the
    # order of the relations found (the 生剋 relation, then 刑, then 合)
    tnames = p["placement_targets"]["names"]
    for t in _targets(c):
        for rel in t.rels:
            r = by_rel[rel]
            if _off_topic(topic, r.topics) or PLACEMENT.holds(r.when, t) is None:
                continue
            text_key = (r.id, rel, t.key, t.label, t.upper)
            text = _PLACED.get(text_key)
            if text is None:
                tn = {lang: f"{tnames[t.key][lang]}({t.label})" for lang in ("ko", "zh-Hant")}
                tn["en"] = f"{tnames[t.key]['en']} {t.label}"
                text = _PLACED[text_key] = _fmt(r.text, upper=BRANCHES[t.upper], target=tn)
            out.append(
                _FIRED(
                    r.id,
                    r.src,
                    {"target": t.key, "target_branch": t.label, "upper": BRANCHES[t.upper], "rel": rel},
                    text,
                    r.topics,
                    None,
                    {"kind": "principle"},
                )
            )
    # 002-007: the six pairs, by the branches of the 三傳
    chuan = [x.branch for x in c.chart.san_chuan]
    for r, pair in pair_rules:
        if _off_topic(topic, r.topics) or CHART.holds(r.when, c) is None:
            continue
        out.append(
            _FIRED(
                r.id,
                r.src,
                {
                    "branches": list(r.when["chuan_has"]),
                    "in": [POSITIONS[i] for i, b in enumerate(chuan) if b in pair],
                },
                r.text,
                r.topics,
                None,
                {"kind": "principle"},
            )
        )
    return out


#: the rules of one file a reading of one topic evaluates, and their ``when`` tables (kept for the shared
#: engine's one-pass :meth:`~xuanheng.rules.Vocabulary.holding`), by (file, topic)
_ON_TOPIC: dict[tuple[str, str | None], tuple[tuple[Any, ...], tuple[Mapping[str, Any], ...]]] = {}


_Tables = tuple[tuple[DataRule, ...], tuple[Mapping[str, Any], ...]]


def _on_topic(key: str, rules: tuple[DataRule, ...], topic: str | None, *, bare: bool = True) -> _Tables:
    """The rules of *rules* (the file *key*) a reading on *topic* evaluates and their tables: those of other
    topics are left out, and without *bare* those with no condition (never fire) too."""
    got = _ON_TOPIC.get((key, topic))
    if got is None:
        keep = tuple(r for r in rules if (bare or r.when) and not _off_topic(topic, r.topics))
        got = (keep, tuple(r.when for r in keep))
        _ON_TOPIC[(key, topic)] = got
    return got


def _keti_rules(c: _Ctx, topic: str | None = None) -> list[FiredRule]:
    out: list[FiredRule] = []
    rules, tables = _on_topic("keti", _keti_rules_data(), topic)
    # a meaning that needs a 課體 name the chart does not carry is not evaluated (the shared engine's index;
    # tests/liuren/test_keti_index.py compares with every table evaluated)
    may_hold = CHART.index(tables).may_hold(c)
    holds = CHART.holds
    for i, when in enumerate(tables):
        if not may_hold[i] or holds(when, c) is None:
            continue
        r = rules[i]
        name = r.get("name")
        facts: dict[str, Any] = {"ke_ti": name, "conditions": dict(r.when)}
        out.append(
            _FIRED(
                r.id,
                r.src,
                facts,
                r.text,
                r.topics,
                _name_title(name),
                {"kind": "ke_ti", "detected_by": "engine" if "ke_ti" in r.when else "reading"},
            )
        )
    return out


def ke_ti_held(
    chart: LiuRenChart, month_branch: str | int | None = None, year_branch: str | int | None = None
) -> tuple[str, ...]:
    """The names of the 課體 of ``keti_meanings.toml`` that hold on *chart*, of every topic: those the chart
    carries and those the reading detects (天將, 旺相 …); the judgment weighs some of them."""
    c = _context(chart, month_branch, year_branch)
    return tuple(str(r.facts["ke_ti"]) for r in _keti_rules(c, None))


def _bifa_rules(c: _Ctx, topic: str | None = None) -> list[FiredRule]:
    from xuanheng.liuren.bifa import BIFA, Ctx

    ctx = Ctx(c.chart, c.month, c.year)
    out: list[FiredRule] = []
    # a principle of reading (`needs`, no condition) never fires
    rules, tables = _on_topic("bifa", bifa_rules(), topic, bare=False)
    # each 法 is filed by its predicate (BIFA's ``needs``): the tables whose predicate does not hold on this
    # chart are not evaluated (tests/liuren/test_bifa_memo.py compares with every table evaluated)
    may_hold = BIFA.index(tables).may_hold(ctx)
    holds = BIFA.holds
    for i, when in enumerate(tables):
        if not may_hold[i]:
            continue
        facts = holds(when, ctx)
        if facts is None:
            continue
        r = rules[i]
        line = r.get("line")
        out.append(
            _FIRED(
                r.id,
                r.src,
                {**facts, "number": r.get("number"), "line": line},
                r.text,
                r.topics,
                _name_title(line),
                {"kind": "bifa"},
            )
        )
    return out


#: 類神 rules by the 神 they are about: (file order, place of the 神 among the rule's subjects, rule)
_BySubject = dict[int, list[tuple[int, int, Rule]]]


@cache
def _leishen_index() -> tuple[tuple[tuple[int, Rule], ...], _BySubject, _BySubject]:
    """The 類神 rules (file order *i*) by what they are read on: the chart-scope ones, then for each 神 the
    attribute lists and the verses about it, as (i, place of the 神 among the rule's subjects, rule).

    A rule about a 神 can only fire where that 神 stands, so a chart looks up the rules of its 神 only."""
    chart: list[tuple[int, Rule]] = []
    attribute: dict[int, list[tuple[int, int, Rule]]] = {}
    verse: dict[int, list[tuple[int, int, Rule]]] = {}
    for i, r in enumerate(leishen()[1]):
        if r.scope == "chart":
            chart.append((i, r))
            continue
        by = attribute if r.kind == "attribute" else verse
        for j, subj in enumerate(r.subjects):
            by.setdefault(subj, []).append((i, j, r))
    return tuple(chart), attribute, verse


#: one rule about a 神 as a chart tries it: (file order, place of the 神 among its subjects, the rule, the
#: ``when`` it is read with, whether that table names ``state``, the table's check made once by the shared
#: engine (:meth:`~xuanheng.rules.Vocabulary.check_of`) of its conditions but the 天將 (decided by
#: :func:`_tried`; None when no other is left: the rule holds wherever the 神 stands), the rule's title
#: and the ``extra`` of its fired rule (copied for each chart))
_Tried = tuple[int, int, Rule, Mapping[str, Any], bool, Callable[[Any], Any] | None, Text, dict[str, Any]]
#: the rules about each 神 a reading tries, by (attribute or verse, 神, the 天將 it carries, topic, variants)
_TRIED: dict[tuple[str, int, int, str | None, frozenset[str]], tuple[_Tried, ...]] = {}


def _when_of(r: Rule, variants: frozenset[str]) -> Mapping[str, Any]:
    """The table *r* is read with: its named variant's when that variant is asked for, else its own."""
    if r.variant_key and r.variant_key in variants and r.variant_when is not None:
        return r.variant_when
    return r.when


def _extra_of(r: Rule) -> dict[str, Any]:
    """The ``extra`` of a fired 類神 rule (its kind and the 天神 whose file holds it). The entry's ``note``
    (its provenance, in English, for the developers) stays in the data file, as the notes of 六爻's and
    七政四餘's rules do: a reader's document carries only what is said in the reader's language."""
    return {"kind": "verse" if r.kind == "verse" else "leishen", "about": leishen()[0][r.shen].name}


def _tried(
    kind: str, subj: int, jiang: int, topic: str | None, variants: frozenset[str]
) -> tuple[_Tried, ...]:
    """The rules of *kind* (``attribute`` / ``verse``) about the 神 *subj* that can hold where it carries the
    天將 *jiang*, in file order: those of other topics are left out (*topic*), and so are those whose
    ``jiang`` condition fails on that 天將 — tried once per key with the condition's own function (it reads
    the 天將 alone), so a chart tries each rule's full table only where it can hold. Where it holds it holds
    at every position of the 神 (the 神 carries one 天將), so a chart checks only the rule's other conditions:
    a verse whose one condition is its 天將 holds wherever the 神 stands, as an attribute list does."""
    key = (kind, subj, jiang, topic, variants)
    got = _TRIED.get(key)
    if got is not None:
        return got
    _chart_rules, attribute, verse = _leishen_index()
    by = attribute if kind == "attribute" else verse
    probe = _At(subj, None, None, TIAN_JIANG[jiang])  # type: ignore[arg-type]  # jiang reads .jiang only
    on_jiang = POSITION.fn("jiang")
    out: list[_Tried] = []
    for i, j, r in by.get(subj, ()):
        if _off_topic(topic, r.topics):
            continue
        when = _when_of(r, variants)
        rest = when
        if "jiang" in when:
            if on_jiang(probe, when["jiang"], when) is None:
                continue
            rest = {k: v for k, v in when.items() if k != "jiang"}
        check = POSITION.check_of(rest) if rest else None
        title = _shen_title(r.shen)
        out.append((i, j, r, when, "state" in _flat_keys(when), check, title, _extra_of(r)))
    got = _TRIED[key] = tuple(out)
    return got


#: a fired 類神 rule's order: the rule's place in the files, then its 神's among the rule's subjects
_FILE_ORDER = itemgetter(0, 1)


def _leishen_rules(
    c: _Ctx, plate_rule: str, variants: frozenset[str], topic: str | None = None
) -> list[FiredRule]:
    shens = leishen()[0]
    read_at: dict[int, list[tuple[Pos, str]]] = {}  # 神 read by the plate rule → positions
    upper_at: dict[int, list[Pos]] = {}
    flipped = {x.name for x in c.flipped} if plate_rule == "seed" else set()
    for p in c.positions:
        upper_at.setdefault(p.upper, []).append(p)
        if p.name in flipped:
            if p.name != "ke1":  # the first 課's lower is the day stem itself, not a 天神
                read_at.setdefault(p.lower, []).append((p, "di"))
        else:
            read_at.setdefault(p.upper, []).append((p, "tian"))
    # each fired rule with the rank of the first position it was read at (the reading's order: by position,
    # then as found); the positions of a 神 are listed in reading order, so their first is the lowest
    out: list[tuple[int, FiredRule]] = []
    base = _common_facts(c)
    profiles = read_at.items() if topic is None or topic == "總" else ()  # their one topic is 總
    for b, where in profiles:  # the 天神's own profile (element, 寄干, 本將, 月將)
        s = shens[b]
        facts = {
            **base,
            "shen": BRANCHES[b],
            "shen_name": s.name,
            "positions": _facts_of(where, b, c),
            "element": s.element,
            "ji_gan": list(s.ji_gan),
            "ben_jiang": s.ben_jiang,
        }
        out.append(
            (
                _RANK[where[0][0].name],
                _FIRED(
                    f"shen.{BRANCHES[b]}",
                    s.src,
                    facts,
                    s.text,
                    ("總",),
                    _shen_title(s.branch),
                    {"kind": "leishen", "about": s.name},
                ),
            )
        )

    chart_rules = _leishen_index()[0]
    jiang_on = c.chart.jiang_on
    fired: list[tuple[int, int, int, FiredRule]] = []  # in the order of the rules and of their subjects
    for i, r in chart_rules:
        if _off_topic(topic, r.topics):
            continue
        when = _when_of(r, variants)
        if _holds_chart(when, c):
            fired.append((i, 0, len(_RANK), _leishen_fired(r, shens[r.shen], [], when, base, c)))
    cands = [(subj, where, "attribute") for subj, where in read_at.items()]
    cands += [(subj, [(q, "tian") for q in ps], "verse") for subj, ps in upper_at.items()]
    for subj, cand, kind in cands:
        tried = _tried(kind, subj, jiang_on[subj], topic, variants)
        if not tried:
            continue
        ats: list[_At] | None = None  # what the rules about this 神 look at, made when a rule has a condition
        every = tuple(range(len(cand)))
        # the positions' facts and the rank of the first, by the hits
        facts_at: dict[tuple[int, ...], tuple[list[dict[str, Any]], int]] = {}
        head = {**base, "shen": BRANCHES[subj], "shen_name": SHEN_NAMES[subj]}
        state = c.state(subj)
        for i, j, r, when, has_state, check, title, extra in tried:
            if check is not None:
                if ats is None:
                    jiang = TIAN_JIANG[jiang_on[subj]]
                    ats = [_AT(subj, q, c, jiang) for q, _pl in cand]
                hits = tuple(k for k, at in enumerate(ats) if check(at) is not None)
                if not hits:
                    continue
            else:  # a rule with no condition (a 神's attribute list) holds wherever its 神 is read
                hits = every
            got = facts_at.get(hits)
            if got is None:
                got = facts_at[hits] = (
                    _facts_of([cand[k] for k in hits], subj, c),
                    _RANK[cand[hits[0]][0].name],
                )
            facts = {**head, "positions": list(got[0])}
            if r.kind == "verse":
                facts["conditions"] = dict(when)
                if has_state and state is not None:
                    facts["state"] = state
            fired.append((i, j, got[1], _FIRED(r.id, r.src, facts, r.text, r.topics, title, dict(extra))))
    fired.sort(key=_FILE_ORDER)
    out += [(k, f) for _, _, k, f in fired]
    out.sort(key=itemgetter(0))
    return [f for _, f in out]


def _facts_of(hits: list[tuple[Pos, str]], subj: int, c: _Ctx) -> list[dict[str, Any]]:
    return [_pos_fact(q, c, pl) | ({"read": BRANCHES[subj]} if pl == "di" else {}) for q, pl in hits]


def _flat_keys(when: Mapping[str, Any]) -> Iterable[str]:
    for k, v in when.items():
        if k == "any":
            for sub in v:
                yield from sub
        else:
            yield k


def _leishen_fired(
    r: Rule,
    s: Shen,
    positions: list[dict[str, Any]],
    when: Mapping[str, Any],
    base: dict[str, Any],
    c: _Ctx,
    subject: int | None = None,
    has_state: bool | None = None,
) -> FiredRule:
    b = subject if subject is not None else s.branch
    facts: dict[str, Any] = {**base, "shen": BRANCHES[b], "shen_name": SHEN_NAMES[b], "positions": positions}
    verse = r.kind == "verse"
    if verse:
        facts["conditions"] = dict(when)
        if has_state is None:
            has_state = "state" in _flat_keys(when)
        if has_state:
            state = c.state(b)
            if state is not None:
                facts["state"] = state
    return _FIRED(r.id, r.src, facts, r.text, r.topics, _shen_title(s.branch), _extra_of(r))


def _shensha_rules(c: _Ctx, topic: str | None = None) -> list[FiredRule]:
    meanings = shensha_meanings()
    seen: dict[str, list[Any]] = {}
    for sp in c.chart.shensha:
        if sp.in_chart:
            seen.setdefault(sp.name, []).append(sp)
    out: list[FiredRule] = []
    for name, sps in seen.items():
        m = meanings.get(name)
        if m is None:
            continue
        src, tps, text, extra_when, rid = m
        if _off_topic(topic, tps):
            continue
        if extra_when.get("shensha_ke") == "above":
            ks = [k for k in c.chart.si_ke if k.upper in {sp.branch for sp in sps} and k.relation == "剋"]
            if not ks:
                continue
        out.append(
            _FIRED(
                rid or f"shensha.{name}",
                src,
                {
                    "shensha": name,
                    "branches": sorted({BRANCHES[sp.branch] for sp in sps}),
                    "in": sorted({x for sp in sps for x in sp.in_chart}),
                },
                text,
                tps,
                _name_title(name),
                {"kind": "shensha"},
            )
        )
    return out


# ------------------------------------------------------------------------------------------- API
@cache
def _variant_keys() -> frozenset[str]:
    """The named text variants the 類神 rules offer (the ``variants`` a reading accepts)."""
    return frozenset(r.variant_key for r in leishen()[1] if r.variant_key)


def reading(
    chart: LiuRenChart,
    topic: str | None = None,
    lang: str = "zh-Hant",
    *,
    month_branch: str | int | None = None,
    year_branch: str | int | None = None,
    plate_rule: str = "seed",
    variants: Iterable[str] = (),
) -> list[FiredRule]:
    """Rules that fire on *chart*: principles (002-005/006/007), 課體 meanings, 類神 of 三傳 and 四課
    under their 天將 and the day stem, and 神煞 meanings — each with facts, text, topics and source.

    *topic* keeps only rules tagged with it (a key of :func:`topics`). *lang* is checked and kept for the
    caller's rendering (every :class:`Text` carries all four languages). *month_branch* / *year_branch*
    (月建 / 太歲) default to the chart's calendar when it was cast from an instant; without a month the
    rules that need 旺相 or the season do not fire. *plate_rule*: ``"seed"`` (default, 002-006: where the
    lower overcomes the upper, the 地盤 branch's 類神 list is read) or ``"upper"`` (always the 天盤).
    *variants*: named text variants to use instead of the default reading (``hai_gouchen_bing_ding``:
    002-036 on 丙丁 days, the note's variant).
    """
    lang = check_lang(lang)
    if not isinstance(chart, LiuRenChart):
        raise InputError(
            f"reading needs a LiuRenChart from xuanheng.liuren.cast…, got {type(chart).__name__}",
            field="chart",
        )
    if topic is not None:
        topic = normalise_topic(topic)
    if plate_rule not in PLATE_RULES:
        raise OptionError(
            f"plate_rule {plate_rule!r}: expected one of {', '.join(PLATE_RULES)}", field="plate_rule"
        )
    known_variants = _variant_keys()
    vs = frozenset(variants)
    if vs - known_variants:
        raise OptionError(
            f"unknown variant(s) {sorted(vs - known_variants)}: expected any of {sorted(known_variants)}",
            field="variants",
        )
    c = _context(chart, month_branch, year_branch)
    # with a topic, the rules of other topics are not evaluated at all (they would be left out)
    return (
        _principle_rules(c, topic)
        + _keti_rules(c, topic)
        + _bifa_rules(c, topic)
        + _leishen_rules(c, plate_rule, vs, topic)
        + _shensha_rules(c, topic)
    )


def reading_json(
    chart: LiuRenChart, topic: str | None = None, lang: str = "zh-Hant", **kw: Any
) -> list[dict[str, Any]]:
    """:func:`reading` rendered for JSON in *lang* (the ``reading`` list of a chart's JSON)."""
    return [r.to_json(lang) for r in reading(chart, topic, lang, **kw)]


__all__ = [
    "CHART_KEYS",
    "PLATE_RULES",
    "POSITIONS",
    "POS_KEYS",
    "Pos",
    "Rule",
    "Shen",
    "bifa_rules",
    "ke_ti_held",
    "keti_meanings",
    "leishen",
    "principles",
    "reading",
    "reading_json",
    "shensha_meanings",
    "topics",
]
