"""The thing asked about (``item``) and its 類神, one table for 大六壬 and 金口訣 (``data/items.toml``).

A question about a lost thing, a strayed animal or a runaway is read through the thing itself: 邵彥和
reads a lost horse on 午, a sheep on 未, silver on 酉 (《六壬斷案》〈六畜〉〈亡盜〉). Each entry gives the
branch of the thing's class (seed 002's 類神 of 亥 戌 酉; 《六壬大全》〈十二神〉 for the other
branches), or its 天將 and 六親 (錢: 青龍 and 妻財; 書信: 朱雀 and 父母; 衣服: 太常). A user may type
the key, its Simplified form, or a Korean, Chinese or English name (``말`` = ``horse`` = ``馬``):
:func:`normalise_item` gives the key, or an :class:`~xuanheng.errors.InputError` (code
``item.unknown``). Only the topics of ``[accept]`` take an item (:func:`check_item_topic`, code
``item.topic``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.errors import InputError, echo
from xuanheng.reading import Text, to_simplified
from xuanheng.rules.topics import listed, topic_list


@dataclass(frozen=True, slots=True)
class Item:
    """One thing that may be asked about: its key, names, and what stands for it."""

    key: str
    names: Text
    branch: str | None  # 地支 of its class, or None when read by 天將 / 六親
    jiang: str | None
    qin: str | None
    src: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.names.all(),
            "branch": self.branch,
            "jiang": self.jiang,
            "qin": self.qin,
            "src": list(self.src),
        }


@cache
def _raw() -> dict[str, Any]:
    text = resources.files("xuanheng.rules").joinpath("data").joinpath("items.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def items() -> dict[str, Item]:
    """Every item by key, in the table's order."""
    out = {}
    for key, e in _raw()["item"].items():
        if not (e.get("branch") or e.get("jiang") or e.get("qin")):
            raise ValueError(f"items.toml [{key}]: needs branch, jiang or qin")
        out[key] = Item(
            key,
            Text(ko=e["ko"], zh_hant=e["zh-Hant"], en=e["en"]),
            e.get("branch"),
            e.get("jiang"),
            e.get("qin"),
            tuple(e["src"]),
        )
    return out


#: the topics that take an item (the thing's 類神 in place of the topic's)
ITEM_TOPICS: tuple[str, ...] = tuple(_raw()["accept"]["topics"])
#: where the list of those topics comes from
ITEM_TOPICS_SRC: tuple[str, ...] = tuple(_raw()["accept"]["src"])


@cache
def _lookup() -> dict[str, str]:
    """Every accepted spelling (key, names, aliases, and their Simplified forms; lower-cased) → key."""
    out: dict[str, str] = {}
    for key, e in _raw()["item"].items():
        for w in (key, e["ko"], e["zh-Hant"], e["en"], *e.get("aliases", ())):
            for form in {w.strip().lower(), to_simplified(w).strip().lower()}:
                if out.setdefault(form, key) != key:
                    raise ValueError(f"items.toml: {form!r} names both {out[form]} and {key}")
    return out


def item_names() -> str:
    """The keys, for messages (馬 羊 犬 …)."""
    return " ".join(items())


def item_list() -> dict[str, str]:
    """The keys as the refusal lists them in each language: for a Korean reader each with its Korean
    name from this table (``馬(말) 羊(양)``), as the topics' refusal names the topics."""
    return listed((k, i.names.ko) for k, i in items().items())


def normalise_item(value: object) -> str:
    """The item key for *value* (a key or any of its names, any case); an unknown one is refused."""
    t = value.strip().lower() if isinstance(value, str) else None
    key = _lookup().get(t) if t else None
    if key is None:
        shown = echo(value.strip() if isinstance(value, str) else value)
        raise InputError(
            f"unknown item {shown}: expected one of {item_names()} (or their Korean/English names, "
            "e.g. 馬 = 말 = horse)",
            field="item",
            code="item.unknown",
            params={"item": shown, "items": item_list()},
        )
    return key


def check_item_topic(item: str | None, topic: str | None) -> None:
    """Refuse an item for a topic that does not take one (``topic`` a normalised key or None)."""
    if item is not None and topic not in ITEM_TOPICS:
        raise InputError(
            f"the thing asked about (item {item}) needs a topic that reads it: {' '.join(ITEM_TOPICS)}",
            field="item",
            code="item.topic",
            params={"item": item, "topics": topic_list(ITEM_TOPICS)},
        )


def item(key: str) -> Item:
    """The :class:`Item` of *key* (any spelling)."""
    return items()[normalise_item(key)]


__all__ = ["ITEM_TOPICS", "ITEM_TOPICS_SRC", "Item", "check_item_topic", "item", "items", "normalise_item"]
