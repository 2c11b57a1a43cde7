"""``scripts/liuren_confusion.py --leishen``: the 類神-first readings measured against the casebooks.

Measuring only (docs/liuren-judgment.md, round 5), so this checks that the table is what it says: the
relation of two elements by the generating order (木→火→土→金→水, written out here), a sign for each
reading on every case whose 類神 is a spirit, the harm's presence counted the other way, and each cell's
counts within the cases of its column.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import load_file

ROOT = Path(__file__).resolve().parents[2]
#: (a, b) → +1 where a generates b, −1 where a overcomes b (木 0 火 1 土 2 金 3 水 4)
GEN = {(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)}
KE = {(0, 2), (2, 4), (4, 1), (1, 3), (3, 0)}


def _script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    return load_file(ROOT / "scripts" / "liuren_confusion.py", "liuren_confusion")


def test_relation_by_the_generating_order() -> None:
    lc = _script()
    for a in range(5):
        for b in range(5):
            want = 1 if (a, b) in GEN else -1 if (a, b) in KE else 0
            assert lc._relation(a, b) == want, (a, b)


def test_signs_and_table() -> None:
    lc = _script()
    import accuracy

    dev = [c for c in accuracy.cases("liuren") if c["split"] == "dev"]
    keys = [k for k, _ in lc.READINGS]
    seen = 0
    for c in dev:
        s = lc.leishen_signs(c, matter=True)
        if s is None:
            continue
        assert set(s) == set(keys) and all(v in (-1, 0, 1) for v in s.values()), s
        j = accuracy.liuren_judgment({**c, "about": "自己"})
        present = j.focus.facts["place"] != "天地盤"
        assert s["present"] == (1 if present else -1) * (-1 if j.focus.facts["harm"] else 1)
        seen += 1
    assert seen >= 100
    lines = lc.leishen_report("dev", 8, matter=True)
    n = int(re.search(r"\((\d+) cases with a 類神 spirit", lines[0]).group(1))  # type: ignore[union-attr]
    assert n == seen
    rows = [x for x in lines if x.startswith(tuple(label for _, label in lc.READINGS))]
    assert len(rows) == len(keys)
    for row in rows:
        for agree, total in re.findall(r"(\d+)/(\d+) ", row):
            assert int(agree) <= int(total) <= n
