"""財在鬼鄉: the 類神 of wealth standing over the day stem's 鬼 settles *bad* (issue 28, lr-verdict5).

The rule (《大六壬指南》卷一〈注釋心印賦〉: wealth in the home of the 鬼 brings news of gain without the joy;
the note reads the wealth turned into a 鬼, a misfortune), re-derived here from the five elements, not from
the judge: on the 720 課 (every day, the 月將 子 over each hour, so the 地盤 under a 天盤 branch *b* is
``b + hour``), a question whose 類神 is 妻財 (money) fires where the 類神's branch is of the element the day
stem overcomes and its seat of the element that overcomes the stem. There the 類神's step names the seat
(part ``lei.cai_gui``) and the judgment settles *bad* (``weigh.cai_gui``, or the white tiger's wound, which
settles first).

Near misses: the same 課 asked about office (the 類神 官鬼); a 妻財 類神 on a seat that is no 鬼; a 驛馬 that
happens to be of the 財 element under 出行 (a 類神 not of wealth: 邵彥和's sh-64 is such a case).
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

#: 五行 by stem and branch, written out (木 0 火 1 土 2 金 3 水 4)
STEM_EL = dict(zip(STEMS, (0, 0, 1, 1, 2, 2, 3, 3, 4, 4), strict=True))
BRANCH_EL = dict(zip(BRANCHES, (4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4), strict=True))
DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]


def _overcomes(a: int, b: int) -> bool:
    """木剋土, 土剋水, 水剋火, 火剋金, 金剋木."""
    return {0: 2, 2: 4, 4: 1, 1: 3, 3: 0}[a] == b


def _fires(day: str, hour: int, lei: str) -> bool:
    stem = STEM_EL[day[0]]
    seat = BRANCHES[(BRANCHES.index(lei) + hour) % 12]
    return _overcomes(stem, BRANCH_EL[lei]) and _overcomes(BRANCH_EL[seat], stem)


def test_wealth_over_the_ghost_settles_bad_and_near_misses_do_not() -> None:
    fired = quiet = 0
    for day in DAYS:
        for hour in range(12):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour])
            j = judge(chart, Question("財"))
            keys = [s.key for s in j.steps]
            want = _fires(day, hour, j.focus.branch)
            lei = j.steps[0]
            seat = lei.facts.get("cai_gui")
            assert (seat is not None) == want, (day, BRANCHES[hour], j.focus.branch, keys)
            if want:
                assert seat == BRANCHES[(BRANCHES.index(j.focus.branch) + hour) % 12]
                assert j.verdict.word.polarity == "bad", (day, hour, keys)
                assert keys[-1] in ("weigh.cai_gui", "weigh.lei_hurt"), keys
                assert any("心印賦" in x for x in lei.src) and "坐鬼鄉" in lei.text.get("zh-Hant")
                fired += 1
                # near miss: the same 課 asked about office reads another 類神 and never this sign
                office = judge(chart, Question("官")).steps
                assert office[0].facts.get("cai_gui") is None
                assert "weigh.cai_gui" not in [s.key for s in office]
            else:
                assert "weigh.cai_gui" not in keys
                quiet += 1
    assert fired >= 40 and quiet >= 300, (fired, quiet)


def test_a_horse_of_the_wealth_element_is_not_wealth() -> None:
    """出行's 類神 is the 驛馬: where it is of the 財 element and sits on the 鬼, the sign does not fire."""
    seen = 0
    for day in DAYS:
        for hour in range(12):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour])
            j = judge(chart, Question("出行"))
            if _fires(day, hour, j.focus.branch):
                assert "weigh.cai_gui" not in [s.key for s in j.steps]
                assert all(s.facts.get("cai_gui") is None for s in j.steps)
                seen += 1
    assert seen >= 10, seen
