"""病人見馬: the day's 驛馬 as 發用 in a question of illness settles the verdict bad (issue 28, lr-verdict4).

The rule (《大六壬指南》卷三〈六壬會纂占驗指南〉〈疾病章〉: the verse warns of 虎鬼 riding the 驛馬, and its
占驗七 and 八 read a sick person who meets the 驛馬 at the head of the 傳 as one whose spirit sets out, who
does not rise again), re-derived here: the 驛馬 of the day branch is counted from its 三合 frame (申子辰 → 寅,
寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳), not read from the chart; where the 初傳 is that branch and the
question is one of illness, the judgment states ``bing.ma`` and settles *bad* (``weigh.bing_ma``) whatever
else helps.

Near misses: the same 課 asked about money; a 課 of illness whose 驛馬 is the 中傳 or the 末傳 only.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import data, judge
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]
#: the 驛馬 of each day branch, by its 三合 frame
MA = {
    b: m
    for frame, m in (("申子辰", "寅"), ("寅午戌", "申"), ("巳酉丑", "亥"), ("亥卯未", "巳"))
    for b in frame
}


def _sample() -> list[tuple[str, object, list[str]]]:
    out = []
    for day in DAYS[::2]:
        for yj in "子卯午酉":
            for hour in "寅巳申亥丑":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                out.append((day, chart, [BRANCHES[c.branch] for c in chart.san_chuan]))
    return out


SAMPLE = _sample()


def test_the_horse_leading_an_illness_settles_bad() -> None:
    fired = 0
    for day, chart, chuan in SAMPLE:
        if chuan[0] != MA[day[1]]:
            continue
        for about in ("自己", "父母", "他人"):
            j = judge(chart, Question("病", about))  # type: ignore[arg-type]
            keys = [s.key for s in j.steps]
            assert "bing.ma" in keys and keys[-1] in ("weigh.bing_ma", "weigh.lei_hurt"), (day, keys)
            assert j.verdict.word.polarity == "bad", (day, about, keys)
            step = next(s for s in j.steps if s.key == "bing.ma")
            assert step.effect == "-" and step.facts["branch"] == MA[day[1]]
        fired += 1
    assert fired >= 20, fired


def test_near_miss_money_or_the_horse_later_in_the_chain() -> None:
    other = later = 0
    for day, chart, chuan in SAMPLE:
        ma = MA[day[1]]
        if chuan[0] == ma:
            keys = [s.key for s in judge(chart, Question("財")).steps]  # type: ignore[arg-type]
            assert "bing.ma" not in keys and "weigh.bing_ma" not in keys
            other += 1
        elif ma in chuan[1:]:
            keys = [s.key for s in judge(chart, Question("病")).steps]  # type: ignore[arg-type]
            assert "bing.ma" not in keys and "weigh.bing_ma" not in keys
            later += 1
    assert other >= 20 and later >= 20, (other, later)


def test_the_steps_are_cited_and_worded() -> None:
    for key, weight in (("bing.ma", -2), ("weigh.bing_ma", 0)):
        d = data().steps[key]
        assert d.weight == weight
        assert any("大六壬指南" in s and "疾病" in s for s in d.src)
        assert set(d.text) >= {"ko", "zh-Hant", "en"}
