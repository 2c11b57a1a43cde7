"""The judgment (斷) every method gives: one verdict for the question asked, the reasons, and when.

A reading (:class:`~xuanheng.reading.FiredRule` list) says which cited rules hold on a chart; a
:class:`Judgment` answers the question the way the casebooks do: it names what the question rests on (the
用神 of 六爻, the 類神 of 大六壬, the 用爻 of 金口訣), weighs what acts on it in a short chain of
:class:`Step` (each citing its source; a step that settles a conflict between rules says which prevails and
why), concludes one :class:`Verdict` from a small vocabulary per kind of question
(``data/verdicts.toml``: 吉/凶, 成/不成, 愈/危, 至/不至 …, each with its polarity), and ranks the times it
should come (:class:`YingQi`: unit, branch, 干支, reason, and the civil date when the chart has an instant).
The fired rules stay as commentary: ``commentary`` lists the ids that support or qualify the verdict.

A method's judge is ``judge(chart, question, fired=None) -> Judgment`` (:attr:`xuanheng.method.Method.judge`);
the document carries ``judgment`` (:meth:`Judgment.to_json`) beside ``reading``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from xuanheng.errors import OptionError, echo
from xuanheng.reading import Text, fresh

POLARITIES: tuple[str, ...] = ("good", "bad", "mixed")
UNITS: tuple[str, ...] = ("hour", "day", "month", "year")


@dataclass(frozen=True, slots=True)
class VerdictWord:
    """One verdict of a kind of question: its key (``cheng``), polarity and label."""

    kind: str
    key: str
    polarity: str
    label: Text


@dataclass(frozen=True)
class _Vocabulary:
    kinds: dict[str, dict[str, VerdictWord]]  # kind → key → word
    topic_kind: dict[str, str]  # topic → kind
    about: dict[str, Text]  # person → label
    about_names: dict[str, str]  # any spelling (key, label, alias; lower case) → person


@cache
def vocabulary() -> _Vocabulary:
    """The verdict kinds and the persons of ``data/verdicts.toml`` (checked: three polarities per kind)."""
    raw = tomllib.loads(resources.files("xuanheng.reading").joinpath("data/verdicts.toml").read_text("utf-8"))
    kinds: dict[str, dict[str, VerdictWord]] = {}
    topic_kind: dict[str, str] = {}
    for kind, body in raw["kind"].items():
        words = {
            key: VerdictWord(kind, key, v["polarity"], Text.from_mapping(v["label"]))
            for key, v in body["verdict"].items()
        }
        if sorted(w.polarity for w in words.values()) != sorted(POLARITIES):
            raise ValueError(f"verdicts.toml: kind {kind} needs one verdict of each polarity")
        kinds[kind] = words
        for t in body["topics"]:
            if t in topic_kind:
                raise ValueError(f"verdicts.toml: topic {t} in two kinds")
            topic_kind[t] = kind
    about = {k: Text.from_mapping(v["label"]) for k, v in raw["about"].items()}
    names = spellings(
        ((k, (*v["label"].values(), *v.get("aliases", ()))) for k, v in raw["about"].items()), "verdicts.toml"
    )
    return _Vocabulary(kinds, topic_kind, about, names)


def about_word(about: str) -> Text:
    """The person *about* (a key of ``[about]``) as a judgment's sentence names them: the reader's word
    (부모, a parent), and in Chinese the key itself (父母), as the Chinese steps have always written it."""
    n = vocabulary().about[about]
    return Text(ko=n.ko, zh_hant=about, en=n.en)


def spellings(entries: Iterable[tuple[str, Iterable[str]]], where: str) -> dict[str, str]:
    """Every way a user may spell a key of *entries* (``(key, names)``: its labels in every language and
    its aliases) → the key: the key and each name, stripped and in lower case, also in Simplified
    characters. How ``about`` (persons, ``data/verdicts.toml``) and a school option's choices that declare
    ``aliases`` (``--yong-shen 부모``, :meth:`xuanheng.params.Param.convert`) take what a user types; a
    spelling that names two keys is a bug of the data (*where*)."""
    from xuanheng.reading import to_simplified

    out: dict[str, str] = {}
    for key, names in entries:
        for name in (key, *names):
            for n in {name.strip().lower(), to_simplified(name).strip().lower()}:
                if out.setdefault(n, key) != key:
                    raise ValueError(f"{where}: {name!r} names both {out[n]} and {key}")
    return out


def kind_of(topic: str | None) -> str:
    """The kind of question *topic* is (``general`` when no topic or an unlisted one)."""
    return vocabulary().topic_kind.get(topic or "", "general")


def verdict_word(topic: str | None, polarity: str) -> VerdictWord:
    """The verdict of *polarity* in the vocabulary of *topic*'s kind."""
    for w in vocabulary().kinds[kind_of(topic)].values():
        if w.polarity == polarity:
            return w
    raise ValueError(f"no {polarity} verdict for {topic}")  # pragma: no cover - the loader checks it


#: whom a question may be about (``--about``), first the default
ABOUT: tuple[str, ...] = ("自己", "父母", "兄弟", "妻", "夫", "子女", "朋友", "僕", "他人")


def check_about(value: object) -> str:
    """*value* as one of :data:`ABOUT`: the key, its label in any language or an alias of
    ``data/verdicts.toml`` (부모 = parent = 父亲 → 父母), any letter case; else an OptionError naming the
    accepted values (the catalogue's ``option.unknown_value``, said in the user's language)."""
    if value is None or value == "":
        return ABOUT[0]
    if isinstance(value, str):
        key = vocabulary().about_names.get(value.strip().lower())
        if key is not None:
            return key
    raise OptionError(
        f"unknown value {echo(value)} for option about: expected one of {', '.join(ABOUT)}", field="about"
    )


class RuleSwitches:
    """The rules of one method's judge switched off for measuring what each is worth (the ablations of
    ``scripts/liuyao_confusion.py`` and ``scripts/liuren_confusion.py``); ``off`` is empty in every real
    judgment, and the judge tests ``key in switches.off`` where a rule acts. Not thread-safe: the measuring
    scripts alone switch rules off."""

    __slots__ = ("off",)

    def __init__(self) -> None:
        self.off: frozenset[str] = frozenset()

    @contextmanager
    def switched_off(self, keys: Iterable[str], known: Iterable[str]) -> Iterator[None]:
        """Judge as if the rules *keys* were not there; a key not among *known* is refused."""
        wanted = frozenset(keys)
        unknown = wanted - set(known)
        if unknown:
            raise KeyError(f"no such rule: {sorted(unknown)}")
        before = self.off
        self.off = before | wanted
        try:
            yield
        finally:
            self.off = before


@dataclass(frozen=True, slots=True)
class Question:
    """What is asked: the topic (a shared topic key, or None for a general judgment), whom it concerns, and
    the thing asked about (``item``, a key of ``rules/data/items.toml``: 馬, 羊, 金銀 …; 大六壬 and 金口訣
    read its 類神 for the topics that take one), or None."""

    topic: str | None = None
    about: str = "自己"
    item: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The question as the judgment echoes it (``item`` only when one was asked about)."""
        out: dict[str, Any] = {"topic": self.topic, "about": self.about}
        if self.item is not None:
            out["item"] = self.item
        return out


@dataclass(frozen=True, slots=True)
class Verdict:
    word: VerdictWord
    text: Text  # the verdict with its one-line reason

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "key": self.word.key,
            "kind": self.word.kind,
            "polarity": self.word.polarity,
            "label": self.word.label.get(lang),
            "text": self.text.get(lang),
        }


@dataclass(frozen=True, slots=True)
class Focus:
    """What the judgment rests on: the 用神 (六爻), 類神 (大六壬) or 用爻 (金口訣).

    ``facts`` are chart facts (classical terms, the same in every language); ``said`` are keys a front end
    shows the reader, each said in the document's language (六爻's ``line``, 삼효 for 三爻 — 이효 아래 for a
    hidden 用神 —; 大六壬's ``lei_shen``, 말(馬) 午 in Korean for 馬午)."""

    name: str  # 用神 | 類神 | 用爻
    liu_qin: str | None
    position: int | None  # the line (六爻) or place; None when hidden or not a line
    branch: str
    why: Text
    facts: dict[str, Any] = field(default_factory=dict)
    said: Mapping[str, Text] = field(default_factory=dict)

    def to_json(self, lang: str, copy: bool = False) -> dict[str, Any]:
        return {
            "name": self.name,
            "liu_qin": self.liu_qin,
            "position": self.position,
            "branch": self.branch,
            "why": self.why.get(lang),
            **({k: fresh(v) for k, v in self.facts.items()} if copy else self.facts),
            **{k: t.get(lang) for k, t in self.said.items()},
        }


@dataclass(frozen=True, slots=True)
class Step:
    """One reason of the chain: a fact about what acts on the focus, its effect and its source.

    ``effect`` is ``+`` (helps the asked matter), ``-`` (harms it) or ``=`` (settles or qualifies);
    ``facts`` the chart facts it reads (JSON-ready)."""

    key: str
    effect: str
    text: Text
    src: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str, copy: bool = False) -> dict[str, Any]:
        return {
            "key": self.key,
            "effect": self.effect,
            "text": self.text.get(lang),
            "src": list(self.src),
            "facts": fresh(self.facts) if copy else self.facts,
        }


#: a source's closing gloss, in either kind of parenthesis: ``《書》〈篇〉 (…)``, ``002-005 （…）``
_GLOSS = re.compile(r"\s*[（(](?P<gloss>[^（）()]*)[）)]\s*\Z")


@lru_cache(maxsize=4096)
def one_each(sources: tuple[str, ...]) -> tuple[str, ...]:
    """*sources* with each work and place named once, in the order first named: entries that differ only in
    their closing gloss (``《大六壬指南》〈占病〉 (鬼入傳為病深)`` and ``… (鬼空則病退)``, or one without a
    gloss) are one source, its glosses kept, joined by ``；``, in its first entry's place (remembered: the
    lists are a method's data)."""
    glosses: dict[str, list[str]] = {}
    written: dict[str, str] = {}  # the base → its entry as written, while one entry says all of it
    for s in sources:
        m = _GLOSS.search(s)
        base = s[: m.start()] if m and m.start() > 0 else s
        said = glosses.setdefault(base, [])
        gloss = m["gloss"].strip() if m and m.start() > 0 else ""
        if gloss and gloss not in said:
            said.append(gloss)
            written[base] = s
        elif not said:
            written[base] = s
    return tuple(written[base] if len(g) < 2 else f"{base} ({'；'.join(g)})" for base, g in glosses.items())


@dataclass(frozen=True, slots=True)
class YingQi:
    """One time the matter should come (or the harm fall): unit, branch, 干支 when known, why, date."""

    unit: str
    branch: str
    why: Text
    ganzhi: str | None = None
    date: str | None = None

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "branch": self.branch,
            "ganzhi": self.ganzhi,
            "why": self.why.get(lang),
            "date": self.date,
        }


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a judgment that reads several matters in turn — a life reading's 大象, 性情, 富貴, 六親, 壽
    and each 限 of 七政四餘 — with its own verdict, steps and times; ``facts`` what places it (a 限's ages
    and dates, the palace it reads …)."""

    key: str
    title: Text
    verdict: Verdict
    steps: tuple[Step, ...]
    ying_qi: tuple[YingQi, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str, copy: bool = False) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title.get(lang),
            "verdict": self.verdict.to_json(lang),
            "steps": [s.to_json(lang, copy) for s in self.steps],
            "ying_qi": [y.to_json(lang) for y in self.ying_qi],
            "facts": fresh(self.facts) if copy else self.facts,
        }


@dataclass(frozen=True, slots=True)
class Judgment:
    """The answer to a question (see the module docstring). A judgment of one question has no ``sections``;
    a reading of several matters (七政四餘's life reading) gives its overall verdict here and each matter
    as a :class:`Section`."""

    question: Question
    verdict: Verdict
    focus: Focus
    steps: tuple[Step, ...]
    ying_qi: tuple[YingQi, ...]
    commentary: tuple[str, ...] = ()
    sections: tuple[Section, ...] = ()

    def to_json(self, lang: str, copy: bool = False) -> dict[str, Any]:
        """The judgment's JSON in *lang*. Its dicts and lists are new, but for the chart facts, which are
        the steps' own unless *copy* (then :func:`xuanheng.reading.fresh` copies them too: the JSON shares
        no container with the judgment, what a method that keeps its judgments hands out)."""
        return {
            "question": self.question.to_json(),
            "verdict": self.verdict.to_json(lang),
            "yong_shen": self.focus.to_json(lang, copy),
            "steps": [s.to_json(lang, copy) for s in self.steps],
            "ying_qi": [y.to_json(lang) for y in self.ying_qi],
            "commentary": list(self.commentary),
            "sections": [s.to_json(lang, copy) for s in self.sections],
        }


#: filled texts by (template, parameters): the same words recur from chart to chart (a template is an entry
#: of a judge's data, loaded once, so its id is stable)
_FILLED: dict[tuple[int, tuple[tuple[str, Any], ...]], Text] = {}


def _in(lang: str, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """*params* with each :class:`Text` among them in *lang* (its own words, before any Korean particle
    is chosen: the filled sentence chooses its particles as a whole)."""
    if not any(isinstance(v, Text) for v in params.values()):
        return params
    return {k: _words(v, lang) if isinstance(v, Text) else v for k, v in params.items()}


def _words(t: Text, lang: str) -> str:
    if lang == "ko":
        return t.ko
    if lang == "en":
        return t.en
    if lang == "zh-Hans":
        return t.get(lang)
    return t.zh_hant


def fill(template: Mapping[str, str], **params: Any) -> Text:
    """*template* (a step's or a time's words in every language) filled with *params*, kept for reuse.

    A parameter given as a :class:`Text` (a word in every language) is filled in the template's own
    language, so that a Korean sentence holds the Korean word."""
    key = (id(template), tuple(params.items()))
    got = _FILLED.get(key)
    if got is None:
        got = Text.from_mapping({lang: t.format(**_in(lang, params)) for lang, t in template.items()})
        if len(_FILLED) < 65536:
            _FILLED[key] = got
    return got


__all__ = [
    "ABOUT",
    "POLARITIES",
    "UNITS",
    "Focus",
    "Judgment",
    "Question",
    "Section",
    "Step",
    "Verdict",
    "VerdictWord",
    "YingQi",
    "about_word",
    "check_about",
    "fill",
    "kind_of",
    "one_each",
    "verdict_word",
    "vocabulary",
]
