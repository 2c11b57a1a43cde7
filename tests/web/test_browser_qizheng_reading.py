"""Issue 12's "done when", in a real browser: a practitioner casts a birth chart of 七政四餘 on the page,
sees its judgments and 格局 with their sources, the band of 大限 with the one running today marked, clicks a
year of the timeline and sees that year's 流年, 小限 and transits (流曜) — the API's for that date — then
reads it in Korean and saves it (the journal keeps the 格局).

Skipped only outside CI when /usr/bin/chromium is missing (``scripts/ci_browser.sh`` installs it).
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PAGE_READY, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("browser")

CHART_READY = "#chart svg g.da-xian"
HORO = {"at": "1983-10-27T18:30:00", "tz": "+08:00", "lon": "116.38", "lat": "39.9"}  # the form: 0.01°


def test_practitioner_reads_a_life(server: str, shots: Path, new_page: NewPage) -> None:
    page = new_page(viewport=DESKTOP_1300)
    page.goto(server)
    page.wait_for_selector(PAGE_READY)
    page.select_option("#method", "qizheng")
    page.fill("#at", HORO["at"])
    page.fill("#tz", HORO["tz"])
    page.fill("#lon", HORO["lon"])
    page.fill("#lat", HORO["lat"])
    assert page.locator("#f-on").count() == 1 and page.input_value("#f-on") == ""
    with page.expect_response(lambda r: "/api/qizheng/render" in r.url):
        page.click("#cast-btn")
    page.wait_for_selector(CHART_READY)
    # an empty date of the 限 is today's (the browser's clock); the API's document for it
    today = page.evaluate(
        "(() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; })()"
    )
    assert page.input_value("#f-on") == today and date.fromisoformat(today)
    doc = httpx.get(server + "api/qizheng", params={**HORO, "on": today}).json()
    svg = page.locator("#chart svg")
    assert svg.locator("g.da-xian").count() == 12
    cur = svg.locator("g.da-xian.current")
    assert cur.count() == 1 and cur.get_attribute("data-gong") == doc["da_xian"]["gong"]
    # the judgments and 格局 with their sources
    rules = page.locator("#reading .rule")
    assert rules.count() == len(doc["reading"]) > 0
    ge = [r for r in doc["reading"] if r.get("kind") == "格局"]
    assert ge and page.locator(f"#reading .rule[data-rule='{ge[0]['id']}']").count() == 1
    assert page.locator("#reading .src-link").count() >= len(doc["reading"])
    svg.screenshot(path=str(shots / "qizheng-timeline-today.png"))

    # click the year 1990 of the timeline: its 流年, 小限 and transits
    year = svg.locator("g.liu-nian-year[data-year='1990']")
    on = year.get_attribute("data-on")
    assert on is not None
    with page.expect_response(lambda r: "/api/qizheng/render" in r.url):
        year.click()
    page.wait_for_selector("#chart svg g.liu-nian-year.current[data-year='1990']")
    assert page.input_value("#f-on") == on
    doc90 = httpx.get(server + "api/qizheng", params={**HORO, "on": on}).json()
    assert doc90["liu_nian"]["ganzhi"] == "庚午"  # 1990 is 庚午
    svg = page.locator("#chart svg")
    assert svg.locator("g.da-xian.current").get_attribute("data-gong") == doc90["da_xian"]["gong"]
    panel = " ".join(svg.locator("g.xian-on text").all_text_contents())
    assert "庚午" in panel and doc90["xiao_xian"]["gong"] in panel
    rows = svg.locator("g.liu-yao")
    assert rows.count() == 11
    for i, y in enumerate(doc90["liu_yao"]):
        assert rows.nth(i).get_attribute("data-yao") == y["name"]
        assert rows.nth(i).get_attribute("data-branch") == y["branch"]
    assert "on=" + on in page.get_attribute("#permalink", "href").replace("%3A", ":")

    # in Korean: the labels change, the classical terms stay
    page.select_option("#lang", "ko")
    page.wait_for_function("document.querySelector('#chart svg title').textContent === '칠정사여'")
    page.wait_for_selector("#chart svg g.liu-nian-year.current[data-year='1990']")
    ko = " ".join(page.locator("#chart svg g.xian text").all_text_contents())
    assert "대한" in ko and "유년" in ko and "庚午" in ko
    page.locator("#chart svg").screenshot(path=str(shots / "qizheng-timeline-1990-ko.png"))

    # save: the journal keeps the 格局 and the 大限 of the date
    page.click("#save-btn")
    page.wait_for_function("document.getElementById('save-status').textContent.includes('저장')")
    keys = httpx.get(server + "api/journal/cases").json()["items"][0]["keys"]
    assert keys["ge_ju"] and keys["da_xian"] == [doc90["da_xian"]["gong"]]
    assert page.errors == []
