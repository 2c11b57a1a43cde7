"""``scripts/liuyao_confusion.py``: the confusion, settling paths and ablation of the 六爻 judge.

Measuring only (docs/liuyao-judgment.md, Which rules generalize), so this checks lightly that it runs on
dev, that it refuses the blind split before judging anything, that its confusion counts what
``scripts/accuracy.py`` counts, and that ``judgment.switched_off`` takes a rule out of the one
implementation and puts it back.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
from tests.conftest import load_file

from xuanheng import liuyao
from xuanheng.liuyao.judgment import judge, switched_off
from xuanheng.reading.judgment import Question

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    return load_file(ROOT / "scripts" / "liuyao_confusion.py", "liuyao_confusion")


def test_blind_is_refused_before_any_case_is_judged() -> None:
    lc = _script()
    assert lc.main(["--split", "blind"]) == 2
    with pytest.raises(SystemExit):
        lc._cases("blind")
    with pytest.raises(SystemExit):
        lc._judged("blind")


def test_dev_report_counts_every_case_once(accuracy: object) -> None:
    """The confusion's cells add up to the split, its diagonal to the cases whose polarity the accuracy
    page counts as agreeing, and the settling paths cover every case."""
    lc = _script()
    cases = [c for c in accuracy.cases("liuyao") if c["split"] == "dev"]  # type: ignore[attr-defined]
    agree = sum(accuracy.judge_liuyao(c).pol_ok for c in cases)  # type: ignore[attr-defined]
    lines = lc.report("dev", misses=True)
    assert lines[0] == f"## dev: {len(cases)} cases"
    assert lines[2].startswith(f"agree {agree}/{len(cases)};")
    cells = [int(x) for ln in lines[3:6] for x in ln.split()[1:]]
    assert sum(cells) == len(cases)
    start = lines.index("settling path: agree / cases") + 1
    end = lines.index("", start)
    paths = [ln.split() for ln in lines[start:end]]
    assert sum(int(p[3]) for p in paths) == len(cases)
    assert sum(int(p[1]) for p in paths) == agree


def test_a_switched_off_step_is_neither_stated_nor_weighed_and_comes_back() -> None:
    """〈日辰章〉: 乾為天 (777777, a metal palace) read for money takes the 妻財 寅 (wood) on the second line;
    a 子 day (water) generates it, so ``day.sheng`` is stated with its "+". Switched off it is not stated;
    after the switch the judgment is as before; an unknown rule is refused."""
    chart = liuyao.cast(day="甲子", month="辰", lines="777777")
    q = Question("財")
    before = judge(chart, q)
    assert before.focus.branch == "寅"
    keys = [s.key for s in before.steps]
    assert [s.effect for s in before.steps if s.key == "day.sheng"] == ["+"]
    with switched_off("day.sheng"):
        off = judge(chart, q)
    assert [s.key for s in off.steps] == [k for k in keys if k != "day.sheng"]
    assert [s.key for s in judge(chart, q).steps] == keys
    with pytest.raises(KeyError), switched_off("no.such.rule"):
        pass
