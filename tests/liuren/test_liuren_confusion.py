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
from types import ModuleType, SimpleNamespace
from typing import Any

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


def _row(
    verdict: str, judged: str, steps: list[tuple[str, str, dict[str, str]]]
) -> tuple[dict[str, str], Any]:
    """A made-up (case, judgment) pair: the book's *verdict*, the judge's polarity *judged* and its *steps*
    (key, effect, facts)."""
    step = [SimpleNamespace(key=k, effect=e, facts=f) for k, e, f in steps]
    return {"verdict": verdict}, SimpleNamespace(
        verdict=SimpleNamespace(word=SimpleNamespace(polarity=judged)), steps=step
    )


def test_the_information_table_counts_each_path_and_sign_against_its_base_rate() -> None:
    """Four made-up cases a split: the book good in two, bad in two (base rates 50 %). The 末傳 step ``+``
    stands on both good cases and no other: 2/2 on each split, 50 points above its base rate, *informs*; the
    貴人 step ``-`` stands on the two good cases only: 0/2, *misleads*; a sign stated on fewer than
    ``LEAST`` cases a split would be left unmarked, so the made-up table states each of these on enough
    cases by lowering ``LEAST`` to 2 for the test."""
    lc = _script()
    mo_plus = ("mo", "+", {"relation": "sheng"})
    gui = ("gui.ni", "-", {})
    weigh = ("weigh.mo", "=", {})
    rows = [
        _row("good", "good", [mo_plus, gui, weigh]),
        _row("good", "good", [mo_plus, gui]),
        _row("bad", "bad", []),
        _row("bad", "good", []),
    ]
    least = lc.LEAST
    lc.LEAST = 2
    try:
        lines = lc.information({"dev": rows, "holdout": rows})
    finally:
        lc.LEAST = least
    settle = {ln.split("|")[1].strip(): ln for ln in lines if ln.startswith("| `")}
    assert "2, 1/1/0, 1 = 50 % (50 %)" in settle["`sum` → good"]
    assert "1, 1/0/0, 1 = 100 % (50 %)" in settle["`weigh.mo` → good"]
    assert "1, 0/1/0, 1 = 100 % (50 %)" in settle["`sum` → bad"]
    assert settle["`mo` +"].endswith("| informs |")
    assert "2/2 = 100 % (50 %)" in settle["`mo` +"]
    assert "2/2 = 100 % (50 %)" in settle["`mo.sheng` +"]
    assert settle["`gui.ni` −"].endswith("| misleads |")
    assert "0/2 = 0 % (50 %)" in settle["`gui.ni` −"]


def test_the_per_file_table_counts_each_sign_against_the_file_s_own_base_rate() -> None:
    """Made-up cases of two files. Dev: 邵彥和 (``sh-``) good with the 末傳 ``+``, and two bad cases (base
    rate of good 1/3); 《壬占彙選》 (``hx-``) bad with the 末傳 ``+`` and good without it (base 1/2). Holdout:
    one good 邵彥和 case with it (base 1). The sign is right 1/1 · 1/1 in 邵彥和 against 1/3 + 1 expected:
    above; 0/1 in 《壬占彙選》 against 1/2: below."""
    lc = _script()
    mo = ("mo", "+", {"relation": "sheng"})

    def row(cid: str, verdict: str, steps: list[tuple[str, str, dict[str, str]]]) -> tuple[Any, Any]:
        case, j = _row(verdict, "good", steps)
        return {**case, "id": cid}, j

    dev = [row("sh-1", "good", [mo]), row("sh-2", "bad", []), row("sh-3", "bad", []),
           row("hx-1", "bad", [mo]), row("hx-2", "good", [])]  # fmt: skip
    holdout = [row("sh-4", "good", [mo])]
    lines = lc.file_signs({"dev": dev, "holdout": holdout})
    assert "| sign | dev | holdout | shao | huixuan | below / above |" in lines
    by = {
        ln.split("|")[1].strip(): [c.strip() for c in ln.split("|")[2:-1]]
        for ln in lines
        if ln.startswith("| `")
    }
    assert by["`mo` +"] == ["1/2 (0.8)", "1/1 (1.0)", "1/1 · 1/1", "0/1 · —", "1 / 1"]
    assert by["`mo.sheng` +"] == by["`mo` +"]
    # every case read good by the plain sum: right where the book says good
    assert by["`sum` → good"] == ["2/5 (2.0)", "1/1 (1.0)", "1/3 · 1/1", "1/2 · —", "0 / 0"]


def test_a_gate_and_an_order_keep_the_settling_signs_of_the_chapters() -> None:
    """A *good* verdict under the gate of the 末傳 stands where the 末傳 feeds the day stem and turns into
    the gate's other verdict where it does not; a *bad* one is not touched by a gate of the good side; a
    verdict settled by a chapter sign keeps its polarity under every gate and order. An order's first sign
    that speaks decides; where none speaks the judge's verdict stands."""
    lc = _script()
    signs = {"mo": 0, "lei_state": -1, "lei_present": 1, "ganzhi": 1, "ri": 0}
    assert lc.gated("good", "sum", {**signs, "mo": 1}, ("+", ("mo",)), "mixed") == "good"
    assert lc.gated("good", "sum", signs, ("+", ("mo",)), "mixed") == "mixed"
    assert lc.gated("good", "sum", signs, ("+", ("mo",)), "bad") == "bad"
    assert lc.gated("bad", "sum", signs, ("+", ("mo",)), "mixed") == "bad"
    assert lc.gated("bad", "sum", signs, ("-", ("ganzhi",)), "good") == "good"
    assert lc.gated("good", "weigh.xing_ma", signs, ("+", ("mo",)), "bad") == "good"
    assert lc.ordered("bad", "sum", signs, ("mo", "lei_state", "ganzhi")) == "bad"  # lei_state −1 decides
    assert lc.ordered("bad", "sum", signs, ("mo", "ganzhi")) == "good"
    assert lc.ordered("mixed", "sum", signs, ("mo", "ri")) == "mixed"
    assert lc.ordered("bad", "weigh.shi_lu", signs, ("ganzhi",)) == "bad"


def test_the_order_signs_are_read_off_the_chart(accuracy: object) -> None:
    """On the 60 days at 月將 亥, hour 寅, asked about money: the sign of the 辰 and of the 末傳 is +1 where
    the spirit's element feeds the day stem's, −1 where it overcomes it, 0 otherwise or where the spirit is
    void (re-derived here from the chart and the 五行's generating order, 生 = +1 and 剋 = +2 mod 5); the
    類神's presence is +1 exactly where the judge found it in 課傳 and not void."""
    from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT, GanZhi

    lc = _script()

    def sign(b: int, stem_el: int, void: tuple[int, ...]) -> int:
        if b in void:
            return 0
        d = (stem_el - BRANCH_ELEMENT[b]) % 5
        return 1 if d == 1 else -1 if d == 2 else 0

    for i in range(60):
        case = {"day": GanZhi(i).name, "yue_jiang": "亥", "hour": "寅", "topic": "財", "about": "自己"}
        chart = accuracy.liuren_chart(case)  # type: ignore[attr-defined]
        j = accuracy.liuren_judgment(case)  # type: ignore[attr-defined]
        got = lc.order_signs(case, j)
        se, void = STEM_ELEMENT[chart.day.stem], tuple(chart.xun_kong)
        assert got["ganzhi"] == sign(chart.zhi_shang, se, void), case["day"]
        assert got["mo"] == sign(chart.san_chuan[2].branch, se, void), case["day"]
        assert got["ri"] == sign(chart.gan_shang, se, void), case["day"]
        b = BRANCHES.index(j.focus.branch)
        shown = j.focus.facts["place"] != "天地盤" and b not in void
        assert got["lei_present"] == (1 if shown else -1), case["day"]
