""" "Log out everywhere" on the page (issue 31): logged in in two browsers, the button in one ends the
session of both — the page that pressed it shows the login form, and the other's next journal request is
refused (401) and shows the login form too. On a desktop window and a 390×844 phone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

PASSWORD = "carol-pass-31"


@pytest.fixture(scope="module")
def multi_server(tmp_path_factory: pytest.TempPathFactory, serve_app: Any) -> Iterator[str]:
    import httpx

    tmp = tmp_path_factory.mktemp("browser-logout-everywhere")
    for url in serve_app(tmp, XUANHENG_MULTI_USER="1", XUANHENG_SIGNUP="1"):
        with httpx.Client(base_url=url) as c:
            assert c.post("/api/signup", json={"name": "carol", "password": PASSWORD}).status_code == 200
        yield url


def _log_in(browser: Any, url: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    ctx = browser.new_context(bypass_csp=True, viewport=viewport)
    page = ctx.new_page()
    page.goto(url + "#journal")
    page.wait_for_selector("#login-form", state="visible")
    page.fill("#login-name", "carol")
    page.fill("#login-password", PASSWORD)
    page.click("#login-btn")
    page.wait_for_selector("#journal-view", state="visible")
    assert page.inner_text("#user-name") == "carol"
    return ctx, page


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=["desktop", "phone"]
)
def test_log_out_everywhere_ends_the_other_browser_too(
    multi_server: str, browser: Any, viewport: dict[str, int]
) -> None:
    ctx_a, page_a = _log_in(browser, multi_server, viewport)
    ctx_b, page_b = _log_in(browser, multi_server, viewport)
    try:
        assert ctx_b.request.get(multi_server + "api/journal/cases").status == 200
        button = page_a.locator("#logout-all-btn")
        assert button.is_visible()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        page_a.set_default_timeout(10_000)
        button.click()
        page_a.wait_for_selector("#login-form", state="visible")
        assert page_a.locator("#user-box").is_hidden()
        assert ctx_a.request.get(multi_server + "api/journal/cases").status == 401
        # the other browser: its next journal request is refused, and its page shows the login form
        assert ctx_b.request.get(multi_server + "api/journal/cases").status == 401
        page_b.click("#nav-stats")
        page_b.wait_for_selector("#login-form", state="visible")
        assert page_b.locator("#journal-view").is_hidden()
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_button_is_labelled_in_every_language(multi_server: str, browser: Any) -> None:
    ctx, page = _log_in(browser, multi_server, {"width": 1280, "height": 800})
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
        ctx.close()
