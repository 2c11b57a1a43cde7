"""A practitioner's defects of the command line, each through the command a user types (conftest's
``run_cli``); every test failed before its fix (branch ux6).

- argparse's own refusals and ``usage:`` came in English under ``--lang ko`` (the message itself was
  said in Korean since issue 30, its ``xuanheng: error:`` prefix was not), and there was no way to choose the
  language once for every command (``XUANHENG_LANG``);
- ``xuanheng all`` took no ``--topic`` / ``--about``;
- ``--yong-shen`` took no Korean (부모, 처재 …).
"""

from __future__ import annotations

import json

import pytest
from tests.conftest import run_cli

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]


# ------------------------------------------------------------------ argparse in the user's language

PREFIX = {"ko": "xuanheng: 오류: ", "zh-Hant": "xuanheng: 錯誤: ", "zh-Hans": "xuanheng: 错误: "}


@pytest.mark.parametrize("lang", list(PREFIX))
def test_argparse_refusal_is_wholly_in_the_language(lang: str) -> None:
    rc, _, err = run_cli(["liuyao", *AT, "--coins", "--lang", lang, "--bogus", "x"])
    assert rc == 2 and err.startswith(PREFIX[lang]), err
    assert "error" not in err and "unrecognized" not in err
    assert "--bogus x" in err  # the refused input is shown


def test_switch_given_a_value_is_said_in_korean() -> None:
    """``--now=3``: argparse's "ignored explicit argument" had no entry in the catalogue."""
    rc, _, err = run_cli(["liuyao", "--now=3", "--coins", "--lang", "ko"])
    assert rc == 2 and err.startswith(PREFIX["ko"]) and "--now" in err and "'3'" in err
    assert "ignored" not in err


def test_required_argument_in_traditional_chinese() -> None:
    rc, _, err = run_cli(["journal", "outcome", "--lang", "zh-Hant"])
    assert rc == 2 and err.startswith(PREFIX["zh-Hant"]) and "required" not in err


def test_environment_gives_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``XUANHENG_LANG=ko``: argparse's refusals, the library's refusals and the output in Korean."""
    monkeypatch.setenv("XUANHENG_LANG", "KO")
    rc, _, err = run_cli(["liuyao", *AT, "--coins", "--bogus"])
    assert rc == 2 and err.startswith(PREFIX["ko"]) and "--bogus" in err
    rc, _, err = run_cli(["liuyao", *AT, "--coins", "--yong-shen", "xx"])
    assert rc == 2 and "용신" in err and "'xx'" in err
    rc, out, _ = run_cli(["liuyao", *AT, "--coins", "--seed", "1", "--json"])
    assert rc == 0 and json.loads(out)["lang"] == "ko"
    rc, _, err = run_cli(["liuyao", *AT, "--coins", "--lang", "en", "--bogus"])  # --lang wins
    assert rc == 2 and err.startswith("xuanheng: error: unrecognized arguments: --bogus")


def test_usage_prefix_in_korean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XUANHENG_LANG", "ko")
    rc, out, _ = run_cli([])
    assert rc == 2 and out.startswith("사용법: xuanheng")


# ------------------------------------------------------------------ one question of every method


def test_all_puts_the_question_to_every_method() -> None:
    """``xuanheng all --topic 재물 --about 부모``: each method that reads a question answers with its judgment
    of it (the topic and person as the single commands take them); one that does not says so and is cast
    without it; the run does not fail."""
    rc, out, _ = run_cli(
        ["all", *AT, "--topic", "재물", "--about", "부모", "--with", "difen=申", "--lang", "ko", "--json"]
    )
    assert rc == 0
    doc = json.loads(out)
    assert doc["question"] == {"topic": "財", "about": "父母"}
    parts = {p["name"]: p for p in doc["methods"]}
    for name in ("jinkoujue", "liuren", "liuyao"):
        j = parts[name]["document"]["judgment"]
        assert j["question"]["topic"] == "財" and j["question"]["about"] == "父母", name
        assert "notes" not in parts[name]
    # 七政四餘 reads the topic, not the person; the calendar neither
    assert parts["qizheng"]["document"]["judgment"]["question"]["topic"] == "財"
    said = "이 점법은 누구에 관한 질문인지(부모·윗사람)를 가리지 않습니다. 그것 없이 봅니다."
    assert parts["qizheng"]["notes"] == [said]
    assert len(parts["calendar"]["notes"]) == 2 and "재물" in parts["calendar"]["notes"][0]


def test_all_text_view_shows_each_judgment_and_the_flags() -> None:
    rc, out, _ = run_cli(["all", *AT, "--topic", "病", "--lang", "zh-Hant", "--width", "0"])
    assert rc == 0
    assert out.count("\n斷\n") >= 2  # 大六壬 and 六爻 judge the question (金口訣 still needs its 地分)
    assert "xuanheng liuyao --at 2026-03-10T21:00 --tz Asia/Seoul --time --topic '病'" in out
    assert "此法不讀所問之事「疾病」" in out  # the calendar's card


@pytest.mark.parametrize(
    ("flag", "value", "said"), [("--topic", "xyz", "알 수 없는 주제 'xyz'"), ("--about", "사장", "'사장'")]
)
def test_all_refuses_a_bad_question_on_one_line(flag: str, value: str, said: str) -> None:
    rc, out, err = run_cli(["all", *AT, flag, value, "--lang", "ko"])
    assert rc == 2 and out == "" and err.count("\n") == 1 and said in err and err.startswith("xuanheng all: ")


# ------------------------------------------------------------------ 金口訣: a topic's commentary is its own

#: seed-000 entries that speak of one matter only, none of them documents (000-107 人元庚 livestock and
#: roads, 000-110 人元癸 livestock, 000-228 玄武入課 thieves, 000-238 玄武's 來意 lawsuit and lost money,
#: 000-172 六合's 來意 an arrest)
OTHER_MATTERS = {"000-107", "000-110", "000-228", "000-238", "000-172"}
CASTS = [("2026-03-10T21:00", "申"), ("2026-03-11T03:00", "子"), ("2026-03-12T11:00", "卯")]
CASTS += [("2025-11-20T13:10", d) for d in "子丑寅卯辰巳午未申酉戌亥"]


def test_jinkoujue_documents_reading_holds_no_theft_or_livestock() -> None:
    """Asked about 文書, the reading listed 人元庚 (livestock, roads) and 玄武入課 (thieves): entries of
    other matters tagged 總 too. Each of them fires on some cast of the sample without a topic, and on none
    with the topic 文書."""
    seen: set[str] = set()
    for at, difen in CASTS:
        argv = ["jinkoujue", "--at", at, "--tz", "Asia/Seoul", "--difen", difen, "--json"]
        rc, out, err = run_cli(argv)
        assert rc == 0, err
        seen |= {r["id"] for r in json.loads(out)["reading"]} & OTHER_MATTERS
        rc, out, err = run_cli([*argv, "--topic", "文書"])
        assert rc == 0, err
        ids = {r["id"] for r in json.loads(out)["reading"]}
        assert not ids & OTHER_MATTERS, (at, difen, ids & OTHER_MATTERS)
    assert {"000-107", "000-228"} <= seen  # the sample holds the cases the practitioner met


# ------------------------------------------------------------------ 大六壬: the Korean of the judgment


def test_liuren_korean_steps_say_where_a_spirit_stands() -> None:
    """ "천반 巳 위에 있다" read as if the 天盤 had a 巳 under it; the Korean books say the 天盤 spirit stands
    over a 地盤 branch (지반 巳 위에 임하다), and 日上 / 辰上 are 간상신 / 지상신."""
    rc, out, err = run_cli(["liuren", *AT, "--topic", "文書", "--lang", "ko", "--width", "0"])
    assert rc == 0, err
    judgment = out.split("\n판단\n")[1]
    assert "천반에서 지반 巳 위에 임했다" in judgment and "천반 巳 위에 있다" not in judgment
    assert "간상신" in judgment and "지상신" in judgment and "일간 위의" not in judgment
    assert "값하는 때" not in judgment


# ------------------------------------------------------------------ sex as the user writes it


@pytest.mark.parametrize(("typed", "man"), [("남", True), ("여자", False), ("男", True), ("女", False)])
def test_sex_in_korean_and_chinese_in_every_method(typed: str, man: bool) -> None:
    """七政四餘's refusal offered "男(남) 또는 女(여)" yet refused 남; 六爻 and 大六壬 took only male/female,
    refusing 男 / 女 / 남 / 여자."""
    base = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul", "--sex", typed, "--json"]
    rc, out, err = run_cli(["liuyao", *base, "--lines", "778876"])
    assert rc == 0, err
    assert json.loads(out)["reading_options"]["sex"] == ("male" if man else "female")
    rc, out, err = run_cli(["liuren", *base, "--birth-year", "1980"])
    assert rc == 0, err
    assert json.loads(out)["inputs"]["sex"] == ("male" if man else "female")
    rc, out, err = run_cli(["qizheng", *base, "--lon", "127", "--lat", "37.5"])
    assert rc == 0, err
    assert json.loads(out)["inputs"]["sex"] == ("男" if man else "女")
