"""天乙貴人 tables and 天將 placement.

`jia_yang_wu_geng_niu` is re-derived from its 先天 rule: 陽貴 (晝) gives 己 the branch 子 and walks forward
through 庚 辛 壬 癸 甲 乙 丙 丁 戊; 陰貴 (夜) gives 己 the branch 申 and walks backward. The walk never
lands on 辰 or 戌 (天羅 地網) nor on the branch opposite its start, and the last stem (戊), coming back round,
passes over the start itself. The verse tables are checked against the verses quoted in data/guiren.toml.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xuanheng.core.guiren import (
    DEFAULT_GUIREN_TABLE,
    GUIREN_TABLES,
    TIAN_JIANG,
    TIAN_JIANG_ELEMENT,
    TIAN_JIANG_HOME,
    Direction,
    direction_on,
    gui_ren_branch,
    guiren_table,
    jiang_at,
    jiang_positions,
)
from xuanheng.errors import OptionError

S = "甲乙丙丁戊己庚辛壬癸"
B = "子丑寅卯辰巳午未申酉戌亥"
ANIMAL = {
    "鼠": "子",
    "牛": "丑",
    "虎": "寅",
    "兔": "卯",
    "蛇": "巳",
    "馬": "午",
    "羊": "未",
    "猴": "申",
    "雞": "酉",
    "豬": "亥",
}


def _xian_tian(start: int, step: int) -> dict[int, int]:
    forbidden = {B.index("辰"), B.index("戌"), (start + 6) % 12}
    out: dict[int, int] = {}
    pos = start
    order = [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]  # 己 庚 辛 壬 癸 甲 乙 丙 丁 戊
    for n, stem in enumerate(order):
        if n:
            pos = (pos + step) % 12
            while pos in forbidden or (n == 9 and pos == start):
                pos = (pos + step) % 12
        out[stem] = pos
    return out


def test_jia_yang_wu_geng_niu_from_xian_tian_rule() -> None:
    t = GUIREN_TABLES["jia_yang_wu_geng_niu"]
    yang = _xian_tian(B.index("子"), +1)
    yin = _xian_tian(B.index("申"), -1)
    assert t.day == tuple(yang[s] for s in range(10))
    assert t.night == tuple(yin[s] for s in range(10))


def _verse(text: str) -> dict[str, tuple[str, str]]:
    """Each clause names stems then two animals; returns stem -> (first animal's branch, second's)."""
    out = {}
    for clause in text.split("、"):
        stems = [c for c in clause if c in S]
        animals = [ANIMAL[c] for c in clause if c in ANIMAL]
        assert len(animals) == 2, clause
        if clause.startswith("六"):
            stems = [clause[1]]
        for s in stems:
            out[s] = (animals[0], animals[1])
    return out


def test_jia_wu_geng_niu_yang_against_verse() -> None:
    verse = _verse("甲戊庚牛羊、乙己鼠猴鄉、丙丁豬雞位、壬癸兔蛇藏、六辛逢馬虎")
    t = GUIREN_TABLES["jia_wu_geng_niu_yang"]
    for s, (first, second) in verse.items():
        i = S.index(s)
        got = (B[t.day[i]], B[t.night[i]])
        # the first animal is 晝, except 壬癸 where the table (as its label says) takes 蛇 by day
        expect = (second, first) if s in "壬癸" else (first, second)
        assert got == expect, s
    assert "壬癸 晝巳 夜卯" in t.label


def test_jia_wu_jian_niu_yang_against_verse() -> None:
    verse = _verse("甲戊兼牛羊、乙己鼠猴鄉、丙丁豬雞位、壬癸蛇兔藏、庚辛逢馬虎")
    t = GUIREN_TABLES["jia_wu_jian_niu_yang"]
    for s, (first, second) in verse.items():
        i = S.index(s)
        assert (B[t.day[i]], B[t.night[i]]) == (first, second), s


def test_all_tables_never_use_chen_xu() -> None:
    for t in GUIREN_TABLES.values():
        assert len(t.day) == len(t.night) == 10
        assert not {B.index("辰"), B.index("戌")} & (set(t.day) | set(t.night)), t.key


def test_day_night_are_distinct() -> None:
    for t in GUIREN_TABLES.values():
        for s in range(10):
            assert t.day[s] != t.night[s]


def test_direction_shun_on_hai_to_chen() -> None:
    for i, c in enumerate(B):
        assert direction_on(i) is (Direction.SHUN if c in "亥子丑寅卯辰" else Direction.NI)


@given(st.integers(0, 11), st.sampled_from(list(Direction)))
def test_jiang_positions_inverse_of_jiang_at(at: int, d: Direction) -> None:
    pos = jiang_positions(at, d)
    assert pos[0] == at
    assert sorted(pos) == list(range(12))
    for k, p in enumerate(pos):
        assert jiang_at(at, d, p) == k


def test_tian_jiang_order_and_elements_of_seed_000_124() -> None:
    """000-124 counts six forward from 天乙 and six behind it, each with its element."""
    ahead = [("貴人", "土"), ("螣蛇", "火"), ("朱雀", "火"), ("六合", "木"), ("勾陳", "土"), ("青龍", "木")]
    behind = [("天后", "水"), ("太陰", "金"), ("玄武", "水"), ("太常", "土"), ("白虎", "金"), ("天空", "土")]
    for k, (name, element) in enumerate(ahead):
        assert TIAN_JIANG[k] == name and TIAN_JIANG_ELEMENT[k] == "木火土金水".index(element)
    for k, (name, element) in enumerate(behind, start=1):
        assert TIAN_JIANG[-k] == name and TIAN_JIANG_ELEMENT[-k] == "木火土金水".index(element)


def test_tian_jiang_order_and_elements() -> None:
    # 000-124: 天乙 土, then forward 螣蛇 火 朱雀 火 六合 木 勾陳 土 青龍 木, behind 天后 水 太陰 金
    assert TIAN_JIANG[:6] == ("貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍")
    assert TIAN_JIANG[-1] == "天后" and TIAN_JIANG[-2] == "太陰"
    assert TIAN_JIANG_ELEMENT[:6] == (2, 1, 1, 0, 2, 0)
    assert TIAN_JIANG_ELEMENT[-1] == 4 and TIAN_JIANG_ELEMENT[-2] == 3
    # 002-011 亥 is 玄武's image, 002-048 戌 天空's, 002-077 酉 太陰's
    home = dict(zip(TIAN_JIANG, TIAN_JIANG_HOME, strict=True))
    assert home["玄武"] == 11 and home["天空"] == 10 and home["太陰"] == 9
    assert sorted(TIAN_JIANG_HOME) == list(range(12))


def test_lookup_and_errors() -> None:
    assert DEFAULT_GUIREN_TABLE in GUIREN_TABLES
    assert B[gui_ren_branch(0, True)] == "丑" and B[gui_ren_branch(0, False)] == "未"
    assert B[gui_ren_branch(0, True, "jia_yang_wu_geng_niu")] == "未"
    with pytest.raises(OptionError) as ei:
        guiren_table("nope")
    assert ei.value.field == "guiren"
