"""A practitioner's defects left by branch ux7, each through a real user path (the command line by conftest's
``run_cli``, the HTTP API by FastAPI's TestClient); every test failed before its fix (branch ux8).

- a direction typed in Hangul (``--difen 동``) was refused; an intercardinal (東南, 동남) was refused as an
  unknown 地分 without saying that it lies across two branches;
- the journal's refusal of a SQLite file whose directory does not exist, and of a database that is not a
  URL, were English whatever ``--lang``;
- ``--help --lang ko`` / ``zh-Hant`` printed the help sentences, the group titles and the shared flags
  (``--json``, ``--now`` …) in English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli

from xuanheng.core.ganzhi import BRANCHES

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]

# The directions and the branches they stand on, written here from the rule statement (《說卦傳》 and the
# compass of the twelve branches: 子 north, 卯 east, 午 south, 酉 west; the intercardinals lie across the
# two branches of their trigram), not read from the code.
CARDINAL_KO = {"북": "子", "동": "卯", "남": "午", "서": "酉", "동쪽": "卯", "북쪽": "子"}
BETWEEN = {"동남": "辰巳", "남동": "辰巳", "東北": "丑寅", "서남": "未申", "西北": "戌亥", "nw": "戌亥"}


def _difen_branch(value: str) -> str:
    rc, out, err = run_cli(["jinkoujue", *AT, "--difen", value, "--json", "--no-reading"])
    assert rc == 0, err
    doc: dict[str, Any] = json.loads(out)
    return str(doc["di_fen"]["branch"] if isinstance(doc.get("di_fen"), dict) else doc["di_fen"])


@pytest.mark.parametrize(("ko", "branch"), sorted(CARDINAL_KO.items()))
def test_a_direction_in_hangul_is_the_direction(ko: str, branch: str) -> None:
    assert _difen_branch(ko) == branch == _difen_branch(branch)


@pytest.mark.parametrize(("name", "pair"), sorted(BETWEEN.items()))
def test_an_intercardinal_names_its_two_branches(name: str, pair: str) -> None:
    rc, _, err = run_cli(["jinkoujue", *AT, "--difen", name, "--lang", "ko"])
    assert rc == 2
    assert name in err and pair[0] in err and pair[1] in err and "az:" in err, err
    assert "expected" not in err and "give" not in err
    rc, _, err = run_cli(["jinkoujue", *AT, "--difen", name, "--lang", "zh-Hant"])
    assert rc == 2 and "兩支" in err and pair[0] in err, err


def test_an_unknown_direction_is_refused_in_the_readers_language() -> None:
    rc, _, err = run_cli(["jinkoujue", *AT, "--difen", "동동", "--lang", "ko"])
    assert rc == 2 and "'동동'" in err and "북/동/남/서" in err and "expected" not in err, err


def test_the_api_takes_a_hangul_direction(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    c = TestClient(create_app(make_settings(tmp_path)))
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "no_reading": "true"}
    by_ko = c.get("/api/jinkoujue", params={**q, "difen": "남"})
    assert by_ko.status_code == 200, by_ko.text
    by_char = c.get("/api/jinkoujue", params={**q, "difen": "午"}).json()
    assert by_ko.json()["di_fen"] == by_char["di_fen"]
    # the echo names the direction meant by its character; what was typed is kept beside it
    assert by_ko.json()["inputs"]["direction"] == "南" and by_ko.json()["inputs"]["difen_input"] == "남"
    r = c.get("/api/jinkoujue", params={**q, "difen": "동남", "lang": "ko"})
    assert r.status_code == 422
    e = r.json()["error"]
    assert e["field"] == "difen" and e["code"] == "difen.between" and "辰" in e["text"] and "巳" in e["text"]


def test_branch_names_still_win_over_nothing() -> None:
    """The direction names do not shadow a branch's Korean reading (신 is 申, never a direction)."""
    assert _difen_branch("신") == "申" == BRANCHES[8]


# ------------------------------------------------------------------------------------------ journal


@pytest.mark.parametrize(
    ("lang", "said"),
    [("ko", "폴더가 없습니다"), ("zh-Hant", "資料夾不存在")],
)
def test_the_journal_says_a_missing_directory_in_the_readers_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    db = f"sqlite:///{tmp_path}/no/such/dir/j.sqlite3"
    rc, _, err = run_cli(["journal", "list", "--db", db, "--lang", lang])
    assert rc == 2 and said in err and "does not exist" not in err, err
    rc, out, err = run_cli(["liuyao", *AT, "--lines", "887868", "--save", "--db", db, "--lang", lang])
    assert rc == 2 and said in err, err
    assert out == ""  # refused before the chart is printed (it was printed, then the save refused)


def test_the_journal_says_a_path_is_not_a_url_in_korean(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("XUANHENG_LANG", "ko")
    rc, _, err = run_cli(["journal", "stats", "--db", str(tmp_path / "j.sqlite3")])
    assert rc == 2 and "URL이 아닙니다" in err and "sqlite:///" in err, err


# ------------------------------------------------------------------------------------------ --help
#: English function words: none is left in a help said in Korean or Chinese (flags, metavars, values and
#: the journal's action names are taken out first: they are the command's own spelling in every language)
ENGLISH = re.compile(
    r"\b(the|and|with|from|which|default|given|for|of|to|by|print|use|show|only|its|this|when|is|are|each|every|in|at|or|an?)\b"
)
#: what a help line may hold in every language: flags, metavars, the journal's action names
OWN_SPELLING = re.compile(
    r"(?<![\w-])(--?[a-z][\w-]*(=\S+)?|[A-Z][A-Z_=|.\d-]+|show|list|outcome|stats)(?![\w-])"
)
HELP_COMMANDS = [
    [],
    ["jinkoujue"],
    ["liuren"],
    ["liuyao"],
    ["qizheng"],
    ["calendar"],
    ["all"],
    ["serve"],
    ["mcp"],
    ["journal"],
    *[["journal", a] for a in ("upgrade", "status", "add-user", "move-cases", "export", "import", "list")],
    *[["journal", a] for a in ("show", "outcome", "stats")],
]


def _help_lines(argv: list[str]) -> list[str]:
    rc, out, err = run_cli(argv)
    assert rc == 0, err
    body = out.split("\n\n", 1)[1]  # after the usage, which is flags only
    return [OWN_SPELLING.sub(" ", line) for line in body.splitlines()]


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "xuanheng")
def test_help_is_said_in_the_readers_language(command: list[str], lang: str) -> None:
    english = [line for line in _help_lines([*command, "--help", "--lang", lang]) if ENGLISH.search(line)]
    assert english == [], english


def test_help_takes_the_language_of_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("XUANHENG_LANG", "ko")
    rc, text, _ = run_cli(["liuyao", "--help"])
    assert rc == 0
    assert "출력:" in text and "JSON 객체 하나로 출력" in text and "동전 세 닢을" in text
    assert "print one JSON object" not in text and "three coins" not in text


def test_english_help_is_left_as_it_was() -> None:
    rc, out, _ = run_cli(["liuyao", "--help"])
    assert rc == 0 and "print one JSON object" in out and "three coins thrown six times" in out
    assert "JSON 객체" not in out


def test_every_parameter_declares_its_help_in_korean_and_chinese() -> None:
    from xuanheng.methods import registry

    left = [
        (m.name, p.name)
        for m in registry().values()
        for p in m.params.SPEC
        if p.help_text is None or p.help_text.ko == p.help or p.help_text.zh_hant == p.help
    ]
    assert left == []


# --------------------------------------------------------------------- the words practitioners type
STUDY_JKJ = [
    "jinkoujue",
    "--day",
    "甲子",
    "--hour",
    "午",
    "--month",
    "寅",
    "--yue-jiang",
    "亥",
    "--difen",
    "申",
]


@pytest.mark.parametrize(("typed", "meant"), [("晝", "day"), ("낮", "day"), ("夜", "night"), ("밤", "night")])
def test_day_or_night_as_the_casebooks_write_it(typed: str, meant: str) -> None:
    """The casebooks print 晝 / 夜 (a Korean practitioner says 낮 / 밤): the study cast takes them as day /
    night and gives the chart of that choice (晝 / 夜 貴人)."""
    rc, out, err = run_cli([*STUDY_JKJ, "--day-night", typed, "--json", "--no-reading"])
    assert rc == 0, err
    rc, same, err = run_cli([*STUDY_JKJ, "--day-night", meant, "--json", "--no-reading"])
    assert rc == 0 and json.loads(out)["gui_ren"] == json.loads(same)["gui_ren"]
    assert json.loads(out)["options"]["day_night"] == meant


@pytest.mark.parametrize("typed", ["男命", "男性", "女命", "女性"])
def test_sex_as_a_chinese_chart_heads_it(typed: str) -> None:
    """七政 星案 are headed 男命 / 女命; a Chinese user also writes 男性 / 女性."""
    meant = typed[0]
    for method in (["qizheng", *AT, "--lon", "126.9", "--lat", "37.5"], ["liuren", *AT]):
        rc, out, err = run_cli([*method, "--sex", typed, "--json", "--no-reading"])
        assert rc == 0, err
        assert meant in json.dumps(json.loads(out)["inputs"], ensure_ascii=False) or method[0] == "liuren"


@pytest.mark.parametrize(
    ("typed", "person"),
    [
        ("爸爸", "父母"),
        ("媽媽", "父母"),
        ("엄마", "父母"),
        ("老公", "夫"),
        ("老婆", "妻"),
        ("아내", "妻"),
        ("孩子", "子女"),
        ("자녀", "子女"),
        ("妹妹", "兄弟"),
    ],
)
def test_the_person_asked_about_as_a_user_says_it(typed: str, person: str) -> None:
    rc, out, err = run_cli(["liuyao", *AT, "--lines", "887868", "--topic", "病", "--about", typed, "--json"])
    assert rc == 0, err
    assert json.loads(out)["judgment"]["question"]["about"] == person


def test_money_in_korean_is_the_wealth_topic() -> None:
    rc, out, err = run_cli(["liuren", *AT, "--topic", "금전", "--json"])
    assert rc == 0, err
    assert json.loads(out)["judgment"]["question"]["topic"] == "財"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("응험", "應驗"),
        ("불험", "不驗"),
        ("부분", "部分"),
        ("맞음", "應驗"),
        ("準", "應驗"),
        ("不準", "不驗"),
        ("应验", "應驗"),
    ],
)
def test_an_outcome_in_the_readers_words(tmp_path: Path, typed: str, kept: str) -> None:
    """A Korean practitioner records 응험 (the reading of 應驗) or 맞음, a Taiwanese one 準 / 不準; both were
    refused ("accepted: 應驗, 不驗, 部分, ying_yan …")."""
    db = ["--db", f"sqlite:///{tmp_path}/j.sqlite3"]
    rc, _, err = run_cli(["liuyao", *AT, "--lines", "887868", "--save", *db])
    assert rc == 0, err
    rc, out, err = run_cli(["journal", "list", "--json", *db])
    case = json.loads(out)["items"][0]["id"]
    rc, _, err = run_cli(["journal", "outcome", case[:8], typed, *db, "--lang", "ko"])
    assert rc == 0, err
    rc, out, err = run_cli(["journal", "show", case[:8], "--json", *db])
    assert json.loads(out)["outcome"]["result"] == kept


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
@pytest.mark.parametrize("command", [["liuyao"], ["qizheng"], ["all"], ["journal", "list"]], ids=" ".join)
def test_help_fits_the_terminal_in_display_columns(command: list[str], lang: str, monkeypatch: Any) -> None:
    """argparse counts a Hangul syllable or a hanzi as one column where a terminal gives it two: the Korean
    help ran up to 112 columns on an 80-column terminal. Each column is counted here by the Unicode East
    Asian width (W and F: two), written out, not taken from the code's width function."""
    import unicodedata

    monkeypatch.setenv("COLUMNS", "80")
    rc, out, err = run_cli([*command, "--help", "--lang", lang])
    assert rc == 0, err
    body = out.split("\n\n", 1)[1]  # the usage lines are argparse's own layout of flags

    def columns(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)

    assert [line for line in body.splitlines() if columns(line) > 80] == []


@pytest.mark.parametrize(
    ("typed", "topic"), [("재물운", "財"), ("연애운", "婚"), ("건강운", "病"), ("財運", "財")]
)
def test_a_fortune_asked_as_a_practitioner_asks_it(typed: str, topic: str) -> None:
    """A Korean asks 재물운 (재물 + 운), a Taiwanese 財運: the matter before 운 / 運 is the topic."""
    rc, out, err = run_cli(["liuren", *AT, "--topic", typed, "--json"])
    assert rc == 0, err
    assert json.loads(out)["judgment"]["question"]["topic"] == topic


def test_a_fortune_of_no_known_matter_is_still_refused() -> None:
    rc, _, err = run_cli(["liuren", *AT, "--topic", "운", "--lang", "ko"])
    assert rc == 2 and "'운'" in err, err


def test_the_korean_lunar_date_reads_as_korean_calendars_print_it() -> None:
    """The Korean table showed the 음력 as 2025年閏六月初六; Korean calendars print 2025년 윤6월 6일. The
    date itself from KASI's table: 윤6월 1일 of 2025 is 2025-07-25 (한국천문연구원 음양력 변환), so
    2025-07-30 is 윤6월 6일."""
    rc, out, err = run_cli(["calendar", "--at", "2025-07-30T21:00", "--tz", "Asia/Seoul", "--lang", "ko"])
    assert rc == 0, err
    assert "2025년 윤6월 6일" in out and "閏六月" not in out
    rc, out, err = run_cli(
        ["calendar", "--at", "2025-07-30T21:00", "--tz", "Asia/Seoul", "--lang", "zh-Hant"]
    )
    assert rc == 0 and "2025年閏六月初六" in out


@pytest.mark.parametrize(("typed", "meant"), [("한국", "korean"), ("韓國", "korean"), ("農曆", "chinese")])
def test_the_lunar_calendar_by_its_name(typed: str, meant: str) -> None:
    rc, out, err = run_cli(["calendar", *AT, "--lunar-calendar", typed, "--json"])
    assert rc == 0, err
    assert json.loads(out)["options"]["lunar_calendar"] == meant


@pytest.mark.parametrize(("lang", "typed"), [("ko", "미기록"), ("zh-Hant", "未記錄"), ("en", "pending")])
def test_cases_without_an_outcome_by_the_word_the_list_prints(tmp_path: Path, lang: str, typed: str) -> None:
    """`journal list` prints a case without an outcome as 미기록 / 未記錄; `--outcome 미기록` was refused."""
    db = ["--db", f"sqlite:///{tmp_path}/j.sqlite3"]
    rc, _, err = run_cli(["liuyao", *AT, "--lines", "887868", "--save", *db])
    assert rc == 0, err
    rc, out, err = run_cli(["journal", "list", *db, "--lang", lang])
    assert rc == 0 and (typed in out or lang == "en"), (out, err)
    rc, out, err = run_cli(["journal", "list", "--outcome", typed, "--json", *db, "--lang", lang])
    assert rc == 0, err
    assert json.loads(out)["total"] == 1


@pytest.mark.parametrize(("lang", "typed"), [("ko", "육효"), ("zh-Hant", "六爻")])
def test_the_journal_takes_a_method_by_its_printed_name(tmp_path: Path, lang: str, typed: str) -> None:
    """`journal list` prints the method as 육효 / 六爻; `--method 육효` was refused (only liuyao was)."""
    from xuanheng.methods import registry

    assert registry()["liuyao"].label.get(lang) == typed
    db = ["--db", f"sqlite:///{tmp_path}/j.sqlite3"]
    rc, _, err = run_cli(["liuyao", *AT, "--lines", "887868", "--save", *db])
    assert rc == 0, err
    name = registry()["liuyao"].label.get(lang)
    for action in (["list", "--json"], ["stats", "--json"]):
        rc, out, err = run_cli(["journal", *action, "--method", name, *db, "--lang", lang])
        assert rc == 0, err
    rc, out, _ = run_cli(["journal", "list", "--json", "--method", name, *db])
    assert json.loads(out)["total"] == 1
