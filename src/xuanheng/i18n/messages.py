"""Error messages and warnings in the reader's language, with English as the source and the fallback.

The catalogue ``data/messages.toml`` gives each message a *code*, its English template (``{name}`` where a
parameter goes) and its Korean and Chinese wording.

* A chart's warning is a :class:`ChartWarning`: a code and its parameters, nothing else. Its text in any
  language is rendered from the catalogue (:meth:`ChartWarning.text`); a document carries it as
  ``{code, params, text}`` (:meth:`ChartWarning.to_json`), and a front end says it in the reader's language
  from the code (:func:`warning_text`, :func:`localize_warnings`).
* An error is rendered from the code and parameters it carries (``XuanhengError(message, code=…,
  params=…)``); an error raised without a code is recognised by its English text against the templates
  (:func:`identify`, errors only), which gives the code and the parameters back.

A message the catalogue does not know stays English, as it was written. A parameter named ``field`` is
shown as the label of that input in the reader's language (*labels*: a method's parameters; else the
catalogue's ``[field]`` table: the journal's inputs), and a parameter whose value is a
catalogued phrase (``−90 … 90 (degrees, north positive)``) is translated as well. Korean double particles
are resolved after the parameters are filled in (:mod:`xuanheng.reading.korean`).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
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
    """(code, parameters) of an English error message the catalogue knows, else None: how an error raised
    without a code is said in another language (warnings carry their code, :class:`ChartWarning`)."""
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


@dataclass(frozen=True, slots=True)
class ChartWarning:
    """A warning of a chart: a catalogue *code* (``warn.near_jie`` …) and the values of its placeholders
    (JSON-ready, kept as a tuple of pairs so the chart holding it stays hashable). Made by :func:`warning`,
    which checks the code and the parameters against the catalogue."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()

    def params_dict(self) -> dict[str, Any]:
        return dict(self.params)

    def text(self, lang: str = "en") -> str:
        """The warning in *lang* (English when the catalogue lacks that language's wording)."""
        out = render(self.code, self.params_dict(), lang)
        if out is None:
            out = render(self.code, self.params_dict(), "en")
        if out is None:  # cannot happen for a warning made by warning()
            raise ValueError(f"warning {self.code!r} cannot be rendered with {self.params_dict()}")
        return out

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{code, params, text}``: how a document carries the warning (*text* in *lang*)."""
        return {"code": self.code, "params": self.params_dict(), "text": self.text(lang)}

    def __str__(self) -> str:
        return self.text("en")


def warning(code: str, **params: Any) -> ChartWarning:
    """The :class:`ChartWarning` *code* with *params*; ``ValueError`` when the catalogue does not know the
    code or its English template names a placeholder that *params* lacks (a mistake in the library)."""
    e = _catalogue()[0].get(code)
    if e is None:
        raise ValueError(f"warning code {code!r} is not in the message catalogue")
    missing = set(_PLACEHOLDER.findall(e.texts["en"])) - set(params)
    if missing:
        raise ValueError(f"warning {code!r} lacks the parameters {sorted(missing)}")
    return ChartWarning(code, tuple(params.items()))


def warnings_json(warnings: Iterable[ChartWarning], lang: str = "en") -> list[dict[str, Any]]:
    """The ``warnings`` of a document: each warning as ``{code, params, text}``."""
    return [w.to_json(lang) for w in warnings]


def warning_text(w: Any, lang: str) -> str:
    """The text in *lang* of a warning as a document carries it (``{code, params, text}``), rendered from
    its code; its own ``text`` when the catalogue cannot render it (a code from a newer engine), and a bare
    string (a case saved before warnings had codes) as it is."""
    if not isinstance(w, Mapping):
        return str(w)
    code, params = w.get("code"), w.get("params")
    if isinstance(code, str) and isinstance(params, Mapping):
        out = render(code, params, lang)
        if out is not None:
            return out
    return str(w.get("text", ""))


def localize_warnings(warnings: Iterable[Any], lang: str) -> list[Any]:
    """A document's ``warnings`` with each ``text`` rendered in *lang* from its code (other items, such
    as a stored case's older English strings, unchanged)."""
    out: list[Any] = []
    for w in warnings:
        if isinstance(w, Mapping) and "code" in w:
            out.append({**w, "text": warning_text(w, lang)})
        else:
            out.append(w)
    return out


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
        if isinstance(v, Mapping):  # a value said in each language (a list of names: 病(질병) …)
            v = _in(v, lang) or v.get("en", "")
        s = str(v)
        if lang != "en":
            if k == "field":
                s = (labels or {}).get(s) or field_label(s, lang) or phrase(s, lang)
            else:
                s = phrase(s, lang)
        values[k] = s
    if lang.startswith("zh") and "field" in values:
        t = _unspaced(t, values["field"])
    try:
        out = _fill(t, values)
    except KeyError:
        return None
    return _korean(out) if lang == "ko" else out


def _wide(ch: str) -> bool:
    """A character of the Chinese script or its full-width punctuation (East Asian width W or F)."""
    return unicodedata.east_asian_width(ch) in "WF"


_FIELD_SPACED = re.compile(r"(?P<before>.?)(?P<lead> ?)\{field\}(?P<trail> ?)(?P<after>.?)")


def _unspaced(template_text: str, label: str) -> str:
    """*template_text* with no space between ``{field}`` and a neighbouring Chinese character when the
    field's label itself starts or ends in one (Chinese sets no space between words: 經度的值, where a Latin
    name keeps it: lon 的值); the templates keep the space for the labels that are Latin words."""
    if not label:
        return template_text

    def join(m: re.Match[str]) -> str:
        lead = "" if m["lead"] and _wide(m["before"] or " ") and _wide(label[0]) else m["lead"]
        trail = "" if m["trail"] and _wide(m["after"] or " ") and _wide(label[-1]) else m["trail"]
        return f"{m['before']}{lead}{{field}}{trail}{m['after']}"

    return _FIELD_SPACED.sub(join, template_text)


def _fill(template_text: str, values: Mapping[str, str]) -> str:
    def sub(m: re.Match[str]) -> str:
        return values[m.group(1)]

    return _PLACEHOLDER.sub(sub, template_text)


def localize(text: str, lang: str, *, labels: Mapping[str, str] | None = None) -> str:
    """An English error message in *lang*, recognised by its template (unchanged when English or not in
    the catalogue): for the messages that come as text only — argparse's own, a request's validation
    errors. A warning is never recognised back from its text: it carries its code (:class:`ChartWarning`)."""
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


__all__ = [
    "ChartWarning",
    "codes",
    "describe",
    "identify",
    "localize",
    "localize_error",
    "localize_warnings",
    "phrase",
    "render",
    "template",
    "warning",
    "warning_text",
    "warnings_json",
]
