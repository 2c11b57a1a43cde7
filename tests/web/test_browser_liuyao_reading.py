"""The 六爻 judgment and reading on the page, in a real browser (Playwright driving Debian's Chromium, as in
test_browser.py): a house question (家宅) opened from its permalink shows the judgment (斷) first — verdict,
用神, steps, 應期 as the library judges — with the reading folded under it; opened, the reading sits beside
the drawn hexagrams grouped around the 用神: the 用神 group first, headed in the page's language, opening
with the rule that names the 用神 and its line, its 原神 / 忌神 / 仇神 with their names and how strong it is,
then the rules about its line; then the 原神, 忌神, 仇神 groups and the rest of the hexagram — each fired
rule once, with its facts in words (no code names), in Korean and in Chinese; and on a 390 px phone.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from xuanheng import liuyao
from xuanheng.i18n import label
from xuanheng.liuyao import METHOD
from xuanheng.liuyao.reading import GROUPS, reading_json

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("browser")

AT, TZ, LINES, TOPIC = "2026-03-10T21:00", "Asia/Shanghai", "887898", "家宅"


def _expected(lang: str) -> list[dict[str, Any]]:
    return reading_json(liuyao.cast(AT, tz=TZ, lines=LINES), TOPIC, lang)


def _shown(page: Any) -> list[tuple[str, str, list[str]]]:
    """(group key, heading text, rule ids in page order) of each group the page shows."""
    got: list[tuple[str, str, list[str]]] = page.evaluate(
        """() => [...document.querySelectorAll('#reading .reading-group')].map((g) => {
             const h = g.querySelector('h3');
             return [h.dataset.group, h.textContent,
                     [...g.querySelectorAll('.rule')].map((r) => r.dataset.rule)];
           })"""
    )
    return got


def _check_page(page: Any, lang: str) -> None:
    rules = _expected(lang)
    groups = _shown(page)
    # the groups in the reading's order (用神 first), each once, headed by its name in the page's language
    present = [g for g in GROUPS if any(r["group"] == g for r in rules)]
    assert [g for g, _, _ in groups] == present and present[0] == "用神"
    for g, head, _ in groups:
        assert head == label(f"group.{g}", lang)
    # every fired rule once, under its own group; in each group the rules about the group itself first
    for g, _, ids in groups:
        mine = [r for r in rules if r["group"] == g]
        assert ids == [r["id"] for r in mine if r["kind"] == g] + [r["id"] for r in mine if r["kind"] != g]
    assert sum(len(ids) for _, _, ids in groups) == len(rules)
    # the 用神 group opens with the rule naming the 用神: its 六親, its line and its kin, in words
    assert groups[0][2][0] == "yong.select"
    sel = next(r for r in rules if r["id"] == "yong.select")["facts"]
    facts = page.inner_text("#reading .rule[data-rule='yong.select'] .facts")
    for key, value in (
        ("fact.yong_shen", sel["yong_shen"]),
        ("fact.position", str(sel["position"])),
        ("fact.yuan_shen", sel["yuan_shen"]),
        ("fact.用神.ji_shen", sel["ji_shen"]),
        ("fact.chou_shen", sel["chou_shen"]),
        ("fact.chosen_by", sel["chosen_by"]),
    ):
        assert f"{label(key, lang)} {value}" in facts, (key, facts)
    # its strength: the 用神 rules on its line come right after it (旺相 / 休囚, 動 …)
    strength = [r["id"] for r in rules if r["kind"] == "用神" and r["id"] != "yong.select"]
    assert strength and groups[0][2][1 : 1 + len(strength)] == strength
    # each rule's text and facts in the page's language; no code names anywhere in the reading
    for r in rules[:12]:
        assert page.inner_text(f"#reading .rule[data-rule='{r['id']}'] .text") == r["text"]
    text = page.inner_text("#reading")
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    assert "yong.select" not in text


def test_liuyao_reading_grouped_by_yong_shen_in_korean_and_chinese(server: str, new_page: NewPage) -> None:
    query = urlencode({"method": "liuyao", "at": AT, "tz": TZ, "lines": LINES, "topic": TOPIC, "lang": "ko"})
    page = new_page(viewport=DESKTOP_1300)
    page.goto(f"{server.rstrip('/')}/?{query}#cast")
    page.wait_for_selector("#chart svg g[data-gua='ben']")
    page.wait_for_selector("#judgment .verdict")
    # the judgment first: the verdict, the 用神, the steps and the 應期, as the library judges; the
    # fired rules folded under it as its commentary, opened on request
    _check_judgment(page, "ko")
    assert not page.locator("#reading-fold").evaluate("d => d.open")
    page.click("#reading-fold > summary")
    page.wait_for_selector("#reading .rule", state="visible")
    # the reading sits beside the drawn hexagrams
    chart_box = page.locator("#chart svg").bounding_box()
    reading_box = page.locator("#reading").bounding_box()
    assert chart_box and reading_box and reading_box["x"] >= chart_box["x"] + chart_box["width"] - 1
    _check_page(page, "ko")
    assert "용신" in page.inner_text("#reading h3[data-group='用神']")

    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("document.querySelector('#chart svg title').textContent.startsWith('六爻')")
    page.wait_for_function(
        "document.querySelector(\"#reading h3[data-group='用神']\")"
        " && document.querySelector(\"#reading h3[data-group='用神']\").textContent.startsWith('用神：')"
    )
    _check_judgment(page, "zh-Hant")
    page.click("#reading-fold > summary")
    _check_page(page, "zh-Hant")
    assert page.errors == []


def test_liuyao_judgment_on_a_phone(server: str, new_page: NewPage) -> None:
    """390 × 844: the judgment fits the screen's width, above the drawing's reading, in Chinese."""
    query = urlencode(
        {"method": "liuyao", "at": AT, "tz": TZ, "lines": LINES, "topic": TOPIC, "lang": "zh-Hant"}
    )
    page = new_page(viewport=PHONE)
    page.goto(f"{server.rstrip('/')}/?{query}#cast")
    page.wait_for_selector("#judgment .verdict")
    _check_judgment(page, "zh-Hant")
    box = page.locator("#judgment").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _check_judgment(page: Any, lang: str) -> None:
    j = METHOD.document(METHOD.make_params({"at": AT, "tz": TZ, "lines": LINES, "topic": TOPIC}), lang)[
        "judgment"
    ]
    page.wait_for_function(
        "t => document.querySelector('#judgment .verdict') && document.querySelector('#judgment .verdict')"
        ".textContent === t",
        arg=j["verdict"]["text"],
    )
    assert page.locator("#judgment .verdict").get_attribute("data-polarity") == j["verdict"]["polarity"]
    steps = page.locator("#judgment .steps .step .text").all_inner_texts()
    assert steps == [s["text"] for s in j["steps"]] and 1 <= len(steps) <= 12
    ying = page.locator("#judgment .ying-qi li").all_inner_texts()
    assert len(ying) == len(j["ying_qi"]) and all(
        k["why"] in y for k, y in zip(j["ying_qi"], ying, strict=True)
    )
    assert j["yong_shen"]["why"] in page.inner_text("#judgment .focus")
    # the judgment stands above the reading
    jb, rb = page.locator("#judgment").bounding_box(), page.locator("#reading-fold").bounding_box()
    assert jb and rb and jb["y"] < rb["y"]


def test_a_newcomer_throws_coins_asks_about_money_and_reads_the_judgment(
    server: str, new_page: NewPage
) -> None:
    """Issue 27's 'done when': on the page, in Korean, throw the coins six times, ask 財 about oneself
    (the 'whom' field stands beside the topic), cast, and read a verdict with its reasons and the day it
    should come (a civil date: the cast has an instant), with the fired rules folded underneath."""
    page = new_page(viewport=DESKTOP_1300)
    page.goto(f"{server.rstrip('/')}/?method=liuyao&lang=ko")
    page.wait_for_selector("#liuyao-throw")
    # the person field sits with the question, not in the folded school options
    assert page.locator("#question-fields select[name='about']").count() == 1
    assert page.locator("#option-fields [name='about']").count() == 0
    assert page.locator("#question-fields select[name='about']").input_value() == "自己"
    for _ in range(6):
        page.click("#liuyao-throw")
    page.fill("#topic", "財")
    page.click("#cast-btn")
    page.wait_for_selector("#judgment .verdict")
    verdict = page.inner_text("#judgment .verdict")
    assert verdict.split(":")[0] in ("이루어진다", "이루어지지 않는다", "늦게 또는 일부만 이루어진다")
    assert page.locator("#judgment .steps .step").count() >= 2
    ying = page.locator("#judgment .ying-qi li").all_inner_texts()
    assert ying and re.search(r"\d{4}-\d\d-\d\d", ying[0]), ying
    # the focus named as the Korean steps name it (용신, labels focus.*; branch ux7: it read 用神)
    assert page.inner_text("#judgment .focus").startswith("용신 ")
    assert not page.locator("#reading-fold").evaluate("d => d.open")
    assert page.errors == []
