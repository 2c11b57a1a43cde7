"""Hand-built charts fire the rules their seed conditions call for (and no others of the same family).

Each chart starts from the engine's 四課/三傳 for a day, 月將 and hour (the engine is tested against the
classics elsewhere); the test then puts chosen 天將 on chosen branches and chooses the month, so every
expected firing below is derived by hand from the seed's condition, not from running the reading.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, JI_GONG, STEM_ELEMENT, GanZhi, branch_index
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.core.wuxing import overcomes
from xuanheng.errors import InputError, OptionError
from xuanheng.liuren import LiuRenChart, cast, reading
from xuanheng.reading import LANGS

R = importlib.import_module("xuanheng.liuren.reading")


def chart(
    day: str,
    yue_jiang: str,
    hour: str,
    *,
    jiang: dict[str, str] | None = None,
    gui: dict[str, Any] | None = None,
    **kw: Any,
) -> LiuRenChart:
    """The engine's chart with 天將 forced onto the given 天盤 branches (and 貴人 fields replaced)."""
    ch = cast(day=day, yue_jiang=yue_jiang, hour=hour, **kw)
    if jiang:
        jo = list(ch.jiang_on)
        for b, name in jiang.items():
            jo[branch_index(b)] = TIAN_JIANG.index(name)
        ch = replace(
            ch,
            jiang_on=tuple(jo),
            si_ke=tuple(replace(k, tian_jiang=jo[k.upper]) for k in ch.si_ke),  # type: ignore[arg-type]
            san_chuan=tuple(replace(c, tian_jiang=jo[c.branch]) for c in ch.san_chuan),  # type: ignore[arg-type]
        )
    if gui:
        g = dict(gui)
        if "branch" in g:
            g["branch"] = branch_index(g["branch"])
        ch = replace(ch, gui_ren=replace(ch.gui_ren, **g))
    return ch


def ids(rules: list[Any]) -> set[str]:
    return {r.id for r in rules}


def fired(rules: list[Any], rid: str) -> list[Any]:
    return [r for r in rules if r.id == rid]


# --- 丁卯日 亥將丑時 (三傳 亥酉未; 四課 巳/丁 卯/巳 丑/卯 亥/丑) -------------------------------------------
@pytest.fixture(scope="module")
def dingmao() -> LiuRenChart:
    return chart("丁卯", "亥", "丑", jiang={"亥": "玄武", "酉": "太常"})


def test_hai_with_xuanwu_is_a_thief(dingmao: LiuRenChart) -> None:
    rs = reading(dingmao, month_branch="寅")
    got = fired(rs, "002-020.dao")
    assert len(got) == 1
    assert {p["position"] for p in got[0].facts["positions"]} == {"chu", "ke4"}
    assert all(p["tian_jiang"] == "玄武" for p in got[0].facts["positions"])
    assert "002-015" in ids(rs)  # 玄武 is one of the six ominous generals
    assert not ids(rs) & {"002-028", "002-032", "002-039", "002-040"}  # other generals on 亥


def test_you_with_taichang_on_a_ding_day(dingmao: LiuRenChart) -> None:
    rs = ids(reading(dingmao, month_branch="寅"))
    assert "002-103" in rs  # 酉 乘 太常: wheat
    assert not rs & {"002-104", "002-105", "002-106", "002-107"}  # those need 壬癸 / 甲 / 戊 / 庚 days


def test_plate_rule_002_006(dingmao: LiuRenChart) -> None:
    rs = reading(dingmao, month_branch="寅")
    plate = fired(rs, "002-006")
    assert len(plate) == 1
    # 亥 on 丑 (土剋水) at 初傳 and 四課, 丑 on 卯 (木剋土) at 三課; elsewhere the lower does not overcome
    assert [p["position"] for p in plate[0].facts["positions"]] == ["chu", "ke3", "ke4"]
    seed = ids(rs)
    assert "002-010" not in seed  # 亥's own list is not read: it is overcome from below wherever it stands
    assert "shen-chou.zhu" in seed  # …the 地盤 丑 under it is read instead
    assert "002-076" in seed  # 酉 on 亥: 金 feeds 水, the upper 酉 is read
    upper = ids(reading(dingmao, month_branch="寅", plate_rule="upper"))
    assert "002-010" in upper
    assert "002-006" in upper  # the principle itself is still reported


def test_placement_002_005(dingmao: LiuRenChart) -> None:
    rs = reading(dingmao, month_branch="寅", year_branch="子")
    by_target = {r.facts["target"]: r for r in rs if r.id.startswith("002-005.")}
    assert by_target["day_stem"].id == "002-005.bi"  # 巳 火 on 丁 火
    assert by_target["day_branch"].id == "002-005.bei_ke"  # 丑 土 on 卯 木: 卯 overcomes it
    assert by_target["tai_sui"].id == "002-005.ke"  # 戌 土 stands on 子 水 and overcomes it
    assert "ben_ming" not in by_target


def test_placement_on_ben_ming() -> None:
    ch = chart("丁卯", "亥", "丑", birth_year=1990)  # 庚午 year: 本命 午, and 辰 stands on 午
    rs = [r for r in reading(ch) if r.id.startswith("002-005.") and r.facts["target"] == "ben_ming"]
    assert [r.id for r in rs] == ["002-005.bei_sheng"]  # 午 火 feeds the 辰 土 placed on it
    assert rs[0].facts["upper"] == "辰"


def test_pairs_002_007(dingmao: LiuRenChart) -> None:
    rs = ids(reading(dingmao))
    assert {"002-007.si_hai", "002-007.mao_you", "002-007.chou_wei"} <= rs
    assert not rs & {"002-007.zi_wu", "002-007.yin_shen", "002-007.chen_xu"}


def test_ke_ti_and_shensha(dingmao: LiuRenChart) -> None:
    rs = reading(dingmao)
    assert "ke_ti.涉害" in ids(rs)
    # 驛馬 of 卯 (亥卯未 → 巳) stands over the day stem in 一課: the shared seed-000 judgment fires
    yima = fired(rs, "000-043")
    assert yima and yima[0].facts["branches"] == ["巳"]


# --- 伏吟 charts ---------------------------------------------------------------------------------
def test_hai_on_hai_self_punishment_and_gouchen_days() -> None:
    ch = chart("壬申", "子", "子", jiang={"亥": "勾陳"})  # 伏吟: 亥 over 壬 (寄亥) and over 亥
    rs = ids(reading(ch))
    assert {"002-014", "002-035", "002-036", "002-019.tou", "002-015"} <= rs
    assert "002-037" not in rs  # only 戊庚 days
    assert {"ke_ti.伏吟", "ke_ti.自任"} <= rs
    alt = ids(reading(ch, variants=["hai_gouchen_bing_ding"]))
    assert "002-036" not in alt  # the note's variant reads 丙丁 days instead of 甲壬癸
    assert "002-035" in alt


def test_you_in_fuyin_nine_rivers() -> None:
    rs = ids(reading(chart("辛酉", "子", "子", jiang={"酉": "天后"})))
    assert {"002-108", "002-100"} <= rs
    rs = ids(reading(chart("辛酉", "子", "子", jiang={"酉": "玄武"})))
    assert {"002-108", "002-101"} <= rs and "002-102" not in rs
    rs = ids(reading(chart("己酉", "子", "子", jiang={"酉": "玄武"})))
    assert "002-102" in rs and "002-101" not in rs  # 己 土 dries up 玄武's water


@pytest.mark.parametrize(
    ("month", "want", "not_want"),
    [
        ("申", {"002-089", "002-081.shaonv"}, {"002-090"}),  # autumn, 金's own season: 旺
        ("酉", {"002-089", "002-081.shaonv"}, {"002-090"}),  # 金 旺
        ("午", {"002-090"}, {"002-089"}),  # summer: 火 overcomes 金 → 死
        ("寅", {"002-090"}, {"002-089"}),  # spring: 金 overcomes 木 (the season) → 囚
        ("子", set(), {"002-089", "002-090"}),  # winter: 金 feeds 水 → 休
    ],
)
def test_you_with_qinglong_by_season(month: str, want: set[str], not_want: set[str]) -> None:
    ch = chart("辛酉", "子", "子", jiang={"酉": "青龍"})
    rs = ids(reading(ch, month_branch=month))
    assert want <= rs
    assert not not_want & rs


def test_state_rules_need_a_month() -> None:
    ch = chart("辛酉", "子", "子", jiang={"酉": "青龍"})
    assert not ids(reading(ch)) & {"002-089", "002-090", "002-081.shaonv"}


def test_lei_tu_zhi_sha() -> None:
    ni = chart("壬戌", "子", "子", jiang={"戌": "白虎"}, gui={"direction": "ni"})
    rs = ids(reading(ni))
    assert {"002-061", "002-062"} <= rs
    shun = chart("壬戌", "子", "子", jiang={"戌": "白虎"}, gui={"direction": "shun"})
    rs = ids(reading(shun))
    assert "002-061" in rs and "002-062" not in rs


def test_gui_ren_on_the_gate_of_heaven() -> None:
    rs = ids(reading(chart("壬申", "子", "子", gui={"branch": "亥"})))
    assert "002-043.men" in rs
    rs = ids(reading(chart("壬申", "子", "子", gui={"branch": "子"})))
    assert "002-043.men" not in rs


def test_hai_on_you_on_a_you_day() -> None:
    # 乙酉日 亥將酉時: 三課 is 亥 over 酉
    ch = chart("乙酉", "亥", "酉")
    assert (ch.si_ke[2].upper, ch.si_ke[2].lower) == (11, 9)
    rs = ids(reading(ch))
    assert {"002-016", "002-018.zui"} <= rs


def test_jiu_chou() -> None:
    assert "ke_ti.九醜" in ids(reading(chart("乙卯", "亥", "丑")))  # 丑 over 卯
    assert "ke_ti.九醜" not in ids(reading(chart("乙卯", "子", "丑")))  # 寅 over 卯
    assert "ke_ti.九醜" not in ids(reading(chart("丁卯", "亥", "丑")))  # 丁 is not one of the five stems


def _all_upper_overcome(ch: LiuRenChart, attacker: str) -> bool:
    out = []
    for k in ch.si_ke:
        le = STEM_ELEMENT[k.lower_stem] if k.lower_stem is not None else BRANCH_ELEMENT[k.lower]
        ue = BRANCH_ELEMENT[k.upper]
        out.append(overcomes(ue, le) if attacker == "upper" else overcomes(le, ue))
    return all(out)


def test_wu_lu_and_jue_si_over_all_720() -> None:
    seen = {"無祿": 0, "絕嗣": 0}
    for d in range(60):
        for off in range(12):
            ch = cast(day=d, yue_jiang=off, hour=0)
            for name, who in (("無祿", "upper"), ("絕嗣", "lower")):
                want = _all_upper_overcome(ch, who)
                seen[name] += want
                got = R._holds_chart(R.keti_meanings()[name]["when"], R._context(ch, None, None))
                assert got == want, (ch.day.name, off, name)
    assert seen["無祿"] and seen["絕嗣"]


def test_first_lesson_uses_the_lodging_branch() -> None:
    ch = chart("壬申", "子", "子")
    assert ch.si_ke[0].lower == JI_GONG[8]  # 壬 lodges on 亥


# --- API: topics, languages, errors ------------------------------------------------------------------
def test_topic_filter(dingmao: LiuRenChart) -> None:
    every = reading(dingmao, month_branch="寅")
    only = reading(dingmao, topic="盜", month_branch="寅")
    assert only and all("盜" in r.topics for r in only)
    assert ids(only) == {r.id for r in every if "盜" in r.topics}
    assert "002-020.dao" in ids(only)


def test_every_fired_rule_renders_in_four_languages(dingmao: LiuRenChart) -> None:
    for r in reading(dingmao, month_branch="寅", year_branch="子"):
        for lang in LANGS:
            out = r.to_json(lang)
            assert out["text"].strip(), (r.id, lang)
            assert out["src"]
            json.dumps(out, ensure_ascii=False)
    zh = next(r for r in reading(dingmao) if r.id == "002-020.dao").to_json("zh-Hans")["text"]
    assert "乘" in zh and "玄武" in zh and "賊" not in zh  # OpenCC turns 賊 into 贼


@pytest.mark.parametrize(
    ("kwargs", "exc", "field"),
    [
        ({"topic": "愛情"}, InputError, "topic"),
        ({"lang": "fr"}, InputError, "lang"),
        ({"month_branch": "卯月"}, InputError, "month_branch"),
        ({"year_branch": 13}, InputError, "year_branch"),
        ({"plate_rule": "lower"}, OptionError, "plate_rule"),
        ({"variants": ["nope"]}, OptionError, "variants"),
    ],
)
def test_bad_inputs_raise_one_typed_error(
    dingmao: LiuRenChart, kwargs: dict[str, Any], exc: type[Exception], field: str
) -> None:
    with pytest.raises(exc) as e:
        reading(dingmao, **kwargs)
    assert getattr(e.value, "field", None) == field


def test_reading_needs_a_chart() -> None:
    with pytest.raises(InputError) as e:
        reading({"day": "丁卯"})  # type: ignore[arg-type]
    assert e.value.field == "chart"


def test_month_from_the_calendar() -> None:
    ch = chart("辛酉", "子", "子", jiang={"酉": "青龍"})
    year, month = GanZhi.parse("甲子"), GanZhi.parse("癸酉")
    time = replace(ch.time, year=year, month=month, month_branch=month.branch, year_branch=year.branch)
    ch = replace(ch, time=time)
    assert "002-089" in ids(reading(ch))  # 酉 month from the chart's time: 金 旺
    assert BRANCHES[9] == "酉"


def test_profile_of_each_read_shen_and_order(dingmao: LiuRenChart) -> None:
    rs = reading(dingmao, month_branch="寅")
    lei = [r for r in rs if r.extra.get("kind") in ("leishen", "verse") and r.facts.get("positions")]
    # 亥 is overcome from below at 初傳/四課 (丑 read), 丑 at 三課 (卯 read); 巳 卯 酉 未 are read as they are
    profiles = [r.facts["shen"] for r in rs if r.id.startswith("shen.")]
    assert set(profiles) == {"丑", "酉", "未", "巳", "卯"}
    you = next(r for r in rs if r.id == "shen.酉")
    assert (you.facts["element"], you.facts["ben_jiang"], you.facts["ji_gan"]) == ("金", "太陰", [])
    first = [min(POS_ORDER.index(p["position"]) for p in r.facts["positions"]) for r in lei]
    assert first == sorted(first)  # 三傳 first, then 四課


POS_ORDER = ["chu", "zhong", "mo", "ke1", "ke2", "ke3", "ke4"]


def test_reading_json(dingmao: LiuRenChart) -> None:
    out = R.reading_json(dingmao, "盜", "en")
    assert out and all(set(o) >= {"id", "src", "facts", "text", "topics"} for o in out)
    json.dumps(out, ensure_ascii=False)


# --- 課體 classes the reading detects: compared with their definitions over all 720 課 -------------------
_EL = dict(zip(range(12), "水土木木土火火土金金土水", strict=True))
_SEASON_EL = dict(zip(range(12), "水土木木土火火土金金土水", strict=True))  # 月令 element, 季月 = 土
_GEN = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}


def _wang_xiang(b: int, month: int) -> bool:
    return _EL[b] == _SEASON_EL[month] or _GEN[_SEASON_EL[month]] == _EL[b]


def _ahead(b: int, gui: int, shun: bool) -> bool:
    return 1 <= ((b - gui) % 12 if shun else (gui - b) % 12) <= 5


def _yi_ma(b: int) -> int:  # 申子辰→寅 亥卯未→巳 寅午戌→申 巳酉丑→亥
    return {0: 2, 4: 2, 8: 2, 3: 5, 7: 5, 11: 5, 2: 8, 6: 8, 10: 8, 1: 11, 5: 11, 9: 11}[b]


CLASS_DEFS: dict[str, Callable[[LiuRenChart, int, int], bool]] = {
    "龍戰": lambda ch, m, y: ch.day.branch in (3, 9) and ch.chu in (3, 9),
    "三交": lambda ch, m, y: (
        ch.day.branch % 3 == 0
        and ch.hour % 3 == 0
        and all(c.branch % 3 == 0 for c in ch.san_chuan)
        and any(TIAN_JIANG[c.tian_jiang] in ("太陰", "六合") for c in ch.san_chuan)
    ),
    "官爵": lambda ch, m, y: (
        ch.chu == _yi_ma(ch.day.branch)
        and 10 in [c.branch for c in ch.san_chuan]
        and any(TIAN_JIANG[c.tian_jiang] == "太常" for c in ch.san_chuan)
    ),
    "富貴": lambda ch, m, y: TIAN_JIANG[ch.san_chuan[0].tian_jiang] == "貴人" and _wang_xiang(ch.chu, m),
    "三光": lambda ch, m, y: (
        all(_wang_xiang(b, m) for b in (ch.gan_shang, ch.zhi_shang, ch.chu))
        and TIAN_JIANG[ch.san_chuan[0].tian_jiang] in ("貴人", "六合", "青龍", "太常", "太陰", "天后")
    ),
    "三陽": lambda ch, m, y: (
        ch.gui_ren.direction == "shun"
        and all(_ahead(b, ch.gui_ren.branch, True) for b in (ch.gan_shang, ch.zhi_shang))
        and _wang_xiang(ch.chu, m)
    ),
    "龍德": lambda ch, m, y: ch.chu == y == ch.yue_jiang and TIAN_JIANG[ch.san_chuan[0].tian_jiang] == "貴人",
    "亂首": lambda ch, m, y: (
        ch.gan_shang == ch.day.branch
        and {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}[_EL[ch.day.branch]]
        == "木木火火土土金金水水"[ch.day.stem]
    ),
}


@pytest.mark.parametrize("name", sorted(CLASS_DEFS))
def test_detected_classes_match_their_definition(name: str) -> None:
    when = R.keti_meanings()[name]["when"]
    hits = 0
    for d in range(60):
        for off in range(12):
            for hour, month, year in ((0, 2, 0), (6, 8, 6), (9, 5, 9)):
                ch = cast(day=d, yue_jiang=(off + hour) % 12, hour=hour)
                want = bool(CLASS_DEFS[name](ch, month, year))
                got = R._holds_chart(when, R._context(ch, month, year))
                assert got == want, (name, ch.day.name, BRANCHES[ch.yue_jiang], BRANCHES[hour])
                hits += want
                if want:
                    assert f"ke_ti.{name}" in ids(reading(ch, month_branch=month, year_branch=year))
    if name != "龍德":  # 太歲 = 月將 = 初傳 with 貴人 on it is rare
        assert hits, name


def test_cast_from_an_instant_gives_month_and_year() -> None:
    from xuanheng.liuren import cast

    ch = cast("2026-03-10T21:00", tz="Asia/Shanghai")  # 丙午年 辛卯月 (驚蟄 was on 5 March)
    rs = reading(ch)
    assert {r.facts["month_branch"] for r in rs if "month_branch" in r.facts} == {"卯"}
    assert any(r.facts.get("target") == "tai_sui" for r in rs)  # 太歲 午 from the year pillar
