"""The office without its emolument: in a question of office (官) the day stem's 祿 void or fallen settles
*bad* (issue 28, lr-verdict8).

The rule (《大六壬指南》卷三〈六壬會纂占驗指南〉〈仕宦章〉, whose 占驗五 and 十二 read the 祿 void or
fallen as the post lost or soon left; 邵彥和《六壬斷案》〈前程仕進〉 reads a void 祿 as a post that cannot
be enjoyed),
re-derived here from its statement, not from the judge, on the 720 課 (every day, the 月將 子 over each
hour): the 祿 of the day stem (甲 寅, 乙 卯, 丙 and 戊 巳, 丁 and 己 午, 庚 申, 辛 酉, 壬 亥, 癸 子, written
out) is void when it is one of the two branches the day's 旬 does not reach, and fallen (落空) when the
地盤 branch under it is — with the 月將 子 over the hour, the 天盤 branch X stands over the hour's branch
moved on by X. Where it is either, the judgment states ``shi.lu`` and says *bad*, settled by
``weigh.shi_lu`` (or, before it, by the 類神's wound, which settles *bad* too).

Near misses: the same 課 asked about money (another chapter, no such sign); a question of office whose 祿
is neither void nor fallen.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

#: the 祿 of each stem
LU = dict(zip(STEMS, "寅卯巳午巳午申酉亥子", strict=True))


def _void_of(day: str) -> set[str]:
    """The 旬空 of a day 干支: the 旬 starts on the 甲 day, ten days later two branches are left over."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def test_a_void_or_fallen_emolument_settles_office_bad_and_near_misses_do_not() -> None:
    void_n = fallen_n = neither = 0
    for i in range(60):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        void = _void_of(day)
        lu = LU[day[0]]
        for hour in range(12):
            chart = liuren.cast(day=day, yue_jiang="子", hour=BRANCHES[hour])
            under = BRANCHES[(hour + BRANCHES.index(lu)) % 12]  # the 地盤 branch the 祿 stands over
            how = "空亡" if lu in void else "落空" if under in void else None
            j = judge(chart, Question("官"))
            keys = [s.key for s in j.steps]
            if how is not None:
                step = next(s for s in j.steps if s.key == "shi.lu")
                assert step.facts == {"branch": lu, "how": how} and step.effect == "-"
                assert any("仕宦章" in x for x in step.src)
                assert j.verdict.word.polarity == "bad", (day, hour, keys)
                assert keys[-1] in ("weigh.shi_lu", "weigh.lei_hurt"), (day, hour, keys)
                # near miss: the same 課 asked about money has no such sign
                money = [s.key for s in judge(chart, Question("財")).steps]
                assert "shi.lu" not in money and "weigh.shi_lu" not in money
                if how == "空亡":
                    void_n += 1
                else:
                    fallen_n += 1
            else:
                assert "shi.lu" not in keys and "weigh.shi_lu" not in keys, (day, hour, keys)
                neither += 1
    assert void_n >= 100 and fallen_n >= 100 and neither >= 400, (void_n, fallen_n, neither)
