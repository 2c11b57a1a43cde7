"""金口訣 study mode on the command line and the MCP tool (the HTTP API: tests/web/test_jinkoujue_study.py):
the coordinates the casebooks print (日干支, 時支, 月建, 月將, 晝夜, 年干支, 地分) cast the chart
``jinkoujue.cast(day=…)`` casts; a flag of the other mode is refused (``mode.unused``), a missing coordinate
by a catalogued error in the reader's language; and the topic vocabulary takes the casebooks' own words
(逃亡, 考試, 求謀, also after 占)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from xuanheng import jinkoujue
from xuanheng.cli.main import main
from xuanheng.rules.topics import normalise_topic

STUDY = {"day": "甲子", "hour": "午", "month": "寅", "yue_jiang": "亥", "year": "丙午", "difen": "申"}
FLAGS = [x for k, v in STUDY.items() for x in (f"--{k.replace('_', '-')}", v)]


def library(**extra: Any) -> dict[str, Any]:
    chart = jinkoujue.cast(
        day="甲子", hour="午", month_branch="寅", year="丙午", yue_jiang="亥", difen="申", **extra
    )
    out: dict[str, Any] = chart.to_json()
    return out


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize(("flag", "is_day"), [("day", True), ("night", False)])
def test_cli_study_cast_is_the_library_s(capsys: pytest.CaptureFixture[str], flag: str, is_day: bool) -> None:
    rc, out, err = run(["jinkoujue", *FLAGS, "--day-night", flag, "--json", "--no-reading"], capsys)
    assert rc == 0, err
    got = json.loads(out)
    want = library(is_day=is_day, options={"day_night": flag})
    assert {k: got[k] for k in want} == want
    # 亥將加午: 申, three places after 午, carries 亥 + 3 = 寅 … counted from 亥 on 午: 申 gets 丑 (大吉)
    assert got["calendar"]["day"] == "甲子" and got["jiang_shen"]["branch"] == "丑"
    assert got["calendar"]["day_night"] == ("晝" if is_day else "夜")


def test_without_day_night_study_mode_takes_the_fixed_hours(capsys: pytest.CaptureFixture[str]) -> None:
    """晝夜 unset (auto): no place, so the fixed hours (卯–申 day), as a cast from an instant without one."""
    rc, out, err = run(["jinkoujue", *FLAGS, "--json", "--no-reading"], capsys)
    assert rc == 0, err
    got = json.loads(out)
    assert got["calendar"]["day_night"] == "晝"  # 午 is a day hour
    night = ["jinkoujue", *FLAGS[:2], "--hour", "子", *FLAGS[4:], "--json", "--no-reading"]
    rc, out, err = run(night, capsys)
    assert rc == 0, err
    assert json.loads(out)["calendar"]["day_night"] == "夜"


def test_a_month_ganzhi_gives_its_stem(capsys: pytest.CaptureFixture[str]) -> None:
    flags = [*FLAGS[:4], "--month", "戊寅", *FLAGS[6:]]
    rc, out, err = run(["jinkoujue", *flags, "--day-night", "day", "--json", "--no-reading"], capsys)
    assert rc == 0, err
    assert json.loads(out)["calendar"]["month"] == "戊寅"


def test_mcp_study_cast_is_the_library_s() -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client

    from xuanheng.mcp.server import build_server

    out: list[Any] = []

    async def go() -> None:
        async with Client(build_server(), raise_exceptions=False) as c:
            out.append(await c.call_tool("jinkoujue", {**STUDY, "day_night": "day"}))
            out.append(await c.call_tool("jinkoujue", {**STUDY, "at": "2026-03-10T21:00", "tz": "UTC"}))

    anyio.run(go)
    assert not out[0].is_error, out[0].content[0].text
    want = library(is_day=True, options={"day_night": "day"})
    assert {k: out[0].structured_content[k] for k in want} == want
    assert out[1].is_error and "study mode" in out[1].content[0].text


def test_an_instant_with_study_inputs_is_refused_in_korean(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["jinkoujue", *FLAGS, "--at", "2026-03-10T21:00", "--tz", "+08:00", "--lang", "ko"]
    rc, _, err = run(argv, capsys)
    assert rc != 0
    assert "--day" in err and "연구 모드" in err and "쓰지 않습니다" in err
    # and the reverse: an instant-only flag in study mode
    rc, _, err = run(["jinkoujue", *FLAGS, "--tz", "+08:00", "--lang", "ko"], capsys)
    assert rc != 0 and "--tz" in err and "연구 모드" in err


def test_the_year_is_optional_the_others_required(capsys: pytest.CaptureFixture[str]) -> None:
    """The 四位 do not need the year (issue 28 lists --year as optional; branch ux7): without it the chart has
    no 太歲, the refusal names the other coordinates only, in the reader's language."""
    flags = [x for x in FLAGS if x not in ("--year", "丙午")]
    rc, _, err = run(["jinkoujue", *flags, "--lang", "ko"], capsys)
    assert rc == 0, err
    no_hour = [x for i, x in enumerate(flags) if x != "--hour" and (i == 0 or flags[i - 1] != "--hour")]
    rc, _, err = run(["jinkoujue", *no_hour, "--lang", "ko"], capsys)
    assert rc != 0 and "빠진 것: --hour" in err and "태세" in err
    rc, _, err = run(["jinkoujue", *no_hour, "--lang", "zh-Hant"], capsys)
    assert rc != 0 and "缺少：--hour" in err
    from xuanheng.errors import InputError
    from xuanheng.jinkoujue import METHOD

    with pytest.raises(InputError) as e:
        METHOD.cast(METHOD.make_params({k: v for k, v in STUDY.items() if k != "hour"}))
    assert e.value.code == "jinkoujue.study_missing" and e.value.field == "hour"
    chart = METHOD.cast(METHOD.make_params({k: v for k, v in STUDY.items() if k != "year"}))
    assert chart.calendar.year is None


def test_day_night_sun_is_refused_in_study_mode(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(["jinkoujue", *FLAGS, "--day-night", "sun", "--lang", "ko"], capsys)
    assert rc != 0 and "--day-night" in err and "고정 시각" in err


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("逃亡", "逃亡"),
        ("考試", "科舉"),
        ("考试", "科舉"),
        ("求謀", "求謀"),
        ("占逃亡", "逃亡"),
        ("占考試", "科舉"),
        ("占求谋", "求謀"),
        ("謀望", "求謀"),
        ("逃人", "逃亡"),
        ("應試", "科舉"),
    ],
)
def test_the_casebooks_topic_words(word: str, key: str) -> None:
    assert normalise_topic(word) == key


def test_a_casebook_topic_reads_in_study_mode(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run(["jinkoujue", *FLAGS, "--topic", "占考試", "--json"], capsys)
    assert rc == 0, err
    assert json.loads(out)["inputs"]["topic"] == "占考試"
