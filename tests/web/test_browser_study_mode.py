"""Study mode from the page (Playwright driving Debian's Chromium, as in test_browser.py; bypass_csp only
because Playwright evaluates its waits as strings): a reader fills the study fields of 大六壬 (日干支, 月將,
占時), 六爻 (日, 月 and the six lines) or 金口訣 (日干支, 時支, 月建, 月將, 年干支, with the 地分) with the
date, zone and place of the form still filled in, casts, and gets the chart — the page sends only the fields
of the chosen mode, since the API refuses a parameter the mode does not use (``mode.unused``), and shows
those fields dimmed. On a desktop and on a 390 × 844 phone."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

#: what the study fields get, and what the page must then leave out of the request
STUDY: dict[str, dict[str, str]] = {
    "liuren": {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"},
    "liuyao": {"day": "甲子", "month": "寅"},
    "jinkoujue": {"day": "甲子", "hour": "午", "month": "寅", "yue_jiang": "亥", "year": "丙午"},
}
#: what else the cast needs besides the study fields (六爻's lines by hand, 金口訣's 地分)
EXTRA: dict[str, dict[str, str]] = {"liuyao": {"lines": "789678"}, "jinkoujue": {"difen": "申"}}
LINES = "789678"
INSTANT_ONLY = {"at", "tz", "lon", "lat", "true_solar", "fold", "day_boundary", "yue_jiang_rule", "dst"}


@pytest.mark.parametrize("viewport", [DESKTOP_1300, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("method", ["liuren", "liuyao", "jinkoujue"])
def test_a_study_mode_chart_from_the_page(
    server: str, new_page: NewPage, method: str, viewport: dict[str, int]
) -> None:
    import httpx

    phone = viewport is PHONE
    page = new_page(viewport=viewport, locale="zh-TW", is_mobile=phone, has_touch=phone)
    page.goto(f"{server}?method={method}#cast")
    page.wait_for_selector(PAGE_READY)
    # the instant's fields stay filled in, as a reader leaves them
    page.fill("#at", "2026-03-10T21:00:00")
    page.fill("#tz", "Asia/Shanghai")
    page.fill("#lon", "121.47")
    page.fill("#lat", "31.23")
    dimmed = "e => e.closest('label').classList.contains('unused')"
    assert not page.eval_on_selector("#tz", dimmed)
    page.click("#study-box > summary")
    for name, value in STUDY[method].items():
        page.fill(f"#f-{name}", value)
    # the fields study mode does not use are dimmed (kept, not sent); the study fields are not
    assert page.eval_on_selector("#tz", dimmed) and page.eval_on_selector("#lon", dimmed)
    assert not page.eval_on_selector("#f-day", dimmed)
    if method == "liuyao":  # the six lines by hand, one of the ways of casting the page offers
        page.select_option("#liuyao-way", "lines")
        page.fill("#f-lines", LINES)
    if method == "jinkoujue":  # the 地分, chosen from the twelve branches
        page.select_option("#f-difen", "申")
    with page.expect_response(lambda r: f"/api/{method}?" in r.url) as got:
        page.click("#cast-btn")
    response = got.value
    assert response.status == 200, response.text()
    sent = parse_qs(urlsplit(response.url).query)
    assert not INSTANT_ONLY & set(sent), sent
    assert {k: v[0] for k, v in sent.items() if k in STUDY[method]} == STUDY[method]
    page.wait_for_selector("#chart svg")
    assert page.inner_text("#cast-error").strip() == ""
    doc = response.json()
    assert all(doc["inputs"][k] == v for k, v in STUDY[method].items()), doc["inputs"]
    # the chart the API casts from the study inputs alone
    query = {**STUDY[method], **EXTRA.get(method, {}), "lang": "zh-Hant"}
    assert httpx.get(f"{server}api/{method}", params=query).json() == doc
    # the permalink carries the study inputs, not the date of the form
    link = parse_qs(urlsplit(page.get_attribute("#permalink", "href") or "").query)
    assert "at" not in link and link["day"] == [STUDY[method]["day"]]
    if phone:  # the page itself does not scroll sideways
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert page.errors == []
