"""干支 basics: the sixty-cycle, parsing and its errors, 旬 / 旬空, 遁干, 五虎遁 and 五鼠遁."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xuanheng.core.ganzhi import (
    BRANCH_ELEMENT,
    BRANCHES,
    JI_GONG,
    SHEN_NAMES,
    SIXTY,
    STEM_ELEMENT,
    STEMS,
    GanZhi,
    branch_index,
    branch_yin,
    dun_gan,
    ganzhi_index,
    stem_index,
    stem_yin,
    wu_hu_dun,
    wu_shu_dun,
    xun_kong,
)
from xuanheng.errors import InputError

S = "甲乙丙丁戊己庚辛壬癸"
B = "子丑寅卯辰巳午未申酉戌亥"
DATA = Path(__file__).resolve().parents[2] / "src" / "xuanheng" / "core" / "data"
sixty = st.integers(0, 59)


def _walk_sixty() -> list[str]:
    """The cycle built by stepping stem and branch together from 甲子."""
    out, s, b = [], 0, 0
    for _ in range(60):
        out.append(S[s] + B[b])
        s, b = (s + 1) % 10, (b + 1) % 12
    return out


def test_sixty_cycle() -> None:
    walk = _walk_sixty()
    assert [gz.name for gz in SIXTY] == walk
    assert len(set(walk)) == 60
    assert walk[0] == "甲子" and walk[59] == "癸亥" and walk[10] == "甲戌"
    for i, name in enumerate(walk):
        assert GanZhi.parse(name).index == i
        assert GanZhi.of(name[0], name[1]).index == i
        assert ganzhi_index(S.index(name[0]), B.index(name[1])) == i
        assert str(GanZhi(i)) == name


@given(sixty, st.integers(-200, 200))
def test_shift(i: int, n: int) -> None:
    assert GanZhi(i).shift(n).index == (i + n) % 60


@pytest.mark.parametrize("bad", ["", "甲", "甲子丑", "子甲", "甲丑", "乙子", "AB", "  "])
def test_parse_errors(bad: str) -> None:
    with pytest.raises(InputError) as ei:
        GanZhi.parse(bad)
    assert ei.value.field == "ganzhi"
    assert "甲" in str(ei.value) or "stem" in str(ei.value)


def test_parse_tolerates_spaces_and_rejects_non_text() -> None:
    assert GanZhi.parse(" 丙寅 ").name == "丙寅"
    with pytest.raises(InputError):
        GanZhi.parse(12)  # type: ignore[arg-type]
    for bad in (60, -1, True, "0"):
        with pytest.raises(InputError):
            GanZhi(bad)  # type: ignore[arg-type]


def test_index_parsers() -> None:
    assert stem_index("癸") == 9 and stem_index(3) == 3
    assert branch_index("亥") == 11 and branch_index("登明") == 11 and branch_index(" 神后 ") == 0
    for bad in (10, -1, True, "子", "甲乙", None):
        with pytest.raises(InputError) as ei:
            stem_index(bad)  # type: ignore[arg-type]
        assert ei.value.field == "stem"
    for bad in (12, -1, False, "甲", "", 1.0):
        with pytest.raises(InputError) as ei:
            branch_index(bad)  # type: ignore[arg-type]
        assert ei.value.field == "branch"


def test_elements_and_yin_yang() -> None:
    assert [STEM_ELEMENT[i] for i in range(10)] == [i // 2 for i in range(10)]
    # 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰戌丑未 土
    expect = {"寅": 0, "卯": 0, "巳": 1, "午": 1, "申": 3, "酉": 3, "亥": 4, "子": 4}
    for i, c in enumerate(B):
        assert BRANCH_ELEMENT[i] == expect.get(c, 2)
    assert [stem_yin(i) for i in range(10)] == [i % 2 == 1 for i in range(10)]
    assert [branch_yin(i) for i in range(12)] == [i % 2 == 1 for i in range(12)]


def test_ji_gong() -> None:
    # 甲寅 乙辰 丙戊巳 丁己未 庚申 辛戌 壬亥 癸丑: yang stems on their 祿, yin stems on the 祿 + 1
    assert "".join(B[JI_GONG[s]] for s in range(10)) == "寅辰巳未巳未申戌亥丑"
    assert B[JI_GONG[S.index("壬")]] == "亥"  # 002-011
    assert B[JI_GONG[S.index("辛")]] == "戌"  # 002-048
    assert B.index("酉") not in JI_GONG  # 002-077


def test_shen_names() -> None:
    assert SHEN_NAMES[11] == "登明" and SHEN_NAMES[10] == "河魁" and SHEN_NAMES[9] == "從魁"
    assert len(set(SHEN_NAMES)) == 12


def _xun_by_enumeration(i: int) -> tuple[set[int], set[int]]:
    """Branches used by the 旬 of index i (by walking its ten days) and the two left over."""
    head = i - i % 10
    used = {(head + k) % 12 for k in range(10)}
    return used, set(range(12)) - used


@pytest.mark.parametrize("i", range(60))
def test_xun_kong_by_enumeration(i: int) -> None:
    gz = GanZhi(i)
    _used, empty = _xun_by_enumeration(i)
    assert set(gz.xun_kong) == empty == set(xun_kong(gz))
    assert gz.xun_head.stem == 0 and gz.xun_head.index <= gz.index < gz.xun_head.index + 10


def test_xun_kong_seed_table() -> None:
    # 003-135 / 004-106
    seed = {"甲子": "戌亥", "甲戌": "申酉", "甲申": "午未", "甲午": "辰巳", "甲辰": "寅卯", "甲寅": "子丑"}
    data = tomllib.loads((DATA / "relations.toml").read_text("utf-8"))["xun_kong"]["by_xun"]
    for head, pair in seed.items():
        start = GanZhi.parse(head)
        assert "".join(data[head]) == pair
        for k in range(10):
            assert "".join(B[b] for b in start.shift(k).xun_kong) == pair


@pytest.mark.parametrize("i", range(60))
def test_dun_gan_agrees_with_xun(i: int) -> None:
    for b in range(12):
        _check_dun_gan(GanZhi(i), b)


def _check_dun_gan(gz: GanZhi, b: int) -> None:
    stem = dun_gan(b, gz)
    members = {GanZhi(gz.xun_head.index + k) for k in range(10)}
    carriers = [m.stem for m in members if m.branch == b]
    if b in gz.xun_kong:
        assert stem is None and carriers == []
    else:
        assert carriers == [stem]
    assert dun_gan(gz.branch, gz) == gz.stem


WU_HU = {  # 甲己之年丙作首 … : stem of the 寅 month by year stem
    "甲": "丙",
    "己": "丙",
    "乙": "戊",
    "庚": "戊",
    "丙": "庚",
    "辛": "庚",
    "丁": "壬",
    "壬": "壬",
    "戊": "甲",
    "癸": "甲",
}
WU_SHU = {  # 甲己還加甲 … : stem of the 子 hour by day stem
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


@pytest.mark.parametrize("s", S)
def test_wu_hu_dun_verse(s: str) -> None:
    first = S.index(WU_HU[s])
    for k in range(12):
        month = (2 + k) % 12
        assert wu_hu_dun(s, month) == (first + k) % 10
        assert (wu_hu_dun(s, month) - month) % 2 == 0  # always a real 干支


@pytest.mark.parametrize("s", S)
def test_wu_shu_dun_verse(s: str) -> None:
    first = S.index(WU_SHU[s])
    for b in range(12):
        assert wu_shu_dun(s, b) == (first + b) % 10
        assert (wu_shu_dun(s, b) - b) % 2 == 0


def test_dun_tables_from_stem_formula() -> None:
    for s in range(10):
        assert wu_hu_dun(s, "寅") == (2 * (s % 5) + 2) % 10
        assert wu_shu_dun(s, "子") == (2 * (s % 5)) % 10


def test_wu_hu_dun_continues_the_month_cycle() -> None:
    """The 寅 month of year Y follows the 丑 month (the twelfth) of year Y-1 in one sixty-cycle."""
    for y in range(10):
        assert (wu_hu_dun((y - 1) % 10, "丑") + 1) % 10 == wu_hu_dun(y, "寅")


def test_wu_shu_dun_continues_the_day_cycle() -> None:
    """The 子 hour of day D follows the 亥 hour of day D-1 in one unbroken sixty-cycle."""
    for d in range(10):
        prev = (d - 1) % 10
        assert (wu_shu_dun(prev, 11) + 1) % 10 == wu_shu_dun(d, 0)


def test_cross_check_lunar_python_month_stem() -> None:
    lunar = pytest.importorskip("lunar_python")
    # 2024-03-10 is in the 丁卯 month of a 甲辰 year; 2026-06-10 in the 甲午 month of a 丙午 year
    for y, m, d in [(2024, 3, 10), (2026, 6, 10), (1990, 11, 20)]:
        lun = lunar.Solar.fromYmd(y, m, d).getLunar()
        year_stem = lun.getYearGanExact()
        month = lun.getMonthInGanZhiExact()
        assert STEMS[wu_hu_dun(STEMS.index(year_stem), BRANCHES.index(month[1]))] == month[0]


def test_errors_on_dun() -> None:
    with pytest.raises(InputError):
        wu_hu_dun(10, 2)
    with pytest.raises(InputError):
        wu_shu_dun(0, 12)
    with pytest.raises(InputError):
        dun_gan(12, GanZhi(0))


def test_as_ganzhi_forms() -> None:
    assert xun_kong("甲子") == xun_kong(0) == xun_kong(GanZhi(0)) == (10, 11)
    assert dun_gan("子", "丙寅") == 0
    with pytest.raises(InputError):
        xun_kong("甲")
