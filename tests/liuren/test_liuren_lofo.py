"""``scripts/liuren_lofo.py``: leave-one-file-out for the 大六壬 judge (issue 28, round 12).

Measuring only: this checks that it reads the study files alone (dev and holdout, never a blind file), and
that its baselines and its cross-validated sum count what they say on made-up cases whose counts are known.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import load_file

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    return load_file(ROOT / "scripts" / "liuren_lofo.py", "liuren_lofo")


def test_only_the_study_files_are_read() -> None:
    lo = _script()
    assert not any("blind2" in f or f == "rengui" for f in lo.FILES)
    cs = lo.cases()
    assert {c["split"] for c in cs} == {"dev", "holdout"}
    assert {c["file"] for c in cs} == set(lo.FILES)
    assert len(cs) == 475


def _case(file: str, verdict: str, topic: str = "財") -> dict[str, str]:
    return {"file": file, "verdict": verdict, "topic": topic, "split": "dev", "id": f"{file}-{verdict}"}


def test_the_baselines_leave_the_file_out() -> None:
    lo = _script()
    # shao: 3 good; huixuan: 2 bad, 1 good; cuiyan: 2 bad (one of them a question of illness)
    cs = [_case("shao", "good")] * 3 + [_case("huixuan", "bad")] * 2 + [_case("huixuan", "good")]
    cs += [_case("cuiyan", "bad"), _case("cuiyan", "bad", "病")]
    always, per_kind = lo.baselines(cs)
    # shao left out: the others have 4 bad and 1 good; huixuan left out: 3 good, 2 bad; cuiyan: 4 good, 2 bad
    assert always[:3] == ["bad"] * 3 and always[3:6] == ["good"] * 3 and always[6:] == ["good"] * 2
    # the illness question of cuiyan has no illness elsewhere: the others' commonest
    assert per_kind[7] == "good"
    assert lo.per_file(cs, always) == {**dict.fromkeys(lo.FILES, 0), "huixuan": 1}


def test_the_cross_validated_sum_takes_a_change_only_where_the_rest_gains() -> None:
    lo = _script()
    cs = [_case("shao", "good"), _case("huixuan", "good"), _case("cuiyan", "good")]
    base = [("bad", None, "sum")] * 3
    # the change is right on shao and huixuan, so it gains on the rest of each of the three files
    other = [("good", None, "sum"), ("good", None, "sum"), ("bad", None, "sum")]
    assert lo.lofo(cs, base, other) == (2, 2)
    # right on shao alone: left out, shao's rest does not gain, so shao is counted without it
    other = [("good", None, "sum"), ("bad", None, "sum"), ("bad", None, "sum")]
    assert lo.lofo(cs, base, other) == (0, 1)
