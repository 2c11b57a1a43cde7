"""Issue 10's "done when", in a real browser (Playwright driving Debian's Chromium): a newcomer chooses
七政四餘, types a birth date and a city on the page, casts, and sees the drawn 星盤 — twelve palaces,
the 28 mansions, the eleven 曜, 命 and 身 — with its spirits, first in Chinese and then in Korean; the
chart is the API's chart for the city's place, and saving it keeps 命宮, 命度 and 化曜 in the journal.

Skipped only outside CI when /usr/bin/chromium is missing (``scripts/ci_browser.sh`` installs it).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("browser")

READY = "#chart svg g.yao"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, serve_app: Any) -> Iterator[str]:
    yield from serve_app(tmp_path_factory.mktemp("browser-qizheng"), XUANHENG_MULTI_USER="0")


def test_newcomer_casts_a_natal_chart(server: str, shots: Path, browser_launch: dict[str, Any]) -> None:
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(**browser_launch)
        ctx = browser.new_context(viewport={"width": 1300, "height": 1000}, bypass_csp=True, locale="zh-TW")
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server)
        page.wait_for_selector("body[data-ready='1']")
        # the method list names 七政四餘 in the page's language
        options = page.locator("#method option").all_inner_texts()
        assert "七政四餘" in options
        page.select_option("#method", "qizheng")
        page.fill("#at", "1983-10-27T18:30:00")
        page.fill("#city", "北京")
        page.wait_for_selector("#city-results li")
        page.click("#city-results li")
        lon, lat, tz = page.input_value("#lon"), page.input_value("#lat"), page.input_value("#tz")
        assert tz == "Asia/Shanghai" and 116 < float(lon) < 117 and 39 < float(lat) < 41
        if page.locator("#f-sex").count():
            page.select_option("#f-sex", "男")
        with page.expect_response(lambda r: "/api/qizheng/render" in r.url):
            page.click("#cast-btn")
        page.wait_for_selector(READY)
        svg = page.locator("#chart svg")
        assert svg.locator("g.gong").count() == 12
        assert svg.locator("line.xiu-bound").count() == 28
        assert svg.locator("g.yao").count() == 11
        assert svg.locator("g.mark").count() == 2  # 命 and 身
        assert page.locator("#chart svg title").text_content() == "七政四餘"
        table = " ".join(svg.locator("g.spirits text").all_text_contents())
        assert "化曜" in table and "天乙" in table
        # the same chart as the API gives for the city's place
        params = {"at": "1983-10-27T18:30:00", "tz": tz, "lon": lon, "lat": lat, "sex": "男"}
        doc = httpx.get(server + "api/qizheng", params=params).json()
        ming = svg.locator(f"g.gong[data-branch='{doc['ming_gong']['branch']}']")
        assert ming.count() == 1
        assert doc["ming_gong"]["xiu_text"] in " ".join(svg.locator("text.centre").all_text_contents())
        for h in doc["shensha"]:
            assert h["name"] in table
        svg.screenshot(path=str(shots / "qizheng-zh-Hant.png"))

        # in Korean: the labels change, the classical terms stay
        page.select_option("#lang", "ko")
        page.wait_for_function("document.querySelector('#chart svg title').textContent === '칠정사여'")
        page.wait_for_selector(READY)
        ko = " ".join(page.locator("#chart svg text").all_text_contents())
        assert "명궁" in ko and "화요" in ko and "天乙" in ko
        page.locator("#chart svg").screenshot(path=str(shots / "qizheng-ko.png"))

        # save: the journal keeps 命宮, 命度 and 化曜
        page.click("#save-btn")
        page.wait_for_function("document.getElementById('save-status').textContent.includes('저장')")
        cases = httpx.get(server + "api/journal/cases").json()["items"]
        keys = cases[0]["keys"]
        assert keys["ming_gong"] == [doc["ming_gong"]["branch"]]
        assert keys["ming_du"] == [doc["ming_gong"]["xiu_text"]]
        assert len(keys["hua_yao"]) == 10
        assert errors == []
        browser.close()
