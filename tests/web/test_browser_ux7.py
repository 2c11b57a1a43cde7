"""The page's one-moment view with a topic 七政 does not read (branch ux7), in a real browser: 七政 now
refuses 行人 (it gave the whole-life reading without a word); its card is cast without the topic and says
so, as `xuanheng all --topic 行人` does, instead of showing the refusal or asking for another topic. Failed
before the fix (app.js castCard: a refusal of the asked topic casts the card again without it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, serve_app: Any) -> Iterator[str]:
    yield from serve_app(tmp_path_factory.mktemp("ux7"), XUANHENG_MULTI_USER="0")


def test_one_moment_view_casts_qizheng_without_a_topic_it_does_not_read(server: str, browser: Any) -> None:
    ctx = browser.new_context(locale="ko-KR", bypass_csp=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    query = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "행인", "lang": "ko"}
    page.goto(f"{server}?{urlencode(query)}#cast")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#all-btn")
    card = "#all-grid .all-card[data-method='qizheng']"
    page.wait_for_selector(f"{card} .all-chart svg", timeout=60000)
    assert "질문 주제(행인)" in page.inner_text(f"{card} .no-topic")
    assert page.locator(f"{card} .error").count() == 0 and page.locator(f"{card} .needs").count() == 0
    page.wait_for_selector("#all-grid .all-card[data-method='liuren'] .all-judgment .verdict")
    assert errors == []
    ctx.close()
