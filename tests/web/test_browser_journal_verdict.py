"""The page's statistics view shows how often each verdict polarity of the judgment was borne out: a table
"by verdict" like the others, rows in the order good, bad, mixed, each polarity named in the page's language,
its counts and its 95% Wilson interval; on a desktop and on a 390×844 phone (Playwright driving Debian's
Chromium). Screenshots go to ``$XUANHENG_SCREENSHOTS`` (default: a temporary directory)."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from xuanheng.journal.model import wilson

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP, PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

LY = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "topic": "財"}
#: (lines, outcome): 財 judged 成 (good) twice and 不成 (bad) once
CASES = [("887868", "應驗"), ("887868", "不驗"), ("888888", "應驗")]
NAMES = {
    "ko": ("판단별", "길", "흉"),
    "zh-Hant": ("依斷", "吉", "凶"),
    "zh-Hans": ("依断", "吉", "凶"),
    "en": ("By verdict", "good", "bad"),
}


@pytest.fixture(scope="module")
def server(server: str) -> str:
    """conftest.py's server, with the cases of CASES saved and their outcomes recorded."""
    import httpx

    for lines, result in CASES:
        r = httpx.post(
            server + "api/journal/cases",
            json={"method": "liuyao", "inputs": {**LY, "lines": lines}, "topic": "財"},
            timeout=60,
        )
        assert r.status_code == 201, r.text
        assert r.json()["chart"]["judgment"]["verdict"]["polarity"] in ("good", "bad")
        httpx.put(f"{server}api/journal/cases/{r.json()['id']}/outcome", json={"result": result})
    # a case of a method without a judgment counts in the journal, not by verdict
    httpx.post(
        server + "api/journal/cases", json={"method": "liuren", "inputs": {k: LY[k] for k in ("at", "tz")}}
    )
    return server


def _stats_page(new_page: NewPage, server: str, lang: str, viewport: dict[str, int]) -> Any:
    page = new_page(viewport=viewport)
    page.goto(f"{server}?{urlencode({'lang': lang})}#stats")
    page.wait_for_selector(PAGE_READY)
    page.wait_for_selector("#stats-verdict tr[data-key]")
    return page


def _pct_range(successes: float, n: int) -> str:
    lo, hi = wilson(successes, n)
    js_round = lambda x: math.floor(x * 100 + 0.5)  # noqa: E731  # Math.round, as the page does
    return f"{js_round(lo)}–{js_round(hi)}%"


def _check_table(page: Any, lang: str) -> None:
    title, good, bad = NAMES[lang]
    assert page.locator("h2[data-i18n='stats.per_verdict']").inner_text() == title
    rows = page.locator("#stats-verdict tbody tr[data-key]")
    assert [rows.nth(i).get_attribute("data-key") for i in range(rows.count())] == ["good", "bad"]
    g, b = rows.nth(0), rows.nth(1)
    assert g.locator("td.name").inner_text() == good and b.locator("td.name").inner_text() == bad
    assert (g.locator("td.n-judged").inner_text(), g.locator("td.rate").inner_text()) == ("2", "50%")
    assert g.locator("td.interval").inner_text() == _pct_range(1, 2)
    assert (g.locator("td.n-ying").inner_text(), g.locator("td.n-bu").inner_text()) == ("1", "1")
    assert (b.locator("td.n-judged").inner_text(), b.locator("td.rate").inner_text()) == ("1", "100%")
    assert b.locator("td.interval").inner_text() == _pct_range(1, 1)
    assert page.errors == []


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans", "en"])
def test_stats_by_verdict_desktop(server: str, new_page: NewPage, shots: Path, lang: str) -> None:
    page = _stats_page(new_page, server, lang, DESKTOP)
    _check_table(page, lang)
    head = page.locator("#stats-verdict thead th").first.inner_text()
    assert head == NAMES[lang][0]
    if lang == "ko":
        page.screenshot(path=str(shots / "stats-verdict-ko-desktop.png"), full_page=True)


def test_stats_by_verdict_phone(server: str, new_page: NewPage, shots: Path) -> None:
    page = _stats_page(new_page, server, "ko", PHONE)
    _check_table(page, "ko")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("#stats-verdict").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.locator("#stats-verdict").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "stats-verdict-ko-phone.png"), full_page=True)
