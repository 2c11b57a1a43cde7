"""``scripts/liuren_confusion.py``: the confusion per split and per file, and the 大六壬 ablation.

Measuring only (docs/liuren-judgment.md, round 7), so this checks lightly that it refuses every split but
dev and holdout before judging anything, that its per-file confusion adds up to the split's and counts
what ``scripts/accuracy.py`` counts, and that ``judgment.switched_off`` takes a rule out of the one
implementation (a step neither stated nor weighed, a ``weigh.*`` step that no longer settles) and puts it
back.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from tests.conftest import load_file

from xuanheng import liuren
from xuanheng.liuren.judgment import data, judge, switched_off
from xuanheng.reading.judgment import Question

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    return load_file(ROOT / "scripts" / "liuren_confusion.py", "liuren_confusion")


def test_other_splits_are_refused_before_any_case_is_judged() -> None:
    lc = _script()
    assert lc.main(["--split", "blind"]) == 2
    assert lc.main(["--split", "blind", "--ablate"]) == 2
    with pytest.raises(SystemExit):
        lc._cases("blind")
    with pytest.raises(SystemExit):
        lc._judged("blind")


def test_per_file_confusion_adds_up_to_the_split(accuracy: object) -> None:
    """Each file's cells add up to its cases, the files to the split, and the diagonals to the cases the
    accuracy page counts as agreeing."""
    lc = _script()
    cases = [c for c in accuracy.cases("liuren") if c["split"] == "dev"]  # type: ignore[attr-defined]
    agree = sum(
        accuracy.liuren_judgment(c).verdict.word.polarity == c["verdict"]  # type: ignore[attr-defined]
        for c in cases
    )
    lines = lc.files_report("dev")
    heads = [re.match(r"(\w+): agree (\d+)/(\d+)", ln) for ln in lines]
    found = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in heads if m]
    assert {f for f, _, _ in found} <= set(lc.FILES.values())
    assert sum(n for _, _, n in found) == len(cases)
    assert sum(a for _, a, _ in found) == agree
    for name, _, n in found:
        at = next(i for i, ln in enumerate(lines) if ln.startswith(f"{name}: agree"))
        cells = [int(x) for ln in lines[at + 1 : at + 4] for x in ln.split()[1:]]
        assert sum(cells) == n, name


def test_every_rule_of_the_ablation_is_a_switch() -> None:
    """The rules the ablation switches off are the judge's own steps and qualifiers; an unknown one is
    refused."""
    lc = _script()
    d = data()
    rules = lc.rules()
    assert rules and set(rules) <= set(d.steps) | set(d.parts)
    assert "weigh.even" not in rules and "weigh.mo" in rules and "gui.ni" in rules
    with pytest.raises(KeyError), switched_off("no.such.rule"):
        pass


def test_a_switched_off_step_is_neither_stated_nor_weighed_and_comes_back() -> None:
    """甲子 day, 月將 亥, hour 寅: asked for money. The spirit on the day stem is stated as ``ri``; switched
    off it is not, and the weighed steps lose its weight; after the switch the judgment is as before."""
    chart = liuren.cast(day="甲子", yue_jiang="亥", hour="寅")
    before = judge(chart, Question("財", "自己"))
    assert any(s.key == "ri" for s in before.steps)
    with switched_off("ri"):
        off = judge(chart, Question("財", "自己"))
    assert not any(s.key == "ri" for s in off.steps)
    again = judge(chart, Question("財", "自己"))
    assert [(s.key, s.effect) for s in again.steps] == [(s.key, s.effect) for s in before.steps]
    assert again.verdict.word == before.verdict.word


def test_a_switched_off_settling_step_does_not_settle(accuracy: object) -> None:
    """Where 初傳 and 末傳 weigh opposite ways the 末傳 settles (``weigh.mo``); with that rule switched off
    no case of the dev split is settled by it, and its step is not stated."""
    cases = [c for c in accuracy.cases("liuren") if c["split"] == "dev"]  # type: ignore[attr-defined]
    settled = [c for c in cases if any(s.key == "weigh.mo" for s in accuracy.liuren_judgment(c).steps)]  # type: ignore[attr-defined]
    assert len(settled) >= 10
    with switched_off("weigh.mo"):
        for c in settled:
            j = accuracy.liuren_judgment(c)  # type: ignore[attr-defined]
            assert not any(s.key == "weigh.mo" for s in j.steps), c["id"]
