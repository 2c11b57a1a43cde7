"""``xuanheng calendar`` through ``xuanheng.cli.main.main``."""

from __future__ import annotations

import json

import pytest

from xuanheng.cli.main import main


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "calendar",
                "--at",
                "2024-02-10T12:00",
                "--tz",
                "Asia/Shanghai",
                "--lon",
                "116.4",
                "--lat",
                "39.9",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "甲辰年 丙寅月 甲辰日 庚午時" in out
    assert "立春" in out and "雨水" in out and "神后" in out and "正月初一" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calendar", "--at", "2024-02-10T12:00", "--tz", "Asia/Shanghai", "--json"]) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["pillars"] == {"year": "甲辰", "month": "丙寅", "day": "甲辰", "hour": "庚午"}
    assert j["yue_jiang"] == "子"
    assert j["jieqi"]["prev"]["name"] == "立春" and j["jieqi"]["next"]["name"] == "驚蟄"
    assert j["jieqi"]["prev"]["at"].endswith("+08:00")
    assert j["xun_kong"]["day"] == ["寅", "卯"]
    assert {"zhongqi", "lunar", "options", "warnings", "engine_version", "schema_version"} <= j.keys()


def test_options_echoed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "calendar",
        "--at",
        "2024-02-10T23:30+08:00",
        "--day-boundary",
        "00:00",
        "--yue-jiang",
        "jie",
        "--json",
    ]
    assert main(argv) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["options"]["day_boundary"] == "00:00" and j["options"]["yue_jiang"] == "jie"
    assert j["pillars"]["day"] == "甲辰" and j["yue_jiang"] == "亥"


def test_now(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calendar", "--now", "--tz", "Asia/Seoul", "--json"]) == 0
    assert "pillars" in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "argv",
    [
        ["calendar", "--at", "2024-02-10T12:00", "--tz", "Nowhere/City"],
        ["calendar", "--at", "2024-02-31T12:00", "--tz", "UTC"],
        ["calendar", "--at", "2024-02-10T12:00", "--tz", "UTC", "--lat", "91", "--lon", "0"],
        ["calendar", "--at", "3100-01-01T00:00", "--tz", "UTC"],
        ["calendar", "--at", "1988-04-17T02:30", "--tz", "Asia/Shanghai"],
        ["calendar", "--at", "2024-02-10T12:00", "--tz", "UTC", "--day-boundary", "noon"],
        ["calendar", "--tz", "UTC"],
    ],
)
def test_errors_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("xuanheng calendar: ")


def test_fold_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["calendar", "--at", "1988-09-11T01:30", "--tz", "Asia/Shanghai", "--fold", "1", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["inputs"]["utc_offset"] == "+08:00"
