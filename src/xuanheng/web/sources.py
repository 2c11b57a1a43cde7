"""``/api/sources/<id>``: where a cited source is used — every data entry of the method packages whose ``src``
names it (an INVENTORY id such as ``000-003``, or a book citation such as ``《六壬大全》卷二``).

This is what the page links each fired rule's source to: the rule as stored (its conditions, topics and
text in the reader's language) and every other table or judgment resting on the same source.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.errors import InputError
from xuanheng.reading import check_lang, to_simplified
from xuanheng.rules.sources import cited, inventory_item, seed_book, split_book

#: packages whose ``data/*.toml`` are searched besides the registered methods' own
SHARED_PACKAGES: tuple[str, ...] = ("xuanheng.core", "xuanheng.shensha", "xuanheng", "xuanheng.time")


def packages() -> tuple[str, ...]:
    """Every registered method's package, then the shared ones."""
    from xuanheng.methods import registry

    own = tuple(dict.fromkeys(m.package for m in registry().values()))
    return own + tuple(p for p in SHARED_PACKAGES if p not in own)


def _walk(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if "src" in node:
            yield path, node
        for k, v in node.items():
            yield from _walk(v, f"{path}.{k}" if path else str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}[{i}]")


@cache
def _entries() -> tuple[tuple[str, str, str, dict[str, Any]], ...]:
    out: list[tuple[str, str, str, dict[str, Any]]] = []
    for pkg in packages():
        try:
            base = resources.files(pkg).joinpath("data")
            files = sorted((f for f in base.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
        except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
            continue
        for f in files:
            try:
                doc = tomllib.loads(f.read_text("utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            for path, entry in _walk(doc, ""):
                out.append((pkg, f.name, path, entry))
    return tuple(out)


def _cites(src: Any, ident: str) -> bool:
    items = src if isinstance(src, list) else [src]
    return any(isinstance(s, str) and ident in s for s in items)


def _text(entry: dict[str, Any], lang: str) -> str | None:
    if isinstance(entry.get("text"), dict):  # the shared rule schema keeps the texts in a `text` table
        entry = entry["text"]
    if lang == "zh-Hans":
        v = entry.get("zh-Hans") or entry.get("zh-Hant")
        return to_simplified(v) if isinstance(v, str) and not entry.get("zh-Hans") else v
    v = entry.get(lang)
    return v if isinstance(v, str) else None


def lookup(ident: str, lang: str = "zh-Hant", limit: int = 200) -> dict[str, Any]:
    """Every data entry citing *ident*; raise :class:`InputError` for an empty or overlong id."""
    lang = check_lang(lang)
    ident = ident.strip()
    if not ident or len(ident) > 100:
        raise InputError("a source id is 1–100 characters, e.g. 000-003 or 《六壬大全》", field="id")
    found = []
    # a rule named by its own id (002-005.ke, shen-chou.shen) that does not cite that id comes first,
    # then every entry citing the id, in file order
    own = [e for e in _entries() if e[3].get("id") == ident and not _cites(e[3].get("src"), ident)]
    citing = [e for e in _entries() if _cites(e[3].get("src"), ident)]
    for pkg, fname, path, entry in [*own, *citing]:
        item: dict[str, Any] = {"package": pkg, "file": f"data/{fname}", "path": path}
        item["src"] = entry.get("src")
        for k in ("id", "name", "label", "when", "topics"):
            if k in entry:
                item[k] = entry[k]
        text = _text(entry, lang)
        if text:  # a rule's or a judgment step's text is read as a general statement (placeholders in words)
            item["text"] = general_text(text, lang) if "when" in entry or _SLOT.search(text) else text
        found.append(item)
        if len(found) >= limit:
            break
    kind = "inventory" if len(ident) == 7 and ident[3] == "-" and ident.replace("-", "").isdigit() else "book"
    if own and kind == "book":
        kind = "rule"
    out: dict[str, Any] = {"id": ident, "kind": kind, "lang": lang, "entries": found, "count": len(found)}
    methods = method_of_package()
    for item in found:
        m = methods.get(item["package"])
        if m is not None:
            item["method"] = m
        # what the entry cites, without the notes written beside the ids (they are in English)
        item["cites"] = cited(item.get("src"))
    head = title(ident, lang)
    if head:
        # the rule in the project's own words, in the reader's language: the texts of the rules that rest on
        # this source first of all (their first citation); the inventory's own summary on an English page (a
        # table's item has no text of its own: the page names its term and kind)
        main = [e["text"] for e in found if e.get("text") and e["cites"][:1] == [ident]]
        head["statement"] = list(dict.fromkeys(main))
        if lang == "en" and head.get("summary"):
            head["statement"] = [head["summary"]] + head["statement"]
        head.pop("summary", None)
        out["source"] = head
    return out


def title(ident: str, lang: str) -> dict[str, Any] | None:
    """What names a source in *lang*: an inventory item's book (its seed text), chapter (the inventory's
    section) and term, or a 《book》's title and chapter; None for neither. ``label`` is the short form the
    page writes on a source link (``六爻 · 六親發動``)."""
    item = inventory_item(ident)
    if item is not None:
        book = seed_book(item["seed"], lang)
        return {
            "book": book,
            "chapter": item["section"],
            "term": item["term"],
            "item_kind": item["kind"],
            "label": f"{book} · {item['section']}",
            "summary": item.get("summary_en", ""),
        }
    if "《" in ident:
        book, chapter = split_book(ident)
        return {"book": book, "chapter": chapter, "label": ident.strip()}
    return None


def titles(ids: list[str], lang: str = "zh-Hant") -> dict[str, dict[str, Any]]:
    """Each source of *ids* that names a book (see :func:`title`) → its book, chapter and link label."""
    lang = check_lang(lang)
    out: dict[str, dict[str, Any]] = {}
    for ident in ids:
        t = title(ident, lang)
        if t is not None:
            t.pop("summary", None)
            out[ident] = t
    return out


def method_of_package() -> dict[str, str]:
    """Package → the registered method it belongs to (``xuanheng.liuren`` → ``liuren``)."""
    from xuanheng.methods import registry

    return {m.package: m.name for m in registry().values()}


@cache
def _rule_index() -> dict[str, tuple[str, str, str, dict[str, Any]]]:
    out: dict[str, tuple[str, str, str, dict[str, Any]]] = {}
    for e in _entries():
        rid = e[3].get("id")
        if isinstance(rid, str) and (isinstance(e[3].get("text"), dict) or "when" in e[3]):
            out.setdefault(rid, e)
    return out


_SLOT = re.compile(r"\{([a-z_]+)\}")


def general_text(text: str, lang: str) -> str:
    """A rule's text with its ``{placeholders}`` (filled from a chart when the rule fires) in general words
    (``rule_slot.<name>`` of the label catalogue, "…" for one it lacks); Korean particles then follow the
    words put in."""
    from xuanheng.i18n import keys, label
    from xuanheng.reading.korean import resolve

    known = set(keys())

    def fill(m: re.Match[str]) -> str:
        key = f"rule_slot.{m.group(1)}"
        return label(key, lang) if key in known else "…"

    out = _SLOT.sub(fill, text)
    if lang == "ko":
        return resolve(out)
    return out[:1].upper() + out[1:] if lang == "en" and out != text else out


def rules_by_id(ids: list[str], lang: str = "zh-Hant") -> dict[str, dict[str, Any]]:
    """Each rule key of *ids* that a data file defines → its text in *lang*, its method, topics and sources
    (what the statistics table shows for a rule); unknown ids are left out. A key names a rule id with the
    variant that fired (``003-038#2``, :mod:`xuanheng.rules.variants`): its text is that variant's, never
    another entry's of the same id; a bare id with several variants says each of their texts."""
    from xuanheng.rules.variants import entries, split_key

    lang = check_lang(lang)
    index = _rule_index()
    methods = method_of_package()
    out: dict[str, dict[str, Any]] = {}
    for key in ids:
        rid, n = split_key(key)
        e = index.get(rid)
        if e is None:
            continue
        pkg, fname, _path, entry = e
        variants = entries(pkg).get(rid, ())
        if n is not None:
            if not 1 <= n <= len(variants):
                continue
            entry = variants[n - 1]
        shown = [entry] if n or len(variants) < 2 else variants
        texts = [general_text(_text(v, lang) or "", lang) for v in shown]
        src = entry.get("src")
        out[key] = {
            "id": rid,
            "variant": n,
            "method": methods.get(pkg),
            "text": " / ".join(dict.fromkeys(t for t in texts if t)),
            "topics": list(entry.get("topics") or []),
            "src": src if isinstance(src, list) else [src] if src else [],
            "file": f"{pkg}:data/{fname}",
        }
    return out
