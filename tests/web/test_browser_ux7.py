"""The page's one-moment view with a topic 七政 does not read (branch ux7), in a real browser: 七政 now
refuses 行人 (it gave the whole-life reading without a word); its card is cast without the topic and says
so, as `xuanheng all --topic 行人` does, instead of showing the refusal or asking for another topic. Failed
before the fix (app.js castCard: a refusal of the asked topic casts the card again without it)."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, NewPage

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


def test_one_moment_view_casts_qizheng_without_a_topic_it_does_not_read(
    server: str, new_page: NewPage
) -> None:
    page = new_page(locale="ko-KR")
    query = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "행인", "lang": "ko"}
    page.goto(f"{server}?{urlencode(query)}#cast")
    page.wait_for_selector(PAGE_READY)
    page.click("#all-btn")
    card = "#all-grid .all-card[data-method='qizheng']"
    page.wait_for_selector(f"{card} .all-chart svg", timeout=60000)
    assert "질문 주제(행인)" in page.inner_text(f"{card} .no-topic")
    assert page.locator(f"{card} .error").count() == 0 and page.locator(f"{card} .needs").count() == 0
    page.wait_for_selector("#all-grid .all-card[data-method='liuren'] .all-judgment .verdict")
    assert page.errors == []
