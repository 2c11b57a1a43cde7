"""Issue 29 item 1 in a real browser: a reader casts a 七政四餘 birth chart for a date and reads, in the
judgment, the twelve 流月 of that year — each a section titled with its month, 干支 and palace, its verdict
and its one to three steps, as the API's document has them — on a desktop and on a 390 px phone, where no
month's section runs past the screen.

Skipped only outside CI when /usr/bin/chromium is missing (``scripts/ci_browser.sh`` installs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

HORO = {"at": "1983-10-27T18:30:00", "tz": "+08:00", "lon": "116.38", "lat": "39.9"}
ON = "2026-06-01"
MONTHS = "#judgment section.judgment-section[data-section^='liu_yue.']"


@pytest.mark.parametrize(("width", "height", "lang"), [(1300, 1000, "zh-Hant"), (390, 844, "ko")])
def test_the_months_of_the_year_read_on_desktop_and_phone(
    server: str, shots: Path, new_page: NewPage, width: int, height: int, lang: str
) -> None:
    doc = httpx.get(server + "api/qizheng", params={**HORO, "on": ON, "lang": lang}).json()
    want = [s for s in doc["judgment"]["sections"] if s["key"].startswith("liu_yue.")]
    assert len(want) == 12
    page = new_page(viewport={"width": width, "height": height})
    page.goto(server)
    page.wait_for_selector(PAGE_READY)
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.select_option("#method", "qizheng")
    for k in ("at", "tz", "lon", "lat"):
        page.fill(f"#{k}", HORO[k])
    page.fill("#f-on", ON)
    page.click("#cast-btn")
    page.wait_for_selector(MONTHS)
    got = page.locator(MONTHS)
    assert got.count() == 12
    for i, s in enumerate(want):
        sec = got.nth(i)
        assert sec.get_attribute("data-section") == s["key"]
        assert sec.locator("h3").inner_text().strip() == s["title"]
        assert sec.locator(".verdict").get_attribute("data-polarity") == s["verdict"]["polarity"]
        assert 1 <= sec.locator("li.step").count() == len(s["steps"]) <= 3
        box = sec.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (s["key"], box)
    # the months come right after the year's 流年
    keys = page.eval_on_selector_all(
        "#judgment section.judgment-section", "els => els.map(e => e.dataset.section)"
    )
    at = keys.index("liu_nian")
    assert keys[at + 1 : at + 13] == [f"liu_yue.{m}" for m in range(1, 13)]
    got.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"qizheng-liu-yue-{width}.png"))
    assert page.errors == []
