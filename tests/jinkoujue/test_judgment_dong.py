"""The 動 a question asks for settles the 金口訣 verdict (issue 28, lr-verdict6).

《六壬神課金口訣》 (古本) 卷之上〈五動爻誦〉 states what each of the five 動 means for each kind of matter:
the 將神 overcoming the 貴神 is 財動, which favours seeking money (money sought is had); the 貴神 overcoming
the 人元 is 官動, which favours seeking office; 〈消息妙論〉 reads the 五動 for a matter's main sense. The
judge lets the 動 the kind of question asks for settle the verdict *good* after a bar (關 隔 鎖) and before
the 課's shape, unless a 動 that harms that question is present too (for money 賊動, the 貴神 overcoming the
將神, or 妻動, the 人元 overcoming the 地分).

Re-stated here on the printed positions with this file's own element tables (those of
tests/jinkoujue/test_judgment_shape.py), never the judge's: a constructed 課 where the rule must fire
(財動 under a 相克 課 that would otherwise settle *bad*), a near miss (the same 課 asked about illness,
which does not ask for 財動), and the whole sample.
"""

from __future__ import annotations

import pytest

from xuanheng import jinkoujue
from xuanheng.jinkoujue.judgment import judge
from xuanheng.reading.judgment import Question

from .test_judgment_shape import SAMPLE, asked_dong, bar_of, elements, overcomes, settling_shape


def test_the_casebook_money_ke_fires() -> None:
    """〈六十四課鈐〉 第三課 (the 廣益書局 text; casebook kl-03): 人元 壬, 貴神 天后 on 亥 (water), 將神 天罡
    (辰, earth), 地分 申 — the 將神 overcomes the 貴神 (財動), no 賊動 or 妻動; the 用爻 (the 貴神) is void
    and 囚, which alone would fail it. The book reads the 課 as money gained."""
    c = jinkoujue.cast(
        day="甲子", hour="亥", month_branch="午", year="甲子", yue_jiang="未", is_day=False, difen="申",
        options={"tianhou_home": "hai"},
    )  # fmt: skip
    els = elements(c)
    assert els == ("水", "水", "土", "金")
    assert asked_dong(els, "財")
    j = judge(c, Question("財"))
    assert j.verdict.word.polarity == "good"
    assert j.steps[-1].key == "weigh.dong"
    # near miss: the same 課 asked about illness does not ask for 財動; the 用爻 void and weak fails it
    j = judge(c, Question("病"))
    assert j.steps[-1].key != "weigh.dong"
    assert j.verdict.word.polarity == "bad"


def test_office_ke_fires_near_miss_money() -> None:
    """〈六十四課鈐〉 第二課 (kl-02): 人元 壬 under 天空 (earth) — 官動 — in a 課 bound mostly by 剋; asked
    about office it settles good, asked about money (no 財動: the 將神 寅 does not overcome the earth 貴神)
    the shape settles it bad."""
    c = jinkoujue.cast(
        day="乙巳", hour="辰", month_branch="丑", year="甲子", yue_jiang="子", is_day=True, difen="午"
    )
    els = elements(c)
    assert overcomes(els[1], els[0]) and settling_shape(els) == "bad" and bar_of(c) is None
    assert judge(c, Question("官")).steps[-1].key == "weigh.dong"
    assert judge(c, Question("官")).verdict.word.polarity == "good"
    assert not asked_dong(els, "財")
    assert judge(c, Question("財")).verdict.word.polarity == "bad"


@pytest.mark.parametrize("topic", ["財", "官", "科舉", "病", None])
def test_the_asked_dong_settles_good_after_the_bars(topic: str | None) -> None:
    fired = 0
    for c in SAMPLE:
        els = elements(c)
        keys = [s.key for s in judge(c, Question(topic)).steps]
        if bar_of(c) is None and asked_dong(els, topic):
            fired += 1
            assert keys[-1] == "weigh.dong", (c.calendar.day.name, c.di_fen.name, keys)
            assert judge(c, Question(topic)).verdict.word.polarity == "good"
        else:
            assert keys[-1] != "weigh.dong", (c.calendar.day.name, c.di_fen.name, keys)
    if topic in ("財", "官", "科舉"):
        assert fired >= 20, fired
    else:
        assert fired == 0
