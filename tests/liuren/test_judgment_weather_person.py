"""The weather is read on its own 類神 whoever it is asked for (issue 28, lr-verdict6).

《大六壬指南》〈占天時〉 reads rain and the clear sky on their 類神 alone (rain: 亥 子 and 玄武; the clear
sky: 巳 午 and 朱雀); the weather does not change with the person who asks or for whom. Before, a weather
question asked for another person (``about = 他人``, as 《壬占彙選》's hx-159 and hx-181 are) read that
person's 類神, the day branch, as if the rain were the other party.

Re-derived here on the 720 課 (the 月將 子 over each hour) from the statement, not from the judge: the 類神
of rain is the first of the three 傳 whose branch is 亥 or 子, else the first whose 天將 is 玄武, else the
same in the four 課 (a branch before a 天將), else the branch 玄武 rides on the 天盤. Asked for oneself or
for another person the focus is that branch. Near miss: a question of money asked for another person still
reads the person's 類神 (the day branch, 支為彼), not money's.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]


def rain_branch(chart: liuren.LiuRenChart, wanted: set[str], jiang: str) -> str:
    """The 類神 of the weather by the statement above, on the printed 三傳, 四課 and 天將."""
    chuan = [BRANCHES[x.branch] for x in chart.san_chuan]
    ke = [BRANCHES[k.upper] for k in chart.si_ke]

    def on(b: str) -> str:
        from xuanheng.core.guiren import TIAN_JIANG

        return TIAN_JIANG[chart.jiang_on[BRANCHES.index(b)]]

    for places in (chuan, ke):
        by_branch = [b for b in places if b in wanted]
        if by_branch:
            return by_branch[0]
        by_jiang = [b for b in places if on(b) == jiang]
        if by_jiang:
            return by_jiang[0]
    return next(b for b in BRANCHES if on(b) == jiang)


def test_rain_asked_for_another_person_reads_the_rain() -> None:
    moved = 0
    for day in DAYS:
        for hour in range(0, 12, 3):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour])
            want = rain_branch(chart, {"亥", "子"}, "玄武")
            own = judge(chart, Question("天時", "自己"))
            other = judge(chart, Question("天時", "他人"))
            assert own.focus.branch == want, (day, hour, own.focus.branch, want)
            assert other.focus.branch == want, (day, hour, other.focus.branch, want)
            clear = judge(chart, Question("晴", "他人"))
            assert clear.focus.branch == rain_branch(chart, {"巳", "午"}, "朱雀")
            # near miss: money asked for another person reads the person (the spirit on the day branch)
            money = judge(chart, Question("財", "他人"))
            zhi = BRANCHES[chart.zhi_shang]
            assert money.focus.branch == zhi
            moved += want != zhi
    assert moved > 50  # the two readings differ on many 課: the test can tell them apart
