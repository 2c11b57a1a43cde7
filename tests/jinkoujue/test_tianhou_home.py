"""Option ``tianhou_home``: 天后 on 子 and 玄武 on 亥 (default, the 大六壬 table) or 天后 on 亥 and 玄武 on 子
(the 金口訣 tools). Oracles: the reference tool's printed 貴神 (its 干支 and name) on three casts, and the
rule statement (the 貴神's stem by 五子元遁 onto its home, its 陰陽 by the home)."""

from __future__ import annotations

import random

import pytest

from xuanheng.core.ganzhi import SIXTY, STEMS
from xuanheng.jinkoujue import cast

ZHI = "子丑寅卯辰巳午未申酉戌亥"
#: 五子元遁: the stem of 子 for 甲己, 乙庚, 丙辛, 丁壬, 戊癸 days
ZI_STEM = {
    "甲": "甲",
    "己": "甲",
    "乙": "丙",
    "庚": "丙",
    "丙": "戊",
    "辛": "戊",
    "丁": "庚",
    "壬": "庚",
    "戊": "壬",
    "癸": "壬",
}

# the tool's 貴神 (元亨利貞網, 月將 at the 節): 2026-04-04 22:50 and 2026-03-20 23:00, 地分 申, 夜
TOOL = [
    (
        dict(day="戊申", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False),
        "癸亥",
        "天后",
    ),
    (
        dict(day="甲午", hour="子", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False),
        "乙亥",
        "天后",
    ),
]


@pytest.mark.parametrize(("coords", "ganzhi", "jiang"), TOOL)
def test_tool_places_tianhou_on_hai(coords: dict[str, object], ganzhi: str, jiang: str) -> None:
    c = cast(difen="申", options={"tianhou_home": "hai"}, **coords)  # type: ignore[arg-type]
    assert c.gui_shen.name == jiang
    assert STEMS[c.gui_shen.stem or 0] + ZHI[c.gui_shen.branch or 0] == ganzhi
    assert c.gui_shen.yin  # 亥 is a yin branch (the tool prints 水-)
    d = cast(difen="申", **coords)  # type: ignore[arg-type]
    assert d.gui_shen.name == jiang and ZHI[d.gui_shen.branch or 0] == "子" and not d.gui_shen.yin


def _home(name: str, option: str) -> str:
    homes = {"貴人": "丑", "螣蛇": "巳", "朱雀": "午", "六合": "卯", "勾陳": "辰", "青龍": "寅", "天空": "戌"}
    homes |= {"白虎": "申", "太常": "未", "玄武": "亥", "太陰": "酉", "天后": "子"}
    if option == "hai":
        homes |= {"天后": "亥", "玄武": "子"}
    return homes[name]


@pytest.mark.parametrize("option", ["zi", "hai"])
def test_stem_and_yin_yang_follow_the_home(option: str) -> None:
    rng = random.Random(13)
    for _ in range(600):
        day = SIXTY[rng.randrange(60)].name
        c = cast(
            day=day,
            hour=rng.randrange(12),
            month_branch=rng.randrange(12),
            year="丙午",
            yue_jiang=rng.randrange(12),
            is_day=rng.random() < 0.5,
            difen=rng.randrange(1, 13),
            options={"tianhou_home": option},
        )
        home = _home(c.gui_shen.name, option)
        assert ZHI[c.gui_shen.branch or 0] == home
        stem = (STEMS.index(ZI_STEM[day[0]]) + ZHI.index(home)) % 10
        assert c.gui_shen.stem == stem
        assert c.gui_shen.yin == (ZHI.index(home) % 2 == 1)
        assert c.gui_shen.element == 4 if c.gui_shen.name in ("天后", "玄武") else True


def test_yong_yao_follows_the_home() -> None:
    """With the 陰陽 of the 貴神 moved, the lone-陰陽 用爻 moves with it on some casts."""
    changed = 0
    for d in range(60):
        for h in range(12):
            kw = dict(day=SIXTY[d].name, hour=h, month_branch="寅", year="丙午", yue_jiang="亥", is_day=True)
            a = cast(difen=1, **kw)  # type: ignore[arg-type]
            b = cast(difen=1, options={"tianhou_home": "hai"}, **kw)  # type: ignore[arg-type]
            if a.gui_shen.name in ("天后", "玄武"):
                changed += a.yong_yao != b.yong_yao
            else:
                assert a.yong_yao == b.yong_yao
    assert changed > 0
