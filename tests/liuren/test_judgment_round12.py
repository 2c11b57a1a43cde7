"""Round 12 of issue 28 (lr-verdict12): two rules the books state, kept by leave-one-file-out.

* **The weather on its 類神 alone.** 《大六壬指南》〈占天時〉 reads rain and the clear sky on their 類神
  (rain: 亥 子 and 玄武, 002-017 naming 登明 the master of rain; the clear sky: 巳 午 and 朱雀): where it
  shows in the 三傳 or the 四課 and is not void, the weather asked about comes; absent, or void
  (《六壬大全》卷一〈空亡〉: a void spirit brings nothing), it does not. The steps ``weigh.tian`` /
  ``weigh.tian_wu`` settle the verdict so. Before, the 類神's step was weighed with qualifiers that read the
  asker's fortune (an ominous 將 — 玄武 itself, the rain's own general —, 休囚 in the month), and most
  questions of rain read *bad*.
* **折腰 stops the 歸宿.** 《大六壬指南》卷一〈注釋心印賦〉 lets the 末傳 decide where the 發端 and the 歸宿
  point opposite ways; 《六壬大全》卷一〈三傳〉 has the matter pass from the 發端 through the 中傳 (移易) to
  the 歸宿. A void 中傳 breaks it halfway (the judge's ``zhong.kong`` step says so): the end is never reached,
  so it does not decide (``weigh.mo_zhe``, stated) and the rest of the 課 does. And where the rest adds up
  to good, the good is not reached: the matter breaks off at the void 中傳 (``weigh.zhe`` settles *bad*) —
  except where the 類神 is the harm itself (illness, a suit, theft: there a matter broken off is the harm
  broken off).

Re-derived here from the chart's printed 三傳, 四課 and 天將 and the 旬空 counted from the day (not from the
judge), and checked on book cases whose verdicts the rules turn.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren.judgment import data, judge, switched_off
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]


def _void_of(day: str) -> set[str]:
    """The two branches the 旬 of *day* leaves without a stem (its 旬空)."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def _shown(chart: liuren.LiuRenChart, wanted: set[str], jiang: str) -> str | None:
    """The weather's 類神 in 課傳 by the statement: the first 傳 of its branches, else the first 傳 its 天將
    rides, else the same in the four 課; None when it shows in neither."""
    chuan = [BRANCHES[x.branch] for x in chart.san_chuan]
    ke = [BRANCHES[k.upper] for k in chart.si_ke]

    def rides(b: str) -> str:
        return TIAN_JIANG[chart.jiang_on[BRANCHES.index(b)]]

    for places in (chuan, ke):
        for test in (lambda b: b in wanted, lambda b: rides(b) == jiang):
            found = [b for b in places if test(b)]
            if found:
                return found[0]
    return None


def test_the_weather_settles_on_its_leishen_over_the_720_ke() -> None:
    seen = {"good": 0, "bad": 0}
    for day in DAYS:
        for hour in BRANCHES:
            chart = liuren.cast(day=day, yue_jiang="子", hour=hour, month_branch="寅")
            for topic, wanted, jiang in (("雨", {"亥", "子"}, "玄武"), ("晴", {"巳", "午"}, "朱雀")):
                lei = _shown(chart, wanted, jiang)
                comes = lei is not None and lei not in _void_of(day)
                j = judge(chart, Question(topic))
                want = "good" if comes else "bad"
                assert j.verdict.word.polarity == want, (day, hour, topic, lei)
                key = "weigh.tian" if comes else "weigh.tian_wu"
                assert [s.key for s in j.steps if s.key.startswith("weigh.")] == [key], (day, hour, topic)
                seen[want] += 1
    assert seen["good"] >= 200 and seen["bad"] >= 200, seen


def test_rain_in_the_book_cases() -> None:
    # 《六壬存驗》〈比用課〉 (casebook cy-11): a 甲戌 day in the fifth month, 申 over 未 by day, a long
    # drought; the 三傳 辰 巳 午 are fire and earth, but 亥, the master of rain, stands in the third 課 and is
    # not void (the 旬 甲戌 leaves 申 and 酉 empty): the book promises rain the next day, and it came.
    chart = liuren.cast(day="甲戌", yue_jiang="申", hour="未", month_branch="午", year_branch="寅",
                        day_night="day")  # fmt: skip
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["辰", "巳", "午"]
    j = judge(chart, Question("雨", "他人"))
    assert j.verdict.word.polarity == "good"
    with switched_off("weigh.tian"):
        assert judge(chart, Question("雨", "他人")).verdict.word.polarity == "bad"
    # 《壬占彙選》卷之六〈己未日〉, from 王牧夫 (hx-181): a 己未 day in the fifth month, 申 over 未 by day,
    # clouds rising; an 八專 課 whose 三傳 are 未 申 申; 玄武 rides in the 四課, not void (the 旬 甲寅 leaves
    # 子 and 丑 empty): heavy rain and thunder that afternoon, as the book read.
    chart = liuren.cast(day="己未", yue_jiang="申", hour="未", month_branch="午", year_branch="申",
                        day_night="day")  # fmt: skip
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["未", "申", "申"]
    j = judge(chart, Question("天時", "他人"))
    assert j.verdict.word.polarity == "good"
    assert any(s.key == "weigh.tian" for s in j.steps)


def test_a_void_middle_stops_the_end_deciding() -> None:
    stopped = 0
    for day in DAYS[::2]:
        for yj in "子卯午酉":
            for hour in "丑辰未戌":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                chu, zhong, mo = (BRANCHES[x.branch] for x in chart.san_chuan)
                void = _void_of(day)
                j = judge(chart, Question(None))
                eff = {s.key: s.effect for s in j.steps}
                if {eff["chu"], eff["mo"]} != {"+", "-"} or mo in void:
                    continue
                broken = zhong in void and zhong not in (chu, mo)
                assert ("weigh.mo_zhe" in eff) == broken, (day, yj, hour)
                assert ("weigh.mo" in eff) != broken, (day, yj, hour)
                if broken:
                    stopped += 1
                    step = next(s for s in j.steps if s.key == "weigh.mo_zhe")
                    assert step.effect == "=" and step.facts["branch"] == zhong
    assert stopped >= 5, stopped


def test_the_visit_that_was_not_received() -> None:
    # 邵彥和《六壬斷案》〈出行訪謁〉 (casebook sh-64): a 庚辰 day in the tenth month (亥), 寅 over 午; a
    # scholar asks whether a Daoist will receive him. The 三傳 子 申 辰 (潤下): the 初傳 子 drains the day
    # stem 庚, the 末傳 辰 feeds it, but the 中傳 申 is void (the 旬 甲戌 leaves 申 and 酉 empty). The book
    # reads the matter as unfinished and the man not coming out; he was not received. With the end deciding,
    # the judge read good.
    chart = liuren.cast(day="庚辰", yue_jiang="寅", hour="午", month_branch="亥")
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["子", "申", "辰"]
    j = judge(chart, Question("出行"))
    assert j.verdict.word.polarity == "bad"
    assert any(s.key == "weigh.mo_zhe" and s.facts["branch"] == "申" for s in j.steps)
    with switched_off("weigh.mo_zhe"):
        assert judge(chart, Question("出行")).verdict.word.polarity == "good"


def test_a_void_middle_keeps_the_good_from_being_reached() -> None:
    stopped = 0
    for day in DAYS[::2]:
        for yj in "子卯午酉":
            for hour in "丑辰未戌":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                chu, zhong, mo = (BRANCHES[x.branch] for x in chart.san_chuan)
                broken = zhong in _void_of(day) and zhong not in (chu, mo)
                j = judge(chart, Question(None))
                keys = [s.key for s in j.steps]
                if broken:
                    assert j.verdict.word.polarity != "good", (day, yj, hour)
                assert ("weigh.zhe" in keys) == (
                    broken and j.verdict.word.polarity == "bad" and _good_without(chart)
                )
                stopped += "weigh.zhe" in keys
                # near miss: where the 類神 is the harm (illness, theft) a broken matter is no loss
                for topic in ("病", "盜"):
                    assert all(s.key != "weigh.zhe" for s in judge(chart, Question(topic)).steps), topic
    assert stopped >= 5, stopped


def _good_without(chart: liuren.LiuRenChart) -> bool:
    with switched_off("weigh.zhe"):
        return judge(chart, Question(None)).verdict.word.polarity == "good"


def test_the_life_that_ended_in_banishment() -> None:
    # 邵彥和《六壬斷案》〈終身〉 (casebook sh-41): a 甲午 day in the first month (寅) of a 己酉 year, 子 over
    # 卯; a man born in a 己巳 year, forty, asks about his life. The 三傳 申 巳 寅: the 初傳 申 is the day's
    # 鬼, the 末傳 寅 matches the stem, the spirits on the day, the branch and his 行年 all help — but the
    # 中傳 巳 is void (the 旬 甲午 leaves 辰 and 巳 empty). The book reads harm from within his own house; he
    # quarrelled with his brother and died in banishment. Before this round the 末傳 decided good, then the
    # sum did.
    chart = liuren.cast(day="甲午", yue_jiang="子", hour="卯", month_branch="寅", year_branch="酉",
                        birth_year=1089, year=1129, sex="male")  # fmt: skip
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["申", "巳", "寅"]
    j = judge(chart, Question("命"))
    assert j.verdict.word.polarity == "bad"
    assert any(s.key == "weigh.zhe" and s.facts["branch"] == "巳" for s in j.steps)
    with switched_off("weigh.zhe"):
        assert judge(chart, Question("命")).verdict.word.polarity == "good"


def test_the_steps_are_cited_and_worded() -> None:
    steps = data().steps
    for key in ("weigh.tian", "weigh.tian_wu", "weigh.mo_zhe", "weigh.zhe"):
        d = steps[key]
        assert d.weight == 0 and d.src
        assert set(d.text) >= {"ko", "zh-Hant", "en"}
    assert all(any("占天時" in s for s in steps[k].src) for k in ("weigh.tian", "weigh.tian_wu"))
    assert all(any("三傳" in s for s in steps[k].src) for k in ("weigh.mo_zhe", "weigh.zhe"))
