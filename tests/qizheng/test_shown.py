"""What the chart shows (issue 29 item 5): 逆 and 伏 together, 陷 in the column of dignities, 天嗣 as an
eleventh 化曜, and the 《七政算內篇》 紫炁 preset.

Oracles, written here as data from their sources (not read from the package's tables):

* 伏 and 逆 are two facts about a planet (hidden by the Sun; moving backwards): a retrograde 水 or 金 at its
  inferior conjunction is both (2024-04-11 and 2024-08-19 for 水, 2023-08-13 for 金);
* the 怒宮 (陷) of the five planets, 《星學大成》卷一〈星曜怒宫歌〉 (火燒牛角 酉, 水漂羊 戌, 土埋雙女 巳,
  木打寶瓶 子, 金騎人馬 寅; 金怕卯), 卷十五 (火: 酉辰二位號為怒地);
* 天嗣, 《星學大成》卷一〈論天嗣〉: 甲月 乙水 丙炁 丁計 戊羅 己火 庚孛 辛木 壬金 癸土;
* 紫炁 of 《七政算內篇》 as mingyu-core reconstructs it: 237.038993° on 1995-12-31 00:00 UTC, one turn in
  10227.1792 days (99.11° from Moira's 1975 epoch, as mingyu notes).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.qizheng import cast
from xuanheng.qizheng.render_text import render_text
from xuanheng.qizheng.spirits import star_spirits

NU = {"火": "酉辰", "水": "戌", "土": "巳", "木": "子", "金": "寅卯"}
TIAN_SI = dict(zip("甲乙丙丁戊己庚辛壬癸", "月水炁計羅火孛木金土", strict=True))


def _charts() -> list[object]:
    rng = random.Random(29_5)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    return [cast(start + timedelta(days=rng.uniform(0, 400 * 365.25))) for _ in range(40)]


@pytest.mark.parametrize(
    ("at", "name"), [("2024-04-11T12:00", "水"), ("2024-08-19T12:00", "水"), ("2023-08-13T12:00", "金")]
)
def test_retrograde_and_hidden_are_both_shown(at: str, name: str) -> None:
    c = cast(at, tz="UTC")
    y = c.yao_named(name)
    assert y.retrograde and y.combust and not y.stationary
    assert y.state == "逆伏"
    doc = c.to_json()
    assert next(j for j in doc["yao"] if j["name"] == name)["state"] == "逆伏"
    row = next(line for line in render_text(doc, "zh-Hant").splitlines() if line.lstrip().startswith(name))
    assert "逆伏" in row


def test_state_names_every_flag() -> None:
    """The state word: the motion (留 before 逆; 順 if neither) with 伏 after it, 伏 alone when direct."""
    for c in _charts():
        for y in c.yao:  # type: ignore[attr-defined]
            moving = "留" if y.stationary else "逆" if y.retrograde else ""
            want = moving + "伏" if y.combust else moving or "順"
            assert y.state == want, (y.name, y.state)


def test_fallen_in_the_column_of_dignities() -> None:
    seen = 0
    for c in _charts():
        doc = c.to_json()  # type: ignore[attr-defined]
        for j in doc["yao"]:
            fallen = j["gong"] in NU.get(j["name"], "")
            assert ("陷" in j["dignities"]) == fallen, (j["name"], j["gong"])
            seen += fallen
        text = render_text(doc, "zh-Hant")
        for j in doc["yao"]:
            if "陷" in j["dignities"]:
                row = next(line for line in text.splitlines() if line.lstrip().startswith(j["name"]))
                assert "陷" in row
    assert seen > 0


def test_tian_si_is_the_verse() -> None:
    rng = random.Random(29_51)
    for s in range(10):
        year = GanZhi(s + 10 * rng.randrange(6))  # a year of the s-th stem
        args = [year, *(GanZhi(rng.randrange(60)) for _ in range(3))]
        gong = {y: rng.randrange(12) for y in "日月水金火木土羅計孛炁"}
        ten = star_spirits(*args, 0, gong, is_day=True)  # type: ignore[arg-type]
        eleven = star_spirits(*args, 0, gong, is_day=True, options={"hua_set": "tian_si"})  # type: ignore[arg-type]
        stem = "甲乙丙丁戊己庚辛壬癸"[year.stem]
        assert "嗣" not in ten.to_json()["hua_yao"]
        js = eleven.to_json()
        assert js["hua_yao"]["嗣"] == TIAN_SI[stem]
        assert {k: v for k, v in js["hua_yao"].items() if k != "嗣"} == ten.to_json()["hua_yao"]
        at = next(h for h in js["hua_yao_at"] if h["name"] == "嗣")
        assert at["branch"] == BRANCHES[gong[TIAN_SI[stem]]] and at["guan"] == ["男女"]


def test_tian_si_on_the_chart() -> None:
    c = cast("1983-10-27T18:30", tz="+08:00", spirit_options={"hua_set": "tian_si"})  # 癸亥
    assert c.hua_yao["嗣"] == "土" and c.options["gong_frame"] == "tropical"
    assert "嗣" not in cast("1983-10-27T18:30", tz="+08:00").hua_yao


def test_neipian_ziqi() -> None:
    epoch = datetime(1995, 12, 31, tzinfo=UTC)
    for days in (0.0, 1234.5, -80000.25, 45000.0):
        at = epoch + timedelta(days=days)
        c = cast(at.isoformat(), ziqi="neipian")
        want = (237.038993 + days * 360.0 / 10227.1792) % 360.0
        assert abs((c.yao_named("炁").lon - want + 180.0) % 360.0 - 180.0) < 1e-6
        moira = cast(at.isoformat()).yao_named("炁").lon
        assert (c.yao_named("炁").lon - moira) % 360.0 == pytest.approx(99.11, abs=0.01)
