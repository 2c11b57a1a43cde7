"""How a judgment turns over time and a harm curbed (issue 28, branch lr-mixed; liuren/judgment.py).

Two rules, as the books state them, re-derived here from the day's 干支 and the elements (not from the
judge's own relation tables):

* **the 歸宿 decides** — 《大六壬指南》卷一〈注釋心印賦〉: a matter that begins badly and ends well ends in
  good (先凶後吉), one that begins well and ends badly ends in bad (始吉終凶); so where the step of the
  初傳 and the step of the 末傳 weigh opposite ways, the verdict is the 末傳's side, and a ``weigh.mo`` step
  says so. Only a 類神 wounded by a 傳 carrying 白虎 comes before it (what befalls the thing itself); a
  void 末傳 does not decide (tests/liuren/test_judgment_mo_kong.py), nor does one behind a void 中傳 (折腰:
  tests/liuren/test_judgment_round12.py).
* **制鬼** — 《畢法賦》第六十八法 and 〈心印賦〉 (a harm in the 傳 undone by what overcomes it): a 傳 whose
  element overcomes the day stem's (the 鬼, not void) and a 子孫 (the element the day stem generates, not
  void) in the 三傳 or on the day stem: the 子孫 overcomes the 鬼, and the step ``jiu.zhi_gui`` weighs for.
  Not where the 官鬼 is the 類神 of what is hoped for (office asked for oneself).
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import data, judge
from xuanheng.reading.judgment import Question

#: 五行 of the stems and branches, written out here (木 火 土 金 水)
STEM_EL = dict(zip(STEMS, "木木火火土土金金水水", strict=True))
BRANCH_EL = dict(zip(BRANCHES, "水土木木土火火土金金土水", strict=True))
#: what each element generates and what it overcomes
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(0, 60, 2)]


def _void_of(day: str) -> set[str]:
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def _charts():  # type: ignore[no-untyped-def]
    for day in DAYS:
        for yj in "子卯午酉":
            for hour in "丑辰未戌":
                yield day, liuren.cast(day=day, yue_jiang=yj, hour=hour)


def test_the_outcome_decides_where_beginning_and_end_disagree() -> None:
    turned = same = 0
    for day, chart in _charts():
        j = judge(chart, Question(None))
        steps = {s.key: s for s in j.steps}
        chu, mo = steps["chu"].effect, steps["mo"].effect
        if {chu, mo} == {"+", "-"}:
            if BRANCHES[chart.san_chuan[2].branch] in _void_of(day):
                continue  # a void 末傳 does not decide (tests/liuren/test_judgment_mo_kong.py)
            chu_b, zhong_b, mo_b = (BRANCHES[x.branch] for x in chart.san_chuan)
            if zhong_b in _void_of(day) and zhong_b not in (chu_b, mo_b):
                continue  # nor one behind a void 中傳 (tests/liuren/test_judgment_round12.py)
            turned += 1
            assert "weigh.mo" in steps, day
            assert j.verdict.word.polarity == ("good" if mo == "+" else "bad"), (day, chu, mo)
        else:
            same += 1
            assert "weigh.mo" not in steps, day
    assert turned >= 40 and same >= 100, (turned, same)


def test_a_ghost_first_and_a_parent_last_ends_well() -> None:
    """Built from the statement: 初傳 a 鬼 of the day, 末傳 its 父母 (feeds the day), neither void — where
    the steps weigh them that way (a 天將 or stage may tip one), the verdict is good; a 初傳 that helps
    (父母 or 財) and a 末傳 that is the 鬼, bad."""
    seen = {"good": 0, "bad": 0}
    for day, chart in _charts():
        stem_el, void = STEM_EL[day[0]], _void_of(day)
        chu, zhong, mo = (BRANCHES[c.branch] for c in chart.san_chuan)
        if chu in void or mo in void or chu == mo or (zhong in void and zhong not in (chu, mo)):
            continue
        ghost_first = OVERCOMES[BRANCH_EL[chu]] == stem_el and GENERATES[BRANCH_EL[mo]] == stem_el
        helps = GENERATES[BRANCH_EL[chu]] == stem_el or OVERCOMES[stem_el] == BRANCH_EL[chu]  # 父母, 財
        parent_first = helps and OVERCOMES[BRANCH_EL[mo]] == stem_el
        if not (ghost_first or parent_first):
            continue
        j = judge(chart, Question(None))
        steps = {s.key: s.effect for s in j.steps}
        want = ("-", "+") if ghost_first else ("+", "-")
        if (steps["chu"], steps["mo"]) != want:
            continue  # a qualifier turned one of them: not this case
        polarity = "good" if ghost_first else "bad"
        assert j.verdict.word.polarity == polarity, (day, chu, mo)
        seen[polarity] += 1
    assert seen["good"] >= 3 and seen["bad"] >= 3, seen


def test_a_wounded_leishen_still_comes_first() -> None:
    """The 類神 wounded by a 傳 carrying 白虎 (weigh.lei_hurt) is bad even where the end is good."""
    n = 0
    for _, chart in _charts():
        for item in ("羊", "狗", "馬", "雞"):
            j = judge(chart, Question("失物", item=item))
            keys = {s.key for s in j.steps}
            if "weigh.lei_hurt" in keys:
                n += 1
                assert j.verdict.word.polarity == "bad"
    assert n >= 3, n


def _curbed(day: str, chart: liuren.LiuRenChart) -> tuple[str, str] | None:
    """(鬼, 子孫) by the statement, or None."""
    stem_el, void = STEM_EL[day[0]], _void_of(day)
    chuan = [BRANCHES[c.branch] for c in chart.san_chuan]
    ghost = next((b for b in chuan if b not in void and OVERCOMES[BRANCH_EL[b]] == stem_el), None)
    places = [*chuan, BRANCHES[chart.gan_shang]]
    child = next((b for b in places if b not in void and BRANCH_EL[b] == GENERATES[stem_el]), None)
    if ghost is None or child is None:
        return None
    assert OVERCOMES[BRANCH_EL[child]] == BRANCH_EL[ghost]  # the child of the day masters its ghost
    return ghost, child


def test_a_ghost_curbed_by_a_child() -> None:
    held = free = 0
    for day, chart in _charts():
        want = _curbed(day, chart)
        j = judge(chart, Question(None))
        steps = {s.key: s for s in j.steps}
        if want is None:
            free += 1
            assert "jiu.zhi_gui" not in steps, day
            continue
        if "jiu.zhi_gui" not in steps:  # dropped only for length, as the least weighty steps are
            assert len(j.steps) >= 6, (day, [s.key for s in j.steps])
            continue
        held += 1
        step = steps["jiu.zhi_gui"]
        assert step.effect == "+"
        assert (step.facts["gui"], step.facts["zi"]) == want, day
    assert held >= 30 and free >= 100, (held, free)
    assert data().steps["jiu.zhi_gui"].weight == 1


def test_near_miss_no_child_or_office_hoped_for() -> None:
    """A 鬼 without a 子孫 (or with a void one) is not curbed; asked about office for oneself the 官鬼 is
    the hope, and a 子孫 against it is no rescue."""
    lone = 0
    for day, chart in _charts():
        stem_el, void = STEM_EL[day[0]], _void_of(day)
        chuan = [BRANCHES[c.branch] for c in chart.san_chuan]
        ghost = any(b not in void and OVERCOMES[BRANCH_EL[b]] == stem_el for b in chuan)
        if ghost and _curbed(day, chart) is None:
            lone += 1
            assert "jiu.zhi_gui" not in {s.key for s in judge(chart, Question(None)).steps}, day
        if _curbed(day, chart) is not None:
            assert "jiu.zhi_gui" not in {s.key for s in judge(chart, Question("官")).steps}, day
    assert lone >= 20, lone
