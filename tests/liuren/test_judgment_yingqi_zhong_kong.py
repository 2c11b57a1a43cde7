"""應期: a void 中傳 waits to be filled (liuren/judgment.py ``_ying_qi``; data/judgment.toml
``ying.zhong_kong``; issue 28, round 10b).

The rule, as stated (《六壬大全》卷一〈空亡〉): what is void waits until it is filled (填實, 出旬). The judge
already dates a void 類神, a void 末傳 and a void spirit on the day stem so; the 中傳 is read the same way,
after the void 末傳. 《壬占彙選》 dates cases by it: 卷之三〈戊子日〉 (郭御青's case, casebook hx-65) reads
the void 中傳 午 as the post that comes when 午 is filled, in the fifth month.

Re-derived here on the 720 課 (every day, the 月將 子 over each hour) asked without a topic (no 類神
candidate): the void is the day's 旬空 counted from the day's 干支 (003-135), not from the chart. Where the
中傳 is void (and is not also the 末傳, which the void 末傳 already dates), the candidate is there, first, or
after the void 末傳 (the 發用, lifted to second by ``_chu_second``, may stand between them); near misses, a
中傳 that is not void, never give it.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

FILLED = "空亡，待填實出旬"


def _void_of(day: str) -> set[str]:
    """The 旬空 of a day 干支: the 旬 starts on the 甲 day, ten days later two branches are left over."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def test_a_void_middle_transmission_is_dated_when_filled() -> None:
    hits = misses = 0
    for i in range(60):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        void = _void_of(day)
        for hour in BRANCHES:
            chart = liuren.cast(day=day, yue_jiang="子", hour=hour)
            chu, zhong, mo = (BRANCHES[c.branch] for c in chart.san_chuan)
            texts = [(y.branch, y.why.get("zh-Hant")) for y in judge(chart, Question(None)).ying_qi]
            mine = [b for b, t in texts if t.startswith(f"中傳{zhong}") and FILLED in t]
            if zhong in void and zhong != mo:
                hits += 1
                assert mine == [zhong], (day, hour, texts)
                got = [b for b, _ in texts]
                if mo in void:
                    assert got[0] == mo and zhong in got[1:3], (day, hour, texts)
                    if got[1] != zhong:
                        assert got[1] == chu, (day, hour, texts)
                else:
                    assert got[0] == zhong, (day, hour, texts)
            else:
                misses += 1
                assert not mine, (day, hour, texts)
    assert hits >= 50 and misses >= 500, (hits, misses)


def test_the_book_case_of_the_post_in_the_fifth_month() -> None:
    # 《壬占彙選》卷之三〈戊子日〉 (casebook hx-65): 戊子 day, 亥 將 over 酉, 三傳 辰午申; the 甲申 旬
    # leaves 午 and 未 void, so the 中傳 午 is void, and the book dates the post to the fifth month, when
    # 午 is filled.
    chart = liuren.cast(day="戊子", yue_jiang="亥", hour="酉", month_branch="寅", day_night="night")
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["辰", "午", "申"]
    assert _void_of("戊子") == {"午", "未"}
    j = judge(chart, Question("官", "他人"))
    first_two = [(y.branch, y.why.get("zh-Hant")) for y in j.ying_qi[:2]]
    assert ("午", "中傳午空亡，待填實出旬") in first_two, first_two
    assert all(y.unit == "month" for y in j.ying_qi)
