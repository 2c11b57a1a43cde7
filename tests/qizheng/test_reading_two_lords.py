"""The 格局 that name the lord of the 命 or of the 身 (身命升殿 ge-229, 身命殿垣 ge-276, 命主居福 ge-287,
命財起垣 ge-292) hold with either of its two lords: the 命's 宮主 (the lord of the 命宮's palace) or its 度主
(the 七曜 of the 命度's mansion), and the 身's 身主 or its 身度主 (the 七曜 of the Moon's mansion).

Statements (《張果星宗》卷十): 〈宮度主論〉 — where the 命 is set there is a palace lord and a degree lord,
two names read as one; 〈身度主論〉 — the 七曜 of the mansion the Moon stands in is the 身度主, weightier
than the 身主. The tables below are written from 卷一〈入門看法〉「宮」 (the palace lords) and 「度」 (each
mansion's 七曜), not taken from the code under test; each case builds a chart where only the degree lord
meets the condition (the palace lord does not) and a near miss that moves that one star.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.qizheng.test_reading_families import chart, fired, merged, xiu_case

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng.xiu import NAMES

#: 〈入門看法〉「宮」: each branch's palace lord
PALACE_LORD = dict(zip(BRANCHES, "土土木火金水日月水金火木", strict=True))
#: 〈入門看法〉「度」: the 七曜 of each mansion
MANSION_LORD = {
    **dict.fromkeys("角斗奎井", "木"),
    **dict.fromkeys("亢牛婁鬼", "金"),
    **dict.fromkeys("氐女胃柳", "土"),
    **dict.fromkeys("房虛昴星", "日"),
    **dict.fromkeys("心危畢張", "月"),
    **dict.fromkeys("尾室觜翼", "火"),
    **dict.fromkeys("箕壁參軫", "水"),
}
RULE = {"身命升殿": "ge-229", "身命殿垣": "ge-276", "命主居福": "ge-287", "命財起垣": "ge-292"}


def lords(c: Any) -> dict[str, str]:
    """The four lords of a built chart, by the tables above."""
    moon = next(y for y in c.yao if y.name == "月")
    return {
        "命主": PALACE_LORD[BRANCHES[c.ming_gong.branch]],
        "度主": MANSION_LORD[NAMES[c.ming_gong.xiu.xiu]],
        "身主": PALACE_LORD[BRANCHES[c.shen_gong.branch]],
        "身度主": MANSION_LORD[NAMES[moon.xiu.xiu]],
    }


def sheng_dian(c: Any, star: str) -> bool:
    y = next(y for y in c.yao if y.name == star)
    return MANSION_LORD[NAMES[y.xiu.xiu]] == star


def ru_yuan(c: Any, star: str) -> bool:
    y = next(y for y in c.yao if y.name == star)
    return PALACE_LORD[BRANCHES[y.gong]] == star


def branch_of(c: Any, star: str) -> str:
    return BRANCHES[next(y for y in c.yao if y.name == star).gong]


def test_base_lords() -> None:
    """The base chart (命 戌 at 15°, 身 辰, the Moon in 卯) has four different lords: 命主 火, 度主 木 (the
    命度 in 奎), 身主 金, 身度主 土 (the Moon in 氐) — the cases below rely on it."""
    assert lords(chart()) == {"命主": "火", "度主": "木", "身主": "金", "身度主": "土"}


# the 福德 of 命 戌 is 子 (counted backwards: 財 酉 … 官 丑 福 子)
CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # 度主 木 in the 福德 子; the near miss puts it in 亥
    ("命主居福", {"at": {"木": "子"}}, {"at": {"木": "亥"}}),
    # 度主 木 at home in 亥 and the 財帛 酉's lord 金 at home in 辰; the near miss has 木 in 子
    ("命財起垣", {"at": {"木": "亥", "金": "辰"}}, {"at": {"木": "子", "金": "辰"}}),
    # 度主 木 in a 木 mansion (角), 身度主 土 in a 土 mansion (女); the near miss moves 土 to the next mansion
    (
        "身命升殿",
        merged(xiu_case("木", ["角"], True), xiu_case("土", ["女"], True)),
        merged(xiu_case("木", ["角"], True), xiu_case("土", ["女"], False)),
    ),
    # 度主 木 at home in 亥, 身度主 土 in a 土 mansion (女); the near miss moves 土 past 虛 and 危 (which
    # lie in 子, its own palace) to 室 in 亥
    (
        "身命殿垣",
        merged({"at": {"木": "亥"}}, xiu_case("土", ["女"], True)),
        merged({"at": {"木": "亥"}}, xiu_case("土", ["女", "虛", "危"], False)),
    ),
]


def holds(name: str, c: Any) -> bool:
    """The rule statement, re-derived: the 命's lord is its 宮主 or 度主, the 身's the 身主 or 身度主."""
    lo = lords(c)
    ming2, shen2 = {lo["命主"], lo["度主"]}, {lo["身主"], lo["身度主"]}
    if name == "命主居福":
        return any(branch_of(c, y) == "子" for y in ming2)
    if name == "命財起垣":
        return any(ru_yuan(c, y) for y in ming2) and ru_yuan(c, PALACE_LORD["酉"])
    if name == "身命升殿":
        return any(sheng_dian(c, y) for y in ming2) and any(sheng_dian(c, y) for y in shen2)
    assert name == "身命殿垣"
    both = lambda y: sheng_dian(c, y) or ru_yuan(c, y)  # noqa: E731
    return any(both(y) for y in ming2) and any(both(y) for y in shen2)


def palace_lords_alone(name: str, c: Any) -> bool:
    """The same condition read with the palace lords only (the reading before 〈宮度主論〉 was applied)."""
    lo = lords(c)
    if name == "命主居福":
        return branch_of(c, lo["命主"]) == "子"
    if name == "命財起垣":
        return ru_yuan(c, lo["命主"]) and ru_yuan(c, PALACE_LORD["酉"])
    if name == "身命升殿":
        return sheng_dian(c, lo["命主"]) and sheng_dian(c, lo["身主"])
    ok = lambda y: sheng_dian(c, y) or ru_yuan(c, y)  # noqa: E731
    return ok(lo["命主"]) and ok(lo["身主"])


@pytest.mark.parametrize(("name", "on", "off"), CASES, ids=[c[0] for c in CASES])
def test_two_lords(name: str, on: dict[str, Any], off: dict[str, Any]) -> None:
    c_on, c_off = chart(**on), chart(**off)
    # the cases test the degree lords: the built charts keep the four lords of the base
    assert lords(c_on) == lords(c_off) == lords(chart())
    assert holds(name, c_on) and not palace_lords_alone(name, c_on)
    assert not holds(name, c_off)
    assert fired(c_on, RULE[name]), name
    assert not fired(c_off, RULE[name]), name
