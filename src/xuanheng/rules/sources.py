"""What a rule's ``src`` may name: an item of the seed inventory, or a book with its chapter.

The ids of ``../shared/seeds/INVENTORY.tsv`` ship with the package in ``data/inventory_ids.txt`` (written by
``scripts/gen_inventory_ids.py``; ``tests/rules/test_sources.py`` checks it against the inventory), so a rule
file can be checked wherever the package is installed.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_ID = re.compile(r"\d{3}-\d{3}")


@cache
def inventory_ids() -> frozenset[str]:
    """Every id of the seed inventory (``000-001`` …)."""
    text = resources.files("xuanheng.rules").joinpath("data").joinpath("inventory_ids.txt").read_text("utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip())


def check_src(src: object) -> str:
    """Why *src* is not an acceptable source ("" when it is): an inventory id, or text naming a 《book》."""
    if not isinstance(src, str) or not src.strip():
        return "is not text"
    s = src.strip()
    if _ID.fullmatch(s):
        return "" if s in inventory_ids() else "is not an id of the seed inventory"
    if "《" in s and "》" in s:
        return ""
    return "is neither an inventory id (000-001) nor a book with its chapter (《書名》卷/〈篇〉)"


@cache
def _items() -> dict[str, dict[str, str]]:
    text = resources.files("xuanheng.rules").joinpath("data").joinpath("inventory.tsv").read_text("utf-8")
    lines = text.splitlines()
    head = lines[0].split("\t")
    return {row[0]: dict(zip(head, row, strict=False)) for row in (ln.split("\t") for ln in lines[1:] if ln)}


def inventory_item(ident: str) -> dict[str, str] | None:
    """The inventory's row of *ident* (``id``, ``seed`` number, ``section``, ``term``, ``kind`` and its own
    English ``summary_en``), shipped in ``data/inventory.tsv``; None for an id not in the inventory."""
    return _items().get(ident.strip())


@cache
def _books() -> dict[str, dict[str, str]]:
    import tomllib

    raw = resources.files("xuanheng.rules").joinpath("data").joinpath("seed_books.toml").read_text("utf-8")
    return {k: dict(v) for k, v in tomllib.loads(raw)["seed"].items()}


def seed_book(seed: str, lang: str) -> str:
    """The name of seed text *seed* (``000`` …) in *lang* (its number when unknown)."""
    names = _books().get(seed, {})
    return names.get(lang) or names.get("zh-Hant") or seed


#: the citations a ``src`` text names: inventory ids and 《books》 with their 卷 and 〈chapter〉
_CITED = re.compile(r"\d{3}-\d{3}|《[^》]+》(?:[卷第][^〈《;,，；、\s()（）]*)?(?:〈[^〉]+〉)?")


def cited(src: object) -> list[str]:
    """The inventory ids and books that *src* (a text or a list of texts) cites, in order, without the notes
    written beside them (``"003-038 read with the star's own element (…)"`` → ``["003-038"]``)."""
    out: list[str] = []
    for s in src if isinstance(src, list) else [src]:
        if isinstance(s, str):
            for m in _CITED.finditer(s):
                if m.group(0) not in out:
                    out.append(m.group(0))
    return out


def split_book(ident: str) -> tuple[str, str]:
    """``《六壬大全》卷一〈六親〉`` → (``六壬大全``, ``卷一〈六親〉``); text without 《》 → (text, "")."""
    m = re.match(r"\s*《([^》]+)》\s*(.*)", ident)
    return (m.group(1), m.group(2).strip()) if m else (ident.strip(), "")


__all__ = ["check_src", "cited", "inventory_ids", "inventory_item", "seed_book", "split_book"]
