""" "Log out everywhere" on the page (issue 31): logged in in two browsers, the button in one ends the
session of both — the page that pressed it shows the login form, and the other's next journal request is
refused (401) and shows the login form too. On a desktop window and a 390×844 phone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import LAPTOP, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

PASSWORD = "carol-pass-31"


@pytest.fixture(scope="module")
def multi_server(multi_server: str) -> str:
    """conftest.py's multi-user server, with carol signed up."""
    import httpx

    with httpx.Client(base_url=multi_server) as c:
        assert c.post("/api/signup", json={"name": "carol", "password": PASSWORD}).status_code == 200
    return multi_server


def _log_in(new_page: NewPage, url: str, viewport: dict[str, int]) -> Any:
    """A page of a browser context of its own, logged in as carol on the journal."""
    page = new_page(viewport=viewport)
    page.goto(url + "#journal")
    page.wait_for_selector("#login-form", state="visible")
    page.fill("#login-name", "carol")
    page.fill("#login-password", PASSWORD)
    page.click("#login-btn")
    page.wait_for_selector("#journal-view", state="visible")
    assert page.inner_text("#user-name") == "carol"
    return page


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_log_out_everywhere_ends_the_other_browser_too(
    multi_server: str, new_page: NewPage, viewport: dict[str, int]
) -> None:
    page_a = _log_in(new_page, multi_server, viewport)
    page_b = _log_in(new_page, multi_server, viewport)
    assert page_b.context.request.get(multi_server + "api/journal/cases").status == 200
    button = page_a.locator("#logout-all-btn")
    assert button.is_visible()
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    page_a.set_default_timeout(10_000)
    button.click()
    page_a.wait_for_selector("#login-form", state="visible")
    assert page_a.locator("#user-box").is_hidden()
    assert page_a.context.request.get(multi_server + "api/journal/cases").status == 401
    # the other browser: its next journal request is refused, and its page shows the login form
    assert page_b.context.request.get(multi_server + "api/journal/cases").status == 401
    page_b.click("#nav-stats")
    page_b.wait_for_selector("#login-form", state="visible")
    assert page_b.locator("#journal-view").is_hidden()


def test_the_button_is_labelled_in_every_language(multi_server: str, new_page: NewPage) -> None:
    page = _log_in(new_page, multi_server, LAPTOP)
    try:
        said = {
            "ko": "모든 기기에서 로그아웃",
            "zh-Hant": "所有裝置登出",
            "zh-Hans": "所有设备退出登录",
            "en": "Log out everywhere",
        }
        for lang, text in said.items():  # the labels of a language arrive after it is chosen
            page.select_option("#lang", lang)
            page.wait_for_function(
                "t => document.getElementById('logout-all-btn').textContent === t", arg=text, timeout=10_000
            )
    finally:
        page.click("#logout-btn")
