"""The 六爻 reading (斷): every judgment of seed 004 that holds on a chart, grouped around the 用神.

The judgments are data (``data/judgments_*.toml``, rules in the shared schema of :mod:`xuanheng.rules`), each
citing its inventory id (``004-052``) or a named book; the words their ``when`` tables use are registered in
:mod:`._reading_vocab`; what is not a rule (options, the 用神 of each question, the 殺 / 吉神 classes, 神煞
tables chosen, the not-computable items) is ``data/judgments.toml``.

>>> from xuanheng import liuyao
>>> from xuanheng.liuyao.reading import reading
>>> c = liuyao.cast(day="丙子", month="午", lines="887888")   # 謙 on a 丙 day
>>> "004-309" in {r.id for r in reading(c, "家宅")}
True

:func:`reading` returns :class:`~xuanheng.reading.FiredRule` values: ``facts`` are the chart facts that made
the rule fire (the lines, with position, 納甲, 六親, 六神 and what the condition read), ``extra`` carries
``kind`` (the rule family), ``group`` (用神 原神 忌神 仇神 or 卦: what the rule is about), ``lines`` and,
with a topic, ``asked`` (one of the question's own rules, or a general one).
With a topic the rules of that question come first, then the general ones (topic 總); within each part the
rules about the 用神 come first, then 原神, 忌神, 仇神, then the rest, each in data order.

:func:`reading` evaluates each rule of the question with :meth:`~xuanheng.rules.Vocabulary.holds` of the
shared engine on the facts of :class:`~._reading_ctx.Ctx` (``reading_plain`` is another name of it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from xuanheng.core._frozen import maker
from xuanheng.errors import InputError
from xuanheng.liuyao import tables as T
from xuanheng.liuyao._reading_ctx import Ctx, YongShen, select_yong, topic_family
from xuanheng.liuyao._reading_data import (
    DEFAULT_READING_OPTIONS,
    NOT_COMPUTABLE,
    PARTLY,
    READING_OPTION_NAMES,
    READING_OPTION_SPECS,
    ReadingOptions,
    make_reading_options,
)
from xuanheng.liuyao._reading_vocab import CHART, LINE, check_nested, yao_wei_key
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.reading import DEFAULT_LANG, FiredRule, Text, check_lang
from xuanheng.rules import GENERAL_TOPIC, TOPIC_KEYS, Rule, load_rules, normalise_topic, topic_names
from xuanheng.rules.engine import with_simplified

_PKG = "xuanheng.liuyao"

#: the rule files, in report order
RULE_FILES: tuple[str, ...] = (
    "judgments_yongshen",
    "judgments_liushen",
    "judgments_liuqin",
    "judgments_fu",
    "judgments_shensha",
    "judgments_yaowei",
    "judgments_tianshi",
    "judgments_tianhe",
    "judgments_jiazhai",
    "judgments_wuxing",
)
#: rule families (``kind``)
KINDS: tuple[str, ...] = (
    "用神",
    "日辰",
    "六神",
    "六親",
    "動化",
    "天符",
    "直符",
    "傳符",
    "神煞",
    "爻位",
    "天時",
    "田禾",
    "家宅",
    "五行",
)
#: the keys a rule may carry besides the shared schema's: the rule it contradicts, and a fixed group
EXTRA_KEYS: tuple[str, ...] = ("conflict", "group")
GROUPS: tuple[str, ...] = ("用神", "原神", "忌神", "仇神", "卦")
_GROUP_RANK = {g: i for i, g in enumerate(GROUPS)}


@cache
def rules() -> tuple[Rule, ...]:
    """Every rule of the reading in report order, checked against the shared schema and the line words."""
    out = load_rules(_PKG, RULE_FILES, CHART, kinds=KINDS, extra_keys=EXTRA_KEYS)
    for r in out:
        check_nested(r.when, f"liuyao/data/{r.file}.toml: rule {r.id}")
    return out


@cache
def topics() -> tuple[str, ...]:
    """The topics this method's rules speak of, in the order of the shared vocabulary."""
    used = {t for r in rules() for t in r.topics}
    return tuple(t for t in TOPIC_KEYS if t in used)


def topic_labels() -> dict[str, Text]:
    """:func:`topics` with their names in every language."""
    return {t: topic_names(t) for t in topics()}


# ── firing ─────────────────────────────────────────────────────────────────────────────────────
_POS_KEYS = ("lines", "also", "also_c", "also_d")


def _positions(facts: Mapping[str, Any]) -> list[int]:
    """The positions of the lines a rule's facts name (``lines`` and ``also…`` entries), first seen first."""
    out: list[int] = []
    get = facts.get
    for key in _POS_KEYS:
        got = get(key)
        if got:
            for f in got:
                if type(f) is dict:
                    p = f.get("position")
                    if p is not None and p not in out:
                        out.append(p)
    return out


def _group(r: Rule, facts: Mapping[str, Any], c: Ctx, positions: list[int]) -> str:
    fixed = r.extra.get("group")
    if fixed:
        return str(fixed)
    if r.kind == "用神" or "yong_shen" in facts:
        return "用神"
    best = 4  # 卦
    lines = c.lines
    for p in positions:
        role = lines[p - 1].role
        if role is not None:
            rank = _GROUP_RANK[role]
            if rank < best:
                best = rank
    return GROUPS[best]


#: FiredRule built by filling its slots (``core._frozen.maker``: the same value as ``FiredRule(...)``; a
#: reading without a topic fires about ninety)
_new_fired = maker(FiredRule)


def fire(r: Rule, facts: dict[str, Any], c: Ctx, hans: bool) -> FiredRule:
    """The :class:`FiredRule` of rule *r* that held with *facts* on the chart of *c*."""
    positions = _positions(facts)
    extra: dict[str, Any] = {"kind": r.kind, "group": _group(r, facts, c, positions), "lines": positions}
    conflict = r.extra.get("conflict")
    if conflict:
        extra["conflict_with"] = conflict
    text = with_simplified(r.text) if hans else r.text
    return _new_fired(r.id, r.src, facts, text, r.topics, None, extra)


#: the topic that reads every rule of every question (the whole of seed 004: for study and the test sweeps)
EVERY_TOPIC = "*"
#: the family of a reading without a topic: the general rules (topic 總) only — never every topic's tables
#: (weather, crops, the house …) for a question that named none
NO_TOPIC: frozenset[str] = frozenset()


def family_of(topic: str | None) -> frozenset[str] | None:
    """The topic family a reading of *topic* keeps (:func:`relevant`): None (every rule) for
    :data:`EVERY_TOPIC`, :data:`NO_TOPIC` without a topic, else the topic with its parent and children."""
    if topic == EVERY_TOPIC:
        return None
    return NO_TOPIC if topic is None else topic_family(topic)


def relevant(r: Rule, family: frozenset[str] | None) -> bool:
    """Whether rule *r* belongs to a reading of the topic *family*: the general rules (topic 總) always and
    the family's own (None: every rule; :data:`NO_TOPIC`: the general ones only)."""
    return family is None or GENERAL_TOPIC in r.topics or not family.isdisjoint(r.topics)


@cache
def rules_of(family: frozenset[str] | None) -> tuple[Rule, ...]:
    """The rules (in report order) that belong to a reading of the topic *family*: :func:`relevant`, kept
    per family."""
    return tuple(r for r in rules() if relevant(r, family))


@cache
def whens_of(family: frozenset[str] | None) -> tuple[Mapping[str, Any], ...]:
    """The ``when`` tables of :func:`rules_of` *family*, in its order (one tuple per family, kept: the
    engine's :meth:`~xuanheng.rules.Vocabulary.holding` keeps its steps)."""
    return tuple(r.when for r in rules_of(family))


def order(fired: list[FiredRule], family: frozenset[str] | None) -> list[FiredRule]:
    """The report order: the asked topic's rules first (with a topic), then by group, then data order.

    With a topic, each rule's ``extra`` says whether it is one of the question's own (``asked``: True) or a
    general one (False)."""

    rank = _GROUP_RANK
    keyed: list[tuple[int, int, int, FiredRule]] = []
    for i, f in enumerate(fired):
        own = 0 if family is None or not family.isdisjoint(f.topics) else 1
        if family:
            f.extra["asked"] = own == 0
        keyed.append((own, rank[f.extra["group"]], i, f))
    keyed.sort()  # the data order i is unique: two rules are never compared
    return [k[3] for k in keyed]


def _check(
    chart: object, topic: object, lang: str, options: Mapping[str, Any]
) -> tuple[str, str | None, ReadingOptions]:
    """The canonical language, the topic key and the reading options of a call (InputError / OptionError
    naming what is wrong)."""
    lang = check_lang(lang)
    if not isinstance(chart, LiuYaoChart):
        raise InputError(
            f"reading needs a LiuYaoChart from xuanheng.liuyao.cast…, got {type(chart).__name__}",
            field="chart",
        )
    t = _topic_key(topic) if topic is not None else None
    if not options:
        return lang, t, make_reading_options(None)
    opts = options.get("options")
    rest = {k: v for k, v in options.items() if k != "options"}
    return lang, t, make_reading_options(opts, **rest)


#: topic text → its key (normalise_topic), for the texts asked before (a reading per chart asks one)
_TOPIC_KEYS: dict[str, str] = {}


def _topic_key(topic: object) -> str:
    """``normalise_topic(topic)``, kept per topic text (bounded: the texts that name a topic)."""
    got = _TOPIC_KEYS.get(topic) if type(topic) is str else None
    if got is None:
        got = normalise_topic(topic)
        if type(topic) is str and len(_TOPIC_KEYS) < 1024:
            _TOPIC_KEYS[topic] = got
    return got


def reading(
    chart: LiuYaoChart, topic: str | None = None, lang: str = DEFAULT_LANG, **options: Any
) -> list[FiredRule]:
    """Every judgment of seed 004 (and the 用神 rules of the books) that fires on *chart*.

    *topic*: the question (a key of the shared topic vocabulary or any of its names: ``"天時"``, ``"rain"``,
    ``"가택"`` …); it chooses the 用神 and keeps that question's rules and the general ones; without a topic
    the general ones only; :data:`EVERY_TOPIC` (``"*"``) reads every rule of every question (for study).
    *lang* is checked and used for the Simplified text (every :class:`~xuanheng.reading.Text` carries all
    languages).
    *options*: reading options by name (``sex="female"``, ``shi_ke_ying="verse_four"`` …, see
    :data:`READING_OPTION_SPECS`) or ``options=ReadingOptions(...)``; an unknown name or value raises
    :class:`~xuanheng.errors.OptionError` naming it.
    """
    every = topic == EVERY_TOPIC
    lang, t, opts = _check(chart, None if every else topic, lang, options)
    c = Ctx(chart, t, opts)
    hans = lang == "zh-Hans"
    family = family_of(EVERY_TOPIC if every else t)
    rs = rules_of(family)
    fired = [fire(rs[i], facts, c, hans) for i, facts in CHART.holding(whens_of(family), c)]
    c.release()
    return order(fired, family)


#: the former name of :func:`reading` (there is one path)
reading_plain = reading


def reading_json(
    chart: LiuYaoChart, topic: str | None = None, lang: str = DEFAULT_LANG, **options: Any
) -> list[dict[str, Any]]:
    """:func:`reading` rendered for JSON in *lang* (the ``reading`` list of a chart document)."""
    lang = check_lang(lang)
    return [r.to_json(lang) for r in reading(chart, topic, lang, **options)]


def yong_shen(chart: LiuYaoChart, topic: str | None = None, **options: Any) -> YongShen:
    """The 用神 of *chart* for the question *topic* (with its 原神, 忌神, 仇神 and why it was taken)."""
    _, t, opts = _check(chart, topic, DEFAULT_LANG, options)
    return select_yong(chart, t, opts)


@dataclass(frozen=True, slots=True)
class LineTable:
    """The 爻位 table of a question laid on a chart: its name, source and the item of each line (初 → 上)."""

    key: str
    name: str
    src: str
    items: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "src": self.src, "items": list(self.items)}


def line_table(chart: LiuYaoChart, topic: str | None, **options: Any) -> LineTable | None:
    """The 爻位 table (004-107 … 004-124, 004-190, 004-191, 004-242) of the question *topic*, for drawing
    beside the hexagram; None when the topic has no table."""
    _, t, opts = _check(chart, topic, DEFAULT_LANG, options)
    key = yao_wei_key(Ctx(chart, t, opts))
    if key is None:
        return None
    name, items, src = T.YAO_WEI[key]
    return LineTable(key, name, src, items)


def not_computable() -> tuple[dict[str, str], ...]:
    """The items of seed 004 no rule fires for, with the reason (``data/judgments.toml``)."""
    return NOT_COMPUTABLE


def partly_computable() -> tuple[dict[str, str], ...]:
    """The items of seed 004 whose rule fires for only part of what they name, with the reason."""
    return PARTLY


def conditions() -> dict[str, dict[str, str]]:
    """The condition words (chart and line) with their meaning, for the docs."""
    return {"chart": CHART.describe(), "line": LINE.describe()}


def cited(items: Iterable[Rule] | None = None) -> set[str]:
    """Every inventory id the rules cite."""
    out: set[str] = set()
    for r in items if items is not None else rules():
        for s in r.src:
            out.update(x for x in s.replace(",", " ").split() if len(x) == 7 and x[3] == "-")
    return out


__all__ = [
    "DEFAULT_READING_OPTIONS",
    "GROUPS",
    "KINDS",
    "READING_OPTION_NAMES",
    "READING_OPTION_SPECS",
    "RULE_FILES",
    "LineTable",
    "ReadingOptions",
    "YongShen",
    "conditions",
    "line_table",
    "make_reading_options",
    "not_computable",
    "partly_computable",
    "reading",
    "reading_json",
    "reading_plain",
    "rules",
    "topic_family",
    "topic_labels",
    "topics",
    "yong_shen",
]
