"""``xuanheng jinkoujue``: the two reference casts through the CLI, JSON keys, languages, one-line errors."""

from __future__ import annotations

import json

import pytest

from xuanheng.cli.main import main

CASE1 = ["jinkoujue", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", "--difen", "申", "--jiang", "jie"]
CASE2 = ["jinkoujue", "--at", "2026-04-05T12:07", "--tz", "Asia/Shanghai", "--difen", "申", "--jiang", "jie"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_json_case1(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([*CASE1, "--day-night", "night", "--json"], capsys)
    assert rc == 0
    j = json.loads(out)
    assert j["ren_yuan"]["stem"] == "庚"
    assert (j["gui_shen"]["jiang"], j["gui_shen"]["branch"], j["gui_shen"]["stem"]) == ("青龍", "寅", "甲")
    assert (j["jiang_shen"]["branch"], j["jiang_shen"]["stem"], j["jiang_shen"]["name"]) == (
        "未",
        "己",
        "小吉",
    )
    assert j["di_fen"]["branch"] == "申"
    assert j["dong"] == ["賊動", "兄弟動"]
    assert j["calendar"]["day"] == "癸未" and j["calendar"]["hour"] == "癸亥"
    for key in (
        "yong_yao",
        "wang_shuai",
        "shensha",
        "options",
        "warnings",
        "engine_version",
        "schema_version",
    ):
        assert key in j


def test_json_case2(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([*CASE2, "--day-night", "day", "--json", "--no-reading"], capsys)
    j = json.loads(out)
    assert rc == 0
    assert (
        j["ren_yuan"]["stem"],
        j["gui_shen"]["jiang"],
        j["gui_shen"]["stem"] + j["gui_shen"]["branch"],
    ) == (
        "壬",
        "太常",
        "辛未",
    )
    assert j["jiang_shen"]["name"] == "登明" and j["jiang_shen"]["stem"] == "乙"
    assert j["yong_yao"] == "jiang_shen"
    assert j["dong"] == ["賊動", "官動", "父母動"]
    assert j["ji_shi"] == ["酉", "卯"]


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans", "en"])
def test_table_view_every_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([*CASE1, "--lang", lang], capsys)
    assert rc == 0
    lines = out.splitlines()
    order = [
        next(i for i, ln in enumerate(lines) if ln.startswith(lab))
        for lab in ("人元", "貴神", "將神", "地分")
    ]
    assert order == sorted(order)


def test_random_difen_is_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["jinkoujue", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", "--difen", "random"]
    rc, out, _ = run([*argv, "--seed", "7", "--json", "--no-reading"], capsys)
    j = json.loads(out)
    assert rc == 0 and j["inputs"]["by"] == "random" and j["inputs"]["seed"] == 7
    rc, out2, _ = run([*argv, "--seed", "7", "--json", "--no-reading"], capsys)
    assert json.loads(out2)["di_fen"] == j["di_fen"]


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--difen", "甲"], "地分"),
        (["--difen", "13"], "1–12"),
        (["--difen", "申", "--jiang", "moon"], "zhongqi"),
        (["--difen", "申", "--lang", "fr"], "ko"),
        (["--difen", "申", "--gui-shen-plate", "sky"], "di_pan"),
    ],
)
def test_errors_are_one_line(extra: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run(["jinkoujue", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", *extra], capsys)
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_bad_instant(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(
        ["jinkoujue", "--at", "2026-13-40T25:00", "--tz", "Asia/Shanghai", "--difen", "申"], capsys
    )
    assert rc == 2 and len(err.strip().splitlines()) == 1
