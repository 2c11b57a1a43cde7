"""The reading (斷) of a 七政四餘 natal chart: every judgment of seed 003 and every 格局 that holds on it.

The judgments are data in the shared rule schema (``data/judgments.toml``: one or more rules per INVENTORY
id of seed 003; ``data/patterns.toml``: the named 格局 of 《星學大成》), each with a ``when`` table of the
condition words of :mod:`xuanheng.qizheng._reading_vocab` and texts in ko / zh-Hant / en. A rule says what
it is about with ``star`` (a role: ``化祿`` … ``化權``, a star spirit's key such as ``ke_ming``, ``命主``
``身主`` ``度主`` ``壽星``, or ``*``: any 曜) or ``palace`` (a palace spirit's key such as ``dou_biao``, or
``宮:田宅``); patterns look at the whole chart. The tables the words look up (七強/五弱, 閒極, 四殺, 四刑宮,
陷 = 怒宮, 吉/凶 曜, 照 拱 夾) are ``data/aspects.toml``, each cited.

Options (closed sets, defaults first; docs/qizheng-reading.md gives the reasons):

* ``qiang_ruo``: ``kuocang`` (《星學大成》卷四〈括蒼二十字例〉 and 卷八) or ``xitian`` (卷七〈西天聿斯經〉);
* ``stage_of``: whose 長生 cycle the seed's 生旺 / 死絕 of a star means — ``nayin`` (the birth year's 納音
  element, as 003-025 states it) or ``star`` (the star's own element);
* ``on``: a date; the 限 judgments (天刑 reached by a 限, 月符 on the 限, 月廉主 克限 …) are read for the
  大限, 小限 and 流年 of that date (:mod:`xuanheng.qizheng.xian`; its options ``first_term``, ``dongwei``,
  ``xiao_xian_change``, ``year_start`` are accepted too).

>>> from xuanheng.qizheng import cast
>>> c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9)
>>> any(r.id == "003-023" for r in reading(c))
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from functools import cache
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core._frozen import maker
from xuanheng.errors import OptionError
from xuanheng.qizheng._reading_ctx import QIANG_RUO_CHOICES, YAO, Ctx
from xuanheng.qizheng._reading_vocab import VOCAB
from xuanheng.qizheng.gong import GONG_NAMES
from xuanheng.qizheng.memo import ChartMemo
from xuanheng.reading import DEFAULT_LANG, FiredRule, Text, check_lang, fresh
from xuanheng.rules import (
    GENERAL_TOPIC,
    TOPIC_KEYS,
    Rule,
    RuleDataError,
    TableIndex,
    load_rules,
    normalise_topic,
    with_simplified,
)

_PKG = "xuanheng.qizheng"
#: what a rule's ``kind`` may be
KINDS: tuple[str, ...] = ("星曜得失", "化曜", "神煞", "格局")
#: the rule files, in report order: the seed's judgments, then the 格局
RULE_FILES: tuple[str, ...] = ("judgments", "patterns")
EXTRA_KEYS: tuple[str, ...] = ("star", "palace", "name", "grade", "note", "tag")

_P = load_package_data(_PKG, "params")["option"]
#: option → accepted values, the default first (declared in ``data/params.toml`` with ``scope = "reading"``)
CHOICES: dict[str, tuple[str, ...]] = {
    name: (str(o["default"]), *(str(c["value"]) for c in o["choice"] if c["value"] != o["default"]))
    for name, o in _P.items()
    if o.get("scope") == "reading"
}
if set(CHOICES.get("qiang_ruo", ())) != set(QIANG_RUO_CHOICES):  # pragma: no cover - a data error
    raise ValueError("qizheng data: qiang_ruo of params.toml and the tables of aspects.toml differ")
#: the 限 options (``scope = "xian"``), passed on to :mod:`xuanheng.qizheng.xian`
XIAN_OPTIONS: tuple[str, ...] = tuple(n for n, o in _P.items() if o.get("scope") == "xian")
_XIAN_OPTIONS = XIAN_OPTIONS
DEFAULT_OPTIONS: dict[str, str] = {k: v[0] for k, v in CHOICES.items()}


@cache
def rules() -> tuple[Rule, ...]:
    """Every rule (judgments then 格局), checked against the shared schema when first loaded."""
    out = load_rules(_PKG, RULE_FILES, VOCAB, kinds=KINDS, extra_keys=EXTRA_KEYS)
    for r in out:
        _check_subject(r)
    return out


def _check_subject(r: Rule) -> None:
    star, palace = r.get("star"), r.get("palace")
    where = f"qizheng/data/{r.file}.toml: rule {r.id}"
    if star is not None and palace is not None:
        raise RuleDataError(f"{where}: give star or palace, not both")
    if r.kind == "格局" and (
        star is not None
        or palace is not None
        or not r.get("name")
        or r.get("grade") not in ("貴", "賤", "雜")
    ):
        raise RuleDataError(f"{where}: a 格局 has a name and a grade (貴 賤 雜) and no star/palace")
    for p in _as_tuple(palace) if palace is not None else ():
        if not isinstance(p, str) or (p.startswith("宮:") and p[2:] not in GONG_NAMES):
            raise RuleDataError(
                f"{where}: palace {p!r} is not a spirit key or 宮: + one of {' '.join(GONG_NAMES)}"
            )


@cache
def topics() -> tuple[str, ...]:
    """The topics this method's rules speak of, in the order of the shared vocabulary."""
    used = {t for r in rules() for t in r.topics}
    return tuple(t for t in TOPIC_KEYS if t in used)


def _options(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(reading options completed with defaults, 限 options) — unknown names or values: OptionError."""
    opts: dict[str, Any] = dict(DEFAULT_OPTIONS)
    xian_opts: dict[str, Any] = {}
    for k, v in options.items():
        if k in CHOICES:
            if v is None:
                continue
            if v not in CHOICES[k]:
                raise OptionError(
                    f"option {k} = {v!r} is not known: accepted {', '.join(CHOICES[k])}", field=k
                )
            opts[k] = v
        elif k in _XIAN_OPTIONS:
            xian_opts[k] = v
        elif k != "on":
            accepted = ", ".join((*CHOICES, "on", *_XIAN_OPTIONS))
            raise OptionError(
                f"unknown 七政四餘 reading option {k!r}: accepted {accepted}",
                field=str(k),
            )
    return opts, xian_opts


def validate(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The reading's own options (``qiang_ruo``, ``stage_of``) completed with their defaults; an unknown
    name or value raises :class:`OptionError` (the 限 options and ``on`` are accepted and left out)."""
    return _options(dict(options or {}))[0]


#: the subject kinds of a rule: the 曜 of a role or spirit, every 曜 (``star = "*"``), a palace, the chart
_STAR, _ANY_STAR, _PALACE, _CHART = 0, 1, 2, 3


def _as_tuple(v: Any) -> tuple[str, ...]:
    return tuple(v) if isinstance(v, (list, tuple)) else (v,)


def _subject_of(r: Rule) -> tuple[int, tuple[str, ...]]:
    """What rule *r* is about: (kind, its ``star`` roles or ``palace`` tokens)."""
    star, palace = r.get("star"), r.get("palace")
    if star is not None:
        return (_ANY_STAR, ()) if star == "*" else (_STAR, _as_tuple(star))
    if palace is not None:
        return _PALACE, _as_tuple(palace)
    return _CHART, ()


def _subjects(kind: int, names: tuple[str, ...], ctx: Ctx) -> list[tuple[str, str | None, int]]:
    """The candidates a rule is tried on: (role, 曜, its branch) for a star rule, (palace, None, branch) for a
    palace rule, and one ("", None, -1) for a chart rule — found once per chart for each subject (the rules
    of one 化曜 or spirit share it) and kept in the context's memo (read, never changed)."""
    key = (_SUBJECTS, kind, names)
    got: list[tuple[str, str | None, int]] | None = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = _subjects_of(kind, names, ctx)
    return got


#: the first part of the keys of :func:`_subjects` in a context's memo
_SUBJECTS = "reading.subjects"


def _subjects_of(kind: int, names: tuple[str, ...], ctx: Ctx) -> list[tuple[str, str | None, int]]:
    """:func:`_subjects`, found."""
    if kind == _STAR:
        yao_b, roles = ctx.yao_b, ctx.roles
        return list(dict.fromkeys((s, y, yao_b[y]) for s in names for y in roles.get(s, ())))
    if kind == _ANY_STAR:
        return [("*", y, ctx.yao_b[y]) for y in YAO]
    if kind == _PALACE:
        out: list[tuple[str, str | None, int]] = []
        for p in names:
            if p.startswith("宮:"):
                out.append((p, None, ctx.gong_branch[p[2:]]))
            else:
                out += [(p, None, b) for b in dict.fromkeys(ctx.spirit_branches.get(p, ()))]
        return out
    return [("", None, -1)]


def evaluate(r: Rule, ctx: Ctx) -> dict[str, Any] | None:
    """The facts that make rule *r* fire on the chart of *ctx*, or None: every candidate, every condition
    through :meth:`Vocabulary.holds` (its table bound once, :meth:`Vocabulary.check_of`)."""
    kind, names = _subject_of(r)
    return _evaluate(r, kind, names, _check_of(r), ctx)


def _check_of(r: Rule) -> Callable[[Ctx], dict[str, Any] | None]:
    """The rule's ``when`` as one function of the context (kept with the rule's plan, :func:`_plans`)."""
    return VOCAB.check_of(r.when)


def _evaluate(
    r: Rule, kind: int, names: tuple[str, ...], check: Callable[[Ctx], dict[str, Any] | None], ctx: Ctx
) -> dict[str, Any] | None:
    if kind == _CHART:  # ctx.cur is None and ctx.cur_branch -1 between rules
        got = check(ctx)
        return None if got is None else _finish(r, [dict(got)])
    hits = []
    for s, y, b in _subjects(kind, names, ctx):
        ctx.cur, ctx.cur_branch = y, b
        got = check(ctx)
        if got is None:
            continue
        if kind == _PALACE:
            name = s[2:] if s.startswith("宮:") else ctx.spirit_names.get(s, s)
            hits.append({"palace": name, **ctx.where(b), **got})
        elif kind == _STAR:
            hits.append({"star": ctx.spirit_names.get(s, s), "yao": y, **ctx.where(b), **got})
        else:
            hits.append({"yao": y, **ctx.where(b), **got})
    ctx.cur, ctx.cur_branch = None, -1
    return _finish(r, hits)


def _finish(r: Rule, hits: list[dict[str, Any]]) -> dict[str, Any] | None:
    if not hits:
        return None
    facts = hits[0] if len(hits) == 1 else {"each": hits}
    if r.kind == "格局":
        facts = {"ge": r.get("name"), "grade": r.get("grade"), **facts}
    return facts


def context(chart: Any, **options: Any) -> Ctx:
    """The evaluation context of *chart* (for tests and tools); options as for :func:`reading`."""
    opts, xian_opts = _options(options)
    xb = None
    if options.get("on") is not None:
        from xuanheng.qizheng import xian as X

        p = X.plan(chart, **xian_opts)
        t = X.parse_on(options["on"], p.tz).timestamp()
        xb = X.branches_at(p, t) if t >= p.birth else None
    return Ctx(chart, opts, xb)


def reading(
    chart: Any, topic: str | None = None, lang: str = DEFAULT_LANG, **options: Any
) -> list[FiredRule]:
    """Every seed-003 judgment and 格局 that fires on *chart*, with the facts that made it fire.

    *topic* (a key of the shared vocabulary or any of its names) keeps the rules tagged with it, then the
    general ones (總); *lang* is checked here and used when the caller renders (``FiredRule.to_json(lang)``).
    *options*: ``qiang_ruo``, ``stage_of``, ``on`` (a date: read the 限 judgments for it) and the 限 options.
    The 格局 come first (they decide 003-019 and 003-020), then the judgments in inventory order; every rule
    is evaluated by :func:`evaluate`, except, with a topic, a judgment the answer leaves out (neither the
    topic nor 總; no rule reads another judgment — the 格局, which ``ge_ju`` reads, are always evaluated).
    The fired rules' facts are the caller's own: nothing else holds them (a reading kept for the chart is
    handed out as a copy, :func:`_owned`).
    """
    lang = check_lang(lang)
    t = normalise_topic(topic) if topic is not None else None
    key = _memo_key(t, lang == "zh-Hans", options)
    got = None if key is None else _READ.get(chart, key)
    if got is not None:
        return [_owned(f) for f in got]
    ctx = context(chart, **options)
    fired = _plain(ctx, lang == "zh-Hans", t)
    if t is not None:
        first = [f for f in fired if t in f.topics]
        rest = [f for f in fired if t not in f.topics and GENERAL_TOPIC in f.topics]
        fired = first + rest
    if key is not None:
        _READ.put(chart, key, tuple(fired))
        if _READ.get(chart, key) is not None:  # kept (a chart read again): the caller gets a copy
            return [_owned(f) for f in fired]
    return fired


def _owned(f: FiredRule) -> FiredRule:
    """A copy of the kept fired rule *f* whose facts and extra keys are the caller's own (new dicts and
    lists, :func:`~xuanheng.reading.fresh`): what :func:`reading` hands out of its memo, so that a caller
    (the method's document, ``Method.reads_own``) may use them without copying and never changes the memo."""
    return _FIRED(f.id, f.src, fresh(f.facts), f.text, f.topics, f.title, dict(f.extra))


#: the readings made, by chart and (topic, 简体, options): a reading is a pure function of its frozen chart,
#: topic and options, and a front end asks again for the chart it has just cast (the method's cast keeps
#: the chart of the same inputs, :func:`xuanheng.qizheng.params.cast_chart`; :mod:`xuanheng.qizheng.memo`)
_READ: ChartMemo[tuple[FiredRule, ...]] = ChartMemo(second=True)  # kept when a chart is read again


def _memo_key(topic: str | None, hans: bool, options: dict[str, Any]) -> tuple[Any, ...] | None:
    """The key of a reading in :data:`_READ`, or None when an option's value cannot be a key; a datetime
    ``on`` is keyed with its zone (equal instants in two zones are equal datetimes)."""
    items = tuple((k, v, v.tzinfo) if isinstance(v, datetime) else (k, v) for k, v in sorted(options.items()))
    try:
        hash(items)
    except TypeError:
        return None
    return (topic, hans, items)


#: FiredRule(id, src, facts, text, topics, title, extra) built slot by slot (xuanheng.core._frozen)
_FIRED = maker(FiredRule)


def _plain(ctx: Ctx, hans: bool, topic: str | None = None) -> list[FiredRule]:
    """Every rule in report order through :func:`evaluate` (with *topic*: every 格局, and the judgments of
    the topic or 總), but a chart rule that needs a fact the chart does not show (:func:`_index`); the fired
    ones with their texts."""
    fired: list[FiredRule] = []
    may_hold = _index().may_hold(ctx)
    for i, plan in enumerate(_plans()):
        if not may_hold[i]:  # a chart rule whose table needs a fact this chart does not show
            continue
        r, kind, names, grade, extra, text, text_hans, check = plan
        if grade:  # a 格局: a chart rule, every one evaluated (what _evaluate does for a chart rule, inline)
            got = check(ctx)
            if got is None:
                continue
            facts = _finish(r, [dict(got)])
        else:
            if topic is not None and topic not in r.topics and GENERAL_TOPIC not in r.topics:
                continue
            facts = _evaluate(r, kind, names, check, ctx)
        if facts is None:
            continue
        if grade:
            ctx.patterns.append((extra["name"], grade, facts))
        fired.append(_FIRED(r.id, r.src, facts, text_hans if hans else text, r.topics, None, dict(extra)))
    return fired


@cache
def _plans() -> tuple[
    tuple[Rule, int, tuple[str, ...], str, dict[str, Any], Text, Text, Callable[[Ctx], Any]], ...
]:
    """Per rule in report order, what does not depend on the chart: the rule, its subject (kind, names), its
    格局 grade ("" for a judgment), the extra keys of a fired rule, its texts (and in 简体), its ``when``
    bound into one function of the context (:meth:`Vocabulary.check_of`)."""
    out = []
    for r in _ordered():
        extra: dict[str, Any] = {"kind": r.kind}
        if r.get("name"):
            extra["name"] = r.get("name")
        if r.get("grade"):
            extra["grade"] = r.get("grade")
        grade = str(r.get("grade")) if r.kind == "格局" else ""
        out.append((r, *_subject_of(r), grade, extra, r.text, with_simplified(r.text), _check_of(r)))
    return tuple(out)


@cache
def _index() -> TableIndex:
    """The chart rules of :func:`_plans` filed by the chart facts their ``when`` needs
    (:meth:`Vocabulary.index`; a 格局 about 火 in the 命宮 is tried only on a chart with 火 there); a rule
    about a star or a palace is tried on every chart (its table as an empty one)."""
    return VOCAB.index(tuple(p[0].when if p[1] == _CHART else {} for p in _plans()))


@cache
def _ordered() -> tuple[Rule, ...]:
    rs = rules()
    return tuple(r for r in rs if r.kind == "格局") + tuple(r for r in rs if r.kind != "格局")


def patterns() -> list[dict[str, Any]]:
    """The 格局 as plain data: id, name, grade, sources, topics and texts (for the docs and front ends)."""
    return [
        {
            "id": r.id,
            "name": r.get("name"),
            "grade": r.get("grade"),
            "src": list(r.src),
            "topics": list(r.topics),
            "text": with_simplified(r.text).all(),
        }
        for r in rules()
        if r.kind == "格局"
    ]


__all__ = [
    "CHOICES",
    "DEFAULT_OPTIONS",
    "EXTRA_KEYS",
    "KINDS",
    "RULE_FILES",
    "VOCAB",
    "XIAN_OPTIONS",
    "context",
    "evaluate",
    "patterns",
    "reading",
    "rules",
    "topics",
    "validate",
]
