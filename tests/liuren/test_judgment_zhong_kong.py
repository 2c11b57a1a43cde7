"""折腰: a void 中傳 breaks the matter halfway (liuren/judgment.py, data/judgment.toml ``zhong.kong``).

The rule, as stated (《六壬大全》卷一〈三傳〉 中傳為移易, 〈空亡〉): when the middle transmission is void
the matter does not carry through to its outcome; it weighs against as much as a 末傳 that overcomes the
day stem (2). The void is derived here from the day's 干支, not from the chart; a 中傳 that is not void,
or that repeats the 初傳 or the 末傳, gives no such step.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import data, judge
from xuanheng.reading.judgment import Question


def _void_of(day: str) -> set[str]:
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def test_void_middle_breaks_the_matter() -> None:
    broken = whole = 0
    for i in range(0, 60, 3):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        void = _void_of(day)
        for yj in "子寅辰午申戌":
            for hour in "丑卯巳未酉亥":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                chu, zhong, mo = (BRANCHES[c.branch] for c in chart.san_chuan)
                keys = {s.key: s for s in judge(chart, Question(None)).steps}
                if zhong in void and zhong not in (chu, mo):
                    broken += 1
                    assert keys["zhong.kong"].effect == "-", (day, yj, hour)
                else:
                    whole += 1
                    assert "zhong.kong" not in keys, (day, yj, hour)
    assert broken >= 20 and whole >= 200, (broken, whole)


def test_it_weighs_as_a_last_transmission_that_overcomes_the_day() -> None:
    d = data()
    assert d.steps["zhong.kong"].weight == d.relation["ke"]["mo"] == -2
