"""The one topic vocabulary of every method (``data/topics.toml``): 病, 訟, 財, 婚, 行人, 失物, 出行 …

A reading's ``topic`` and each rule's ``topics`` use the keys (classical terms). A user may type a key, its
Simplified form, or any name or alias in Korean, Chinese or English (``질병`` = ``illness`` = ``病``), in any
letter case: :func:`normalise_topic` gives the key, or an :class:`~xuanheng.errors.InputError` listing them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.errors import InputError, echo
from xuanheng.reading import DEFAULT_LANG, Text, check_lang, to_simplified


def _load() -> dict[str, dict[str, Any]]:
    text = resources.files("xuanheng.rules").joinpath("data").joinpath("topics.toml").read_text("utf-8")
    return dict(tomllib.loads(text)["topic"])


_TABLE = _load()
#: every topic key, in vocabulary order
TOPIC_KEYS: tuple[str, ...] = tuple(_TABLE)
#: the general topic: rules about the character of the whole chart, kept when a reading is filtered
GENERAL_TOPIC = "總"


@cache
def _lookup() -> dict[str, str]:
    """Every accepted spelling (key, Simplified key, names, aliases; lower-cased) → key; a clash is a bug."""
    out: dict[str, str] = {}
    for key, e in _TABLE.items():
        words = [key, e["ko"], e["zh-Hant"], e["en"], *e.get("aliases", ())]
        for w in words:
            for form in {w.strip().lower(), to_simplified(w).strip().lower()}:
                if out.setdefault(form, key) != key:
                    raise ValueError(f"topics.toml: {form!r} names both {out[form]} and {key}")
    return out


#: the word a fortune is asked with after its matter (재물운 = 재물 + 운, 財運, 财运): the matter is the topic
FORTUNE = ("운", "運", "运")


def normalise_topic(topic: object) -> str:
    """The topic key for *topic* (a key, its Simplified form, or a Korean/Chinese/English name or alias,
    also after 占 as the casebooks head their cases: 占逃亡, or before 운 / 運 as a fortune is asked: 재물운,
    財運)."""
    t = topic.strip().lower() if isinstance(topic, str) else None
    key = _lookup().get(t) if t else None
    if key is None and t and t[0] == "占":  # a casebook's heading: 占逃亡, 占考試
        key = _lookup().get(t[1:].strip())
    if key is None and t and t[-1] in FORTUNE and len(t) > 1:  # a fortune as it is asked: 재물운, 財運
        key = _lookup().get(t[:-1].strip())
    if key is None:
        shown = echo(topic)
        raise InputError(
            f"unknown topic {shown}: expected one of {' '.join(TOPIC_KEYS)} "
            "(or their Korean/English names, e.g. 病 = 질병 = illness)",
            field="topic",
            code="topic.unknown",
            params={"topic": shown, "topics": topic_list(TOPIC_KEYS)},
        )
    return key


def topic_list(keys: Iterable[str]) -> dict[str, str]:
    """*keys* as a refusal lists them, in each language (the value of a message parameter said per
    language): the keys, and for a Korean reader each followed by its Korean name from this table —
    ``病(질병) 財(재물)``."""
    return listed((k, _TABLE[k]["ko"]) for k in keys)


def listed(named: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Keys and their Korean names as a refusal lists them, in each language (the value of a message
    parameter said per language): the keys alone, and for a Korean reader each followed by its Korean
    name — ``病(질병) 財(재물)``; the topics' and the items' refusals both list so."""
    named = tuple(named)
    plain = " ".join(k for k, _ in named)
    return {"en": plain, "zh-Hant": plain, "ko": " ".join(f"{k}({ko})" for k, ko in named)}


def topic_names(key: str) -> Text:
    """The name of topic *key* in every language."""
    e = _TABLE[normalise_topic(key)]
    return Text(ko=e["ko"], zh_hant=e["zh-Hant"], en=e["en"])


def topic_word(key: str) -> Text:
    """Topic *key* as a judgment's sentence names it: the reader's word (재물, wealth), and in Chinese the
    book's own term (財), as the Chinese steps have always written it."""
    n = topic_names(key)
    return Text(ko=n.ko, zh_hant=normalise_topic(key), en=n.en)


def topic_label(key: str, lang: str = DEFAULT_LANG) -> str:
    """The name of topic *key* in *lang* (``"病"`` → ``"illness"`` in English, ``"疾病"`` in 繁體)."""
    return topic_names(key).get(check_lang(lang))


__all__ = [
    "GENERAL_TOPIC",
    "TOPIC_KEYS",
    "listed",
    "normalise_topic",
    "topic_label",
    "topic_list",
    "topic_names",
    "topic_word",
]
