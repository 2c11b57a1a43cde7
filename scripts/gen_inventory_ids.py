"""Write ``src/xuanheng/rules/data/inventory_ids.txt``: the ids of ``../shared/seeds/INVENTORY.tsv``.

The rule loader checks every ``src`` against this list wherever the package is installed (the inventory
itself does not ship). Run from the project root: ``python3 scripts/gen_inventory_ids.py``.
"""

from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
OUT = ROOT / "src" / "xuanheng" / "rules" / "data" / "inventory_ids.txt"


def ids(path: Path = INVENTORY) -> list[str]:
    with path.open(encoding="utf-8", newline="") as f:
        return [row["id"] for row in csv.DictReader(f, delimiter="\t")]


if __name__ == "__main__":
    OUT.write_text("\n".join(ids()) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
