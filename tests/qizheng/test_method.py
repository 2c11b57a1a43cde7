"""七政四餘 on the method contract: the parameters declared once, the command line (flags of issue 10, the
JSON keys of its example, the table view), errors naming the field, and the journal's keys."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from xuanheng.methods import registry
from xuanheng.qizheng import METHOD, cast
from xuanheng.qizheng.method import facts
from xuanheng.qizheng.params import (
    CHART_OPTION_NAMES,
    READING_OPTION_NAMES,
    SPIRIT_OPTION_NAMES,
    XIAN_OPTION_NAMES,
    QiZhengParams,
)

ROOT = Path(__file__).resolve().parents[2]
PARAMS = ROOT / "src/xuanheng/qizheng/data/params.toml"
HORO = ["--at", "1983-10-27T18:30", "--tz", "+08:00", "--lon", "116.383333", "--lat", "39.9"]
YAO = list("日月水金火木土羅計孛炁")


# ------------------------------------------------------------------------------------- declarations
def test_registered_once() -> None:
    assert registry()["qizheng"] is METHOD
    src = (ROOT / "src/xuanheng/methods.py").read_text("utf-8")
    assert src.count('"xuanheng.qizheng"') == 1


def test_every_option_declared_once_with_labels_and_sources() -> None:
    raw = tomllib.loads(PARAMS.read_text("utf-8"))
    options = raw["option"]
    # the chart's, the spirits', the reading's and the 限 options come from this one file, nothing else
    # declares options
    groups = [CHART_OPTION_NAMES, SPIRIT_OPTION_NAMES, READING_OPTION_NAMES, XIAN_OPTION_NAMES]
    assert set(options) == set().union(*groups)
    assert sum(len(g) for g in groups) == len(options)
    assert set(READING_OPTION_NAMES) == {"qiang_ruo", "stage_of"}
    assert set(XIAN_OPTION_NAMES) == {"first_term", "dongwei", "xiao_xian_change", "year_start"}
    data = ROOT / "src/xuanheng/qizheng/data"
    assert sorted(p.name for p in data.glob("*options*.toml")) == []
    for name, o in options.items():
        assert {"ko", "zh-Hant", "en"} <= set(o["label"]) and o["help"], name
        assert o["default"] in [c["value"] for c in o["choice"]], name
        for c in o["choice"]:
            assert {"ko", "zh-Hant", "zh-Hans", "en"} <= set(c["label"]) and c["src"].strip(), (name, c)
    spec = QiZhengParams.by_name()
    for name in options:
        p = spec[name]
        assert p.option and p.group == "school" and p.default == options[name]["default"]
    assert spec["ming_gong"].also == "branch"
    assert not spec["sex"].option and spec["sex"].values == ("男", "女")
    assert "yue_jiang_rule" not in spec  # the chart does not use the 月將


def test_params_match_the_keyword_api() -> None:
    p = METHOD.make_params({**METHOD.example, "xiu": "gu", "ming_gong": "巳", "kong_wang": "both"})
    a = METHOD.cast(p).chart.to_json()
    b = cast(
        "1983-10-27T18:30",
        tz="+08:00",
        lon=116.383333,
        lat=39.9,
        sex="男",
        xiu="gu",
        ming_gong="巳",
        spirit_options={"kong_wang": "both"},
    ).to_json()
    assert a == b
    assert a["ming_gong"]["branch"] == "巳" and a["options"]["kong_wang"] == "both"


def test_sex_spellings() -> None:
    assert METHOD.make_params({"sex": "female"}).sex == "女"
    assert METHOD.make_params({"sex": "乾"}).sex == "男"
    from xuanheng.errors import InputError

    with pytest.raises(InputError) as e:
        METHOD.make_params({"sex": "x"})
    assert e.value.field == "sex"


# ------------------------------------------------------------------------------------- command line
def test_json_has_the_keys_of_the_issue(cli_json: Callable[..., Any]) -> None:
    doc = cli_json("qizheng", *HORO, "--sex", "男")
    for key in (
        "yao",
        "ming_gong",
        "shen_gong",
        "gong",
        "hua_yao",
        "shensha",
        "pillars",
        "options",
        "warnings",
    ):
        assert key in doc, key
    assert [y["name"] for y in doc["yao"]] == YAO
    sun = doc["yao"][0]
    assert {"name", "lon", "lat", "gong", "xiu", "xiu_du", "speed", "state"} <= set(sun)
    assert sun["gong"] == "卯" and sun["xiu"] == "角" and abs(sun["xiu_du"] - 9.83) < 0.01
    assert sun["state"] == "順" and abs(sun["speed"] - 0.99) < 0.02
    chart = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9)
    assert [y["lon"] for y in doc["yao"]] == [y.lon for y in chart.yao]  # unrounded
    assert doc["ming_gong"]["branch"] == "酉" and doc["ming_gong"]["xiu"] == "奎"
    assert abs(doc["ming_gong"]["xiu_du"] - 11.28) < 0.005  # horo-api: 奎 11.28
    assert len(doc["gong"]) == 12 and doc["gong"][0]["name"] == "命宮" and doc["gong"][0]["branch"] == "酉"
    assert doc["gong"][0]["zhu"] == "金" and isinstance(doc["gong"][0]["yao"], list)
    assert list(doc["hua_yao"]) == list("祿暗福耗蔭貴刑印囚權")
    assert all(("branch" in h) != ("yao" in h) and h["src"] for h in doc["shensha"])
    assert doc["inputs"]["sex"] == "男" and doc["pillars"]["year"] == "癸亥"


@pytest.mark.parametrize(
    ("flags", "key", "value"),
    [
        (["--xiu", "gu"], "xiu", "gu"),
        (["--xiu", "gu_precessed"], "xiu", "gu_precessed"),
        (["--luo-ji", "luo_north"], "luo_ji", "luo_north"),
        (["--node", "true"], "node", "true"),
        (["--ziqi", "qing"], "ziqi", "qing"),
        (["--ming-gong", "sunrise"], "ming_gong", "sunrise"),
        (["--ming-gong", "asc"], "ming_gong", "asc"),
        (["--ming-gong", "巳"], "ming_gong", "巳"),
        (["--shen-gong", "dui"], "shen_gong", "dui"),
        (["--kong-wang", "both"], "kong_wang", "both"),
    ],
)
def test_option_flags(flags: list[str], key: str, value: str, cli_json: Callable[..., Any]) -> None:
    doc = cli_json("qizheng", *HORO, *flags)
    assert doc["options"][key] == value


def test_option_flags_change_the_chart(cli_json: Callable[..., Any]) -> None:
    base = cli_json("qizheng", *HORO)
    luo = cli_json("qizheng", *HORO, "--luo-ji", "luo_north")
    assert luo["yao"][7]["lon"] == base["yao"][8]["lon"]  # 羅 and 計 trade places
    gu = cli_json("qizheng", *HORO, "--xiu", "gu")
    assert gu["xiu"] != base["xiu"]
    manual = cli_json("qizheng", *HORO, "--ming-gong", "巳")
    assert manual["ming_gong"]["branch"] == "巳" and manual["gong"][0]["branch"] == "巳"


def test_table_view_lists_yao_and_palaces(cli: Callable[[list[str]], tuple[int, str, str]]) -> None:
    rc, out, _ = cli(["qizheng", *HORO, "--sex", "男"])
    assert rc == 0
    lines = out.splitlines()
    doc = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9).to_json()
    for y in doc["yao"]:  # each 曜 with palace, mansion degree as written (參水八度), speed and state
        row = next(line for line in lines if line.startswith(y["name"] + " "))
        assert y["gong"] in row and y["xiu_text"] in row and f"{y['speed']:+.4f}" in row and y["state"] in row
    for g in doc["gong"]:  # each palace with its spirits
        row = next(line for line in lines if line.startswith(g["name"]))
        for h in doc["shensha"]:
            if h.get("branch") == g["branch"]:
                assert h["name"] in row
    assert "命宮 酉 奎木十一度" in out
    rc, out_ko, _ = cli(["qizheng", *HORO, "--lang", "ko"])
    assert rc == 0 and "칠정사여" in out_ko and "명궁" in out_ko


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--at", "1983-10-27T18:30", "--tz", "+08:00", "--xiu", "x"], "xiu"),
        (["--at", "1983-10-27T18:30", "--tz", "+08:00", "--ming-gong", "午時"], "ming_gong"),
        (["--at", "1983-10-27T18:30", "--tz", "+08:00", "--ming-gong", "asc"], "ming_gong"),
        (["--at", "1983-10-27T18:30", "--tz", "+08:00", "--sex", "x"], "sex"),
        (["--at", "1983-10-27T18:30", "--tz", "+08:00", "--lon", "500", "--lat", "1"], "lon"),
        ([*HORO[:4], "--lon", "10", "--lat", "80", "--ming-gong", "asc"], "lat"),
        (["--at", "3500-01-01T00:00", "--tz", "UTC"], "at"),
        (["--tz", "UTC"], "at"),
    ],
)
def test_errors_are_one_line_naming_the_field(
    argv: list[str], field: str, cli: Callable[[list[str]], tuple[int, str, str]]
) -> None:
    rc, out, err = cli(["qizheng", *argv])
    assert rc == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert field in err


# ------------------------------------------------------------------------------------------ journal
def test_facts_are_ming_gong_ming_du_hua_yao() -> None:
    doc = METHOD.document(METHOD.make_params(METHOD.example), "zh-Hant")
    keys = facts(doc)
    assert keys["ming_gong"] == ["酉"] and keys["ming_du"] == ["奎木十一度"]
    # 癸 year: 化祿 羅 … (003-021, re-derived in test_spirits_tables)
    assert keys["hua_yao"][0] == "祿:羅" and len(keys["hua_yao"]) == 10
    assert [k.split(":")[0] for k in keys["hua_yao"]] == list("祿暗福耗蔭貴刑印囚權")
    assert keys["sex"] == ["男"]
    assert facts({}) == {}
