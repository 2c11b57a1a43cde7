"""Coverage of seed 000's tables and derivations by the cast.

Every ``table``/``derivation`` row of seed 000 in INVENTORY.tsv must be cited in the cast's data or code and
exercised by a test in this directory (its id appears in a test file), or be listed in docs/jinkoujue.md
under "Not computable". Every 神煞 of the table is evaluated on real charts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xuanheng.core.ganzhi import GanZhi
from xuanheng.jinkoujue import cast
from xuanheng.shensha import load_table

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
ID = re.compile(r"000-\d{3}")


def _rows() -> list[list[str]]:
    if not INVENTORY.exists():
        pytest.skip(f"{INVENTORY} not available")
    rows = [ln.split("\t") for ln in INVENTORY.read_text("utf-8").splitlines()[1:] if ln.strip()]
    return [r for r in rows if r[0].startswith("000-") and r[4] in ("table", "derivation")]


def _text(paths: list[Path]) -> set[str]:
    return {m for p in paths for m in ID.findall(p.read_text("utf-8"))}


def test_every_table_and_derivation_is_cited_and_tested() -> None:
    src = ROOT / "src" / "xuanheng"
    data = [
        src / "shensha" / "data" / "jinkoujue.toml",
        *sorted((src / "jinkoujue").glob("*.py")),
        *sorted((src / "jinkoujue" / "data").glob("*.toml")),
        *sorted((src / "core" / "data").glob("*.toml")),
    ]
    cited = _text(data)
    tests = _text(
        [p for p in Path(__file__).parent.glob("test_*.py") if not p.name.startswith("test_reading")]
    )
    docs = ROOT / "docs" / "jinkoujue.md"
    not_computable = set()
    if docs.exists():
        text = docs.read_text("utf-8")
        if "## Not computable" in text:
            not_computable = set(ID.findall(text.split("## Not computable", 1)[1].split("\n## ", 1)[0]))
    missing = [r[0] for r in _rows() if r[0] not in not_computable and not (r[0] in cited and r[0] in tests)]
    assert not missing, f"not cited in data and exercised by a test, nor listed as not computable: {missing}"


def test_every_spirit_is_evaluated_on_real_charts() -> None:
    keys = {s.key for s in load_table("jinkoujue")}
    seen: set[str] = set()
    in_ke: set[str] = set()
    for i in range(720):
        c = cast(
            day=GanZhi(i % 60),
            hour=(i * 7) % 12,
            month_branch=(i // 60) % 12,
            year=GanZhi((i * 13) % 60),
            yue_jiang=(i * 5) % 12,
            is_day=bool(i % 2),
            difen=(i * 11) % 12 + 1,
            ben_ming=GanZhi((i * 17) % 60),
            days_since_jie=i % 31,
        )
        seen |= {h.key for h in c.shensha}
        in_ke |= {h.key for h in c.shensha if h.in_ke}
    assert keys <= seen
    # every spirit lands in some 課 (or is in force on some day), so each one's marking is exercised
    assert keys - in_ke == set(), keys - in_ke


def test_liu_po_and_zhan_relations() -> None:
    # 000-002 六破 and 000-125 外戰/內戰 between the positions
    c = cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="酉", is_day=True, difen="申")
    # 將神 = 酉 + 8 = 巳 over 申: 申破巳 (000-002); 火 巳 overcomes 金 申 → 內戰 (000-125)
    kinds = {r.kind for r in c.relations}
    assert c.jiang_shen.branch == 5 and {"六破", "內戰"} <= kinds


def test_san_xing_and_liu_hai() -> None:
    # 000-077: 將神 寅 over 地分 巳 → 寅刑巳 (無恩); 000-082: 將神 亥 over 地分 申 → 六害
    c = cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="酉", is_day=True, difen="巳")
    xing = [r for r in c.relations if r.kind == "三刑"]
    assert c.jiang_shen.branch == 2 and any(r.detail == "寅刑巳（無恩）" for r in xing)
    c = cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="卯", is_day=True, difen="申")
    assert c.jiang_shen.branch == 11
    assert any(r.kind == "六害" and {r.upper, r.lower} == {"jiang_shen", "di_fen"} for r in c.relations)


def test_guan_fu_is_tian_kong_opposite_tian_yi() -> None:
    # 000-059: 貴人 丑 (甲 day, 晝) on the 地盤 → the 將 on 未 (丑 + 6) is 天空
    c = cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="亥", is_day=True, difen="未")
    assert c.gui_shen.name == "天空" and c.hit("guan_fu").positions == ("gui_shen",)  # type: ignore[union-attr]


def test_jie_shen_when_yong_yao_is_month_broken() -> None:
    # 000-004: the 用神 clashed by the 月建 (解神 / 四時空亡): 月破 on the 用爻's position
    for i in range(400):
        c = cast(
            day=GanZhi(i % 60),
            hour=i % 12,
            month_branch=(i // 12) % 12,
            year="甲子",
            yue_jiang=(i * 7) % 12,
            is_day=True,
            difen=(i * 5) % 12 + 1,
        )
        hit = c.hit("yue_po")
        assert hit is not None
        yong = c.position(c.yong_yao)
        assert (c.yong_yao in hit.positions) == (yong.branch == (c.calendar.month_branch + 6) % 12)


def test_four_positions_order() -> None:
    # 000-096: 干 神 將 位, top to bottom
    c = cast(day="甲子", hour="子", month_branch="寅", year="甲子", yue_jiang="亥", is_day=True, difen="申")
    assert [p.label for p in c.positions] == ["人元", "貴神", "將神", "地分"]
