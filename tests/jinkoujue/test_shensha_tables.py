"""Re-derive every 神煞 table of seed 000 (shensha/data/jinkoujue.toml) from its formula.

Formulas are written here independently of the data and the engine: month n (n = 1 for 寅) has 月建
b = (n + 1) mod 12; season s = 0 春 … 3 冬. Tables without a formula (飛廉, 五鬼, 天赦, 天德) are checked
against the seed's own figures as transcribed in the inventory summaries (the row ids are cited).
"""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS, GanZhi
from xuanheng.shensha import Occupied, evaluate_all, load_table

SPIRITS = {s.key: s for s in load_table("jinkoujue")}


def run(**ctx: int) -> dict[str, Occupied]:
    base = dict(
        year_stem=0,
        year_branch=0,
        month_branch=2,
        day_stem=0,
        day_branch=0,
        hour_branch=0,
        season=0,
        day_ganzhi=0,
        jie_index=0,
        birth_stem=0,
        birth_branch=0,
    )
    base.update(ctx)
    return evaluate_all(load_table("jinkoujue"), base)


def frame_head(b: int) -> int:
    """長生 of the 三合 frame holding b: 申子辰 → 申, 亥卯未 → 亥, 寅午戌 → 寅, 巳酉丑 → 巳."""
    return (8 - 3 * (b % 4)) % 12


MONTH_FORMULAS = {
    "yue_po": lambda m: [(m + 6) % 12],  # 000-001: clash of the 月建
    "yue_yan": lambda m: [(12 - m) % 12],  # 000-007: 戌 in month 1, one back per month
    "tian_ma": lambda m: [(6 + 2 * (m - 2)) % 12],  # 000-040: 午 then the yang branches forward
    "sheng_qi": lambda m: [(m - 2) % 12],  # 000-084: 子 in month 1, one forward per month
    "si_qi": lambda m: [(m + 4) % 12],  # 000-086: opposite 生氣
    "tian_yi": lambda m: [(m + 8) % 12],  # 000-091: 戌 in month 1 (月建後五辰, inclusive)
    "di_yi": lambda m: [(m + 2) % 12],  # 000-093: opposite 天醫
    "mie_men": lambda m: [(m + (3 if m % 2 else -3)) % 12],  # 000-071: yin month +3, yang month −3
    "yi_ma_month": lambda m: [(frame_head(m) + 6) % 12],  # 000-042: clash of the frame's 長生
}


@pytest.mark.parametrize("key", sorted(MONTH_FORMULAS))
@pytest.mark.parametrize("m", range(12))
def test_month_tables(key: str, m: int) -> None:
    assert list(run(month_branch=m)[key].branches) == MONTH_FORMULAS[key](m)


@pytest.mark.parametrize("m", range(12))
def test_yue_de_and_he(m: int) -> None:
    # 000-032: the yang stem of the element of the month's 三合 frame; 000-034: its 干合 partner (+5)
    element = {8: 4, 11: 0, 2: 1, 5: 3}[frame_head(m)]
    yang_stem = 2 * element
    o = run(month_branch=m)
    assert o["yue_de"].stems == (yang_stem,)
    assert o["yue_he"].stems == ((yang_stem + 5) % 10,)


@pytest.mark.parametrize("m", range(12))
def test_tian_de_stems_variant_and_main(m: int) -> None:
    """天德 (000-030): 孟 month → yin stem of its own frame's element; 仲 → yang stem of the frame of the
    clashing branch; 季 → yang stem of its own frame. In 仲 months the text names the stem's 寄宮 branch."""
    from xuanheng.shensha import evaluate

    own = {8: 4, 11: 0, 2: 1, 5: 3}[frame_head(m)]
    opp = {8: 4, 11: 0, 2: 1, 5: 3}[frame_head((m + 6) % 12)]
    kind = (m - 2) % 3  # 0 孟, 1 仲, 2 季
    stem = [2 * own + 1, 2 * opp, 2 * own][kind]
    sp = SPIRITS["tian_de"]
    assert evaluate(sp, {"month_branch": m}, variant="stems").stems == (stem,)
    main = evaluate(sp, {"month_branch": m})
    if kind == 1:
        jigong = {0: 2, 2: 5, 4: 5, 6: 8, 8: 11}[stem]  # 甲寅 丙巳 戊巳 庚申 壬亥
        assert main.branches == (jigong,) and not main.stems
    else:
        assert main.stems == (stem,)


# 太歲 000-009/000-022, 歲破 000-026, 歲宅 000-028, 喪門 000-044, 弔客 000-046, 病符 000-057
YEAR_OFFSETS = {"tai_sui": 0, "sui_po": 6, "sui_zhai": 5, "sang_men": 2, "diao_ke": -2, "bing_fu": -1}


@pytest.mark.parametrize("key", sorted(YEAR_OFFSETS))
@pytest.mark.parametrize("y", range(12))
def test_year_tables(key: str, y: int) -> None:
    assert run(year_branch=y)[key].branches == ((y + YEAR_OFFSETS[key]) % 12,)


SEASON_START = {"tian_xi": (10, 3), "sang_che": (9, 1), "san_qiu": (1, 1), "si_mu": (7, 1)}


@pytest.mark.parametrize("key", sorted(SEASON_START))
@pytest.mark.parametrize("s", range(4))
def test_season_tables(key: str, s: int) -> None:
    # 天喜 000-038 (戌亥子 then +3 per season), 喪車 000-048, 三丘 000-053, 四墓 000-055
    first, n = SEASON_START[key]
    assert run(season=s)[key].branches == tuple((first + 3 * s + k) % 12 for k in range(n))


@pytest.mark.parametrize("b", range(12))
def test_day_branch_tables(b: int) -> None:
    o = run(day_branch=b)
    head = frame_head(b)
    assert o["yi_ma"].branches == ((head + 6) % 12,)  # 000-042
    assert o["jie_sha"].branches == ((head + 9) % 12,)  # 000-065: the 絕 of the frame
    assert o["di_sha"].branches == ((head + 9 + 5) % 12,)  # 000-067
    assert o["wang_men"].branches == ((head + 9 + 6) % 12,)  # 000-069


@pytest.mark.parametrize("s", range(10))
def test_day_stem_tables(s: int) -> None:
    o = run(day_stem=s)
    # 000-051 截命 (= 截路空亡): 甲己 申酉, then two branches back per stem pair
    first = (8 - 2 * (s % 5)) % 12
    assert o["jie_ming"].branches == (first, first + 1)
    # 祿 = 臨官: yang stems 長生 + 3 forward, yin stems 長生 − 3 (長生 of 乙 午, 丁己 酉, 辛 子, 癸 卯)
    sheng = {0: 11, 2: 2, 4: 2, 6: 5, 8: 8, 1: 6, 3: 9, 5: 9, 7: 0, 9: 3}[s]
    lu = (sheng + (3 if s % 2 == 0 else -3)) % 12
    assert o["ri_lu"].branches == (lu,)


@pytest.mark.parametrize("s", range(10))
def test_lu_dao(s: int) -> None:
    # 000-087: the branch just after the birth stem's 祿 (羊刃)
    sheng = {0: 11, 2: 2, 4: 2, 6: 5, 8: 8, 1: 6, 3: 9, 5: 9, 7: 0, 9: 3}[s]
    lu = (sheng + (3 if s % 2 == 0 else -3)) % 12
    assert run(birth_stem=s)["lu_dao"].branches == ((lu + 1) % 12,)


@pytest.mark.parametrize("b", range(12))
def test_ma_dao(b: int) -> None:
    # 000-089: the birth year's 驛馬 + 1
    assert run(birth_branch=b)["ma_dao"].branches == ((frame_head(b) + 7) % 12,)


@pytest.mark.parametrize("k", range(12))
def test_wang_wang(k: int) -> None:
    # 000-075: 7, 14, 21 days after 立春/驚蟄/清明; 8, 16, 24 … 10, 20, 30 (base 7 + k//3, times 1, 2, 3)
    assert run(jie_index=k)["wang_wang"].numbers == ((7 + k // 3) * (k % 3 + 1),)


# Figures of the seed without a formula, transcribed from INVENTORY.tsv (000-063, 000-094, 000-036).
FEI_LIAN = "戌巳午未申酉辰亥子丑寅卯"  # months 1 … 12
WU_GUI = ["巳午", "寅卯", "子丑", "戌亥", "申酉", "巳午", "寅卯", "子丑", "戌亥", "未"]
TIAN_SHE = ["戊寅", "甲午", "戊申", "甲子"]


def test_irregular_tables() -> None:
    for n, ch in enumerate(FEI_LIAN, start=1):
        assert run(month_branch=(n + 1) % 12)["fei_lian"].branches == (BRANCHES.index(ch),)
    for s, chars in enumerate(WU_GUI):
        assert run(day_stem=s)["wu_gui"].branches == tuple(BRANCHES.index(c) for c in chars)
    for season, gz in enumerate(TIAN_SHE):
        assert run(season=season)["tian_she"].ganzhi == (GanZhi.parse(gz).index,)
    # 天赦 days: a 土 stem (戊) in spring/autumn on the season's 孟 branch, 甲 in summer/winter on the 仲
    assert [STEMS[GanZhi.parse(g).stem] for g in TIAN_SHE] == ["戊", "甲", "戊", "甲"]


def test_every_spirit_cites_inventory_or_book() -> None:
    import re

    for s in load_table("jinkoujue"):
        assert re.search(r"\b000-\d{3}\b", s.src) or "《" in s.src, s.key
