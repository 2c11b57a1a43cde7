"""Error messages and warnings in the reader's language, with English as the source and the fallback.

The library writes every message in English (``str(error)``, the strings of a chart's ``warnings``). The
catalogue ``data/messages.toml`` gives each known message a *code*, its English template (``{name}`` where a
parameter goes) and its Korean and Chinese wording. A message is rendered in another language:

* from the code and parameters an error carries (``XuanhengError(message, code=…, params=…)``), or
* by recognising the English text against the templates (how warnings and errors raised without a code
  are found), which gives the code and the parameters back.

A message the catalogue does not know stays English, as it was written. A parameter named ``field`` is
shown as the label of that input in the reader's language (*labels*: a method's parameters; else the
catalogue's ``[field]`` table: the journal's inputs), and a parameter whose value is a
catalogued phrase (``−90 … 90 (degrees, north positive)``) is translated as well. Korean double particles
are resolved after the parameters are filled in (:mod:`xuanheng.reading.korean`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from xuanheng.reading import check_lang, to_simplified
from xuanheng.reading.korean import resolve as _korean

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


@dataclass(frozen=True, slots=True)
class Entry:
    code: str
    texts: Mapping[str, str]  # lang → template
    regex: re.Pattern[str]
    literal: int  # characters of the English template outside placeholders (more = more specific)


def _compile(template: str) -> re.Pattern[str]:
    out, last, seen = [], 0, set()
    for m in _PLACEHOLDER.finditer(template):
        out.append(re.escape(template[last : m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = m.end()
    out.append(re.escape(template[last:]))
    return re.compile(r"\A" + "".join(out) + r"\Z", re.DOTALL)


@cache
def _catalogue() -> tuple[
    dict[str, Entry], tuple[Entry, ...], dict[str, dict[str, str]], dict[str, dict[str, str]]
]:
    text = resources.files("xuanheng.i18n").joinpath("data", "messages.toml").read_text("utf-8")
    data = tomllib.loads(text)
    entries: dict[str, Entry] = {}
    for code, e in data.get("msg", {}).items():
        missing = [k for k in ("en", "ko", "zh-Hant") if not isinstance(e.get(k), str)]
        if missing:
            raise ValueError(f"messages.toml [msg.{code!r}] lacks {missing}")
        names = set(_PLACEHOLDER.findall(e["en"]))
        for lang in ("ko", "zh-Hant", "zh-Hans"):
            extra = set(_PLACEHOLDER.findall(e.get(lang, ""))) - names
            if extra:
                raise ValueError(f"messages.toml [msg.{code!r}] {lang} uses {sorted(extra)} not in en")
        literal = len(_PLACEHOLDER.sub("", e["en"]))
        entries[code] = Entry(code, dict(e), _compile(e["en"]), literal)
    ordered = tuple(sorted(entries.values(), key=lambda x: -x.literal))
    phrases = {k: dict(v) for k, v in data.get("phrase", {}).items()}
    fields = {k: dict(v) for k, v in data.get("field", {}).items()}
    return entries, ordered, phrases, fields


def codes() -> tuple[str, ...]:
    """Every message code in the catalogue."""
    return tuple(_catalogue()[0])


def template(code: str, lang: str = "en") -> str | None:
    """The template of *code* in *lang* (None for an unknown code)."""
    e = _catalogue()[0].get(code)
    return None if e is None else _in(e.texts, check_lang(lang))


def _in(texts: Mapping[str, str], lang: str) -> str | None:
    if lang == "zh-Hans":
        t = texts.get("zh-Hans")
        if t:
            return t
        hant = texts.get("zh-Hant")
        return to_simplified(hant) if hant else None
    return texts.get(lang)


@lru_cache(maxsize=4096)
def identify(text: str) -> tuple[str, dict[str, str]] | None:
    """(code, parameters) of an English message the catalogue knows, else None."""
    for e in _catalogue()[1]:
        m = e.regex.match(text)
        if m:
            return e.code, m.groupdict()
    return None


def describe(error: BaseException) -> tuple[str | None, dict[str, Any]]:
    """(code, parameters) of an error: those it carries, else those recognised from its message."""
    code = getattr(error, "code", None)
    params = getattr(error, "params", None) or {}
    if code is not None and code in _catalogue()[0]:
        return code, dict(params)
    found = identify(str(error))
    if found is not None:
        return found[0], {**found[1], **params}
    return code, dict(params)


def phrase(text: str, lang: str) -> str:
    """A catalogued phrase (a range, a unit …) in *lang*, else *text* unchanged."""
    p = _catalogue()[2].get(text)
    if p is None or lang == "en":
        return text
    return _in(p, lang) or text


def field_label(name: str, lang: str) -> str | None:
    """The label in *lang* of an input that is not a method's parameter (the journal's ``question``,
    ``tags`` …: ``[field]`` in the catalogue; ``tags[0]`` as the label of ``tags`` + ``[0]``), or None."""
    if lang == "en":
        return None
    fields = _catalogue()[3]
    texts = fields.get(name)
    if texts is not None:
        return _in(texts, lang)
    # an element of a list or an object (tags[0], inputs.at): the label of the whole, the rest as written
    m = re.match(r"([a-z_]+)([.\[].*)\Z", name)
    if m is None or m.group(1) not in fields:
        return None
    whole = _in(fields[m.group(1)], lang)
    return None if whole is None else whole + m.group(2)


def render(
    code: str, params: Mapping[str, Any], lang: str, *, labels: Mapping[str, str] | None = None
) -> str | None:
    """The message *code* with *params* in *lang*; None when the code is unknown or lacks a parameter."""
    lang = check_lang(lang)
    e = _catalogue()[0].get(code)
    if e is None:
        return None
    t = _in(e.texts, lang)
    if t is None:
        return None
    values: dict[str, str] = {}
    for k, v in params.items():
        s = str(v)
        if lang != "en":
            if k == "field":
                s = (labels or {}).get(s) or field_label(s, lang) or phrase(s, lang)
            else:
                s = phrase(s, lang)
        values[k] = s
    try:
        out = _fill(t, values)
    except KeyError:
        return None
    return _korean(out) if lang == "ko" else out


def _fill(template_text: str, values: Mapping[str, str]) -> str:
    def sub(m: re.Match[str]) -> str:
        return values[m.group(1)]

    return _PLACEHOLDER.sub(sub, template_text)


def localize(text: str, lang: str, *, labels: Mapping[str, str] | None = None) -> str:
    """An English message or warning in *lang* (unchanged when English or not in the catalogue)."""
    lang = check_lang(lang)
    if lang == "en":
        return text
    found = identify(text)
    if found is None:
        return text
    return render(found[0], found[1], lang, labels=labels) or text


def localize_error(error: BaseException, lang: str, *, labels: Mapping[str, str] | None = None) -> str:
    """The message of *error* in *lang* (its English text when the catalogue does not know it)."""
    lang = check_lang(lang)
    if lang == "en":
        return str(error)
    code, params = describe(error)
    if code is None:
        return str(error)
    return render(code, params, lang, labels=labels) or str(error)


def localize_all(texts: Iterable[str], lang: str, *, labels: Mapping[str, str] | None = None) -> list[str]:
    return [localize(t, lang, labels=labels) for t in texts]


__all__ = [
    "codes",
    "describe",
    "identify",
    "localize",
    "localize_all",
    "localize_error",
    "phrase",
    "render",
    "template",
]
