"""Shared types of a reading (斷): a list of fired rules, each with facts, text and source.

Every method's ``reading(chart, ...)`` returns ``list[FiredRule]``. Judgment texts are written in the
project's own words in Korean, Traditional Chinese and English; Simplified Chinese is derived from the
Traditional text with OpenCC when a data file gives none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from xuanheng.errors import InputError

LANGS: tuple[str, ...] = ("ko", "zh-Hant", "zh-Hans", "en")
DEFAULT_LANG = "zh-Hant"


_LANG_FOLDED: dict[str, str] = {code.casefold(): code for code in LANGS}
_CANONICAL = frozenset(LANGS)


def fresh(value: Any) -> Any:
    """A copy of the JSON-ready *value* whose dicts and lists are new: what a document hands out of a kept
    (memoised) chart, reading or judgment, so that it never shares a container with the next document.
    Scalars are shared (they cannot change); a mapping proxy becomes a dict, a tuple a list."""
    t = type(value)
    if t in _PLAIN:
        return value
    # the container is copied whole (at C speed), then only its containers are copied again in place
    if t is dict or t is MappingProxyType or isinstance(value, dict):
        out = as_dict(value)
        for k, v in out.items():
            if type(v) not in _PLAIN:
                out[k] = fresh(v)  # a value replaced, no key added: the iteration stays valid
        return out
    if t is list or t is tuple or isinstance(value, list | tuple):
        seq = list(value)
        for i, v in enumerate(seq):
            if type(v) not in _PLAIN:
                seq[i] = fresh(v)
        return seq
    return value


def as_dict(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """A new dict of *mapping*'s items (a shallow copy): ``dict(mapping)``, but a mapping proxy of a dict
    copied through its dict's ``copy()`` at C speed (``dict()`` of a proxy goes key by key, several times
    slower)."""
    if type(mapping) is MappingProxyType:
        out = mapping.copy()
        if type(out) is dict:
            return out
    return dict(mapping)


#: the JSON scalars, shared as they are (they cannot change)
_PLAIN = frozenset({str, int, float, bool, type(None)})


def check_lang(lang: str) -> str:
    """The canonical code of *lang* (``KO`` → ``ko``, ``zh-hant`` → ``zh-Hant``; ``_`` is read as ``-``, so
    ``zh_Hant`` is accepted too), else :class:`InputError` naming the accepted values. Callers must use the
    returned value, not their argument."""
    if type(lang) is str and lang in _CANONICAL:  # already canonical (most calls)
        return lang
    canonical = _LANG_FOLDED.get(lang.strip().replace("_", "-").casefold()) if isinstance(lang, str) else None
    if canonical is None:
        shown = repr(lang) if len(repr(lang)) <= 60 else repr(lang)[:60] + "…"
        raise InputError(f"unknown language {shown}: expected one of {', '.join(LANGS)}", field="lang")
    return canonical


@cache
def _t2s() -> Any:
    import opencc

    return opencc.OpenCC("t2s")


@lru_cache(maxsize=65536)
def to_simplified(text: str) -> str:
    """Traditional → Simplified Chinese (OpenCC ``t2s``), memoised: judgment texts repeat across charts."""
    return str(_t2s().convert(text))


def _korean(text: str) -> str:
    """A Korean text with its double particles (``과(와)``, ``이(가)`` …) chosen by the reading of the word
    before them (:func:`xuanheng.reading.korean.resolve`)."""
    if "(" not in text:
        return text
    from xuanheng.reading.korean import resolve  # imported late: only Korean texts need the table

    return resolve(text)


@dataclass(frozen=True, slots=True)
class Text:
    """A short text in every shipped language. Build from a mapping ``{"ko": …, "zh-Hant": …, "en": …}``."""

    ko: str
    zh_hant: str
    en: str
    zh_hans: str = ""

    @classmethod
    def from_mapping(cls, m: dict[str, str]) -> Text:
        missing = [k for k in ("ko", "zh-Hant", "en") if not m.get(k)]
        if missing:
            raise ValueError(f"text {m!r} lacks {missing}")
        return cls(ko=m["ko"], zh_hant=m["zh-Hant"], en=m["en"], zh_hans=m.get("zh-Hans", ""))

    def get(self, lang: str) -> str:
        if lang == "zh-Hant":  # canonical already: the commonest language needs no check
            return self.zh_hant
        lang = check_lang(lang)
        if lang == "ko":
            return _korean(self.ko)
        if lang == "en":
            return self.en
        if lang == "zh-Hant":
            return self.zh_hant
        return self.zh_hans or to_simplified(self.zh_hant)

    def all(self) -> dict[str, str]:
        return {lang: self.get(lang) for lang in LANGS}


@dataclass(frozen=True, slots=True)
class FiredRule:
    """One rule that fired on a chart.

    ``id`` is the rule's own id (an INVENTORY id such as ``000-127`` when it comes from a seed);
    ``src`` lists every INVENTORY id or ``book, chapter`` the rule rests on; ``facts`` are the chart facts
    that made it fire (JSON-ready, classical terms as values); ``topics`` are topic tags (病, 訟, 財 …).
    """

    id: str
    src: tuple[str, ...]
    facts: dict[str, Any]
    text: Text
    topics: tuple[str, ...] = ()
    title: Text | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str = DEFAULT_LANG, copy: bool = False) -> dict[str, Any]:
        """The rule's JSON in *lang*; with *copy*, its facts and extra values copied (:func:`fresh`), so
        that it shares no container with the rule (what a method that keeps its readings hands out)."""
        title = self.title
        out: dict[str, Any] = {
            "id": self.id,
            "src": [*self.src],
            "facts": fresh(self.facts) if copy else self.facts,
            "text": self.text.get(lang),
            "topics": [*self.topics],
        }
        if title is not None:
            out["title"] = title.get(lang)
        extra = self.extra
        if extra:
            out.update({k: fresh(v) for k, v in extra.items()} if copy else extra)
        return out


__all__ = ["DEFAULT_LANG", "LANGS", "FiredRule", "Text", "as_dict", "check_lang", "fresh", "to_simplified"]
