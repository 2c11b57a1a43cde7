"""A 土 line changing into 巳 is both fed back (巳 火 generates 土: 回頭生) and, with 土 born in 申 (the
default ``tu_changsheng`` shui), on 土's 絕. Issue 27 asks that one line never carry two contradictory
states. 覺子's note to 《增刪卜易》卷一〈生旺墓絕章〉 settles it: the 土 line is 絕 in 巳 only when it is 休囚
and nothing feeds or props it (neither the month, nor the day, nor a moving line); otherwise the 巳 feeds
it and it counts as 回頭生, not as 化絕.

The expectation is re-derived here from that statement with the test's own tables (which months make 土
旺 or 相, which elements feed or prop 土), over every one of the 4,096 line patterns in which such a change
occurs, on months and days chosen so that each branch of the rule is met."""

from __future__ import annotations

from itertools import product

import pytest

from xuanheng.liuyao import cast

#: 土 is 旺 in the four 土 months and 相 in the 火 months (巳 午): the 四時旺相 of the books
TU_STRONG_MONTHS = {"辰", "戌", "丑", "未", "巳", "午"}
#: what feeds (火) or props (土) a 土 line, by branch
FEEDS_OR_PROPS_TU = {"巳", "午", "辰", "戌", "丑", "未"}
TU = {"辰", "戌", "丑", "未"}
MONTHS = ("子", "午", "未", "申")  # 土 weak and unfed; 相 by the 火 month; 旺; weak (申 金 drains it)
DAYS = ("甲寅", "丙午", "戊辰", "庚申")  # overcomes 土; feeds it; props it; drains it


def _patterns() -> list[str]:
    """The line patterns (6/7/8/9 from 初爻 up) with a moving 土 line whose 變爻 is 巳."""
    out = []
    for values in product("6789", repeat=6):
        lines = "".join(values)
        if not any(v in "69" for v in lines):
            continue
        c = cast(day="甲子", month="子", lines=lines)
        if any(ln.moving and ln.bian is not None and _b(ln.yao.branch) in TU and _b(ln.bian.branch) == "巳"
               for ln in c.lines):  # fmt: skip
            out.append(lines)
    return out


def _b(branch: int) -> str:
    return "子丑寅卯辰巳午未申酉戌亥"[branch]


PATTERNS = _patterns()


def test_there_are_such_changes() -> None:
    assert len(PATTERNS) > 100, len(PATTERNS)


@pytest.mark.parametrize(("month", "day"), [(m, d) for m in MONTHS for d in DAYS])
def test_one_of_sheng_and_jue_by_the_note(month: str, day: str) -> None:
    checked = {"回頭生": 0, "化絕": 0}
    for lines in PATTERNS:
        c = cast(day=day, month=month, lines=lines)
        movers = [ln for ln in c.lines if ln.moving]
        for ln in movers:
            b = ln.bian
            assert b is not None
            assert not ("回頭生" in b.hua and "化絕" in b.hua), (lines, month, day, ln.yao.position)
            if not (_b(ln.yao.branch) in TU and _b(b.branch) == "巳"):
                continue
            helped = (
                month in TU_STRONG_MONTHS
                or day[1] in FEEDS_OR_PROPS_TU
                or any(_b(m.yao.branch) in FEEDS_OR_PROPS_TU for m in movers if m is not ln)
            )
            want = "回頭生" if helped else "化絕"
            assert want in b.hua, (lines, month, day, ln.yao.position, b.hua)
            assert b.hui_tou_sheng == helped and b.hua_jue == (not helped)
            checked[want] += 1
    if month in TU_STRONG_MONTHS or day[1] in FEEDS_OR_PROPS_TU:
        assert checked["回頭生"] > 0 and checked["化絕"] == 0
    else:
        assert checked["回頭生"] > 0 and checked["化絕"] > 0  # another mover helps in some, none in others


def test_fire_and_earth_option_has_no_such_conflict() -> None:
    """With 土 born in 寅 (option huo) 巳 is 土's 臨官, not its 絕: the change is 回頭生 alone."""
    lines = next(p for p in PATTERNS)
    c = cast(day="甲寅", month="子", lines=lines, tu_changsheng="huo")
    for ln in c.lines:
        if ln.moving and ln.bian is not None and _b(ln.yao.branch) in TU and _b(ln.bian.branch) == "巳":
            assert "回頭生" in ln.bian.hua and "化絕" not in ln.bian.hua
