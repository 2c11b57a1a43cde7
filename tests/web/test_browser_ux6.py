"""A Korean and a Taiwanese practitioner on a phone (branch ux6), in a real browser: the judgment is what
they read first. On a phone the page stacks its two columns, and the chart column (the drawing, the export
buttons, the warnings and the save form) came first: the verdict stood some 750 px below the chart. Failed
before the fix (style.css: a reading column holding a judgment goes first on a narrow screen)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


def _top(page: Any, selector: str) -> float:
    return float(page.evaluate("s => document.querySelector(s).getBoundingClientRect().top", selector))


@pytest.mark.parametrize(
    ("lang", "locale", "tz"), [("ko", "ko-KR", "Asia/Seoul"), ("zh-Hant", "zh-TW", "Asia/Taipei")]
)
@pytest.mark.parametrize("method", ["liuren", "liuyao"])
def test_phone_shows_the_judgment_before_the_chart(
    server: str, new_page: NewPage, lang: str, locale: str, tz: str, method: str
) -> None:
    page = new_page(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    query = {"method": method, "at": "2026-03-10T21:00", "tz": tz, "topic": "財", "lang": lang}
    if method == "liuyao":
        query["lines"] = "778876"
    page.goto(f"{server}?{urlencode(query)}#cast")
    page.wait_for_selector(PAGE_READY)
    page.click("#cast-btn")
    page.wait_for_selector("#judgment .verdict")
    page.wait_for_selector("#chart svg")
    assert _top(page, "#judgment") < _top(page, "#chart")
    # the commentary stays folded under the judgment, and nothing runs off the side
    assert not page.locator("#reading-fold").evaluate("d => d.open")
    assert _top(page, "#judgment") < _top(page, "#reading-fold")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert page.errors == []


def test_one_moment_view_answers_the_topic_in_every_method(server: str, new_page: NewPage) -> None:
    """The page's "one moment, every method" view cast every method without a reading, whatever the topic
    field held (as `xuanheng all` had no --topic): now each method that reads a topic leads its card with its
    judgment of it, and the calendar says it does not read one."""
    page = new_page(viewport=PHONE, locale="ko-KR", is_mobile=True, has_touch=True)
    query = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "재물", "lang": "ko"}
    page.goto(f"{server}?{urlencode(query)}#cast")
    page.wait_for_selector(PAGE_READY)
    page.click("#all-btn")
    page.wait_for_selector("#all-grid .all-card[data-method='calendar'] .all-chart svg", timeout=30000)
    for name in ("liuren", "liuyao", "qizheng"):
        card = f"#all-grid .all-card[data-method='{name}']"
        page.wait_for_selector(f"{card} .all-judgment .verdict")
        assert _top(page, f"{card} .all-judgment") < _top(page, f"{card} .all-chart")
        assert "topic=" in (page.get_attribute(f"{card} a.full-chart", "href") or "")
    assert "질문 주제(재물)" in page.inner_text("#all-grid .all-card[data-method='calendar'] .no-topic")
    assert page.locator("#all-grid .all-card[data-method='calendar'] .all-judgment").count() == 0
    assert page.errors == []


@pytest.mark.parametrize(
    ("method", "study"),
    [
        ("liuyao", {"day": "甲子", "month": "寅", "lines": "778876", "topic": "婚"}),
        ("liuren", {"day": "丁卯", "yue_jiang": "亥", "hour": "丑", "topic": "財"}),
    ],
)
def test_a_study_mode_permalink_recreates_its_chart(
    server: str, new_page: NewPage, method: str, study: dict[str, str]
) -> None:
    """The permalink of a study-mode cast carries the study inputs and no instant; the page recreated a
    permalink only when it held an instant, so the link opened an empty form and, cast, a chart of now."""
    page = new_page(viewport=PHONE, locale="zh-TW", is_mobile=True, has_touch=True)
    with page.expect_response(lambda r: f"/api/{method}?" in r.url) as got:
        page.goto(f"{server}?{urlencode({'method': method, **study, 'lang': 'zh-Hant'})}#cast")
    doc = got.value.json()
    page.wait_for_selector("#judgment .verdict")
    assert all(doc["inputs"][k] == v for k, v in study.items() if k != "topic"), doc["inputs"]
    assert doc["judgment"]["question"]["topic"] == study["topic"]
    assert page.input_value("#f-day") == study["day"]
    assert page.errors == []
