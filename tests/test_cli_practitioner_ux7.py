"""A practitioner's defects left by branch ux6, each through a real user path (the command line by conftest's
``run_cli``, the HTTP API by FastAPI's TestClient, MCP by the SDK's in-memory client); every test failed
before its fix (branch ux7).

- Hangul stem, branch and 干支 names were refused everywhere (``--difen 신``, ``--day 갑자``);
- ``xuanheng qizheng --topic 行人`` (no 七政 section or rule reads it) gave the whole-life reading silently;
- 金口訣 study mode refused a cast without ``--year``, which issue 28 lists as optional;
- ``xuanheng journal --lang ko list``: ``--lang`` before the action was read as the action;
- the MCP tool schema named only the canonical values of ``about``, ``yong_shen`` and ``sex``, so a strict
  client refused 부모 before the server saw it;
- the Korean judgment named what it rests on 用爻 / 類神 / 用神 while its steps say 용효 / 유신 / 용신, and
  the 金口訣 Korean texts wrote 貴神 as a bare 귀신 (read as 鬼神);
- ``xuanheng liuyao --help --lang ko`` printed every parameter's help in English.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.conftest import run_cli

from xuanheng.core.ganzhi import BRANCHES, STEMS

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]
STUDY = ["--day", "甲子", "--hour", "午", "--month", "寅", "--yue-jiang", "亥", "--day-night", "day"]

# The Korean readings (한자음) of the stems and branches, written here from the dictionary (標準國語大辭典),
# not read from the code: the oracle of the Hangul inputs.
STEM_KO = "갑을병정무기경신임계"
BRANCH_KO = "자축인묘진사오미신유술해"


def _json(argv: list[str]) -> dict[str, Any]:
    rc, out, err = run_cli([*argv, "--json"])
    assert rc == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


# ------------------------------------------------------------------ 1. Hangul stems, branches and 干支


@pytest.mark.parametrize("i", range(12))
def test_jinkoujue_difen_in_hangul(i: int) -> None:
    """``--difen 신`` is the 地分 申, the same chart as ``--difen 申``."""
    ko = _json(["jinkoujue", *AT, "--difen", BRANCH_KO[i], "--lang", "ko"])
    han = _json(["jinkoujue", *AT, "--difen", BRANCHES[i], "--lang", "ko"])
    assert ko["inputs"]["difen"] == BRANCHES[i]
    assert ko["di_fen"] == han["di_fen"] and ko["judgment"] == han["judgment"]


def test_study_inputs_in_hangul_every_method() -> None:
    """갑자 for a day, 인 for a month, 오 for an hour, 해 for a 月將, 병오 for a year: the same cast as the
    characters, in 金口訣, 大六壬 and 六爻 study mode."""
    ko = ["--day", "갑자", "--hour", "오", "--month", "인", "--yue-jiang", "해", "--day-night", "day"]
    for extra in ([], ["--year", "병오"]):
        year = ["--year", "丙午"] if extra else []
        a = _json(["jinkoujue", *ko, *extra, "--difen", "신"])
        b = _json(["jinkoujue", *STUDY, *year, "--difen", "申"])
        assert a["calendar"] == b["calendar"] and a["judgment"] == b["judgment"]
    a = _json(["liuren", "--day", "갑자", "--hour", "오", "--yue-jiang", "해"])
    b = _json(["liuren", "--day", "甲子", "--hour", "午", "--yue-jiang", "亥"])
    assert a["inputs"] == b["inputs"] and a["san_chuan"] == b["san_chuan"]
    a = _json(["liuyao", "--day", "경신", "--month", "묘", "--hour", "자", "--lines", "789678"])
    b = _json(["liuyao", "--day", "庚申", "--month", "卯", "--hour", "子", "--lines", "789678"])
    assert a["inputs"]["day"] == "庚申" and a["inputs"] == b["inputs"] and a["ben_gua"] == b["ben_gua"]


def test_every_hangul_ganzhi_is_its_pair() -> None:
    """The sixty read in Hangul, each the 干支 of its two readings (갑자 = 甲子 … 계해 = 癸亥)."""
    from xuanheng.core import parse

    for i in range(60):
        ko = STEM_KO[i % 10] + BRANCH_KO[i % 12]
        assert parse.ganzhi(ko, "day").name == STEMS[i % 10] + BRANCHES[i % 12]
    for i in range(10):
        assert parse.stem(STEM_KO[i], "stem") == i
    assert parse.branch("신", "hour") == 8 and parse.stem("신", "stem") == 7  # 申 as a branch, 辛 as a stem


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["jinkoujue", *AT, "--difen", "쉰"], "'쉰'"),
        (["liuren", "--day", "갑축", "--hour", "오", "--yue-jiang", "해"], "'갑축'"),
        (["liuren", "--day", "갑자", "--hour", "옹", "--yue-jiang", "해"], "'옹'"),
    ],
)
def test_other_hangul_is_refused_in_korean_with_the_input(argv: list[str], shown: str) -> None:
    rc, _, err = run_cli([*argv, "--lang", "ko"])
    assert rc == 2 and shown in err and "Traceback" not in err
    assert "expected" not in err and "한글 독음" in err  # said in Korean, naming the Hangul forms


def test_api_takes_hangul_too(tmp_path: Any) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    c = TestClient(create_app(make_settings(tmp_path)))
    r = c.get("/api/jinkoujue", params={"day": "갑자", "hour": "오", "month": "인", "yue_jiang": "해",
                                        "day_night": "day", "difen": "신"})  # fmt: skip
    assert r.status_code == 200, r.text
    assert r.json()["inputs"]["difen"] == "申" and r.json()["inputs"]["day"] == "甲子"


# ------------------------------------------------------------------ 2. 七政 and a topic it does not read


def test_qizheng_refuses_a_topic_it_does_not_read() -> None:
    birth = ["qizheng", "--at", "1990-01-01T12:00", "--tz", "Asia/Seoul", "--lon", "127", "--lat", "37.5"]
    rc, out, err = run_cli([*birth, "--topic", "行人", "--lang", "ko"])
    assert rc == 2 and not out and "行人" in err and "읽지 않습니다" in err
    assert "財" in err and "婚" in err  # names the topics it reads
    rc, _, err = run_cli([*birth, "--topic", "행인", "--lang", "zh-Hant"])  # any spelling of the topic
    assert rc == 2 and "不占" in err
    doc = _json([*birth, "--topic", "재물", "--lang", "ko"])  # one it reads: its section
    assert doc["judgment"]["question"]["topic"] == "財"


def test_all_casts_qizheng_without_a_topic_it_does_not_read() -> None:
    """``xuanheng all --topic 行人``: 七政 is cast without the topic and its card says so, as for any method
    that does not read the topic asked (ux6)."""
    rc, out, _ = run_cli(["all", *AT, "--lon", "127", "--lat", "37.5", "--topic", "行人", "--lang", "ko",
                          "--json"])  # fmt: skip
    assert rc == 0
    part = next(p for p in json.loads(out)["methods"] if p["name"] == "qizheng")
    assert "document" in part and part["notes"] and "나간 사람" in part["notes"][0]  # 行人 in Korean


# ------------------------------------------------------------------ 3. 金口訣 study mode without a year


def test_jinkoujue_study_without_year_casts_without_tai_sui() -> None:
    """The 四位, 用爻 and judgment do not use the year: cast without it they equal the cast with it; only the
    太歲 (and the spirits keyed by the year, and the month stem) are absent, never guessed."""
    without = _json(["jinkoujue", *STUDY, "--difen", "申"])
    with_year = _json(["jinkoujue", *STUDY, "--year", "丙午", "--difen", "申"])
    assert without["calendar"]["year"] is None and without["calendar"]["month"] is None
    assert without["calendar"]["yue_jian"] == "寅"
    for k in ("ren_yuan", "gui_shen", "jiang_shen", "di_fen"):
        assert without[k] == with_year[k]
    assert without["yong_yao"] == with_year["yong_yao"]
    assert without["judgment"]["verdict"] == with_year["judgment"]["verdict"]
    assert "太歲" not in json.dumps(without, ensure_ascii=False)
    assert "太歲" in json.dumps(with_year, ensure_ascii=False)
    rc, out, _ = run_cli(["jinkoujue", *STUDY, "--difen", "申"])  # the text view too
    assert rc == 0 and out.splitlines()[1].startswith("寅月 甲子日")


def test_jinkoujue_study_still_needs_the_other_four() -> None:
    rc, _, err = run_cli(["jinkoujue", "--day", "甲子", "--month", "寅", "--yue-jiang", "亥", "--difen", "申",
                          "--lang", "ko"])  # fmt: skip
    assert rc == 2 and "--hour" in err and "빠진 것" in err and "--year" not in err.split("빠진 것")[1]


# ---------------------------------------------------------- 4. the journal's options before the action


@pytest.mark.parametrize(
    "argv",
    [
        ["journal", "--lang", "ko", "list", "--db", "{db}"],
        ["journal", "--db", "{db}", "--lang", "ko", "stats"],
        ["journal", "list", "--lang", "ko", "--db", "{db}"],
    ],
)
def test_journal_options_before_or_after_the_action(argv: list[str], tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'j.db'}"
    rc, out, err = run_cli([a.replace("{db}", db) for a in argv])
    assert rc == 0, err
    assert "사례가 없습니다" in out or "적중률" in out


def test_journal_lang_after_the_action_wins() -> None:
    import argparse

    from xuanheng.cli import journal_cmd

    p = argparse.ArgumentParser()
    journal_cmd.add_arguments(p)
    assert p.parse_args(["--lang", "ko", "list"]).lang == "ko"
    assert p.parse_args(["--lang", "ko", "list", "--lang", "en"]).lang == "en"
    assert p.parse_args(["list"]).lang is None and p.parse_args(["--db", "x", "stats"]).db == "x"


# ---------------------------------------------------------- 5. the MCP schema takes what the server takes


def _tools() -> dict[str, Any]:
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client

    from xuanheng.mcp.server import build_server

    out: dict[str, Any] = {}

    async def go() -> None:
        async with Client(build_server(), raise_exceptions=False) as c:
            out.update({t.name: t.input_schema for t in (await c.list_tools()).tools})

    anyio.run(go)
    return out


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("liuyao", {"about": "부모"}),
        ("liuyao", {"yong_shen": "부모"}),
        ("liuyao", {"sex": "남"}),
        ("liuren", {"about": "parent", "sex": "여자"}),
        ("jinkoujue", {"about": "父亲"}),
        ("qizheng", {"sex": "남"}),
    ],
)
def test_a_strict_client_lets_the_spellings_through(tool: str, args: dict[str, Any]) -> None:
    """A client that validates the arguments against the tool's inputSchema (jsonschema) accepts 부모 for
    父母, as the server does; an unknown value is still refused by the schema."""
    jsonschema = pytest.importorskip("jsonschema")
    props = _tools()[tool]["properties"]
    for name, value in args.items():
        jsonschema.validate(value, props[name])
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate("없는값", props[name])


def test_the_server_answers_the_spelling_the_schema_lets_through() -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client

    from xuanheng.mcp.server import build_server

    got: list[Any] = []

    async def go() -> None:
        async with Client(build_server(), raise_exceptions=False) as c:
            args = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "lines": "887868", "topic": "病"}
            got.append(await c.call_tool("liuyao", {**args, "about": "부모"}))

    anyio.run(go)
    assert not got[0].is_error, got[0].content[0].text
    assert got[0].structured_content["judgment"]["question"]["about"] == "父母"


# ------------------------------------------------------------------ 6. Korean terms of the judgment


@pytest.mark.parametrize(
    ("argv", "focus", "hanja"),
    [
        (["jinkoujue", *AT, "--difen", "申", "--topic", "財"], "용효", "用爻"),
        (["liuren", *AT, "--topic", "財"], "유신", "類神"),
        (["liuyao", *AT, "--lines", "887868", "--topic", "財"], "용신", "用神"),
    ],
)
def test_korean_judgment_names_its_focus_as_its_steps_do(argv: list[str], focus: str, hanja: str) -> None:
    """The line naming what the judgment rests on said 用爻 / 類神 / 用神 in hanja on a Korean page and
    terminal while its steps say 용효 / 유신 / 용신; in Chinese it stays the hanja."""
    rc, out, _ = run_cli([*argv, "--lang", "ko"])
    assert rc == 0
    lines = out.splitlines()
    line = _focus_line(lines, "판단")
    assert line.startswith(f"  {focus} ") and hanja not in line.split("—")[0]
    rc, out, _ = run_cli([*argv, "--lang", "zh-Hant"])
    assert _focus_line(out.splitlines(), "斷").startswith(f"  {hanja} ")


def _focus_line(lines: list[str], heading: str) -> str:
    """The line after the verdict that names the focus: past the verdict and the indented lines under it
    (the measured agreement of the method, tests/test_measured_shown.py)."""
    after = lines[lines.index(heading) + 2 :]
    return next(ln for ln in after if not ln.startswith("    "))


def test_page_names_the_focus_by_its_label() -> None:
    """The page draws the same line from the labels it downloads (``focus.<name>``)."""
    from importlib import resources

    from xuanheng.i18n import catalogue

    js = resources.files("xuanheng.web").joinpath("static/app.js").read_text("utf-8")
    assert "L(`focus.${y.name}`, y.name)" in js
    assert [catalogue("ko")[f"focus.{k}"] for k in ("用神", "類神", "用爻")] == ["용신", "유신", "용효"]


def test_korean_jinkoujue_never_writes_gui_shen_as_bare_guisin() -> None:
    """貴神 read 귀신 alone reads as 鬼神: the 金口訣 Korean texts write it 귀신(貴神), as the chart does."""
    for topic in ("財", "官", "病", "婚"):
        doc = _json(["jinkoujue", *AT, "--difen", "申", "--topic", topic, "--lang", "ko"])
        texts = [s["text"] for s in doc["judgment"]["steps"]] + [r["text"] for r in doc["reading"]]
        for t in texts:
            assert "귀신" not in t.replace("귀신(貴神)", ""), t


# ------------------------------------------------------------------ 7. --help in the user's language


def test_help_in_korean_names_the_parameters_in_korean() -> None:
    rc, out, _ = run_cli(["liuyao", "--help", "--lang", "ko"])
    assert rc == 0 and out.startswith("사용법:")
    flat = " ".join(out.split())
    assert "용신: auto = 질문 주제로 정함, 父母 = 부모효" in flat and "누구의 일인가:" in flat
    rc, out, _ = run_cli(["liuyao", "--help", "--lang", "zh-Hant"])
    assert rc == 0 and "用神: auto = 依所問之事而定, 父母 = 父母爻" in " ".join(out.split())
    rc, en, _ = run_cli(["liuyao", "--help"])  # English stays as it was
    assert "용신" not in en and "use-spirit (用神)" in en
