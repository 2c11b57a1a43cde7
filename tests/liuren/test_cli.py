"""``xuanheng liuren``: study mode, instants, --enumerate, JSON shape, and one-line typed errors."""

from __future__ import annotations

import json

import pytest

from xuanheng.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(["liuren", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_study_mode_json(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--json", "--no-reading")
    assert rc == 0
    js = json.loads(out)
    assert (js["day"], js["yue_jiang"], js["hour"]) == ("丁卯", "亥", "丑")
    assert js["tian_pan"]["丑"] == "亥" and len(js["tian_pan"]) == 12
    assert [k["upper"] for k in js["si_ke"]] == ["巳", "卯", "丑", "亥"] and js["si_ke"][0]["lower"] == "丁"
    assert [c["branch"] for c in js["san_chuan"]] == ["亥", "酉", "未"]
    assert {"tian_jiang", "liu_qin", "dun_gan"} <= set(js["san_chuan"][0])
    assert js["method"] == "涉害"
    assert set(js["gui_ren"]) >= {"branch", "day_night", "direction"}
    for key in ("ke_ti", "shensha", "reading", "options", "warnings", "engine_version", "schema_version"):
        assert key in js


def test_study_mode_table_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "--day", "丁卯", "--yue-jiang", "登明", "--hour", "丑", "--no-reading")
    assert rc == 0 and "涉害" in out and "四課" in out


def test_school_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--shehai", "mengzhongji", "--json")
    rc, out, _ = run(capsys, *argv, "--no-reading")
    assert rc == 0 and [c["branch"] for c in json.loads(out)["san_chuan"]] == ["丑", "亥", "酉"]


def test_instant(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "--at", "2026-03-10T21:30", "--tz", "Asia/Shanghai", "--json", "--no-reading")
    assert rc == 0
    js = json.loads(out)
    assert js["day"] == js["calendar"]["pillars"]["day"] and js["yue_jiang"] == js["calendar"]["yue_jiang"]


def test_enumerate(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "--enumerate", "--json")
    rows = json.loads(out)
    assert rc == 0 and len(rows) == 720
    assert len({(r["day"], r["offset"]) for r in rows}) == 720
    assert sum(r["sub_method"] == "綴瑕" and r["method"] == "涉害" for r in rows) == 1


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (("--day", "丁X", "--yue-jiang", "亥", "--hour", "丑"), "day"),
        (("--day", "丁卯", "--yue-jiang", "亥"), "--hour"),
        (("--at", "2026-13-40T25:00", "--tz", "Asia/Shanghai"), "2026-13-40"),
        (("--at", "2026-03-10T21:00", "--tz", "Mars/Base"), "Mars/Base"),
        (("--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--day-night", "sun"), "sun"),
        ((), "--at"),
    ],
)
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needle: str) -> None:
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and needle in err
