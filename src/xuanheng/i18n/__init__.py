"""UI labels of the web app and SVG charts in the four shipped languages (ko, zh-Hant, zh-Hans, en).

The catalogue is ``data/labels.toml``: one table per key with ``ko``, ``zh-Hant`` and ``en``; Simplified
Chinese is derived from the Traditional text with OpenCC (``t2s``) unless a ``zh-Hans`` entry is given.
Classical terms inside chart values are never translated here — renderers pass them through
:func:`term` which only converts the script for ``zh-Hans``.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.errors import InputError
from xuanheng.reading import LANGS, check_lang, to_simplified

__all__ = [
    "ENGLISH_GLOSS",
    "LANGS",
    "catalogue",
    "cli_help",
    "keys",
    "label",
    "source_shown",
    "sources_shown",
    "term",
]


def _flatten(prefix: str, node: dict[str, Any], out: dict[str, dict[str, str]]) -> None:
    for k, v in node.items():
        if not isinstance(v, dict):
            continue
        key = f"{prefix}.{k}" if prefix else k
        if "zh-Hant" in v and isinstance(v["zh-Hant"], str):
            out[key] = {lang: str(v[lang]) for lang in ("ko", "zh-Hant", "en", "zh-Hans") if lang in v}
        else:
            _flatten(key, v, out)


@cache
def _raw() -> dict[str, dict[str, str]]:
    text = resources.files("xuanheng.i18n").joinpath("data", "labels.toml").read_text("utf-8")
    out: dict[str, dict[str, str]] = {}
    _flatten("", tomllib.loads(text), out)
    return out


def keys() -> tuple[str, ...]:
    """Every label key in the catalogue (``form.when``, ``chart.si_ke`` …)."""
    return tuple(_raw())


def label(key: str, lang: str) -> str:
    """The label *key* in *lang*; raise :class:`InputError` for an unknown key or language."""
    lang = check_lang(lang)
    entry = _raw().get(key)
    if entry is None:
        raise InputError(f"unknown label {key!r}", field="key")
    if lang == "zh-Hans":
        return entry.get("zh-Hans") or to_simplified(entry["zh-Hant"])
    return entry[lang]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All labels in *lang* as a flat ``{key: text}`` mapping (what the page downloads)."""
    return {k: label(k, lang) for k in _raw()}


@cache
def _simplified(value: str) -> str:
    return to_simplified(value)


def term(value: str, lang: str) -> str:
    """A classical term as shown in *lang*: Simplified script for ``zh-Hans``, unchanged otherwise."""
    return _simplified(value) if lang == "zh-Hans" else value


@cache
def _cli_help() -> dict[str, dict[str, str]]:
    text = resources.files("xuanheng.i18n").joinpath("data", "cli_help.toml").read_text("utf-8")
    out: dict[str, dict[str, str]] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:  # a text may also hold the texts below it
        for k, v in node.items():
            if not isinstance(v, dict):
                continue
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v.get("zh-Hant"), str):
                out[key] = {lang: str(v[lang]) for lang in ("ko", "zh-Hant", "zh-Hans") if lang in v}
            walk(key, v)

    walk("", tomllib.loads(text))
    return out


def cli_help(key: str, lang: str) -> str | None:
    """The command line's help text *key* in *lang* (``data/cli_help.toml``: argument group titles, the
    help of the commands and of their flags), or None when it has none (English: the code's own text)."""
    lang = check_lang(lang)
    entry = _cli_help().get(key)
    if entry is None or lang == "en":
        return None
    if lang == "zh-Hans":
        return entry.get("zh-Hans") or to_simplified(entry["zh-Hant"])
    return entry[lang]


#: a citation's English gloss, ``《六壬斷案》〈六畜〉 (the lost horse read on 午)``: a bracketed note with a
#: Latin word in it (the page's ``sourceLink`` in web/static/app.js drops the same pattern; a test keeps the
#: two equal)
ENGLISH_GLOSS = re.compile(r"\s*\([^()]*[A-Za-z]{3,}[^()]*\)")


def source_shown(src: str, lang: str) -> str:
    """Citation *src* as a reader of *lang* sees it: in any language but English without its English glosses
    (the book and chapter, and a gloss in Chinese, are kept; the document keeps the whole citation)."""
    return src if lang == "en" else ENGLISH_GLOSS.sub("", src)


def sources_shown(srcs: Any, lang: str) -> list[str]:
    """Citations *srcs* as :func:`source_shown` shows them, each once (two that differ only in an English
    gloss are one citation to a reader without it)."""
    return list(dict.fromkeys(source_shown(str(s), lang) for s in srcs or ()))
