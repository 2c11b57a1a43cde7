"""Rules of the 六爻 judgment re-derived in the test from their statements, over many charts: each step
fires exactly where the rule's condition holds (computed here from the chart's own facts, not by the
judge), so that a rule that stops firing, or fires where it should not, fails.

* 三刑 complete on the 用神 (《增刪卜易》〈三刑章〉): the 用神's branch with the other two of 寅巳申 or 丑戌未
  among the day, the month, the moving lines and their changes.
* 化出用神: a 忌神 (a mover whose element overcomes the 用神's) that changes into the 用神's very branch
  harms nothing.
* the asker's 世 hurt (〈世應章〉, 〈求財章〉): for a thing sought by oneself with the 用神 on another line,
  a 世 overcome by its own change, broken by the month (still and unhelped), broken by the day, or truly
  void (weak, still, unhelped) is stated.
"""

from __future__ import annotations

import itertools

from xuanheng import liuyao
from xuanheng.core import wuxing
from xuanheng.liuyao.judgment import judge
from xuanheng.reading.judgment import Question

TRIADS = ({2, 5, 8}, {1, 10, 7})  # 寅巳申, 丑戌未 as branch indices
DAYS = ("甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "乙亥")
PATTERNS = ("987678", "878796", "696977", "789987", "966788", "778896", "887769", "699788", "798689")


def _charts():  # type: ignore[no-untyped-def]
    for lines, day, month in itertools.product(PATTERNS, DAYS, "子丑寅卯辰巳午未申酉戌亥"):
        yield liuyao.cast(day=day, month=month, lines=lines)


def test_san_xing_fires_exactly_when_the_three_are_complete() -> None:
    fired = 0
    for c in _charts():
        j = judge(c, Question("病"))
        if j.focus.position is None:
            continue
        b = c.lines[j.focus.position - 1].yao.branch
        have = {c.ri_chen, c.yue_jian} | {ln.yao.branch for ln in c.lines if ln.moving}
        have |= {ln.bian.branch for ln in c.lines if ln.bian is not None}
        want = any(b in t and (t - {b}) <= have for t in TRIADS)
        assert ("xing.san" in {s.key for s in j.steps}) == want, (c.ben.name, c.day, c.yue_jian)
        fired += want
    assert fired > 20


def _every_pattern(days: tuple[str, ...] = ("丙寅", "辛未"), months: str = "子巳"):  # type: ignore[no-untyped-def]
    for values in itertools.product("6789", repeat=6):
        for day, month in zip(days, months, strict=True):
            yield liuyao.cast(day=day, month=month, lines="".join(values))


def test_a_ji_shen_changing_into_the_yong_shen_does_not_harm_it() -> None:
    fired = 0
    for c in _every_pattern():
        j = judge(c, Question("財"))
        if j.focus.position is None:
            continue
        yong = c.lines[j.focus.position - 1].yao
        keys = [s.key for s in j.steps]
        want = sum(
            1
            for ln in c.lines
            if ln.moving
            and ln.yao.position != yong.position
            and wuxing.overcomes(ln.yao.element, yong.element)
            and ln.bian is not None
            and ln.bian.branch == yong.branch
        )
        assert keys.count("mover.hua_yong") == want, (c.ben.name, c.day, c.yue_jian)
        fired += want
    assert fired > 5


def test_the_askers_line_is_weighed_when_the_yong_shen_is_elsewhere() -> None:
    fired = 0
    for c in _charts():
        for topic in ("財", "病"):
            j = judge(c, Question(topic))
            sl = c.lines[c.ben.shi - 1]
            s = sl.state
            helped = s.ri_relation in ("生", "比和") or s.ri_chen
            hurt = (
                (sl.bian is not None and sl.bian.hui_tou_ke)
                or (s.yue_po and not helped and not sl.moving)
                or sl.ri_po
                or (s.kong and not s.you_qi and not sl.moving and not helped)
            )
            want = topic == "財" and j.focus.position != sl.yao.position and hurt
            assert ("shi.hurt" in {x.key for x in j.steps}) == want, (c.ben.name, c.day, c.yue_jian, topic)
            fired += want
    assert fired > 20
