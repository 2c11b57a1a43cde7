"""The 金口訣 reading on hand-built charts.

Every chart here is built by hand (not cast), so the test checks the reading alone. The expected firings
are derived from the seed's conditions as documented in docs/jinkoujue-reading.md — for the twelve
worked examples of seed 000 (000-126 … 000-258) the 貴神's state is the one the text gives, and the
上/下 pair, 外戰 and 內戰 are worked out by hand from the elements the text lists.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS, GanZhi
from xuanheng.errors import InputError, OptionError, XuanhengError
from xuanheng.jinkoujue.chart import (
    CalendarFacts,
    JinKouJueChart,
    PairRelation,
    Position,
    ShenshaHit,
    WangShuai,
)
from xuanheng.jinkoujue.reading import ReadingOptions, reading
from xuanheng.reading import LANGS, FiredRule

# Elements by name (木0 火1 土2 金3 水4) as seed 000 gives them: 000-124 for the 貴神, the usual 五行 of
# stems and branches otherwise. Typed here on purpose, so the test does not read the package's tables.
EL = {"木": 0, "火": 1, "土": 2, "金": 3, "水": 4}
JIANG_EL = {
    "貴人": 2,
    "螣蛇": 1,
    "朱雀": 1,
    "六合": 0,
    "勾陳": 2,
    "青龍": 0,
    "天后": 4,
    "太陰": 3,
    "玄武": 4,
    "太常": 2,
    "白虎": 3,
    "天空": 2,
}
JIANG_HOME = {
    "貴人": "丑",
    "螣蛇": "巳",
    "朱雀": "午",
    "六合": "卯",
    "勾陳": "辰",
    "青龍": "寅",
    "天空": "戌",
    "白虎": "申",
    "太常": "未",
    "玄武": "亥",
    "太陰": "酉",
    "天后": "子",
}
STEM_EL = dict(zip("甲乙丙丁戊己庚辛壬癸", (0, 0, 1, 1, 2, 2, 3, 3, 4, 4), strict=True))
BRANCH_EL = dict(zip("子丑寅卯辰巳午未申酉戌亥", (4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4), strict=True))
#: a stem and a branch of each element, for building positions of a wanted element
STEM_OF = {0: "甲", 1: "丙", 2: "戊", 3: "庚", 4: "壬"}
BRANCH_OF = {0: "寅", 1: "午", 2: "辰", 3: "申", 4: "子"}

ST = WangShuai("旺", "旺", "旺")


def pos(
    key: str,
    name: str,
    *,
    state: WangShuai = ST,
    stem: str | None = None,
    branch: str | None = None,
    element: int | None = None,
) -> Position:
    b = None if branch is None else BRANCHES.index(branch)
    s = None if stem is None else STEMS.index(stem)
    if element is None:
        element = STEM_EL[stem] if key == "ren_yuan" and stem else BRANCH_EL[branch or "子"]
    yin = (s if key == "ren_yuan" and s is not None else (b or 0)) % 2 == 1
    return Position(key, name, element, yin, state, stem=s, branch=b)


def chart(
    *,
    ren_yuan: str = "甲",
    gui_shen: str = "青龍",
    jiang_shen: str = "辰",
    di_fen: str = "申",
    gui_state: WangShuai = ST,
    states: dict[str, WangShuai] | None = None,
    jiang_stem: str | None = None,
    gui_stem: str | None = None,
    shensha: tuple[ShenshaHit, ...] = (),
    relations: tuple[PairRelation, ...] = (),
    dong: tuple[str, ...] = (),
    day: str = "乙丑",
    year: str = "乙丑",
    month_branch: str = "巳",
    yong_yao: str = "jiang_shen",
    ben_ming: str | None = None,
    topic: str | None = None,
) -> JinKouJueChart:
    """A 課 from its four positions; every fact the reading reads is given explicitly."""
    from xuanheng.jinkoujue.chart import Dong

    st = states or {}
    home = JIANG_HOME[gui_shen]
    g = Position(
        "gui_shen",
        gui_shen,
        JIANG_EL[gui_shen],
        BRANCHES.index(home) % 2 == 1,
        gui_state,
        stem=None if gui_stem is None else STEMS.index(gui_stem),
        branch=BRANCHES.index(home),
        jiang=0,
        on_branch=BRANCHES.index(di_fen),
    )
    y, d = GanZhi.parse(year), GanZhi.parse(day)
    mb = BRANCHES.index(month_branch)
    cal = CalendarFacts(
        year=y,
        month=GanZhi.of(0 if mb % 2 == 0 else 1, mb),
        day=d,
        hour=d,
        month_branch=mb,
        yue_jiang=0,
        is_day=True,
    )
    return JinKouJueChart(
        ren_yuan=pos("ren_yuan", ren_yuan, stem=ren_yuan, state=st.get("ren_yuan", ST)),
        gui_shen=g,
        jiang_shen=pos(
            "jiang_shen", jiang_shen, branch=jiang_shen, stem=jiang_stem, state=st.get("jiang_shen", ST)
        ),
        di_fen=pos("di_fen", di_fen, branch=di_fen, state=st.get("di_fen", ST)),
        calendar=cal,
        yong_yao=yong_yao,
        yong_yao_reason="",
        dong=tuple(Dong(n, n, "test", "gui_shen", "jiang_shen", "剋") for n in dong),
        relations=relations,
        shensha=shensha,
        wang_element=0,
        gui_ren_branch=1,
        direction="順",
        xun_kong=(10, 11),
        si_da_kong_wang=None,
        ri_lu=2,
        yi_ma=2,
        ji_shi=(),
        options={},
        ben_ming=None if ben_ming is None else GanZhi.parse(ben_ming),
        topic=topic,
    )


def ids(rs: list[FiredRule], lo: int = 0, hi: int = 999) -> set[str]:
    return {r.id for r in rs if lo <= int(r.id[4:]) <= hi}


def fired(c: JinKouJueChart, rule_id: str, **kw: Any) -> list[FiredRule]:
    return [r for r in reading(c, **kw) if r.id == rule_id]


# ── the twelve worked examples of seed 000 (one per 貴神) ─────────────────────────────────────────
# (貴神, 人元 element, 將神 element, 地分 element, state the text gives, expected 貴神 rules)
# Expected rules, worked by hand: 大抵 and 來意 always (where the text has them); the 上/下 pair is
# 貴神 over 將神; 外戰 = 人元 and 貴神 in 克; 內戰 = 將神 and 地分 in 克; the state rule of the given state.
WORKED = [
    # 000-126 天乙: 土 貴 火 水 — 旺. 火生土 → 下生上 (129); 水克火 → 內戰 (no 天乙 rule)
    ("貴人", "土", "火", "水", "旺", {127, 129, 132, 137}),
    # 000-138 騰蛇: 水 蛇 金 土 — 休. 火克金 上克下 (no rule); 水克火 外戰 (no rule)
    ("螣蛇", "水", "金", "土", "休", {139, 145, 146}),
    # 000-147 朱雀: 水 雀 土 木 — 相. 火生土 上生下; 水克火 外戰; 木克土 內戰
    ("朱雀", "水", "土", "木", "相", {148, 150, 152, 153, 155, 159}),
    # 000-160 六合: 火 合 金 火 — 休. 金克木 下克上 (no rule); 火克金 內戰
    ("六合", "火", "金", "火", "休", {161, 166, 171, 172}),
    # 000-173 勾陳: 金 勾 水 火 — 旺. 土克水 上克下 (no rule); 水克火 內戰
    ("勾陳", "金", "水", "火", "旺", {174, 179, 180, 185}),
    # 000-186 青龍: 水 龍 土 金 — 死. 木克土 上克下 (no rule); no 戰
    ("青龍", "水", "土", "金", "死", {187, 195, 198}),
    # 000-199 天后: 土 后 火 金 — 死. 水克火 上克下; 土克水 外戰; 火克金 內戰
    ("天后", "土", "火", "金", "死", {200, 204, 206, 207, 210, 213}),
    # 000-214 太陰: 火 陰 水 土 — 相. 金生水 上生下; 火克金 外戰; 土克水 內戰
    ("太陰", "火", "水", "土", "相", {215, 217, 219, 220, 222, 226}),
    # 000-227 玄武: 火 武 土 火 — 死. 土克水 下克上; 水克火 外戰
    ("玄武", "火", "土", "火", "死", {228, 230, 231, 235, 238}),
    # 000-239 太常: 木 常 金 火 — 相. 土生金 上生下; 木克土 外戰; 火克金 內戰 (no 來意 in the text)
    ("太常", "木", "金", "火", "相", {240, 242, 244, 245, 247}),
    # 000-250 白虎: 火 虎 土 水 — 相. 土生金 下生上; any state → 256
    ("白虎", "火", "土", "水", "相", {251, 253, 256, 257}),
    # 000-258 天空: 水 空 金 木 — 休. 土生金 上生下; 休 with a 克 among neighbours (土克水) → 268
    ("天空", "水", "金", "木", "休", {259, 260, 267, 268, 270}),
]


def worked_chart(jiang: str, ry: str, js: str, df: str, state: str, **kw: Any) -> JinKouJueChart:
    return chart(
        ren_yuan=STEM_OF[EL[ry]],
        gui_shen=jiang,
        jiang_shen=BRANCH_OF[EL[js]],
        di_fen=BRANCH_OF[EL[df]],
        gui_state=WangShuai(state, state, state),
        **kw,
    )


@pytest.mark.parametrize(("jiang", "ry", "js", "df", "state", "expected"), WORKED, ids=[w[0] for w in WORKED])
def test_twelve_worked_examples(
    jiang: str, ry: str, js: str, df: str, state: str, expected: set[int]
) -> None:
    c = worked_chart(jiang, ry, js, df, state)
    got = ids(reading(c), 126, 270)
    assert got == {f"000-{n:03d}" for n in expected}


def test_state_levels_are_read_separately_by_default() -> None:
    # 青龍 死 by the four positions, 旺 by the season, 囚 by the day: all three are reported, with their level
    c = chart(gui_shen="青龍", gui_state=WangShuai("死", "旺", "囚"))
    by_id = {r.id: r for r in reading(c)}
    assert {"000-195", "000-193", "000-196"} <= set(by_id)
    assert by_id["000-196"].facts["wang_shuai"] == {"day": "囚"}
    only = ids(reading(c, options={"gui_shen_layer": "si_wei"}), 193, 197)
    assert only == {"000-195"}


def test_shang_xia_option_adjacent() -> None:
    # 青龍 example: 人元水 生 貴神木 (上生下) is a 上/下 pair only when every adjacent pair counts
    c = worked_chart("青龍", "水", "土", "金", "死")
    assert "000-189" not in ids(reading(c))
    assert "000-189" in ids(reading(c, options={"shang_xia": "adjacent"}))


def test_bi_he_pair_and_all_four() -> None:
    # 貴神 青龍 木 over 將神 寅 木: the pair is 比和 (000-188); the four positions are not all 木
    c = chart(ren_yuan="甲", gui_shen="青龍", jiang_shen="寅", di_fen="申")
    assert "000-188" in ids(reading(c))
    assert "000-188" not in ids(reading(c, options={"bi_he": "si_wei"}))
    c4 = chart(ren_yuan="甲", gui_shen="青龍", jiang_shen="寅", di_fen="卯")
    assert "000-188" in ids(reading(c4, options={"bi_he": "si_wei"}))


def test_lai_yi_option() -> None:
    c = chart(gui_shen="青龍", yong_yao="jiang_shen")
    assert "000-198" in ids(reading(c))
    assert "000-198" not in ids(reading(c, options={"lai_yi": "yong_yao"}))
    assert "000-198" in ids(reading(replace(c, yong_yao="gui_shen"), options={"lai_yi": "yong_yao"}))


# ── 人元, 地分, 類象 ─────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("stem", list("甲乙丙丁戊己庚辛壬癸"))
def test_each_ren_yuan_stem(stem: str) -> None:
    got = ids(reading(chart(ren_yuan=stem)), 101, 110)
    assert got == {f"000-{101 + '甲乙丙丁戊己庚辛壬癸'.index(stem):03d}"}
    extra = {"甲": "000-062", "丁": "000-061"}
    six = ids(reading(chart(ren_yuan=stem)), 61, 62)
    assert six == ({extra[stem]} if stem in extra else set())


def test_ren_yuan_tag_is_the_texts_fixed_tag() -> None:
    # 000-101: 甲 is tagged 生神方 whatever the 貴神's element; the actual relation is reported beside it
    r = fired(chart(ren_yuan="甲", gui_shen="白虎"), "000-101")[0]
    assert r.facts["tag"] == "生神方"
    assert r.facts["to_gui_shen"] == "被剋"  # 白虎 金 克 甲 木


@pytest.mark.parametrize("branch", list("子丑寅卯辰巳午未申酉戌亥"))
def test_each_di_fen_branch(branch: str) -> None:
    # 000-111 … 000-122: how each matter comes about
    how = ["不克"] * 4 + ["因克", "因合", "因克", "因合", "因克", "因生", "因克", "因克"]
    tags = dict(zip("子丑寅卯辰巳午未申酉戌亥", how, strict=True))
    rs = [r for r in reading(chart(di_fen=branch)) if 111 <= int(r.id[4:]) <= 122]
    assert [r.id for r in rs] == [f"000-{111 + '子丑寅卯辰巳午未申酉戌亥'.index(branch):03d}"]
    assert rs[0].facts["tag"] == tags[branch]


# seed 000-097 … 000-100 (INVENTORY): the word each element stands for, in English
LEI_XIANG = {
    "000-097": {"金": "thunder", "木": "wind", "水": "rain", "火": "clear", "土": "cloud"},
    "000-098": {"金": "roads", "木": "woods", "水": "rivers", "火": "mountains", "土": "flat land"},
    "000-099": {"金": "fierce", "木": "lavish", "水": "drifting", "火": "quick-tempered", "土": "honest"},
    "000-100": {"金": "lungs", "木": "liver", "水": "kidneys", "火": "heart", "土": "spleen"},
}


@pytest.mark.parametrize("element", list("木火土金水"))
def test_lei_xiang_of_the_yong_yao(element: str) -> None:
    c = chart(jiang_shen=BRANCH_OF[EL[element]], yong_yao="jiang_shen")
    rs = [r for r in reading(c) if r.id in LEI_XIANG]
    assert sorted(r.id for r in rs) == sorted(LEI_XIANG)
    for r in rs:
        assert r.facts == {"yong_yao": "將神", "element": element}
        assert LEI_XIANG[r.id][element] in r.text.en


# ── 神煞 入課 ────────────────────────────────────────────────────────────────────────────────────


def hit(name: str, *positions: str, applies: bool = False) -> ShenshaHit:
    return ShenshaHit(key=name, name=name, src="test", positions=positions, applies=applies)


SIMPLE_SHENSHA = {
    "月破": "000-003",
    "月厭": "000-008",
    "歲破": "000-027",
    "歲宅": "000-029",
    "天德": "000-031",
    "月德": "000-033",
    "月合": "000-035",
    "天喜": "000-039",
    "天馬": "000-041",
    "驛馬": "000-043",
    "月驛馬": "000-043",
    "弔客": "000-047",
    "喪車": "000-049",
    "截命災殺": "000-052",
    "三丘": "000-054",
    "四墓": "000-056",
    "病符": "000-058",
    "官符": "000-060",
    "飛廉": "000-064",
    "劫煞": "000-066",
    "地煞": "000-068",
    "望門": "000-070",
    "滅門": "000-072",
    "天盜": "000-074",
    "生氣": "000-085",
    "祿倒": "000-088",
    "馬倒": "000-090",
    "天醫": "000-092",
    "地醫": "000-093",
    "五鬼": "000-095",
}


@pytest.mark.parametrize(("name", "rule_id"), sorted(SIMPLE_SHENSHA.items()))
def test_shensha_fires_only_in_ke(name: str, rule_id: str) -> None:
    inside = chart(shensha=(hit(name, "di_fen"),))
    outside = chart(shensha=(hit(name),))
    assert fired(inside, rule_id), f"{name} on 地分 should fire {rule_id}"
    assert not fired(outside, rule_id), f"{name} outside the 課 must not fire {rule_id}"
    assert fired(inside, rule_id)[0].facts["shensha"][0]["positions"] == ["地分"]


@pytest.mark.parametrize(("name", "rule_id"), [("天赦", "000-037"), ("往亡", "000-076")])
def test_day_spirits_fire_when_they_apply(name: str, rule_id: str) -> None:
    assert fired(chart(shensha=(hit(name, applies=True),)), rule_id)
    assert not fired(chart(shensha=(hit(name),)), rule_id)


def test_sang_men_needs_the_position_above_to_overcome_it() -> None:
    # 喪門 on 地分 申 (金); 將神 午 (火) 克 金 → fires; 將神 辰 (土) 生 金 → not
    assert fired(chart(jiang_shen="午", di_fen="申", shensha=(hit("喪門", "di_fen"),)), "000-045")
    assert not fired(chart(jiang_shen="辰", di_fen="申", shensha=(hit("喪門", "di_fen"),)), "000-045")


def test_sang_che_overcoming_ren_yuan() -> None:
    # 喪車 on 將神 申 (金) and 人元 甲 (木): 金 克 木 → 000-050; with 人元 壬 (水) → only 000-049
    c = chart(ren_yuan="甲", jiang_shen="申", shensha=(hit("喪車", "jiang_shen"),))
    assert fired(c, "000-050") and fired(c, "000-049")
    c2 = chart(ren_yuan="壬", jiang_shen="申", shensha=(hit("喪車", "jiang_shen"),))
    assert not fired(c2, "000-050") and fired(c2, "000-049")


def xing(upper: str, lower: str, detail: str) -> PairRelation:
    return PairRelation("三刑", upper, lower, "000-077", detail)


def test_san_xing_follows_the_gui_shen_and_the_punisher_state() -> None:
    # 將神 寅 over 地分 申: 申 punishes 寅, so the 刑 position is the 地分; the 將神 has the other state
    rel = (xing("jiang_shen", "di_fen", "申刑寅（無恩）"),)
    strong = {"di_fen": WangShuai("旺", "旺", "旺"), "jiang_shen": WangShuai("旺", "囚", "旺")}
    weak = {"di_fen": WangShuai("旺", "囚", "旺"), "jiang_shen": WangShuai("旺", "旺", "旺")}
    good = chart(gui_shen="青龍", jiang_shen="寅", di_fen="申", relations=rel, states=strong)
    bad = chart(gui_shen="白虎", jiang_shen="寅", di_fen="申", relations=rel, states=weak)
    g, b = reading(good), reading(bad)
    assert "good" in next(r.text.en for r in g if r.id == "000-078")
    assert "bad" in next(r.text.en for r in b if r.id == "000-078")
    assert "000-079" in ids(g) and "000-080" not in ids(g)
    assert "000-080" in ids(b) and "000-079" not in ids(b)
    assert "000-081" not in ids(g)
    assert "000-081" in ids(reading(chart(relations=rel, dong=("官動",))))


def test_liu_hai() -> None:
    rel = (PairRelation("六害", "jiang_shen", "di_fen", "000-082", "亥申"),)
    assert fired(chart(relations=rel), "000-083")
    assert not fired(chart(), "000-083")


# ── calendar rules ───────────────────────────────────────────────────────────────────────────────


def test_day_clash_and_its_strength() -> None:
    # day 乙丑: 未 is clashed. 將神 未 by season 旺 → 000-015 and 000-016; by season 囚 → 000-015 and 000-017
    strong = chart(day="乙丑", jiang_shen="未", states={"jiang_shen": WangShuai("旺", "旺", "旺")})
    weak = chart(day="乙丑", jiang_shen="未", states={"jiang_shen": WangShuai("旺", "囚", "旺")})
    assert ids(reading(strong), 15, 17) == {"000-015", "000-016"}
    assert ids(reading(weak), 15, 17) == {"000-015", "000-017"}
    assert ids(reading(chart(day="乙丑", jiang_shen="午")), 15, 17) == set()


def test_day_and_year_branch_positions() -> None:
    # 000-013: 將神 丑 on a 乙丑 day. 000-012: 貴神 青龍 (home 寅) in a 寅 year.
    assert fired(chart(day="乙丑", jiang_shen="丑"), "000-013")
    assert not fired(chart(day="乙丑", jiang_shen="寅"), "000-013")
    assert fired(chart(year="丙寅", gui_shen="青龍"), "000-012")
    assert not fired(chart(year="丁卯", gui_shen="青龍"), "000-012")
    # 000-014: 地分 丑 on a 丑 day, 休囚 by season
    weak = chart(day="乙丑", di_fen="丑", states={"di_fen": WangShuai("旺", "休", "旺")})
    assert fired(weak, "000-014")
    assert not fired(chart(day="乙丑", di_fen="丑"), "000-014")


def test_out_of_season_element() -> None:
    # 000-005: spring → 土, summer → 金, autumn → 木, winter → 火 (the 將神 carries that element)
    for month, branch in (("寅", "辰"), ("午", "申"), ("酉", "寅"), ("子", "午")):
        assert fired(chart(gui_shen="青龍", month_branch=month, jiang_shen=branch), "000-006"), month
    assert not fired(chart(gui_shen="青龍", month_branch="寅", jiang_shen="寅"), "000-006")
    # the 貴神 counts too: 貴人 (土) in spring
    assert fired(chart(gui_shen="貴人", month_branch="卯", jiang_shen="寅"), "000-006")


def test_doors() -> None:
    # 卯 over 酉: 相加 → 000-018; with 賊動 → 000-019 as well
    jia = chart(jiang_shen="卯", di_fen="酉")
    assert fired(jia, "000-018") and not fired(jia, "000-019")
    assert fired(chart(jiang_shen="卯", di_fen="酉", dong=("賊動",)), "000-019")
    # 地分 酉 (金) overcome by 將神 午 (火): 受克 → 000-018; 凶 白虎 above it → 000-020, 吉 青龍 → not
    assert fired(chart(gui_shen="青龍", jiang_shen="午", di_fen="酉"), "000-018")
    assert fired(chart(gui_shen="白虎", jiang_shen="午", di_fen="酉"), "000-020")
    assert not fired(chart(gui_shen="青龍", jiang_shen="午", di_fen="酉"), "000-020")
    # 地分 卯 (木) generated by 將神 子 (水), or in 六合 with 將神 戌, under 吉 青龍 → 000-021
    assert fired(chart(gui_shen="青龍", jiang_shen="子", di_fen="卯"), "000-021")
    assert fired(chart(gui_shen="青龍", jiang_shen="戌", di_fen="卯"), "000-021")
    assert not fired(chart(gui_shen="白虎", jiang_shen="子", di_fen="卯"), "000-021")
    assert not fired(chart(jiang_shen="子", di_fen="申"), "000-018")


def test_tai_sui() -> None:
    # year 丙午; 太歲 on 將神 午 with 遁干 丙 → 000-010 and the true 太歲 000-023
    ts = (hit("太歲", "jiang_shen"),)
    c = chart(year="丙午", jiang_shen="午", jiang_stem="丙", shensha=ts)
    assert fired(c, "000-010") and fired(c, "000-023")
    assert not fired(chart(year="丙午", jiang_shen="午", jiang_stem="甲", shensha=ts), "000-023")
    # 受克: 貴神 天后 (水) above 將神 午 (火) → 000-011
    assert fired(chart(year="丙午", gui_shen="天后", jiang_shen="午", shensha=ts), "000-011")
    assert not fired(chart(year="丙午", gui_shen="青龍", jiang_shen="午", di_fen="寅", shensha=ts), "000-011")
    # 000-024: 太歲 卯 (a door) on 地分, overcome by 將神 申 (金 克 木)
    door = chart(year="癸卯", jiang_shen="申", di_fen="卯", shensha=(hit("太歲", "di_fen"),))
    assert fired(door, "000-024")
    # … and on the querent's 年命 (a 午 birth year) in a 午 year
    ming = chart(year="丙午", ben_ming="庚午", gui_shen="天后", jiang_shen="午", shensha=ts)
    assert fired(ming, "000-024")
    assert not fired(chart(year="丙午", gui_shen="天后", jiang_shen="午", shensha=ts), "000-024")


def test_tai_sui_before_and_after_midyear() -> None:
    # 丙午 year. Month 1 (寅): last year's 巳 on 地分 → 去年. Month 7 (申): next year's 未 on 地分 → 來年.
    early = fired(chart(year="丙午", month_branch="寅", di_fen="巳"), "000-025")
    late = fired(chart(year="丙午", month_branch="申", di_fen="未"), "000-025")
    assert early[0].facts["which"] == "去年" and late[0].facts["which"] == "來年"
    assert not fired(chart(year="丙午", month_branch="寅", di_fen="未"), "000-025")


# ── rendering, topics, options, errors ───────────────────────────────────────────────────────────


def test_every_fired_rule_renders_in_four_languages() -> None:
    import json

    for w in WORKED:
        for r in reading(worked_chart(*w[:5])):
            for lang in LANGS:
                out = r.to_json(lang)
                assert out["text"].strip()
                json.dumps(out, ensure_ascii=False)


def test_simplified_is_derived() -> None:
    r = fired(chart(shensha=(hit("月破", "di_fen"),)), "000-003")[0]
    assert "东西" in r.text.get("zh-Hans") and "東西" in r.text.get("zh-Hant")


def test_topic_filters_and_prioritises() -> None:
    c = chart(shensha=(hit("天醫", "di_fen"), hit("天喜", "di_fen")))
    rs = reading(c, topic="病")
    assert rs and "000-092" in ids(rs) and "000-039" in ids(rs)  # 天喜 is tagged 總
    first_general = next(i for i, r in enumerate(rs) if "病" not in r.topics)
    assert all("病" not in r.topics for r in rs[first_general:])
    assert all("病" in r.topics or "總" in r.topics for r in rs)
    assert ids(reading(c, topic="财")) == ids(reading(c, topic="財"))
    assert ids(reading(replace(c, topic="病"))) == ids(rs)


@pytest.mark.parametrize(
    ("kwargs", "err", "field"),
    [
        ({"topic": "星座"}, InputError, "topic"),
        ({"lang": "fr"}, InputError, "lang"),
        ({"options": {"shang_xia": "diagonal"}}, OptionError, "shang_xia"),
        ({"options": {"colour": "red"}}, OptionError, "options"),
    ],
)
def test_bad_input_is_one_clear_error(kwargs: dict[str, Any], err: type[XuanhengError], field: str) -> None:
    with pytest.raises(err) as e:
        reading(chart(), **kwargs)
    assert e.value.field == field
    assert "expected" in str(e.value)


def test_options_round_trip() -> None:
    o = ReadingOptions(shang_xia="adjacent")
    assert ReadingOptions.from_mapping(o.to_json()) == o


def test_split_judgments_of_sui_po_and_sui_zhai() -> None:
    # 000-027: the base judgment always; the first-half clause only in months 1–6 (寅 … 未)
    early = [
        r for r in reading(chart(month_branch="寅", shensha=(hit("歲破", "di_fen"),))) if r.id == "000-027"
    ]
    late = [
        r for r in reading(chart(month_branch="申", shensha=(hit("歲破", "di_fen"),))) if r.id == "000-027"
    ]
    assert len(early) == 2 and len(late) == 1
    assert early[1].facts["month_half"] == "上半年"
    # 000-029: the 宅神受制 clause needs the 歲宅 position overcome (地分 申 金 under 將神 午 火)
    base = fired(chart(jiang_shen="辰", di_fen="申", shensha=(hit("歲宅", "di_fen"),)), "000-029")
    hurt = fired(chart(jiang_shen="午", di_fen="申", shensha=(hit("歲宅", "di_fen"),)), "000-029")
    assert len(base) == 1 and len(hurt) == 2


def test_jie_shen_the_yong_yao_broken_by_the_month() -> None:
    # 000-004: 用爻 將神 亥 in a 巳 month (巳 + 6 = 亥) → fires; 將神 子 → not; 用爻 人元 (no branch) → not
    assert fired(chart(month_branch="巳", jiang_shen="亥", yong_yao="jiang_shen"), "000-004")
    assert not fired(chart(month_branch="巳", jiang_shen="子", yong_yao="jiang_shen"), "000-004")
    assert not fired(chart(month_branch="巳", jiang_shen="亥", yong_yao="ren_yuan"), "000-004")
