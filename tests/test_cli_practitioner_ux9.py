"""A practitioner's defects left by branch ux8, each through a real user path (the command line by conftest's
``run_cli``, the HTTP API by FastAPI's TestClient); every test failed before its fix (branch ux9).

- a refusal in Chinese set a space between a field's name and the next word (``經度 的值``);
- the refusal of an unknown topic listed the topics in hanja only, also to a Korean reader;
- a 大六壬 judgment step listed one source twice (the same book and chapter, glossed differently);
- a 大六壬 reading entry showed its English provenance note to a Korean or Chinese reader;
- an English ``--help`` line holding hanzi ran past 80 columns.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]
BIRTH = ["qizheng", "--at", "1990-01-01T10:00", "--tz", "Asia/Seoul"]

# ---------------------------------------------------------------------------------- a field's name


@pytest.mark.parametrize(
    ("place", "zh", "ko"),
    [
        (["--lon", "500", "--lat", "37"], "經度的值 500", "경도 값 500"),
        (["--lon", "127", "--lat", "95"], "緯度的值 95", "위도 값 95"),
    ],
)
def test_a_refused_place_names_its_field_as_each_language_writes(place: list[str], zh: str, ko: str) -> None:
    """Chinese sets no space between a field's name and the word after it; Korean spaces the two nouns
    (경도 값, 한글 맞춤법 제2항: 문장의 각 단어는 띄어 씀), and a Latin name keeps its space in Chinese."""
    rc, _, err = run_cli([*BIRTH, *place, "--lang", "zh-Hant"])
    assert rc == 2 and zh in err and " 的" not in err, err
    rc, _, err = run_cli([*BIRTH, *place, "--lang", "zh-Hans"])
    assert rc == 2 and " 的" not in err, err
    rc, _, err = run_cli([*BIRTH, *place, "--lang", "ko"])
    assert rc == 2 and ko in err, err


def test_a_latin_field_name_keeps_its_space_in_chinese() -> None:
    from xuanheng.i18n.messages import render

    said = render("value.not_number", {"field": "foo_bar", "value": "'x'", "accepted": "1 … 2"}, "zh-Hant")
    assert said is not None and said.startswith("foo_bar 的值"), said


def test_the_api_names_the_field_without_a_space_in_chinese(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    c = TestClient(create_app(make_settings(tmp_path)))
    q = {"at": "1990-01-01T10:00", "tz": "Asia/Seoul", "lon": "500", "lat": "37", "lang": "zh-Hant"}
    r = c.get("/api/qizheng", params=q)
    assert r.status_code == 422 and "經度的值" in r.json()["error"]["text"], r.text


# ---------------------------------------------------------------------------------- topics in Korean

#: a few topics and their Korean names, written here from the words a Korean reader uses, not read from
#: the table: the refusal must name each beside its hanja
KOREAN = {"病": "질병", "財": "재물", "婚": "혼인", "失物": "잃은 물건"}
TOPIC_REFUSALS = {
    "liuyao": ["liuyao", *AT, "--lines", "887868"],
    "liuren": ["liuren", *AT],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "申"],
    "qizheng": [*BIRTH, "--lon", "127", "--lat", "37"],
}


@pytest.mark.parametrize("method", sorted(TOPIC_REFUSALS))
def test_an_unknown_topic_is_named_in_korean_too(method: str) -> None:
    rc, _, err = run_cli([*TOPIC_REFUSALS[method], "--topic", "뭐지", "--lang", "ko"])
    assert rc == 2 and "'뭐지'" in err, err
    for key, ko in KOREAN.items():
        if method != "qizheng" or key != "失物":
            assert f"{key}({ko})" in err, (key, err)
    rc, _, err = run_cli([*TOPIC_REFUSALS[method], "--topic", "뭐지", "--lang", "zh-Hant"])
    assert rc == 2 and " 財 " in err and "(" not in err, err


def test_a_topic_qizheng_does_not_read_is_named_in_korean_too() -> None:
    rc, _, err = run_cli([*TOPIC_REFUSALS["qizheng"], "--topic", "天時", "--lang", "ko"])
    assert rc == 2 and "天時" in err and "病(질병)" in err and "財(재물)" in err, err


@pytest.mark.parametrize("method", ["liuren", "jinkoujue"])
def test_an_item_without_its_topic_names_the_topics_in_korean(method: str) -> None:
    rc, _, err = run_cli([*TOPIC_REFUSALS[method], "--topic", "財", "--item", "馬", "--lang", "ko"])
    assert rc == 2 and "失物(잃은 물건)" in err, err


def test_the_api_names_the_topics_in_korean(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    c = TestClient(create_app(make_settings(tmp_path)))
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "뭐지"}
    r = c.get("/api/liuren", params={**q, "lang": "ko"})
    assert r.status_code == 422 and "病(질병)" in r.json()["error"]["text"], r.text
    r = c.get("/api/liuren", params={**q, "lang": "en"})
    assert r.status_code == 422 and "病(" not in r.json()["error"]["text"], r.text


# ---------------------------------------------------------------------------------- 大六壬 sources

#: a source's work and place: the entry without its closing gloss in either kind of parenthesis
_WORK = re.compile(r"\s*[（(][^（）()]*[）)]\s*$")


def _each_once(doc: dict[str, Any]) -> list[list[str]]:
    """The steps' source lists that name one work and place twice (with or without another gloss)."""
    twice = []
    for step in doc["judgment"]["steps"]:
        works = [_WORK.sub("", s) for s in step["src"]]
        if len(works) != len(set(works)):
            twice.append(step["src"])
    return twice


@pytest.mark.parametrize(
    "cast",
    [
        ["--at", "2026-03-10T21:30", "--tz", "Asia/Shanghai", "--topic", "病"],
        ["--at", "2025-05-05T13:10", "--tz", "Asia/Seoul", "--lon", "126.98", "--lat", "37.57"],
        ["--day", "庚申", "--hour", "子", "--yue-jiang", "亥", "--topic", "財"],
    ],
)
def test_a_liuren_step_names_each_source_once(cast: list[str]) -> None:
    rc, out, err = run_cli(["liuren", *cast, "--json", "--lang", "zh-Hant"])
    assert rc == 0, err
    doc = json.loads(out)
    assert _each_once(doc) == []
    # the 課經 step cites the chapter alone: why it is cited is the data's ``note`` since cite13 (a ``src``
    # is a citation: tests/test_citations_every_src.py)
    srcs = [s for step in doc["judgment"]["steps"] for s in step["src"] if "〈課經〉" in s]
    assert all(s == "《六壬大全》卷五–卷六〈課經〉" for s in srcs), srcs


# ---------------------------------------------------------------------------------- developers' notes


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
def test_a_liuren_reading_carries_no_english_provenance_note(lang: str) -> None:
    """The 類神 entries' provenance notes (English, for the developers) stay in the data files, as 六爻's and
    七政四餘's rule notes do; the reader's document holds none of them."""
    rc, out, err = run_cli(["liuren", "--at", "2026-03-10T21:30", "--tz", "Asia/Shanghai", "--topic", "病",
                            "--json", "--lang", lang])  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out)
    leishen = [r for r in doc["reading"] if r.get("kind") in ("leishen", "verse")]
    assert leishen and all("note" not in r for r in leishen)
    assert "proof-read" not in out and "Written from" not in out


def test_the_api_reading_carries_no_english_provenance_note(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    c = TestClient(create_app(make_settings(tmp_path)))
    q = {"at": "2026-03-10T21:30", "tz": "Asia/Shanghai", "topic": "病", "lang": "ko"}
    r = c.get("/api/liuren", params=q)
    assert r.status_code == 200 and r.json()["reading"], r.text
    assert all("note" not in e for e in r.json()["reading"]) and "Written from" not in r.text


# ---------------------------------------------------------------------------------- English --help

HELP_COMMANDS = [[], ["jinkoujue"], ["liuren"], ["liuyao"], ["qizheng"], ["calendar"], ["all"], ["serve"],
                 ["mcp"], ["journal"], ["journal", "list"], ["journal", "stats"]]  # fmt: skip


def _columns(line: str) -> int:
    """A line's width on a terminal: East Asian width W and F take two columns (written out here)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "xuanheng")
def test_the_english_help_fits_the_terminal_in_display_columns(command: list[str], monkeypatch: Any) -> None:
    """argparse counts a hanzi as one column where a terminal gives it two: English help lines naming 干支
    or terms ran past 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    rc, out, err = run_cli([*command, "--help", "--lang", "en"])
    assert rc == 0, err
    body = out.split("\n\n", 1)[1]  # the usage lines are argparse's own layout of flags
    # (a line of ASCII alone, such as --guiren's long metavar, is argparse's own width: not this defect)
    wide = [line for line in body.splitlines() if _columns(line) != len(line)]
    assert [line for line in wide if _columns(line) > 80] == []
