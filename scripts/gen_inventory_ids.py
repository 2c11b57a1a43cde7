"""Write ``src/xuanheng/rules/data/inventory_ids.txt`` (the ids of ``../shared/seeds/INVENTORY.tsv``) and
``src/xuanheng/rules/data/inventory.tsv`` (per id: its seed, section, term, kind and the inventory's own
English summary — the columns the source view shows; never the seeds' passages).

The rule loader checks every ``src`` against the id list wherever the package is installed (the inventory
itself does not ship). Run from the project root: ``python3 scripts/gen_inventory_ids.py``.
"""

from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
OUT = ROOT / "src" / "xuanheng" / "rules" / "data" / "inventory_ids.txt"
ITEMS = ROOT / "src" / "xuanheng" / "rules" / "data" / "inventory.tsv"
#: the columns of INVENTORY.tsv that ship (the seed file name is shortened to its number)
COLUMNS = ("id", "seed", "section", "term", "kind", "summary_en")


def rows(path: Path = INVENTORY) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def ids(path: Path = INVENTORY) -> list[str]:
    return [row["id"] for row in rows(path)]


def items(path: Path = INVENTORY) -> str:
    out = ["\t".join(COLUMNS)]
    for row in rows(path):
        row = {**row, "seed": row["seed"][:3]}
        out.append("\t".join(row[c].replace("\t", " ").replace("\n", " ") for c in COLUMNS))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    OUT.write_text("\n".join(ids()) + "\n", encoding="utf-8")
    ITEMS.write_text(items(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} and {ITEMS.relative_to(ROOT)}")
