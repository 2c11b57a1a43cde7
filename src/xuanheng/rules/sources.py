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


__all__ = ["check_src", "inventory_ids"]
