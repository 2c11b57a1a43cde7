"""The traveller's horse: in a question of a traveller (行人) the day's 驛馬 in 課傳 settles *good* (issue 28,
lr-verdict7).

The rule (《大六壬指南》卷三〈六壬會纂占驗指南〉〈行人章〉, whose verse opens with the horses entering 課 or
傳 as the sign that the traveller comes), re-derived here from its statement, not from the judge: on the 720
課 (every day, the 月將 子 over each hour) the day branch's 驛馬 (申子辰 → 寅, 亥卯未 → 巳, 寅午戌 → 申,
巳酉丑 → 亥, written out) that stands among the 三傳 or the upper spirits of the 四課 and is not void in the
day's 旬 (the two branches after the 旬's tenth day, counted here) fires: the judgment states ``xing.ma``,
settles with ``weigh.xing_ma`` and says *good*.

Near misses: the same 課 asked about money (another chapter, no such sign); a 驛馬 in 課傳 that is void; a
行人 question whose 驛馬 is nowhere in 課傳.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]
#: the 驛馬 of a day branch, by its 三合 frame
HORSE = {**dict.fromkeys("申子辰", "寅"), **dict.fromkeys("亥卯未", "巳"), **dict.fromkeys("寅午戌", "申")}
HORSE.update(dict.fromkeys("巳酉丑", "亥"))


def _void(i: int) -> set[str]:
    """The two void branches of the 旬 of the day with index *i* of the sixty (甲子 0)."""
    first = i - i % 10  # the 旬's 甲 day
    return {BRANCHES[(first + 10) % 12], BRANCHES[(first + 11) % 12]}


def test_the_horse_in_ke_chuan_settles_a_traveller_good_and_near_misses_do_not() -> None:
    fired = void = absent = 0
    for i, day in enumerate(DAYS):
        for hour in range(12):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour])
            places = {BRANCHES[c.branch] for c in chart.san_chuan} | {BRANCHES[k.upper] for k in chart.si_ke}
            horse = HORSE[day[1]]
            j = judge(chart, Question("行人", "他人"))
            keys = [s.key for s in j.steps]
            want = horse in places and horse not in _void(i)
            assert ("xing.ma" in keys) == want, (day, BRANCHES[hour], horse, keys)
            if want:
                step = next(s for s in j.steps if s.key == "xing.ma")
                assert step.facts["branch"] == horse and step.effect == "+"
                assert any("行人章" in x for x in step.src)
                assert keys[-1] == "weigh.xing_ma" and j.verdict.word.polarity == "good", (day, hour, keys)
                # near miss: the same 課 asked about money has no such sign
                money = [s.key for s in judge(chart, Question("財")).steps]
                assert "xing.ma" not in money and "weigh.xing_ma" not in money
                fired += 1
            else:
                assert "weigh.xing_ma" not in keys
                if horse in places:
                    void += 1
                else:
                    absent += 1
    assert fired >= 100 and void >= 10 and absent >= 100, (fired, void, absent)
