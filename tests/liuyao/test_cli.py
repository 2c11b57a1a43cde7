"""``xuanheng liuyao``: flags made from the Params, every way of casting, the table (上爻 first) and --json,
study mode, replayable random casts, and one-line typed errors naming the field."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from xuanheng import liuyao
from xuanheng.cli.main import main
from xuanheng.liuyao.reading import reading_json

AT = ("--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(["liuyao", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    rc, out, err = run(capsys, *argv, "--json")
    assert rc == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


#: what the document adds to the chart's JSON: its reading (issue 11; tests/liuyao/test_reading_method.py)
READING_KEYS = ("lang", "judgment", "reading", "reading_options")


def _strip(doc: dict[str, Any]) -> dict[str, Any]:
    """The chart part of a document (no engine version, no reading; the warnings by code and parameters:
    their text is in the document's language, the chart's own JSON says them in English)."""
    out = {k: v for k, v in doc.items() if k != "engine_version" and k not in READING_KEYS}
    out["warnings"] = [(w["code"], w["params"]) for w in out.get("warnings", [])]
    return out


def test_help_lists_the_issue_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["liuyao", "--help"])
    out = capsys.readouterr().out
    for flag in (
        "--at",
        "--tz",
        "--lines",
        "--coins",
        "--yarrow",
        "--seed",
        "--throws",
        "--time",
        "--numbers",
        "--hexagram",
        "--moving",
        "--topic",
        "--lang",
        "--json",
        "--now",
        "--day",
        "--month",
        "--kong",
        "--jin-tui",
        "--day-boundary",
    ):
        assert re.search(rf"(^|\s){flag}\b", out), flag
    assert "--yue-jiang-rule" not in out and "--day-night" not in out  # no 月將, no 晝夜 in 六爻


def test_json_is_the_issue_shape_and_the_library_chart(capsys: pytest.CaptureFixture[str]) -> None:
    js = run_json(capsys, *AT, "--lines", "887868")
    # the issue's example: 謙 of 兌 palace, 五世, 初爻 丙辰 父母 (lines 初 → 上)
    ben = js["ben_gua"]
    assert (ben["name"], ben["palace"], ben["palace_element"], ben["type"], ben["shi"], ben["ying"]) == (
        "謙",
        "兌",
        "金",
        "五世",
        5,
        2,
    )
    first = ben["lines"][0]
    assert (first["value"], first["moving"], first["najia"], first["liu_qin"]) == (8, False, "丙辰", "父母")
    assert ben["lines"][1]["fu_shen"] == "妻財丁卯"
    assert {"liu_shen", "kong"} <= set(first)
    assert js["bian_gua"]["name"] == "蹇" and len(js["bian_gua"]["lines"]) == 6
    assert {"najia", "liu_qin"} <= set(js["bian_gua"]["lines"][0])
    for key in ("xun_kong", "pillars", "yue_jian", "ri_chen", "cast", "options", "warnings"):
        assert key in js, key
    assert set(js["pillars"]) == {"year", "month", "day", "hour"}
    assert {"method", "seed", "throws"} <= set(js["cast"])
    assert js["cast"]["method"] == "manual" and js["cast"]["seed"] is None
    chart = liuyao.cast("2026-03-10T21:00", tz="Asia/Shanghai", lines="887868")
    lib = chart.to_json()
    assert _strip(js) == _strip(lib)
    assert js["reading"] == reading_json(chart, None, "zh-Hant")


@pytest.mark.parametrize(
    ("argv", "kwargs", "method"),
    [
        (("--coins", "--seed", "42"), {"coins": True, "seed": 42}, "coins"),
        (("--yarrow", "--seed", "7"), {"yarrow": True, "seed": 7}, "yarrow"),
        (("--time",), {"time": True}, "time"),
        (("--numbers", "3,5"), {"numbers": (3, 5)}, "numbers"),
        (("--numbers", "3,5,2"), {"numbers": (3, 5, 2)}, "numbers"),
        (("--hexagram", "天風姤", "--moving", "1,4"), {"hexagram": "天風姤", "moving": (1, 4)}, "manual"),
        (("--hexagram", "乾"), {"hexagram": "乾"}, "manual"),
        (
            ("--throws", "背字字 背背字 背背背 字字字 背背背 背背字"),
            {"throws": "背字字 背背字 背背背 字字字 背背背 背背字"},
            "coins",
        ),
        (("--lines", "777777", "--kong", "day_and_hour", "--jin-tui", "eight"), {}, "manual"),
    ],
)
def test_every_way_of_casting(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], kwargs: dict[str, Any], method: str
) -> None:
    js = run_json(capsys, *AT, *argv)
    assert js["cast"]["method"] == method
    if kwargs:
        lib = liuyao.cast("2026-03-10T21:00", tz="Asia/Shanghai", **kwargs).to_json()
        assert _strip(js) == _strip(lib)
    else:
        assert js["options"]["kong"] == "day_and_hour" and js["options"]["jin_tui"] == "eight"


def test_hexagram_and_moving_lines(capsys: pytest.CaptureFixture[str]) -> None:
    js = run_json(capsys, *AT, "--hexagram", "天風姤", "--moving", "1,4")
    # 姤 = 巽 below 乾 above: lines 初 → 上 are 8 7 7 7 7 7; moving 1 and 4 make them 6 and 9
    assert js["cast"]["values"] == "677977"
    assert [ln["moving"] for ln in js["ben_gua"]["lines"]] == [True, False, False, True, False, False]


def test_random_casts_draw_a_seed_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    for way in ("--coins", "--yarrow"):
        js = run_json(capsys, *AT, way)
        seed = js["cast"]["seed"]
        assert isinstance(seed, int) and js["inputs"]["seed"] == seed
        again = run_json(capsys, *AT, way, "--seed", str(seed))
        assert again["cast"] == js["cast"] and _strip(again) == _strip(js)
    # the table prints the seed too (so a terminal user can replay it)
    rc, out, _ = run(capsys, *AT, "--coins")
    assert rc == 0 and re.search(r"種子（重現用） \d+", out)  # in the reader's words (issue 30)
    rc, out, _ = run(capsys, *AT, "--coins", "--lang", "en")
    assert rc == 0 and re.search(r"seed \(replays the draw\) \d+", out)


def test_table_top_to_bottom(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, *AT, "--lines", "887868")
    assert rc == 0
    rows = [ln for ln in out.splitlines() if ln[:1] in "上五四三二初" and len(ln) > 4]
    assert [r[0] for r in rows] == list("上五四三二初")  # 上爻 first, as practitioners write them
    # each row: 六神, 六親 + 納甲 of that line (謙 on a 癸 day: 玄武 on 初爻 … 白虎 on 上爻)
    assert "白虎" in rows[0] and "兄弟癸酉" in rows[0]
    assert "玄武" in rows[5] and "父母丙辰" in rows[5]
    assert "妻財丁卯" in rows[4] and "官鬼丙午" in rows[4]  # 伏神 beside its 飛神
    assert "世" in rows[1] and "×" in rows[1] and "父母戊戌" in rows[1]  # 六五 老陰 moves to 戊戌
    assert "應" in rows[4]
    tail = out.split(rows[5], 1)[1]
    assert re.search(r"旬空 申酉\s+月建 卯\s+日辰 未", tail)  # then 旬空, 月建, 日辰
    assert "謙" in out and "蹇" in out


def test_languages(capsys: pytest.CaptureFixture[str]) -> None:
    _, ko, _ = run(capsys, *AT, "--lines", "887868", "--lang", "ko")
    _, en, _ = run(capsys, *AT, "--lines", "887868", "--lang", "EN")
    _, hans, _ = run(capsys, *AT, "--lines", "887868", "--lang", "zh-Hans")
    assert "본괘" in ko and "육신" in ko
    assert "main hexagram" in en
    assert "兑宫" in hans and "妻财丁卯" in hans


def test_study_mode_book_case(capsys: pytest.CaptureFixture[str]) -> None:
    # 《增刪卜易》卷二〈進神退神章〉: 困之解 on a 辰 month, 癸丑 day — 九五 丁酉 兄弟 化 庚申, 化退神
    js = run_json(capsys, "--day", "癸丑", "--month", "辰", "--lines", "878798")
    assert (js["ben_gua"]["full_name"], js["bian_gua"]["full_name"]) == ("澤水困", "雷水解")
    fifth = js["ben_gua"]["lines"][4]
    assert (fifth["najia"], fifth["liu_qin"], fifth["bian"]["najia"]) == ("丁酉", "兄弟", "庚申")
    assert "化退神" in fifth["bian"]["hua"]
    assert js["ri_chen"] == "丑" and js["yue_jian"] == "辰"
    assert [ln["liu_qin"] for ln in js["bian_gua"]["lines"]][4] == "兄弟"  # by the 本卦's palace (兌 金)


@pytest.mark.parametrize(
    ("argv", "field", "needle"),
    [
        ((*AT, "--lines", "88x868"), "lines", "88x868"),
        ((*AT, "--lines", "88786"), "lines", "5 values"),
        ((*AT, "--lines", "887860"), "lines", "the value 0"),
        ((*AT, "--numbers", "0,5"), "numbers", "≥ 1"),
        ((*AT, "--numbers", "3"), "numbers", "two or three"),
        ((*AT, "--hexagram", "無此卦名"), "hexagram", "not a hexagram"),
        ((*AT, "--hexagram", "乾", "--moving", "7"), "moving", "1 (初爻)"),
        ((*AT, "--coins", "--yarrow"), "cast", "exactly one"),
        ((*AT,), "cast", "exactly one"),
        ((*AT, "--lines", "887868", "--seed", "3"), "seed", "--coins or --yarrow"),
        ((*AT, "--coins", "--moving", "1"), "moving", "--hexagram"),
        ((*AT, "--coins", "--seed", "-1"), "seed", "seed"),
        ((*AT, "--throws", "背字"), "throws", "six throws"),
        ((*AT, "--lines", "887868", "--kong", "hour"), "kong", "day_and_hour"),
        ((*AT, "--lines", "887868", "--day", "甲子"), "day", "study mode"),
        (("--day", "甲子", "--month", "寅", "--time"), "time", "--time"),
        (("--day", "甲子", "--month", "寅", "--lines", "777777", "--tz", "UTC"), "tz", "--tz"),
        (("--day", "甲子", "--lines", "777777"), "month", "--month"),
        (("--day", "甲丑", "--month", "寅", "--lines", "777777"), "day", "干支"),
        (
            (
                "--lines",
                "777777",
            ),
            "at",
            "--at",
        ),
    ],
)
def test_errors_are_one_line_naming_the_field(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], field: str, needle: str
) -> None:
    from xuanheng.errors import XuanhengError
    from xuanheng.liuyao import METHOD

    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == ""
    assert err.startswith("xuanheng liuyao: ") and err.count("\n") == 1, err
    assert needle in err, err
    assert "Traceback" not in err
    # the same input through the contract raises one typed error naming the field
    values: dict[str, Any] = {}
    it = iter(argv)
    for flag in it:
        name = flag.lstrip("-").replace("-", "_")
        if name in ("coins", "yarrow", "time"):
            values[name] = True
        else:
            values[name] = next(it)
    if field in ("tz", "time") and "day" in values:
        return  # refused by the command line's mode check before the cast
    with pytest.raises(XuanhengError) as e:
        METHOD.cast(METHOD.make_params(values))
    assert e.value.field == field


def test_now_casts_the_current_time(capsys: pytest.CaptureFixture[str]) -> None:
    js = run_json(capsys, "--now", "--tz", "UTC", "--lines", "777777")
    assert js["inputs"]["tz"] in ("UTC", "+00:00") and js["ben_gua"]["name"] == "乾"
