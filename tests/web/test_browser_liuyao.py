"""六爻 in a real browser (Playwright driving Debian's Chromium, one per module (conftest.py); bypass_csp
only because Playwright evaluates its waits as strings): a newcomer picks 六爻, throws the coins six times
by clicking (and sets two coins by hand, as with real coins), casts, sees the drawn pair (本卦 and 變卦,
moving lines marked, 伏神 under its 飛神), switches to Korean and saves the case to the journal with its 卦
names as keys. Then the seeded random mode: the server draws, the page shows the lines and the seed, and
the permalink replays the same cast in a fresh page. The drawing is legible on a 390 px wide phone.
Screenshots go to ``$XUANHENG_SCREENSHOTS`` (default: tmp dir).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from xuanheng import liuyao

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("browser")

AT, TZ = "2026-03-10T21:00:00", "Asia/Shanghai"
#: the six throws the newcomer ends with, first throw (初爻) first: 9 6 7 8 7 8
THROWS = ["背背背", "字字字", "背字字", "背背字", "背字字", "背背字"]


def _cast(page: Any) -> None:
    with page.expect_response(lambda r: "/api/liuyao/render" in r.url):
        page.click("#cast-btn")
    page.wait_for_selector("#chart svg g[data-gua='ben']")


def _pair(page: Any) -> tuple[str | None, str | None]:
    ben = page.get_attribute("#chart svg g[data-gua='ben']", "data-name")
    bian = page.locator("#chart svg g[data-gua='bian']")
    return ben, bian.get_attribute("data-name") if bian.count() else None


def _set_coins(page: Any, throws: list[str]) -> None:
    """Click the coins whose face differs from *throws* (what a user with real coins does)."""
    for i, faces in enumerate(throws):
        for j, face in enumerate(faces):
            sel = f"#liuyao-throw-list button[data-throw='{i}'][data-coin='{j}']"
            if page.inner_text(sel) != face:
                page.click(sel)
                assert page.inner_text(sel) == face


def test_newcomer_casts_by_coins_switches_to_korean_and_saves(
    server: str, shots: Path, new_page: NewPage
) -> None:
    import httpx

    expected = liuyao.cast(AT, tz=TZ, throws=" ".join(THROWS)).to_json()
    page = new_page(viewport=DESKTOP_1300)
    page.goto(server)
    page.wait_for_selector(PAGE_READY)

    page.select_option("#method", "liuyao")
    page.fill("#at", AT)
    page.fill("#tz", TZ)
    # the coin-throw mode is what a newcomer finds first
    assert page.input_value("#liuyao-way") == "throws"
    assert page.locator("#liuyao-pad").is_visible()
    assert not page.locator("#f-lines").is_visible() and not page.locator("#f-coins").is_visible()
    for n in range(6):
        assert f"({n}/6)" in page.inner_text("#liuyao-throw")
        page.click("#liuyao-throw")
    assert page.locator("#liuyao-throw").is_disabled()
    assert page.locator("#liuyao-throw-list li").count() == 6
    drawn = page.input_value("#f-throws").split()
    assert len(drawn) == 6 and all(len(t) == 3 and set(t) <= {"背", "字"} for t in drawn)
    _set_coins(page, THROWS)
    assert page.input_value("#f-throws") == " ".join(THROWS)
    rows = [f"#liuyao-throw-list li[data-throw='{i}']" for i in range(6)]
    values = [page.get_attribute(row, "data-value") for row in rows]
    assert values == ["9", "6", "7", "8", "7", "8"]
    page.fill("#question", "問財")
    _cast(page)

    # the drawn pair: 本卦 and 變卦 with six lines each, moving lines marked, 伏神 drawn
    assert _pair(page) == (expected["ben_gua"]["full_name"], expected["bian_gua"]["full_name"])
    for gua in ("ben", "bian"):
        lines = page.locator(f"#chart svg g[data-gua='{gua}'] g.line")
        assert lines.count() == 6
        assert lines.first.get_attribute("data-position") == "6"  # 上爻 drawn first (top)
    moving = page.locator("#chart svg g[data-gua='ben'] g.line[data-moving='true'] .mark-moving")
    assert sorted(moving.all_text_contents()) == ["×", "○"]
    fu = [ln["fu_shen"] for ln in expected["ben_gua"]["lines"] if ln["fu_shen"]]
    shown = page.locator("#chart svg text.fu-shen").all_text_contents()
    assert len(shown) == len(fu) and all(f in " ".join(shown) for f in fu)
    page.screenshot(path=str(shots / "liuyao-throws-zh-Hant.png"), full_page=True)

    # switching to Korean recasts the same throws with Korean labels
    page.select_option("#lang", "ko")
    page.wait_for_function("document.querySelector('#chart svg title').textContent.startsWith('육효')")
    assert _pair(page) == (expected["ben_gua"]["full_name"], expected["bian_gua"]["full_name"])
    assert "본괘" in page.locator("#chart svg text").all_text_contents()
    assert page.input_value("#liuyao-way") == "throws"
    assert page.input_value("#f-throws") == " ".join(THROWS)
    assert "기괘법" in page.inner_text("#method-fields")
    page.locator(".chart-col").first.screenshot(path=str(shots / "liuyao-throws-ko.png"))

    # saved to the journal: the throws as inputs, the 卦 names as statistics keys
    page.click("#save-btn")
    page.wait_for_function("document.getElementById('save-status').dataset.caseId")
    case_id = page.get_attribute("#save-status", "data-case-id")
    case = httpx.get(f"{server}api/journal/cases/{case_id}").json()
    assert case["method"] == "liuyao" and case["question"] == "問財"
    assert case["inputs"]["throws"] == " ".join(THROWS)
    assert case["keys"]["ben_gua"] == [expected["ben_gua"]["full_name"]]
    assert case["keys"]["bian_gua"] == [expected["bian_gua"]["full_name"]]
    assert case["chart"]["cast"]["throws"] == THROWS
    stats = httpx.get(f"{server}api/journal/statistics").json()
    assert stats["by_key"]["ben_gua"][expected["ben_gua"]["full_name"]]["total"] == 1

    # the journal shows the case and redraws its chart
    page.goto(server + "#journal")
    page.wait_for_selector(f"#case-rows tr[data-case='{case_id}']")
    page.click(f"#case-rows tr[data-case='{case_id}']")
    page.wait_for_selector("#case-chart svg g[data-gua='ben']")
    assert page.errors == []


def test_seeded_random_coins_replay_and_phone_width(server: str, shots: Path, new_page: NewPage) -> None:
    import httpx

    page = new_page(viewport=DESKTOP_1300)
    page.goto(server + "?lang=en")
    page.wait_for_selector(PAGE_READY)
    page.select_option("#method", "liuyao")
    page.fill("#at", AT)
    page.fill("#tz", TZ)
    page.select_option("#liuyao-way", "coins")
    assert not page.locator("#liuyao-pad").is_visible()
    _cast(page)
    info = page.locator("#draw-info")
    assert info.is_visible()
    drawn, seed = info.get_attribute("data-drawn"), info.get_attribute("data-seed")
    assert drawn and len(drawn) == 6 and set(drawn) <= set("6789")
    assert seed and seed.isdigit()
    assert "lines drawn" in info.inner_text()
    api = httpx.get(server + "api/liuyao", params={"at": AT, "tz": TZ, "coins": "true", "seed": seed}).json()
    assert api["cast"]["values"] == drawn and str(api["cast"]["seed"]) == seed
    assert _pair(page)[0] == api["ben_gua"]["full_name"]
    texts = page.locator("#chart svg text").all_text_contents()
    permalink = page.get_attribute("#permalink", "href")
    assert permalink
    q = parse_qs(urlsplit(permalink).query)
    assert q["coins"] == ["true"] and q["seed"] == [seed] and q["drawn"] == [drawn]

    # the permalink on a phone: the same cast (no new draw), the coins mode, legible labels
    p2 = new_page(viewport=PHONE, device_scale_factor=2, errors=page.errors)
    p2.goto(server.rstrip("/") + permalink)
    p2.wait_for_selector("#chart svg g[data-gua='ben']")
    assert p2.get_attribute("#draw-info", "data-seed") == seed
    assert p2.get_attribute("#draw-info", "data-drawn") == drawn
    assert p2.input_value("#liuyao-way") == "coins"
    assert p2.locator("#warnings .drawn-mismatch").count() == 0
    assert p2.locator("#chart svg text").all_text_contents() == texts
    sizes = p2.evaluate(
        """() => {
          const svg = document.querySelector('#chart svg');
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const vb = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('text')].map((t) => {
            const b = t.getBBox();
            return [parseFloat(t.getAttribute('font-size')) * scale, b.x, b.x + b.width, vb.width,
                    t.textContent];
          });
        }"""
    )
    assert sizes and min(s[0] for s in sizes) >= 11, min(sizes)
    for _size, left, right, width, text in sizes:  # every text inside the drawing
        assert left >= 0 and right <= width, (text, left, right)
    p2.locator("#chart").screenshot(path=str(shots / "liuyao-phone-390.png"))
    assert page.errors == []
