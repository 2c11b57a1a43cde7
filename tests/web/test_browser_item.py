"""The thing asked about on the page (issue 28, ``item``): the field stands beside the topic, is shown only
while the topic names one that takes a thing (失物 六畜 …, rules/data/items.toml ``[accept]``) and is sent
only then; the cast reads the thing's 類神. Playwright driving Debian's Chromium, as test_browser.py."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PAGE_READY, NewPage

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


@pytest.mark.parametrize("method", ["liuren", "jinkoujue"])
def test_the_item_field_follows_the_topic(server: str, new_page: NewPage, method: str) -> None:
    page = new_page(viewport=DESKTOP_1300, locale="ko-KR")
    page.goto(f"{server}?method={method}&lang=ko#cast")
    page.wait_for_selector(PAGE_READY)
    page.fill("#at", "2026-03-10T21:00:00")
    page.fill("#tz", "Asia/Shanghai")
    if method == "jinkoujue":
        page.select_option("#f-difen", "午")
    hidden = "e => e.closest('label').hidden"
    assert page.eval_on_selector("#f-item", hidden)  # no topic yet
    page.fill("#topic", "失物")
    assert not page.eval_on_selector("#f-item", hidden)
    assert page.eval_on_selector("#f-item", "e => !!e.list && e.list.options.length >= 20")
    page.fill("#f-item", "말")
    with page.expect_response(lambda r: f"/api/{method}?" in r.url) as got:
        page.click("#cast-btn")
    response = got.value
    assert response.status == 200, response.text()
    sent = parse_qs(urlsplit(response.url).query)
    assert sent.get("item") == ["말"] and sent.get("topic") == ["失物"]
    assert response.json()["judgment"]["question"]["item"] == "馬"
    # a topic that takes no thing hides the field, and the cast does not send it
    page.fill("#topic", "病")
    assert page.eval_on_selector("#f-item", hidden)
    with page.expect_response(lambda r: f"/api/{method}?" in r.url) as got:
        page.click("#cast-btn")
    assert got.value.status == 200 and "item" not in parse_qs(urlsplit(got.value.url).query)
    assert page.errors == []
