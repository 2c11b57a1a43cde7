"""The page after a refused cast (branch ux8), on a 390 px phone in a real browser: the warnings of the chart
cast before (七政 without a birth place says so) stayed under the refusal of the next cast, as if they were
the refused cast's, with that chart, its judgment and its reading. Failed before the fix (app.js castNow:
a refused cast clears the previous result, `clearResult`)."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # narrower page checks: slow tier


def test_a_refused_cast_leaves_nothing_of_the_chart_before(server: str, new_page: NewPage) -> None:
    page = new_page(viewport=PHONE)
    q = {"lang": "ko", "method": "qizheng", "at": "1983-10-27T18:30", "tz": "Asia/Shanghai", "sex": "男"}
    page.goto(f"{server}?{urlencode(q)}")
    page.wait_for_selector("#chart svg")
    assert "태어난 곳이 없어" in page.inner_text("#warnings")  # the chart before: no birth place
    page.fill("#at", "1983-02-30T18:30")  # a day the calendar does not have
    page.click("#cast-btn")
    page.wait_for_function("document.getElementById('cast-error').textContent !== ''")
    assert "달력에 없는 날짜" in page.inner_text("#cast-error")
    assert page.locator("#warnings li").count() == 0
    assert page.locator("#result").is_hidden()
    assert page.locator("#chart svg").count() == 0 and page.inner_text("#judgment") == ""
    # the corrected date casts again, with its own warning
    page.fill("#at", "1983-10-28T18:30")
    page.click("#cast-btn")
    page.wait_for_selector("#chart svg")
    assert page.inner_text("#cast-error") == "" and "태어난 곳이 없어" in page.inner_text("#warnings")
    assert page.errors == []


def test_the_difen_is_chosen_by_the_direction_the_asker_stands_in(server: str, new_page: NewPage) -> None:
    """金口訣 takes the 地分 from where the asker stands: the page offers the four directions (in the
    reader's words) beside the branches; 동쪽 casts 卯, the branch of the east (《說卦傳》: 震 east)."""
    import httpx

    from xuanheng.core.ganzhi import DIRECTIONS

    hint = {m["name"]: m for m in httpx.get(server + "api/methods", timeout=60).json()["methods"]}
    choices = hint["jinkoujue"]["form"]["difen"]["choices"]
    assert choices[12:16] == [d for d, b in DIRECTIONS.items() if len(b) == 1]
    page = new_page(viewport=PHONE)
    q = {"lang": "ko", "method": "jinkoujue", "at": "2026-03-10T21:00", "tz": "Asia/Seoul"}
    page.goto(f"{server}?{urlencode(q)}")
    page.wait_for_selector(PAGE_READY)
    page.wait_for_selector("#f-difen option[value='東']", state="attached")
    assert page.inner_text("#f-difen option[value='東']") == "동쪽 (卯)"
    page.select_option("#f-difen", "東")
    with page.expect_response(lambda r: "/api/jinkoujue?" in r.url) as answer:
        page.click("#cast-btn")
    doc = answer.value.json()
    assert doc["di_fen"]["branch"] == "卯" and page.inner_text("#cast-error") == ""


def test_a_source_shows_no_english_gloss_to_a_korean_reader(server: str, new_page: NewPage) -> None:
    """The 金口訣 judgment of a lost horse cited 《六壬斷案》 with an English gloss ("the lost horse read on
    午"): the Korean page showed it as is. The link showed the book and chapter, the gloss on hover; since
    every ``src`` is a citation alone (the gloss moved to the data's ``note``, shown by no document), the
    page shows the book and chapter in every language."""
    page = new_page(viewport=PHONE)
    q = {
        "method": "jinkoujue",
        "day": "甲子",
        "hour": "午",
        "month": "寅",
        "yue_jiang": "亥",
        "day_night": "晝",
        "difen": "申",
        "topic": "失物",
        "item": "馬",
    }
    page.goto(f"{server}?{urlencode({**q, 'lang': 'ko'})}")
    page.wait_for_selector("#judgment a.src-link")
    text = page.inner_text("#judgment")
    assert "《六壬斷案》〈六畜〉" in text and "the lost horse" not in text and "reads the lost" not in text
    page.goto(f"{server}?{urlencode({**q, 'lang': 'en'})}")
    page.wait_for_selector("#judgment a.src-link")
    assert "《六壬斷案》〈六畜〉" in page.inner_text("#judgment")


def test_a_field_says_its_help_in_the_readers_language(server: str, new_page: NewPage) -> None:
    """The form's fields showed their help on hover in English only (none at all in Korean or Chinese);
    the help is now declared in each language (params.toml help.ko / help.zh-Hant)."""
    page = new_page(viewport=PHONE)
    for lang, said in (("ko", "지분: 지지"), ("zh-Hant", "地分：地支")):
        page.goto(f"{server}?{urlencode({'lang': lang, 'method': 'jinkoujue'})}")
        page.wait_for_selector(PAGE_READY)
        page.wait_for_selector("#f-difen", state="attached")
        title = page.locator("#f-difen").evaluate("e => e.closest('label').title")
        assert said in title and "a branch" not in title, title


def test_the_one_moment_view_asks_about_the_person_the_form_names(server: str, new_page: NewPage) -> None:
    """The one-moment view put the form's topic to every method but not whom it is about: asked 財 about a
    parent, every card judged the asker's own wealth. The person now goes with the topic to each method
    that takes one (大六壬, 金口訣, 六爻), as `xuanheng all --about` does."""
    page = new_page(viewport=PHONE)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/liuren?" in r.url else None)
    q = {"lang": "ko", "method": "liuren", "at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "財"}
    page.goto(f"{server}?{urlencode(q)}")
    page.wait_for_selector("#chart svg")
    page.select_option("#f-about", "父母")
    asked.clear()
    page.click("#all-btn")
    page.wait_for_selector("#all-grid .all-card[data-method='liuren'] .all-judgment .verdict")
    assert asked and all("about=%E7%88%B6%E6%AF%8D" in u for u in asked), asked
    # 七政 takes no person: its card is cast without one, and without a refusal
    page.wait_for_selector("#all-grid .all-card[data-method='qizheng']")
    assert page.locator("#all-grid .all-card[data-method='liuren'] .error").count() == 0
