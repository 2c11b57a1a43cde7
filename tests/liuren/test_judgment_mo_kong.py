"""A void 末傳 does not decide where 發端 and 歸宿 disagree (issue 28, lr-verdict4; liuren/judgment.py).

The rule, re-derived here from the day's 干支 (its 旬空 counted from the 旬's head, not read from the chart):

* 《大六壬指南》卷一〈注釋心印賦〉: where the beginning and the end of the 三傳 point opposite ways, the
  end (the 末傳) settles how the matter turns out (the ``weigh.mo`` step);
* 《六壬大全》卷一〈空亡〉: a spirit in the void brings neither its good nor its harm. So a void 末傳 is an
  empty end: it cannot settle the verdict, the ``weigh.mo_kong`` step says so and the rest of the 課 (the
  類神, the sum of the steps) decides.

Near miss: the same disagreement with a 末傳 that is not void still lets the 末傳 decide.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import data, judge
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]


def _void_of(day: str) -> set[str]:
    """The two branches the 旬 of *day* leaves without a stem (its 旬空)."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12  # the branch of the 甲 day that opens the 旬
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def _turned() -> list[tuple[str, bool, str, object]]:
    """Every chart of the sample whose 初傳 and 末傳 steps weigh opposite ways, with whether its 末傳 is
    void, the 末傳's effect and the judgment (no topic: the general judgment)."""
    out = []
    for day in DAYS[::3]:
        for yj in "子寅辰午申戌":
            for hour in "丑卯巳未酉亥":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                j = judge(chart, Question(None))
                eff = {s.key: s.effect for s in j.steps}
                if {eff["chu"], eff["mo"]} != {"+", "-"}:
                    continue
                void = BRANCHES[chart.san_chuan[2].branch] in _void_of(day)
                out.append((day, void, eff["mo"], j))
    return out


TURNED = _turned()


def test_a_void_end_does_not_decide() -> None:
    void = [t for t in TURNED if t[1]]
    assert len(void) >= 10, len(void)
    for day, _, _, j in void:
        keys = [s.key for s in j.steps]  # type: ignore[attr-defined]
        assert "weigh.mo_kong" in keys and "weigh.mo" not in keys, (day, keys)
        step = next(s for s in j.steps if s.key == "weigh.mo_kong")  # type: ignore[attr-defined]
        assert step.effect == "=" and step.facts["branch"] in _void_of(day)
    # where the rest of the 課 weighs the other way, the verdict is not the 末傳's side
    assert any(
        j.verdict.word.polarity != ("good" if mo == "+" else "bad")  # type: ignore[attr-defined]
        for _, _, mo, j in void
    )


def test_near_miss_an_end_that_is_not_void_decides() -> None:
    full = [t for t in TURNED if not t[1]]
    assert len(full) >= 40, len(full)
    for day, _, mo, j in full:
        keys = [s.key for s in j.steps]  # type: ignore[attr-defined]
        assert "weigh.mo_kong" not in keys, (day, keys)
        if "weigh.lei_hurt" in keys or "weigh.mo_zhe" in keys:
            continue  # a void 中傳 stops the end too (tests/liuren/test_judgment_round12.py)
        assert "weigh.mo" in keys
        assert j.verdict.word.polarity == ("good" if mo == "+" else "bad")  # type: ignore[attr-defined]


def test_the_step_is_cited_and_worded() -> None:
    d = data().steps["weigh.mo_kong"]
    assert d.weight == 0
    assert any("空亡" in s for s in d.src) and any("心印賦" in s for s in d.src)
    assert set(d.text) >= {"ko", "zh-Hant", "en"} and all("{branch}" in t for t in d.text.values())
