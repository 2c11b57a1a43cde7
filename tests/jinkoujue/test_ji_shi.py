"""忌時 and 桃花 of the 金口訣 chart against the widely used online tool (元亨利貞網 金口訣排盤).

The values below were read off sixteen of the tool's result pages (2026-03-10 … 2026-04-05, Beijing time,
月將 at the 節) as saved in a public fixture set; they are the tool's output, typed here as data. The tool
prints one 忌時 branch by the month and one by the day stem, and 桃花 by the day branch. The tables of the
rule (``jinkoujue/data/method.toml`` [ji_shi]) are re-derived below from their formulas.
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import SIXTY
from xuanheng.jinkoujue import cast
from xuanheng.jinkoujue.cast import ji_shi

ZHI = "子丑寅卯辰巳午未申酉戌亥"

# (day 干支, hour branch, month branch, the tool's 忌時 in its printed order, the tool's 桃花)
TOOL = [
    ("癸未", "亥", "卯", "子未", "子"),  # 2026-03-10 21:00
    ("壬辰", "亥", "卯", "子未", "酉"),  # 2026-03-19 21:00
    ("癸巳", "亥", "卯", "子未", "午"),  # 2026-03-20 21:00
    ("甲午", "子", "卯", "子酉", "卯"),  # 2026-03-20 23:00
    ("癸卯", "亥", "卯", "子未", "子"),  # 2026-03-30 21:00
    ("戊申", "亥", "卯", "子卯", "酉"),  # 2026-04-04 22:50 (seven casts: 地分 and 晝夜 varied)
    ("己酉", "子", "卯", "子卯", "午"),  # 2026-04-04 23:29
    ("己酉", "丑", "辰", "酉卯", "午"),  # 2026-04-05 02:40 (after 清明; 中氣 and 節 月將 alike)
    ("己酉", "午", "辰", "酉卯", "午"),  # 2026-04-05 12:07
]


@pytest.mark.parametrize(("day", "hour", "month", "ji", "tao"), TOOL)
def test_tool_casts(day: str, hour: str, month: str, ji: str, tao: str) -> None:
    c = cast(day=day, hour=hour, month_branch=month, year="丙午", yue_jiang="戌", is_day=False, difen="申")
    assert "".join(ZHI[b] for b in c.ji_shi) == ji
    hit = next(h for h in c.shensha if h.key == "tao_hua")
    assert hit.name == "桃花" and "".join(ZHI[b] for b in hit.branches) == tao
    j = c.to_json()
    assert j["ji_shi"] == list(ji)


def test_month_part_is_da_shi() -> None:
    """大時 (咸池 of the 月建): 正月(寅)卯, then backward through the 仲 — 子 酉 午 — month by month."""
    for k in range(12):
        month = (2 + k) % 12
        assert ji_shi(month, 0)[0] == (3 - 3 * k) % 12


def test_stem_part_is_the_season_of_death() -> None:
    """Each stem's element is 死 in the season ruled by the element that overcomes it (剋 = +2): that
    season's 仲 — 木 卯, 火 午, 金 酉, 水 子 — and 未 for 土 (季夏)."""
    season_branch = {0: 3, 1: 6, 2: 7, 3: 9, 4: 0}
    for stem in range(10):
        element = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4)[stem]
        killer = (element - 2) % 5
        assert ji_shi(2, stem)[1] == season_branch[killer], stem


def test_applies_when_the_hour_is_one_of_them() -> None:
    for d in range(0, 60, 11):
        for h in range(12):
            where = {"month_branch": "巳", "year": "丙午", "yue_jiang": "申", "is_day": True, "difen": 1}
            c = cast(day=SIXTY[d].name, hour=h, **where)  # type: ignore[arg-type]
            hit = next(x for x in c.shensha if x.key == "ji_shi")
            assert hit.applies == (h in c.ji_shi)
