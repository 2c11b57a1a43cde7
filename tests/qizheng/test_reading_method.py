"""The reading and the 限 on the method contract: ``xuanheng qizheng`` prints the reading (``--no-reading``,
``--topic``, ``--lang``), ``--on DATE`` gives ``da_xian`` ``xiao_xian`` ``liu_nian`` ``liu_yao``, the
timeline is in the document, the table and the SVG show them, and the journal counts the 格局.

Expected values come from the rule statements written here (the 百六 table of 《星學大成》卷七, 虛歲 by
birthdays, the 人事 palace order, the 干支 of 2026 = 丙午) and from the horo-api 洞微 timetable (婁 from
1988-10-03 to 1993-07-29 for the 1983-10-27 chart), never from the code under test."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

from xuanheng.errors import InputError, OptionError, OutOfRangeError
from xuanheng.qizheng import METHOD, cast
from xuanheng.qizheng.method import facts
from xuanheng.qizheng.reading import reading

HORO = ["--at", "1983-10-27T18:30", "--tz", "+08:00", "--lon", "116.383333", "--lat", "39.9"]
HORO_KW: dict[str, Any] = {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9}
#: the 人事 palaces counted from the 命宮 backwards along the branches (命宮 酉 → 財帛 申 → 兄弟 未 …),
#: and the order the 大限 takes them with its years (百六, 卷七〈洞微百六限起例〉)
GONG = ["命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌"]
DA_ORDER = ["命宮", "相貌", "福德", "官祿", "遷移", "疾厄", "夫妻", "奴僕", "男女", "田宅", "兄弟", "財帛"]
DA_YEARS = [None, 10, 11, 15, 8, 7, 11, 4.5, 4.5, 4.5, 5, 5]
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def doc_on() -> dict[str, Any]:
    p = METHOD.make_params({**HORO_KW, "sex": "男", "on": "2026-12-01", "years": 100})
    return METHOD.document(p, "zh-Hant")


def test_reading_is_in_the_document_and_equals_the_keyword_api(cli_json: Callable[..., Any]) -> None:
    doc = cli_json("qizheng", *HORO, "--qiang-ruo", "xitian", "--stage-of", "star")
    chart = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9)
    direct = [r.to_json("zh-Hant") for r in reading(chart, qiang_ruo="xitian", stage_of="star")]
    assert doc["reading"] == direct and direct
    assert doc["reading_options"] == {"qiang_ruo": "xitian", "stage_of": "star"}  # the contract's one way
    assert "qiang_ruo" not in doc["options"]
    assert doc["lang"] == "zh-Hant"
    # the default school differs somewhere (the options reach the reading)
    assert cli_json("qizheng", *HORO)["reading"] != direct


def test_no_reading_topic_and_lang(
    cli: Callable[[list[str]], tuple[int, str, str]], cli_json: Callable[..., Any]
) -> None:
    assert cli_json("qizheng", *HORO, "--no-reading")["reading"] == []
    ko = cli_json("qizheng", *HORO, "--lang", "ko")
    zh = cli_json("qizheng", *HORO)
    assert [r["id"] for r in ko["reading"]] == [r["id"] for r in zh["reading"]]
    assert ko["reading"][0]["text"] != zh["reading"][0]["text"]
    assert any("\uac00" <= ch <= "\ud7a3" for ch in ko["reading"][0]["text"])
    by_topic = cli_json("qizheng", *HORO, "--topic", "財")["reading"]
    tagged = [r for r in by_topic if "財" in r["topics"]]
    assert tagged and by_topic[: len(tagged)] == tagged  # the topic's rules first
    rc, out, err = cli(["qizheng", *HORO, "--topic", "weather?"])
    assert rc != 0 and "topic" in err
    # the table prints the judgment, then the reading as the rules underneath it; --no-reading leaves both out
    rc, out, _ = cli(["qizheng", *HORO])
    assert rc == 0 and "所據諸條" in out and "[003-023]" not in out  # rule ids only with --ids (issue 30)
    rc, out, _ = cli(["qizheng", *HORO, "--ids"])
    assert rc == 0 and "所據諸條" in out and "[003-023]" in out
    assert out.index("\n斷\n") < out.index("所據諸條")
    rc, out, _ = cli(["qizheng", *HORO, "--no-reading"])
    assert rc == 0 and "[003-023]" not in out


def test_on_gives_the_periods_of_that_date(doc_on: dict[str, Any]) -> None:
    doc = doc_on
    for key in ("da_xian", "xiao_xian", "liu_nian", "liu_yao", "timeline"):
        assert doc[key] is not None, key
    assert doc["inputs"]["on"] == "2026-12-01T12:00:00+08:00"
    ming = BRANCHES.index(doc["ming_gong"]["branch"])
    # 大限: the 百六 table laid from the birth, 命宮 = 10 + 命度/3 years (命度 past the palace start)
    d = doc["ming_gong"]["lon"] % 30.0
    years = [10 + d / 3, *DA_YEARS[1:]]
    age = 2026 + (11 - 1 + 0.5) / 12 - (1983 + (10 - 1 + 26 / 31) / 12)  # ~43.1 years
    k = next(i for i in range(12) if sum(years[: i + 1]) > age)
    assert doc["da_xian"]["gong"] == DA_ORDER[k] == "官祿"
    assert doc["da_xian"]["branch"] == BRANCHES[(ming - GONG.index(DA_ORDER[k])) % 12]
    # 小限: 虛歲 by birthdays (43 birthdays passed → 44), one palace a year in the 人事 order from 命宮
    assert doc["xiao_xian"]["age"] == 44
    assert doc["xiao_xian"]["gong"] == GONG[(44 - 1) % 12]
    # 流年: 2026 is 丙午 (立春 2026-02-04), its palace the palace of 午
    assert doc["liu_nian"]["ganzhi"] == "丙午"
    assert doc["liu_nian"]["gong"] == GONG[(ming - BRANCHES.index("午")) % 12]
    # 流曜: the eleven 曜 of that date, each in the natal palace it stands in
    ly = doc["liu_yao"]
    assert [y["name"] for y in ly] == list("日月水金火木土羅計孛炁")
    for y in ly:
        # 戌 = 0°…30° (白羊), then backwards through the branches: 酉 30°…60° … 寅 240°…270° (人馬)
        assert y["branch"] == BRANCHES[(10 - int(y["lon"] // 30)) % 12]
        assert y["gong"] == GONG[(ming - BRANCHES.index(y["branch"])) % 12]
    # the timeline: twelve 大限, the running one is the one above
    tl = doc["timeline"]
    assert len(tl["da_xian"]) == 12 and tl["current_index"] == k
    assert [r["gong"] for r in tl["da_xian"]] == DA_ORDER
    assert 100 <= len(tl["liu_nian"]) <= 102


def test_on_inside_the_horo_api_dongwei_span(cli_json: Callable[..., Any]) -> None:
    # horo-api: 婁 from 1988-10-03 22:25:22 to 1993-07-29 00:13:20 for this chart
    doc = cli_json("qizheng", *HORO, "--on", "1990-06-01", "--no-reading")
    assert doc["dongwei"]["xiu"] == "婁"
    # the 大限 runs from the birth; the 童限 covers 虛歲 1–9 beside it (six birthdays passed: 7, 福德)
    assert doc["da_xian"]["gong"] == "命宮"
    assert doc["tong_xian"]["age"] == 7 and doc["tong_xian"]["gong"] == "福德"
    doc = cli_json("qizheng", *HORO, "--on", "1993-08-15", "--no-reading")
    assert doc["dongwei"]["xiu"] == "奎" and doc["tong_xian"] is None  # 虛歲 10
    doc = cli_json("qizheng", *HORO, "--on", "1986-01-01", "--no-reading")
    assert doc["tong_xian"]["age"] == 3  # 虛歲 3: two birthdays passed


def test_without_on_no_period_is_current(cli_json: Callable[..., Any]) -> None:
    doc = cli_json("qizheng", *HORO, "--no-reading")
    for key in ("da_xian", "tong_xian", "xiao_xian", "liu_nian", "dongwei", "liu_yao"):
        assert doc[key] is None, key
    assert doc["inputs"]["on"] is None and doc["timeline"]["current_index"] is None
    assert len(doc["timeline"]["da_xian"]) == 12


def test_errors_name_the_field() -> None:
    with pytest.raises(InputError) as e:
        METHOD.cast(METHOD.make_params({**HORO_KW, "on": "next tuesday"}))
    assert e.value.field == "on"
    with pytest.raises(OutOfRangeError) as e2:
        METHOD.cast(METHOD.make_params({**HORO_KW, "on": "1980-01-01"}))
    assert e2.value.field == "on"
    for name, bad in (("first_term", "twelve"), ("qiang_ruo", "x"), ("year_start", "spring")):
        with pytest.raises(OptionError) as e3:
            METHOD.make_params({**HORO_KW, name: bad})
        assert e3.value.field == name


def test_xian_options_reach_the_periods(cli_json: Callable[..., Any]) -> None:
    doc = cli_json("qizheng", *HORO, "--on", "2026-12-01", "--first-term", "fixed", "--no-reading")
    rows = doc["timeline"]["da_xian"]
    assert rows[0]["years"] == 15.0 and doc["options"]["first_term"] == "fixed"
    doc = cli_json("qizheng", *HORO, "--on", "2026-01-10", "--year-start", "dong_zhi", "--no-reading")
    assert doc["liu_nian"]["ganzhi"] == "丙午"  # after 冬至 2025 the 流年 is already 丙午
    doc = cli_json("qizheng", *HORO, "--on", "2026-01-10", "--no-reading")
    assert doc["liu_nian"]["ganzhi"] == "乙巳"  # before 立春 2026 it is still 乙巳


def test_table_shows_the_periods(cli: Callable[[list[str]], tuple[int, str, str]]) -> None:
    rc, out, _ = cli(["qizheng", *HORO, "--on", "2026-12-01", "--no-reading"])
    assert rc == 0
    assert "大限" in out and "官祿＊" in out and "流年  丙午" in out and "流曜" in out
    rc, out, _ = cli(["qizheng", *HORO, "--on", "2026-12-01", "--no-reading", "--lang", "ko"])
    assert "대한" in out and "유년  丙午" in out


def test_svg_band_marks_the_current_period(doc_on: dict[str, Any]) -> None:
    svg = METHOD.views["svg"](doc_on, "zh-Hant")
    root = ET.fromstring(svg)
    bands = [g for g in root.iter(f"{NS}g") if "da-xian" in (g.get("class") or "").split()]
    assert len(bands) == 12
    cur = [g for g in bands if "current" in (g.get("class") or "").split()]
    assert len(cur) == 1 and cur[0].get("data-gong") == "官祿"
    years = [g for g in root.iter(f"{NS}g") if "liu-nian-year" in (g.get("class") or "").split()]
    assert len(years) == len(doc_on["timeline"]["liu_nian"])
    now = [g for g in years if "current" in (g.get("class") or "").split()]
    assert len(now) == 1 and now[0].get("data-ganzhi") == "丙午" and now[0].get("data-year") == "2026"
    assert all(g.get("data-on") for g in years)
    assert len([g for g in root.iter(f"{NS}g") if g.get("class") == "liu-yao"]) == 11
    sizes = [float(t.get("font-size", 0)) for t in root.iter(f"{NS}text")]
    assert min(sizes) * 390 / float(root.get("width", 0)) >= 11  # legible on a phone


def test_journal_facts_count_the_patterns(doc_on: dict[str, Any]) -> None:
    got = facts(doc_on)
    names = [r["name"] for r in doc_on["reading"] if r.get("kind") == "格局"]
    assert names and got["ge_ju"] == list(dict.fromkeys(names))
    assert got["da_xian"] == ["官祿"] and got["liu_nian"] == [doc_on["liu_nian"]["gong"]]
    assert {"ming_gong", "ming_du", "hua_yao"} <= set(got)
