"""The order of the 六爻 應期 where several conditions of the 用神 hold at once (issue 27, round 8), each on
a constructed chart where the rule decides the order and a near miss where it does not. The branches are
worked out here from the rule's statement with this file's own tables (沖, 合, 長生, 墓, 三合), never taken
from the judge; a candidate is recognised by its branch and the words of its reason.

* 〈應期章〉 動而逢值 with 〈六合章〉 合住待沖: a moving 用神 that the day binds (日合) has its 合 already —
  the day itself —, so after the clash that frees it comes its own branch, then the bond's.
* 〈應期章〉 衰待生旺 with 〈動散章〉: a moving 用神 weak in the month, clashed by the day, with no root in
  month or day and nothing lifting it (no moving 原神, no 回頭生, no 進神), waits for its 長生 before its
  own day.
* 〈應期章〉 動而逢值 with the cases of 〈隨鬼入墓章〉, 〈進神退神章〉 and 卷四〈舊宅章〉: a moving 用神 that
  changes into its tomb and is judged good comes on its own branch before the clash of that tomb.
* 〈應期章〉 with 《易冒》卷六's cases: a broken 用神 judged bad, not void, meets its fate when it is filled,
  then when the branch that breaks it comes again.
* 〈三合章〉: two moving members of the 用神's own frame, the 用神 among them, wait for the third even where a
  still line holds it (a still line does not join a frame).
"""

from __future__ import annotations

from typing import Any

from xuanheng import liuyao
from xuanheng.liuyao.judgment import judge
from xuanheng.reading.judgment import Question

BR = "子丑寅卯辰巳午未申酉戌亥"
HE = {a: b for a, b in ("子丑", "寅亥", "卯戌", "辰酉", "巳申", "午未")} | {
    b: a for a, b in ("子丑", "寅亥", "卯戌", "辰酉", "巳申", "午未")
}
_BY_ELEMENT = (("木", "寅卯"), ("火", "巳午"), ("土", "辰戌丑未"), ("金", "申酉"), ("水", "亥子"))
ELEMENT = {b: e for e, bs in _BY_ELEMENT for b in bs}
#: 長生 and 墓 of each element (《增刪卜易》〈生旺墓絕章〉: 土 with 水)
SHENG = {"木": "亥", "火": "寅", "金": "巳", "水": "申", "土": "申"}
TOMB = {"木": "未", "火": "戌", "金": "丑", "水": "辰", "土": "辰"}
FRAMES = {"水": "申子辰", "木": "亥卯未", "火": "寅午戌", "金": "巳酉丑"}


def _clash(b: str) -> str:
    return BR[(BR.index(b) + 6) % 12]


def _judge(
    lines: str, day: str, month: str, topic: str, about: str = "自己"
) -> tuple[Any, Any, list[tuple[str, str]]]:
    c = liuyao.cast(day=day, month=month, lines=lines)
    j = judge(c, Question(topic, about))
    return c, j, [(y.branch, y.why.get("en")) for y in j.ying_qi]


def _line(c: Any, j: Any) -> Any:
    return c.lines[j.focus.position - 1]


def test_a_moving_yong_shen_the_day_binds_comes_on_its_own_day_after_the_clash() -> None:
    """797777 on 乙亥 in the 寅 month, money: the 用神 妻財寅 moves and the 亥 day combines with it (寅亥),
    so its 合 is the day itself: first the clash that frees it (申), then its own day 寅, the bond's 亥
    after. Near miss, on 丙子 (no 合, no clash): a moving line comes at its 合 first, then its own day."""
    c, j, ying = _judge("797777", "乙亥", "寅", "財")
    x = j.focus.branch
    assert x == "寅" and _line(c, j).moving and HE[x] == "亥" and j.verdict.word.polarity == "good"
    assert [b for b, _ in ying[:3]] == [_clash(x), x, HE[x]]
    assert "binds" in ying[1][1]
    c2, j2, near = _judge("797777", "丙子", "寅", "財")
    assert j2.focus.branch == x and BR[c2.ri_chen] not in (HE[x], _clash(x))
    assert [b for b, _ in near[:2]] == [HE[x], x] and not any("binds" in w for _, w in near)


def test_a_weak_moving_yong_shen_clashed_by_the_day_with_nothing_to_lift_it_waits_for_its_birth() -> None:
    """786777 on 甲戌 in the 酉 month, money: the 用神 妻財辰 (earth) moves, weak in the 酉 month (metal
    drains earth), clashed by the 戌 day, nothing moving to feed it and its change (子) neither feeds it
    nor advances: after its 合 (酉), its 長生 申 before its own day 辰. Near miss, the 午 month (fire
    feeds earth: a root): its 合, then its own day, and no birth waited for."""
    c, j, ying = _judge("786777", "甲戌", "酉", "財")
    x = j.focus.branch
    ln = _line(c, j)
    assert x == "辰" and ln.moving and _clash(x) == BR[c.ri_chen] and not ln.state.you_qi
    assert sum(1 for other in c.lines if other.moving) == 1  # the 用神 alone moves: no 原神 lifts it
    e = ELEMENT[x]
    assert [b for b, _ in ying[:3]] == [HE[x], SHENG[e], x]
    assert "gains strength" in ying[1][1]
    _, j2, near = _judge("786777", "甲戌", "午", "財")
    assert j2.focus.branch == x and j2.verdict.word.polarity == "good"
    assert [b for b, _ in near[:2]] == [HE[x], x]
    assert SHENG[e] not in [b for b, _ in near]


def test_a_moving_yong_shen_changed_into_its_tomb_comes_on_its_own_branch_first() -> None:
    """789887 on 乙亥 in the 酉 month, money: the 用神 妻財亥 (water) moves and changes into 辰, the tomb of
    water, and is judged good: its own branch 亥 first, the clash of the tomb (戌) after. The near miss,
    a still 用神 in the tomb the day lays on it, is the next test."""
    c, j, ying = _judge("789887", "乙亥", "酉", "財")
    x = j.focus.branch
    ln = _line(c, j)
    assert x == "亥" and ln.moving and BR[ln.bian.branch] == TOMB[ELEMENT[x]]
    assert j.verdict.word.polarity == "good"
    assert [b for b, _ in ying[:2]] == [x, _clash(TOMB[ELEMENT[x]])]


def test_a_still_yong_shen_in_the_days_tomb_keeps_the_clash_of_the_tomb_first() -> None:
    """The near miss of the rule above: a still 用神 in the tomb the day lays on it (日墓) is not moved;
    found by sweeping one hexagram over the days of its tomb, its first time is the clash of the tomb."""
    seen = 0
    for lines in ("788887", "877877", "878878", "787787"):
        for day in ("甲辰", "丙辰", "戊辰", "庚辰", "壬辰", "乙未", "丁未", "己丑", "辛丑", "甲戌", "丙戌"):
            for month in "寅巳申亥":
                c, j, ying = _judge(lines, day, month, "財")
                if j.focus.position is None or j.verdict.word.polarity == "bad":
                    continue
                ln = _line(c, j)
                x = j.focus.branch
                if ln.moving or ln.an_dong or TOMB[ELEMENT[x]] != BR[c.ri_chen] or x == BR[c.ri_chen]:
                    continue
                if ln.state.kong or ln.state.yue_po or (ln.state.ri_he and not ln.state.ri_chong):
                    continue
                branches = [b for b, _ in ying]
                tomb_clash = _clash(BR[c.ri_chen])
                assert tomb_clash in branches
                if x in branches:
                    assert branches.index(tomb_clash) < branches.index(x), (lines, day, month)
                seen += 1
    assert seen > 3


def test_a_frame_of_two_movers_waits_for_its_third_on_a_still_line() -> None:
    """797977 on 甲子 in the 丑 month, office: the 用神 官鬼午 (fire) moves, and so does 寅 of its own frame
    寅午戌; the 戌 stands on a still line, neither the day nor the month: the frame waits for 戌. Near miss,
    777977 on 丙寅 (the 寅 line still, the day 寅): one moving member with the day is not two movers, and
    the 戌 on a still line is not waited for."""
    c, j, ying = _judge("797977", "甲子", "丑", "官")
    x = j.focus.branch
    assert x == "午" and _line(c, j).moving and j.verdict.word.polarity != "bad"
    moving = {BR[ln.yao.branch] for ln in c.lines if ln.moving}
    third = [m for m in FRAMES["火"] if m not in moving]
    assert moving >= {"寅", "午"} and third == ["戌"]
    assert any(BR[ln.yao.branch] == "戌" and not ln.moving for ln in c.lines)
    assert BR[c.ri_chen] != "戌" and BR[c.yue_jian] != "戌"
    assert any(b == "戌" and "completes" in w for b, w in ying)
    c2, j2, near = _judge("777977", "丙寅", "丑", "官")
    assert j2.focus.branch == x and j2.verdict.word.polarity != "bad" and BR[c2.ri_chen] == "寅"
    assert {BR[ln.yao.branch] for ln in c2.lines if ln.moving} == {"午"}
    assert any(BR[ln.yao.branch] == "戌" and not ln.moving for ln in c2.lines)
    assert not any("completes" in w for _, w in near)


def _void(day: str) -> set[str]:
    """The two void branches of a day's 旬: the ten days from 甲 leave two branches out."""
    head = (BR.index(day[1]) - "甲乙丙丁戊己庚辛壬癸".index(day[0])) % 12
    return {BR[(head + 10) % 12], BR[(head + 11) % 12]}


def test_a_broken_yong_shen_judged_bad_meets_its_breaker_second() -> None:
    """〈應期章〉 with 《易冒》卷六〈疾病章〉 and 〈身命章〉: 778787 on 甲子 in the 亥 month, a parent's
    illness: the 用神 父母巳 (fire) is still, broken by the 亥 month, not void, and judged bad: the harm
    falls when it is filled (巳), then when its breaker (亥) comes again, before its tomb (戌). Near miss,
    on 丙申 (巳 void as well): a void line waits to be filled, and the breaker is not put second."""
    c, j, ying = _judge("778787", "甲子", "亥", "病", "父母")
    x = j.focus.branch
    ln = _line(c, j)
    assert x == "巳" and not ln.moving and _clash(x) == BR[c.yue_jian] and x not in _void("甲子")
    assert j.verdict.word.polarity == "bad"
    assert [b for b, _ in ying[:3]] == [x, _clash(x), TOMB[ELEMENT[x]]]
    assert "breaks it" in ying[1][1]
    _, j2, near = _judge("778787", "丙申", "亥", "病", "父母")
    assert j2.focus.branch == x and x in _void("丙申") and j2.verdict.word.polarity == "bad"
    assert near[0][0] == x and not any("breaks it" in w for _, w in near)
