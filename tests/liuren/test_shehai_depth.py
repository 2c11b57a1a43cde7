"""涉害: the depth as the books print it, and 《六壬大全》's 比用格 as the named school ``biyong``.

Oracles: the worked counts of 《六壬大全》(四庫本) 卷七〈課經集一·涉害課〉 and its 〈訂訛〉 and 〈觀月經〉
paragraphs (the number of 重 passed on the way home, the seat not counted), and the six charts the same
chapter lists under 比用格. The counts below are the book's numbers, not this code's.
"""

from __future__ import annotations

import pytest

from xuanheng.liuren import cast

ZHI = "子丑寅卯辰巳午未申酉戌亥"


def _depths(day: str, jiang: str, hour: str, **kw: object) -> dict[str, tuple[int | None, int]]:
    c = cast(day=day, yue_jiang=jiang, hour=hour, **kw)  # type: ignore[arg-type]
    return {ZHI[x.branch]: (x.depth, x.depth_book) for x in c.she_hai}


@pytest.mark.parametrize(
    ("day", "jiang", "hour", "book"),
    [
        # 正月丁卯日丑時亥將: 亥加丑 歷辰戊未己戌 五重; 丑加卯 歷辰中乙木 一重
        ("丁卯", "亥", "丑", {"亥": 5, "丑": 1}),
        # 〈訂訛〉 庚子日 午加庚 歷酉辛 二重; 戌加子 歷癸 一重 (申將戌時)
        ("庚子", "申", "戌", {"午": 2, "戌": 1}),
        # 〈觀月經〉 甲辰日 亥將卯時: 河魁(戌)加寅 卯 乙 二重; 神后(子)加辰 巳戊 未 己 戌 四重
        ("甲辰", "亥", "卯", {"戌": 2, "子": 4}),
        # 六月甲午日 辰時午將: 辰加寅 歷卯 一重; 申加午 歷丁 一重 (復等)
        ("甲午", "午", "辰", {"辰": 1, "申": 1}),
    ],
)
def test_book_counts(day: str, jiang: str, hour: str, book: dict[str, int]) -> None:
    got = _depths(day, jiang, hour)
    assert {b: d[1] for b, d in got.items()} == book
    # the default school counts the seat as well: never less than the book's count
    for b, (depth, depth_book) in got.items():
        assert depth is not None and depth >= depth_book, b


def test_mengzhongji_shows_no_depth_of_its_own() -> None:
    got = _depths("丁卯", "亥", "丑", shehai="mengzhongji")
    assert got == {"亥": (None, 5), "丑": (None, 1)}


def test_no_she_hai_outside_the_procedure() -> None:
    assert cast(day="甲子", yue_jiang="寅", hour="子").she_hai == ()  # 重審 (one 賊)
    assert cast(day="甲子", yue_jiang="寅", hour="子").to_json()["she_hai"] == []


@pytest.mark.parametrize(
    ("day", "jiang", "hour", "chuan"),
    [
        # 〈涉害課〉 比用格: 甲戌日 取子加戌; 甲辰 子申辰; 戊子 午卯子; 壬戌 申丑午; 庚子 戌申午; 乙卯 亥酉未
        ("甲戌", "寅", "子", "子寅辰"),
        ("甲辰", "申", "子", "子申辰"),
        ("戊子", "酉", "子", "午卯子"),
        ("壬戌", "巳", "子", "申丑午"),
        ("庚子", "戌", "子", "戌申午"),
        ("乙卯", "子", "寅", "亥酉未"),
    ],
)
def test_bi_yong_ge(day: str, jiang: str, hour: str, chuan: str) -> None:
    c = cast(day=day, yue_jiang=jiang, hour=hour, shehai="biyong")
    assert "".join(ZHI[x.branch] for x in c.san_chuan) == chuan
    assert c.method == "涉害" and c.sub_method == "比用格"


def test_bi_yong_ge_against_its_own_ding_e() -> None:
    """The chapter's 〈訂訛〉 takes 庚子日 午加庚 by depth (午辰寅, the default school); 比用格: 戌申午."""
    depth = cast(day="庚子", yue_jiang="申", hour="戌")
    biyong = cast(day="庚子", yue_jiang="申", hour="戌", shehai="biyong")
    assert "".join(ZHI[x.branch] for x in depth.san_chuan) == "午辰寅"
    assert "".join(ZHI[x.branch] for x in biyong.san_chuan) == "戌申午"


def test_bi_yong_over_the_720() -> None:
    """Second statement of 比用格 on the 720 課: where the 涉害 procedure is entered and exactly one
    candidate generates the day stem or shares its element, it is the 初傳; otherwise the 初傳 is one of
    the friendly candidates (when there are several) or the depth school's choice (when there is none)."""
    from xuanheng.core.ganzhi import SIXTY
    from xuanheng.liuren.cast import make_options, structures

    el_b = "水土木木土火火土金金土水"
    el_s = "木木火火土土金金水水"
    gen = {("水", "木"), ("木", "火"), ("火", "土"), ("土", "金"), ("金", "水")}
    depth = structures(make_options())
    biyong = structures(make_options(shehai="biyong"))
    changed = 0
    for (a, _), (b, _) in zip(depth, biyong, strict=True):
        if not a.she_hai:
            assert a.chuan == b.chuan
            continue
        stem = el_s[SIXTY[a.day].stem]
        friendly = [x.branch for x in a.she_hai if el_b[x.branch] == stem or (el_b[x.branch], stem) in gen]
        if len(friendly) == 1:
            assert b.chuan[0] == friendly[0]
        elif friendly:
            assert b.chuan[0] in friendly
        else:
            assert b.chuan == a.chuan
        changed += a.chuan != b.chuan
    assert changed > 0
