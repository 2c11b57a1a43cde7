"""The shared classical vocabulary said in the reader's language (``data/words.toml``): the 旺相休囚死 of
the season, the five elements and the twelve stages 長生 … 養, one entry per term for every method's judgment.

:func:`word` gives a term as a noun a sentence names (金口訣 and 大六壬: 卯월에 갇힌 때라), :func:`said`
as a whole predicate (六爻's month step); :func:`joined` and :func:`listed` a list in each language's
way. Each is a mapping ``{"ko", "zh-Hant", "en"}``, which a method's step filling takes as a parameter.
The method packages import this module alone of ``i18n`` (tests/test_layering.py).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["KINDS", "joined", "listed", "said", "word"]

#: the tables of ``data/words.toml``
KINDS = ("wang_shuai", "element", "stage")


@cache
def _raw() -> dict[str, Any]:
    text = resources.files("xuanheng.i18n").joinpath("data", "words.toml").read_text("utf-8")
    raw = tomllib.loads(text)
    for kind, table in raw.items():
        if kind not in KINDS:
            raise ValueError(f"words.toml: unknown table {kind!r}")
        for key, forms in table.items():
            for form, langs in forms.items():
                if set(langs) != {"ko", "zh-Hant", "en"}:
                    raise ValueError(f"words.toml: {kind}.{key}.{form} needs ko, zh-Hant and en")
    return raw


def word(kind: str, key: str) -> Mapping[str, str]:
    """Term *key* of table *kind* (``wang_shuai``, ``element``, ``stage``) as a noun, in every language."""
    got: Mapping[str, str] = _raw()[kind][key]["word"]
    return got


def said(kind: str, key: str) -> Mapping[str, str]:
    """Term *key* of table *kind* as a whole predicate, in every language (``wang_shuai`` only)."""
    got: Mapping[str, str] = _raw()[kind][key]["said"]
    return got


#: how a sentence of each language lists several words: a comma in Korean, 、 in Chinese (and, as before, in
#: the English steps where they name hanja terms: 人元、貴神; English words take a comma: :data:`EN_WORDS`)
SEPARATOR = {"ko": ", ", "zh-Hant": "、", "en": "、"}
#: how an English sentence lists English words (lesson 1, lesson 3)
EN_WORDS = ", "


def joined(words: Iterable[Mapping[str, str]]) -> dict[str, str]:
    """Words given in every language (``{"ko", "zh-Hant", "en"}`` each) listed in a sentence of each; the
    English ones with a comma where every one of them holds a Latin letter, else with 、 as hanja terms."""
    words = tuple(words)
    out = {lang: sep.join(w[lang] for w in words) for lang, sep in SEPARATOR.items()}
    if words and all(any("a" <= ch.lower() <= "z" for ch in w["en"]) for w in words):
        out["en"] = EN_WORDS.join(w["en"] for w in words)
    return out


def listed(names: Iterable[str]) -> dict[str, str]:
    """Names (terms kept in hanja: positions, 課體, stars) listed in a sentence of each language
    (:func:`joined`)."""
    return joined(dict.fromkeys(SEPARATOR, n) for n in names)
