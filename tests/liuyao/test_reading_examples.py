"""The worked examples of seed 004 (and the conflicts it states), each built as the chart it describes: the
rule fires and its neighbours do not. Every ambiguous clause with a named option is checked both ways."""

from __future__ import annotations

from typing import Any

import pytest

from xuanheng import liuyao
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.reading import EVERY_TOPIC, reading


def study(
    lines: str, day: str = "甲子", month: str = "寅", year: str | None = "丙午", **kw: Any
) -> LiuYaoChart:
    return liuyao.cast(day=day, month=month, year=year, lines=lines, **kw)


def fired(c: LiuYaoChart, topic: str | None = EVERY_TOPIC, **opts: Any) -> dict[str, list[dict[str, Any]]]:
    """Rule id → facts of what fired (by default every rule of every question, EVERY_TOPIC)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in reading(c, topic, **opts):
        out.setdefault(r.id, []).append(r.facts)
    return out


# 謙 = 坤 over 艮 (lines bottom first: 艮 8 8 7, 坤 8 8 8)
QIAN = "887888"
DA_XU = "777887"  # 大畜 = 艮 over 乾
KUI = "778787"  # 睽 = 離 over 兌
ZHONG_FU = "778877"  # 中孚 = 巽 over 兌
ZHAI = ("004-311", "004-312", "004-313")


@pytest.mark.parametrize("day", ["丙子", "丁丑", "丙寅", "丁卯"])
def test_qian_on_bing_ding_days_graves_restless(day: str) -> None:
    """004-309: on a 丙/丁 day 謙's second line is 官鬼 丙午 and carries 勾陳, inside the 艮 trigram."""
    c = study(QIAN, day=day)
    assert c.ben.name == "謙" and c.ben.palace == "兌"
    second = c.lines[1]
    assert (second.yao.najia, second.yao.liu_qin, second.liu_shen) == ("丙午", "官鬼", "勾陳")
    f = fired(c, "家宅")
    assert [ln["position"] for ln in f["004-309"][0]["lines"]] == [2]


@pytest.mark.parametrize("day", ["甲子", "戊辰", "己巳", "庚午", "壬申"])
def test_qian_on_other_days_is_quiet(day: str) -> None:
    assert "004-309" not in fired(study(QIAN, day=day), "家宅")


def test_qian_with_the_month_gou_chen_sha() -> None:
    """Option kun_gen_sha=gou_chen_sha: the 殺 is the month's 勾陳殺 (辰 in month 1, backward): it stands on
    午 in the 子 month (month 11), so 謙's 午 官鬼 then carries it whatever the day."""
    assert "004-309" in fired(study(QIAN, day="甲子", month="子"), "家宅", kun_gen_sha="gou_chen_sha")
    assert "004-309" not in fired(study(QIAN, day="甲子", month="寅"), "家宅", kun_gen_sha="gou_chen_sha")
    assert "004-309" not in fired(study(QIAN, day="丙子", month="寅"), "家宅", kun_gen_sha="gou_chen_sha")


@pytest.mark.parametrize(
    ("lines", "name", "rule"),
    [(DA_XU, "大畜", "004-311"), (KUI, "睽", "004-312"), (ZHONG_FU, "中孚", "004-313")],
)
def test_house_and_people_examples(lines: str, name: str, rule: str) -> None:
    """004-311 … 004-313: the seed's examples hold when the upper trigram is the house (option zhai_ren =
    wai_zhai, the note's 'lived in' reading); under the verse's own 內 = house they come out otherwise."""
    c = study(lines)
    assert c.ben.name == name
    f = fired(c, "家宅", zhai_ren="wai_zhai")
    assert [r for r in ZHAI if r in f] == [rule]
    default = [r for r in ZHAI if r in fired(c, "家宅")]
    assert rule not in default
    assert default == {"大畜": [], "睽": ["004-313"], "中孚": ["004-312"]}[name]


def test_kui_is_the_worst_house() -> None:
    assert "004-246" in fired(study(KUI), "家宅")
    assert "004-246" not in fired(study(ZHONG_FU), "家宅")


def test_gou_chen_sha_example_first_month_chen_moving() -> None:
    """004-291: in month 1 the 勾陳殺 is 辰; 大壯's 辰 line (line 3) moving is '殺旺' — official disaster.
    In the 寅 month 辰 土 is 死: read by the five-phase states (option sha_wang=wuxing) it is 004-292."""
    c = study("779788")
    assert c.ben.name == "大壯"
    third = c.lines[2]
    assert (third.yao.branch, third.moving, third.state.wang_shuai) == (4, True, "死")
    f = fired(c, "家宅")
    assert "004-291" in f and "004-292" not in f
    g = fired(c, "家宅", sha_wang="wuxing")
    assert "004-292" in g and "004-291" not in g
    still = fired(study("777788"), "家宅")
    assert "004-292" in still and "004-291" not in still


def test_sheep_example_qi_without_form() -> None:
    """004-300's example: asking about sheep, the fourth line (羊) is a 旺 妻財 and no 未 is there."""
    c = study("878787", month="申")
    fourth = c.lines[3]
    assert (fourth.yao.najia, fourth.yao.liu_qin, fourth.state.wang_shuai) == ("己酉", "妻財", "旺")
    lines = fired(c, "六畜")["004-300"][0]["lines"]
    assert {"position": 4, "animal": "羊", "animal_branch": "未"}.items() <= lines[0].items()
    assert "004-299" not in fired(c, "六畜")


def test_ox_line_with_the_gui() -> None:
    """004-229: a 官鬼 on the ox's line harms the ox — line 1 of the 田禾 table (default), line 5 of the
    六畜 table (option tian_he_table=liu_chu)."""
    c = study("778788")  # 歸妹: line 1 丁巳 官鬼, line 4 庚午 官鬼
    assert c.ben.name == "歸妹" and c.lines[0].yao.liu_qin == "官鬼"
    items = [ln["item"] for f in fired(c, "農")["004-229"] if f.get("lines") for ln in f["lines"]]
    assert items == ["牛"]
    items = [ln["item"] for f in fired(c, "農", tian_he_table="liu_chu")["004-229"] if f for ln in f["lines"]]
    assert items == ["雞", "羊"]
    quiet = study("777777")  # 乾: no 官鬼 on a named line of the 田禾 table (午 on line 4, unnamed)
    assert [f for f in fired(quiet, "農").get("004-229", []) if f.get("lines")] == []


def test_tian_he_shi_ke_ying_conflict_is_shown() -> None:
    """004-198 and 004-240 contradict each other; both fire by default, each naming the other."""
    c = study("888888")  # 坤: 世 酉 金 overcomes 應 卯 木
    rs = {r.id: r for r in reading(c, "農")}
    assert rs["004-198"].extra["conflict_with"] == "004-240"
    assert rs["004-240"].extra["conflict_with"] == "004-198"
    assert {"004-198"} == {i for i in fired(c, "農", shi_ke_ying="verse_one") if i in ("004-198", "004-240")}
    assert {"004-240"} == {i for i in fired(c, "農", shi_ke_ying="verse_four") if i in ("004-198", "004-240")}
    assert not {"004-198", "004-240"} & set(fired(study("777777"), "農"))  # 乾: 世 戌 土, 應 辰 土


def test_weather_tables_by_question() -> None:
    """004-107 / 004-190 / 004-191: 天時 reads the general table, 雨 the rain table, 晴 the clear one; a
    moving second line gives that table's event (option tian_shi_table overrides)."""
    c = study("797788")
    assert "004-107" in fired(c, "天時")
    rain, clear = fired(c, "雨"), fired(c, "晴")
    assert "004-190" in rain and "004-190.2" in rain and "004-191" not in rain
    assert "004-191" in clear and "004-191.2" in clear and "004-190.2" not in clear
    assert [ln["item"] for ln in rain["004-190"][0]["lines"]] == ["雲", "電", "風", "雷", "雨", "天"]
    forced = fired(c, "天時", tian_shi_table="qing")
    assert "004-191" in forced and "004-191.2" in forced and "004-107" not in forced


def test_void_example_jia_zi_xun() -> None:
    """004-106: the 甲子 旬 lacks 戌 and 亥; on 甲子 day 青龍 is on line 1. 乾's lines: 子寅辰午申戌 — the
    戌 line (6) is void, and 玄武 (line 6 on a 甲 day) is void: 004-008 fires, 004-003 does not."""
    c = study("777777", day="甲子")
    assert c.lines[5].state.kong and c.lines[5].liu_shen == "玄武"
    f = fired(c)
    assert "004-008" in f and "004-003" not in f
    assert "004-008" not in fired(study("777777", day="甲戌"))  # 甲戌 旬: 申酉 void


def test_ri_chen_jue() -> None:
    """004-001 / 004-002 on the 用神 (財 → 妻財). 乾 (金 palace): 妻財 is 甲寅 (line 2)."""
    c = study("777777", day="庚申")  # 申 金 overcomes 寅 木
    f = fired(c, "財")
    assert "004-001" in f and "004-002" not in f
    c = study("777777", day="壬子")  # 子 水 generates 寅 木
    f = fired(c, "財")
    assert "004-002" in f and "004-001" not in f
    c = study("777777", day="丁亥")  # 亥 水 generates 寅 木 and combines with it (六合)
    assert fired(c, "財")["004-002"][0]["relation"] == ["生", "合"]
    c = study("777777", day="辛亥", month="寅")
    c2 = study("777777", day="己卯")  # 卯 木: same element, neither overcomes nor generates nor combines
    assert not {"004-001", "004-002"} & set(fired(c2, "財"))
    assert "004-002" in fired(c, "財")


def test_tian_fu_is_the_year_line() -> None:
    """004-070: in a 子 year the 子 line is the 天符; 乾's 子 is line 1 (甲子)."""
    c = study("977777", day="甲寅", year="甲子")  # line 1 moving; 甲 day: 青龍 on line 1; 子 水
    f = fired(c)
    assert any(ln["position"] == 1 for ln in f["004-071"][0]["lines"])  # 青龍 (either), moving, inner
    assert "004-071" not in fired(c, tian_fu_match="both")  # 子 is 水, not 木
    assert "004-071" not in fired(study("977777", day="甲寅", year="乙丑"))


def test_options_change_the_reading() -> None:
    """Each option with a named alternative changes some reading (the sweep in test_reading_sweep.py runs
    every choice; here a few by hand)."""
    c = study("888888")
    assert fired(c, "婚")["yong.select"][0]["yong_shen"] == "妻財"
    assert fired(c, "婚", sex="female")["yong.select"][0]["yong_shen"] == "官鬼"
    assert fired(c, "晴")["yong.select"][0]["yong_shen"] == "子孫"
    assert fired(c, "晴", qing_yong="qi_cai")["yong.select"][0]["yong_shen"] == "妻財"
    assert fired(c, "病", yong_shen="父母")["yong.select"][0]["yong_shen"] == "父母"
    jing = study("877878")  # 井: 巽 below, 坎 above
    assert jing.ben.name == "井"
    assert "004-135" in fired(jing, "天時") and "004-135" not in fired(jing, "天時", xun_ru_kan="huan")
    sui = study("788778")
    assert sui.ben.name == "隨"
    assert "004-138" in fired(sui, "天時") and "004-138" not in fired(sui, "天時", sui_xu="xu")


def test_qi_without_form_goes_quiet() -> None:
    """004-300 holds on most charts; on 升 in the 寅 month every line with qi carries its animal's branch."""
    assert "004-300" not in fired(study("877888", month="寅"), "六畜")
    assert [ln["position"] for ln in fired(study("877888", month="巳"), "六畜")["004-300"][0]["lines"]] == [
        1,
        4,
    ]


def test_many_lines_of_an_element() -> None:
    """004-352: by default '多' is two of the six lines, so 土多 holds on every hexagram (each has two 土
    lines); counting the changed lines too (many_element=bian) it needs three."""
    still = study("777777")
    assert "004-352" in fired(still, "家宅")
    assert "004-352" not in fired(still, "家宅", many_element="bian")
    moving = study("777779")  # the 戌 line changes into 未 (土): three 土
    assert fired(moving, "家宅", many_element="bian")["004-352"][0]["count"] == 3
