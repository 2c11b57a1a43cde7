"""Round 11 of issue 28 (lr-verdict11): the adverse 《畢法賦》 法 inform without weighing.

Counted per casebook file (docs/liuren-judgment.md, round 11), the step ``bifa.bad`` — the first adverse 法
of 《六壬大全》(四庫本) 卷十一–卷十二《畢法賦》 that holds, weighed −1 until this round — is right (the book's
verdict *bad*) below its base rate in six of the seven files it fires in. It is now stated with weight 0: the
reader still sees the 法, the sum no longer counts it (dev 186 → 187/319, holdout 81 → 83/156).

Checked over the 720 課 (every day, the 月將 子 over each hour) for a question without a topic and one of
wealth: wherever the 法 is stated it weighs nothing (its effect ``=``), and the verdict is the one the judge
gives with the step not there at all; and on a book case whose verdict the weighed 法 turned *bad*.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge, switched_off
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]


def test_the_adverse_fa_weighs_nothing_over_the_720_ke() -> None:
    stated = 0
    for day in DAYS:
        for hour in range(12):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour], month_branch="寅")
            for q in (Question(None), Question("財")):
                j = judge(chart, q)
                bad = [s for s in j.steps if s.key == "bifa.bad"]
                for s in bad:
                    assert s.effect == "=", (day, hour, s)
                    assert s.facts["id"].startswith("bifa.") and any("畢法賦" in x for x in s.src)
                stated += bool(bad)
                with switched_off("bifa.bad"):
                    assert judge(chart, q).verdict.word.polarity == j.verdict.word.polarity, (day, hour, q)
                # the favourable 法 still weigh
                assert all(s.effect == "+" for s in j.steps if s.key == "bifa.good")
    assert stated >= 100, stated


def test_the_adverse_fa_in_the_book_case_of_the_harvest() -> None:
    # 《壬占彙選》卷之二〈癸未日〉, from 楚衍 (casebook hx-38): a 癸未 day in the first month (寅), 子 over
    # 申 by day; the magistrate of 雍邱 asks how the year's crops will do, and the book reads a half
    # harvest — wheat and hemp good, the other grain poor. The 三傳 酉 丑 巳 run through the 陰 branches
    # alone, the 法 of the six 陰 in a row (六陰相繼), which weighed against until this round; the 末傳 巳 is
    # the day's 財 and 相 in spring, 巳 feeds 丑 and 丑 feeds 酉 (三傳遞生, a favourable 法), and the 課 is
    # 六純. Without the adverse 法's weight the two sides stand even: mixed, as the book; with it the sum
    # read bad.
    chart = liuren.cast(day="癸未", yue_jiang="子", hour="申", month_branch="寅", year_branch="子",
                        day_night="day")  # fmt: skip
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["酉", "丑", "巳"]
    j = judge(chart, Question("農", "他人"))
    assert j.verdict.word.polarity == "mixed"
    assert all(s.effect != "-" for s in j.steps if s.key.startswith("bifa."))
