"""Which variant of a rule fired: one rule id often names several entries (``003-038``: 天蔭 in a 長生/帝旺
palace, and 天蔭 in a 死/絕 palace — two statements of one source item, opposite in sense).

A variant is the entry's number among the entries of its package's data files that carry the same ``id``
(files in name order, entries in file order, counted from 1). A fired rule is matched to its entry by its
text: each entry's text, its ``{placeholders}`` read as any words (and a Korean double particle such as
``이(가)`` as either form), is tried on the fired rule's text in the document's language.

The journal keys a fired rule by :func:`rule_key` (``003-038#2``; a rule id with one entry stays bare), so
its statistics count each variant apart and label it with the text that fired (issue 30).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

#: between a rule id and its variant number in a statistics key
SEP = "#"

_SLOT = re.compile(r"\{[a-z_]+\}")
_PARTICLE = re.compile(r"([가-힣]*)\(([가-힣]+)\)")


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if isinstance(node.get("id"), str) and isinstance(node.get("text"), dict):
            yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


@cache
def entries(package: str) -> dict[str, tuple[dict[str, Any], ...]]:
    """Rule id → its entries (each with a ``text`` table) in *package*'s ``data/*.toml``, in order."""
    out: dict[str, list[dict[str, Any]]] = {}
    try:
        base = resources.files(package).joinpath("data")
        files = sorted((f for f in base.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):  # TypeError: a module
        return {}
    for f in files:
        try:
            doc = tomllib.loads(f.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        for entry in _walk(doc):
            out.setdefault(entry["id"], []).append(entry)
    return {k: tuple(v) for k, v in out.items()}


def _literal(part: str, lang: str) -> str:
    if lang != "ko":
        return re.escape(part)
    out, last = [], 0
    for m in _PARTICLE.finditer(part):
        out.append(re.escape(part[last : m.start()]))
        a, b = m.group(1), m.group(2)
        out.append(f"(?:{re.escape(a)}|{re.escape(b)}|{re.escape(m.group(0))})")
        last = m.end()
    out.append(re.escape(part[last:]))
    return "".join(out)


@cache
def _pattern(template: str, lang: str) -> re.Pattern[str]:
    parts = _SLOT.split(template)
    return re.compile(r"\s*" + "(.+?)".join(_literal(p, lang) for p in parts) + r"\s*", re.S)


def _template(entry: Mapping[str, Any], lang: str) -> str | None:
    text = entry.get("text")
    if not isinstance(text, Mapping):
        return None
    v = text.get(lang)
    if lang == "zh-Hans" and not isinstance(v, str):
        from xuanheng.reading import to_simplified

        hant = text.get("zh-Hant")
        v = to_simplified(hant) if isinstance(hant, str) else None
    return v if isinstance(v, str) else None


def variant_of(package: str, rule_id: str, text: str, lang: str) -> int | None:
    """The number (from 1) of the entry of *rule_id* in *package* whose text is *text* in *lang*; None when
    the id has one entry or none, or no entry's text matches."""
    found = entries(package).get(rule_id, ())
    if len(found) < 2 or not isinstance(text, str):
        return None
    for i, entry in enumerate(found, 1):
        t = _template(entry, lang)
        if t is not None and _pattern(t, lang).fullmatch(text):
            return i
    return None


def rule_key(rule_id: str, variant: int | None) -> str:
    """The statistics key of a fired rule: ``003-038#2``, or the bare id without a variant."""
    return rule_id if variant is None else f"{rule_id}{SEP}{variant}"


def split_key(key: str) -> tuple[str, int | None]:
    """``003-038#2`` → (``003-038``, 2); a bare id → (id, None)."""
    rid, sep, n = key.rpartition(SEP)
    if sep and n.isdigit() and rid:
        return rid, int(n)
    return key, None


def entry_of(package: str, key: str) -> dict[str, Any] | None:
    """The entry a statistics *key* names in *package* (a bare id: its first entry)."""
    rid, n = split_key(key)
    found = entries(package).get(rid, ())
    if not found:
        return None
    if n is None:
        return found[0]
    return found[n - 1] if 1 <= n <= len(found) else None


def with_variants(package: str, reading: Any, lang: str) -> list[Any]:
    """The fired rules of a document's *reading* (JSON dicts), each whose id has several entries given its
    ``variant`` number (copies; the input is not changed)."""
    out: list[Any] = []
    for r in reading if isinstance(reading, list) else []:
        if isinstance(r, Mapping) and isinstance(r.get("id"), str) and "variant" not in r:
            n = variant_of(package, r["id"], str(r.get("text") or ""), lang)
            if n is not None:
                r = {**r, "variant": n}
        out.append(r)
    return out


__all__ = ["SEP", "entries", "entry_of", "rule_key", "split_key", "variant_of", "with_variants"]
