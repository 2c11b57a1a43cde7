"""Issue 10's "done when", in a real browser (Playwright driving Debian's Chromium): a newcomer chooses
七政四餘, types a birth date and a city on the page, casts, and sees the drawn 星盤 — twelve palaces,
the 28 mansions, the eleven 曜, 命 and 身 — with its spirits, first in Chinese and then in Korean; the
chart is the API's chart for the city's place, and saving it keeps 命宮, 命度 and 化曜 in the journal.

Skipped only outside CI when /usr/bin/chromium is missing (``scripts/ci_browser.sh`` installs it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("browser")

CHART_READY = "#chart svg g.yao"


def test_newcomer_casts_a_natal_chart(server: str, shots: Path, new_page: NewPage) -> None:
    page = new_page(viewport=DESKTOP_1300, locale="zh-TW")
    page.goto(server)
    page.wait_for_selector(PAGE_READY)
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
    page.wait_for_selector(CHART_READY)
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
    page.wait_for_selector(CHART_READY)
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
    assert page.errors == []


#: the ink box of every text of the wheel (its advance from the browser, the CJK ink from 0.88 em above to
#: 0.12 em below the baseline), turned as drawn, and the pairs of them that meet (separating axes)
_INK_MEETS = """() => {
  const wheel = document.querySelector('svg g.wheel');
  const ts = [...wheel.querySelectorAll('text')].filter(t => t.textContent.trim());
  const polys = ts.map(t => {
    const b = t.getBBox(), m = t.getCTM();
    const size = parseFloat(t.getAttribute('font-size')), y = parseFloat(t.getAttribute('y'));
    const top = y - 0.88 * size, bottom = y + 0.12 * size;
    return [[[b.x, top], [b.x + b.width, top], [b.x + b.width, bottom], [b.x, bottom]]
      .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]), t.textContent];
  });
  const apart = (a, b) => [a, b].some(poly => poly.some(([x0, y0], i) => {
    const [x1, y1] = poly[(i + 1) % poly.length], nx = y1 - y0, ny = x0 - x1;
    const pa = a.map(([x, y]) => nx * x + ny * y), pb = b.map(([x, y]) => nx * x + ny * y);
    return Math.min(Math.max(...pa), Math.max(...pb)) <= Math.max(Math.min(...pa), Math.min(...pb));
  }));
  const out = [];
  for (let i = 0; i < polys.length; i++) for (let j = i + 1; j < polys.length; j++)
    if (!apart(polys[i][0], polys[j][0])) out.push([polys[i][1], polys[j][1]]);
  return [polys.length, out];
}"""


def test_wheel_texts_do_not_meet_on_a_phone(server: str, shots: Path, browser: Any) -> None:
    """Issue 29 item 6: the wheel with its 限 ring, 宮主, mansions' 七曜, 化曜 and 流曜 ring, drawn by
    Chromium at 390 × 844 in every language: no two texts of the wheel meet, their rotations applied (with
    the mansion ring 11 units thinner, 23 pairs meet: the test can fail)."""
    import re

    cases = [
        {"at": "1983-10-27T18:30:00", "tz": "Asia/Shanghai", "lon": 116.4, "lat": 39.9, "on": "2020-05-01"},
        {"at": "1962-02-05T08:00:00", "tz": "Asia/Shanghai", "lon": 116.4, "lat": 39.9, "on": "1990-03-01"},
        {"at": "2000-05-05T16:00:00", "tz": "Asia/Seoul", "lon": 126.98, "lat": 37.57},
        # the palaces fixed to the stars (unequal), 命 and 身 on one narrow palace
        {
            "at": "1990-01-08T14:00:00",
            "tz": "UTC",
            "lon": 116.4,
            "lat": 39.9,
            "gong_frame": "sidereal",
        },
        # issue 29 item 6: a 26° 辰 (身宮, 宮主 金) whose name box met its 宮主's, and 24° palaces whose
        # judged 大限 wrote 吉凶參半 past their edge, with the 流曜 of a date
        {
            "at": "2020-11-13T06:00:00",
            "tz": "UTC",
            "lon": 116.4,
            "lat": 39.9,
            "gong_frame": "sidereal",
            "on": "2030-05-01",
        },
        {"at": "1957-01-13T04:02:00", "tz": "UTC", "lon": 116.4, "lat": 39.9, "gong_frame": "sidereal"},
    ]
    page = browser.new_page(viewport=PHONE)
    for k, q in enumerate(cases):
        for lang in ("zh-Hant", "zh-Hans", "ko", "en"):
            svg = httpx.get(server + "api/qizheng/svg", params={**q, "lang": lang}).text
            svg = re.sub(r'width="600" height="\d+"', 'width="100%"', svg, count=1)
            page.set_content(f"<html><body style='margin:0 11px'>{svg}</body></html>")
            n, meets = page.evaluate(_INK_MEETS)
            assert n > 12 * 3 + 28 * 2 + 11 * 3 and meets == [], (q, lang, meets)
        page.screenshot(path=str(shots / f"qizheng-wheel-phone-{k}.png"), full_page=False)
    page.close()
