"""``scripts/liuyao_lobo.py``: the per-file table and the leave-one-file-out estimate of the 六爻 judge.

Measuring only (docs/liuyao-judgment.md, Round 12), so this checks that it reads the eight dev / holdout
files by name and no other, that a 用神 rule switched off (``judgment.switched_off``, ``yong.*``) takes the
rule out of the one implementation and puts it back, and that the classes and the removal policies follow
their definitions on rows built by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import load_file

from xuanheng import liuyao
from xuanheng.liuyao.judgment import judge, switched_off
from xuanheng.reading.judgment import Question

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    return load_file(ROOT / "scripts" / "liuyao_lobo.py", "liuyao_lobo", register=True)


def test_only_the_eight_named_files_and_only_dev_and_holdout() -> None:
    lb = _script()
    cs = lb.cases()
    assert {c["_file"] for c in cs} == set(lb.FILES)
    assert {c["split"] for c in cs} == {"dev", "holdout"}
    assert not any(name.startswith("blind4") for name in lb.FILES)


def test_a_yong_shen_rule_switched_off_and_back() -> None:
    """An examination asked for oneself on 乾為天 (777777): the 世 on the top line holds the 父母 戌, which
    the 科舉 entry reads itself (``shi_if``); with ``yong.shi_if`` off the 官鬼 午 of the fourth line is
    read, and after the switch the 世 again."""
    chart = liuyao.cast(day="甲子", month="辰", lines="777777")
    q = Question("科舉")
    assert (judge(chart, q).focus.branch, judge(chart, q).focus.position) == ("戌", 6)
    with switched_off("yong.shi_if"):
        off = judge(chart, q)
    assert (off.focus.liu_qin, off.focus.branch, off.focus.position) == ("官鬼", "午", 4)
    assert judge(chart, q).focus.position == 6


def _row(lb: ModuleType, gains: dict[str, int], fires: dict[str, int] | None = None) -> object:
    """A row whose polarity gain per file is *gains* (lost − won as given)."""
    counts = {f: [[0, 0], [0, 0], [0, 0]] for f in lb.FILES}
    for f, g in gains.items():
        counts[f][0] = [g, 0] if g > 0 else [0, -g]
    fires = fires or {f: int(f in gains) for f in lb.FILES}
    return lb.Row("x", counts, {f: fires.get(f, 0) for f in lb.FILES})


def test_classes_and_policies_follow_their_definitions() -> None:
    lb = _script()
    one = _row(lb, {"yiyin": 2})
    assert lb.classify(one) == "fitted"
    assert lb.removed(one, [f for f in lb.FILES if f != "yiyin"], "fitted") is False  # no gain, no loss
    assert lb.removed(one, [f for f in lb.FILES if f != "yiyin"], "zero") is True
    assert lb.removed(one, lb.FILES, "fitted") is True
    # removed under ``fitted`` only where yiyin is kept (and scores nothing there); under ``zero`` also
    # where yiyin is left out, which loses its gain
    assert lb.piece_lofo(one, lb.FILES) == 0
    assert lb.piece_lofo(one, lb.FILES, "zero") == -2
    wide = _row(lb, {"yiyin": 1, "yimao": 1, "blind": -1})
    assert lb.classify(wide) == "generalizes"
    assert lb.removed(wide, lb.FILES, "fitted") is False
    weak = _row(lb, {"yiyin": 1, "yimao": 1}, dict.fromkeys(lb.FILES, 3))
    assert lb.classify(weak) == "weak"
    bad = _row(lb, {"blind2": -2, "blind3": 1})
    assert lb.classify(bad) == "harmful"
    assert lb.removed(bad, lb.FILES, "harmful") is True
    assert lb.classify(_row(lb, {})) == "inert"
