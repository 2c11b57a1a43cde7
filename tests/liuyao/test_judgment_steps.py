"""How many steps the 六爻 judgment states (issue 27 item 5: one verdict "with 3–8 steps").

Every judgment states at least the month, the day and the 用神's motion (or its hiding), and at most
:data:`~xuanheng.liuyao.judgment.MAX_STEPS`; the cut changes what is said, never what is concluded: the
verdict, the 用神 and the 應期 are those of the same judgment with every step kept (``untrimmed``, the
switch used only for measuring), and a dropped step stays findable in the commentary (``step:<key>``)."""

from __future__ import annotations

import itertools

import pytest

from xuanheng import liuyao
from xuanheng.liuyao.judgment import MAX_STEPS, judge, judge_settled, untrimmed
from xuanheng.reading.judgment import Question

INSTANTS = ("2026-12-08T09:06", "2026-05-17T15:40")
QUESTIONS = (Question("財", "自己"), Question("官", "自己"), Question("病", "父母"), Question(None, "自己"))
MONTH_AND_DAY = ("month.", "day.")
MOTION = ("hua.", "mover.", "dong.", "sanhe", "xing.", "fu.")


def _pairs(at: str, q: Question):  # type: ignore[no-untyped-def]
    for values in itertools.product("6789", repeat=6):
        c = liuyao.cast(at, tz="Asia/Seoul", lines="".join(values))
        j, settled = judge_settled(c, q)
        with untrimmed():
            u, _ = judge_settled(c, q)
        yield "".join(values), j, u, settled


@pytest.mark.parametrize("at", INSTANTS)
@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: f"{q.topic}-{q.about}")
def test_every_judgment_states_three_to_eight_steps_and_the_cut_changes_no_conclusion(
    at: str, q: Question
) -> None:
    cut = 0
    for lines, j, u, settled in _pairs(at, q):
        keys = [s.key for s in j.steps]
        assert 3 <= len(keys) <= MAX_STEPS == 8, (lines, keys)
        # the month, the day and what moves (or the hiding) are each stated
        assert any(k.startswith("month.") for k in keys), (lines, keys)
        assert any(k.startswith("day.") for k in keys), (lines, keys)
        assert any(k.startswith(MOTION) for k in keys), (lines, keys)
        # the conclusion of the cut judgment is the untrimmed one's
        assert (j.verdict, j.focus, j.ying_qi) == (u.verdict, u.focus, u.ying_qi), lines
        # the kept steps are the untrimmed ones in their order; the dropped ones are in the commentary
        it = iter(u.steps)
        assert all(any(s == x for x in it) for s in j.steps), lines
        dropped = [s.key for s in u.steps if s not in j.steps]
        assert set(dropped) <= {c.removeprefix("step:") for c in j.commentary if c.startswith("step:")}, lines
        if len(u.steps) > MAX_STEPS:
            cut += 1
            assert len(j.steps) == MAX_STEPS, lines
            # the step the verdict's reason comes from is never dropped
            if settled:
                assert settled in keys, (lines, settled)
        else:
            assert j.steps == u.steps and not any(c.startswith("step:") for c in j.commentary), lines
    assert cut > 100  # the cut is exercised


def test_the_money_question_on_cui_turning_into_guai_states_the_day_and_the_motion() -> None:
    """Lines 666778 (萃, three moving yin lines below: 夬) cast at 2026-12-08 09:06 in Seoul (a 子 month, a 辰
    day): asking for money, the 妻財 卯 on the second line is the 用神; it moves and turns into 辰. Wood and
    earth: the day 辰 is earth, which wood overcomes, so the day neither feeds nor harms the 卯, nor does its
    change into 辰 (the 卯 overcomes what it turns into). 未 moves too: 卯 and 未 of the 亥卯未 wood frame
    move, 亥 stands only on a still line (the fourth), which joins no frame — the first 應期 waits for 亥,
    and the frame it waits for must be stated. The month 子 (water)
    feeds the wood: that step was the only one before."""
    c = liuyao.cast("2026-12-08T09:06", tz="Asia/Seoul", lines="666778")
    assert (c.yue_jian, c.ri_chen) == (0, 4)  # 子 month, 辰 day
    j = judge(c, Question("財"))
    assert (j.focus.liu_qin, j.focus.branch) == ("妻財", "卯")
    by_key = {s.key: s for s in j.steps}
    assert "month.wang" in by_key
    day = by_key["day.none"]
    assert day.effect == "=" and day.facts["day"] == "辰"
    assert "辰" in day.text.get("zh-Hant") and "卯" in day.text.get("en")
    hua = by_key["hua.none"]
    assert hua.effect == "=" and hua.facts["bian"].endswith("辰")
    frame = by_key["sanhe.que"]
    assert frame.facts["branches"] == "亥卯未" and frame.facts["waits"] == "亥"
    assert j.ying_qi[0].branch == "亥"
    assert 3 <= len(j.steps) <= 8
    for s in j.steps:
        for lang in ("ko", "zh-Hant", "zh-Hans", "en"):
            assert s.text.get(lang) and "{" not in s.text.get(lang), (s.key, lang)


def test_a_still_yong_shen_nothing_acts_on_is_said_to_be_still() -> None:
    """乾 (777777, no moving line) asked about money on a 丙寅 day in a 子 month: the 妻財 寅 of the second
    line is still and nothing moves: the motion step says so. With the top line moving (777779) the mover is
    戌, earth, which wood overcomes: it neither feeds nor overcomes the 寅, so the 寅 is still said to be
    untouched. With the first line moving (977777) the mover is 子, water, which feeds the wood: a 原神
    moves (its force spent or not, it is stated), and the stillness is not stated."""
    for lines, still in (("777777", True), ("777779", True), ("977777", False)):
        c = liuyao.cast(day="丙寅", month="子", lines=lines)
        with untrimmed():
            j = judge(c, Question("財"))
        assert (j.focus.liu_qin, j.focus.branch, j.focus.position) == ("妻財", "寅", 2), lines
        keys = {s.key for s in j.steps}
        assert ("dong.still" in keys) == still, (lines, keys)
        fed = any(k.startswith("mover.sheng") for k in keys)  # with force or without: it is stated
        assert fed == (lines == "977777"), (lines, keys)
