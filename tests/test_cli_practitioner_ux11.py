"""A practitioner's defects left by branch ux10 (issues 27, 28), each through the command line (conftest's
``run_cli``) in Korean and Chinese; every test failed before its fix (branch ux11).

- a hidden 用神's reasons (六爻 steps fu.out, fu.out_easy, fu.useless) were Chinese clauses inside a
  Korean sentence (``被飛神所剋하여 쓸모가 없다``);
- the 六爻 text view's commentary opened with a hanja-only line (``用神 … 原神 … 忌神 … 仇神``) to a Korean
  reader, where the page labels those roles in Korean;
- the 大六壬 focus line put the branch's own 六親 before a 類神 found by its 天將 (a money question read
  ``유신 父母申``: 青龍 rides 申, and 申 is the 父母 of a 壬 day), which reads as the asker's parents;
- the 金口訣 text view and judgment gave why a position is the 用爻 in Chinese only.
"""

from __future__ import annotations

import re

import pytest
from tests.conftest import cli_document as _json
from tests.conftest import cli_view as _text

HAN = re.compile(r"[\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"


# ---------------------------------------------------------------------------------- 六爻 伏神 reasons

#: 升 (877888, a son's illness: the 子孫 午 hidden under the fourth line 丑; see tests/liuyao/
#: test_judgment_rules.py) and 788778 on 丙辰 in 酉, where the cover (a 水 or 火 line above a 火 or 金 one)
#: overcomes the weak hidden 子孫: one cast for each of the three steps of a hidden 用神
FU = {
    "fu.out": ["liuyao", "--day", "丁卯", "--month", "酉", "--lines", "877888"],
    "fu.out_easy": ["liuyao", "--day", "丙辰", "--month", "酉", "--lines", "877888"],
    "fu.useless": ["liuyao", "--day", "丙辰", "--month", "酉", "--lines", "788778"],
}
ASK = ["--topic", "病", "--about", "子女"]


@pytest.mark.parametrize("key", sorted(FU))
def test_a_hidden_yong_shens_reasons_read_in_the_readers_language(key: str) -> None:
    """The step on a hidden 用神 says why it can (or cannot) be drawn out; a Korean reader reads that
    reason in Korean: besides the hidden line's own name (六親 and 干支) the sentence holds no hanja. The
    Chinese reader keeps the book's clause; the step's facts keep it as a key in every language."""
    argv = [*FU[key], *ASK]
    ko = _json(argv, "ko")["judgment"]
    step = next(s for s in ko["steps"] if s["key"] == key)
    assert step["facts"]["why"], step  # the reason recorded as the book words it
    y = ko["yong_shen"]
    own = f"{y['liu_qin']}{y['najia']}"
    assert own in step["text"], step
    assert not HAN.search(step["text"].replace(own, "")), step["text"]
    zh = _json(argv, "zh-Hant")["judgment"]
    zh_step = next(s for s in zh["steps"] if s["key"] == key)
    assert zh_step["facts"] == step["facts"]
    for clause in step["facts"]["why"].split("、"):
        assert clause in zh_step["text"], zh_step["text"]


def test_a_useless_hidden_line_says_in_korean_that_its_cover_overcomes_it() -> None:
    """788778 on 丙辰 in 酉: the cover of the hidden 子孫午 is a 水 line (it overcomes 火) and the 午 is
    囚 in 酉 without the day's help — the 飛剋伏 case of 〈伏神章〉; the text view says so in Korean."""
    out = _text([*FU["fu.useless"], *ASK], "ko")
    line = next(x for x in out.splitlines() if "복이무용" in x)
    assert "被飛神所剋" not in line and "비신의 극을 받" in line, line


# ---------------------------------------------------------------------------------- 六爻 commentary head


@pytest.mark.parametrize(
    ("lang", "roles"),
    [("ko", ("용신", "복신", "원신", "기신", "구신")), ("zh-Hant", ("用神", "伏神", "原神", "忌神", "仇神"))],
)
def test_the_commentarys_first_line_names_the_roles_in_the_readers_language(
    lang: str, roles: tuple[str, ...]
) -> None:
    """The commentary opens with the 用神 and its 原神, 忌神 and 仇神 (here the hidden 子孫 under the
    fourth line: 兄弟 feeds it, 父母 overcomes it, 官鬼 overcomes the 兄弟); a Korean reader reads the
    roles as the page names them (용신 · 복신 · 원신 · 기신 · 구신), the relatives still in hanja."""
    out = _text([*FU["fu.useless"], *ASK], lang)
    line = next(x for x in out.splitlines() if "兄弟" in x and "官鬼" in x and "父母" in x and "·" in x)
    head, *kin = line.strip().split(" · ")
    assert head.split()[:4] == [roles[0], "子孫", roles[1], "子孫庚午"], line
    assert [k.split() for k in kin] == [[roles[2], "兄弟"], [roles[3], "父母"], [roles[4], "官鬼"]], line


# ---------------------------------------------------------------------------------- 大六壬 類神 line

#: 壬申 day, 月將 亥 at the hour 子: 青龍 (the 類神 of money, 《大六壬指南》〈占財〉) rides 申, and 申 (金)
#: gives birth to the day stem 壬 (水): by the 六親 of the day it is 父母
QINGLONG = ["liuren", "--day", "壬申", "--yue-jiang", "亥", "--hour", "子", "--topic", "財"]


@pytest.mark.parametrize(("lang", "name"), [("ko", "유신"), ("zh-Hant", "類神")])
def test_the_lei_shen_line_names_the_general_not_the_branchs_kin(lang: str, name: str) -> None:
    """The focus line names what the topic reads (青龍 on 申), not 父母申: a Korean or Chinese reader
    would take 父母 for the parents asked about. The document still records the branch's 六親."""
    y = _json(QINGLONG, lang)["judgment"]["yong_shen"]
    assert (y["branch"], y["tian_jiang"], y["liu_qin"]) == ("申", "青龍", "父母")
    out = _text(QINGLONG, lang)
    line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
    assert line.split()[1] == "青龍申", line
    assert "父母申" not in line, line


def test_the_lei_shen_line_keeps_a_kin_read_by_its_kin() -> None:
    """戊辰 day, 月將 亥 at 寅: the 妻財 亥 is itself in the 三傳, so the topic reads it as 妻財亥."""
    argv = ["liuren", "--day", "戊辰", "--yue-jiang", "亥", "--hour", "寅", "--topic", "財"]
    out = _text(argv, "ko")
    line = next(x for x in out.splitlines() if x.strip().startswith("유신 "))
    assert line.split()[1] == "妻財亥", line


# ---------------------------------------------------------------------------------- 金口訣 用爻 reason

JKJ = ["jinkoujue", "--day", "癸未", "--hour", "亥", "--month", "卯", "--yue-jiang", "亥"]
JKJ += ["--day-night", "night", "--difen", "申"]
#: the rule chosen → the Chinese words of its reason (docs/jinkoujue.md "用爻"): on this 課 two yin and
#: two yang, all four yang under the option chun, and 人元 庚 (金) over 貴神 寅 (木) under the option ke
REASONS = {"yin_yang": "陰陽不獨", "chun": "四位純陽", "ke": "人元剋貴神"}


@pytest.mark.parametrize("rule", sorted(REASONS))
def test_why_a_position_is_the_yong_yao_reads_in_the_readers_language(rule: str) -> None:
    """The text view's 用爻 line and the judgment's focus give the reason the 用爻 was taken; the Korean
    reader reads it in Korean, the Chinese reader as the chart records it (the JSON keeps its words)."""
    argv = [*JKJ, "--yong-yao", rule]
    assert REASONS[rule] in _json(argv, "ko")["yong_yao_reason"]
    zh = _text(argv, "zh-Hant")
    assert REASONS[rule] in next(x for x in zh.splitlines() if x.startswith("用爻 "))
    ko = _text(argv, "ko")
    line = next(x for x in ko.splitlines() if x.startswith("用爻 "))
    reason = line.split("（", 1)[1]
    assert HANGUL.search(reason) and "為用" not in reason, line
    focus = next(x for x in ko.splitlines() if x.strip().startswith("용효 "))
    assert "為用" not in focus and "용효로 삼는다" in focus, focus
