"""A random 地分 in a real browser (Playwright driving Debian's Chromium, one per module, conftest.py):
the form offers the draw in every language, the page shows the drawn 地分 and the seed, the permalink
carries both and recreates the SAME chart in a fresh page, a language switch keeps the draw, the journal
stores the seed in the cast inputs, and a link whose recorded draw does not match the replay is flagged.
Screenshots go to ``$XUANHENG_SCREENSHOTS`` (default: tmp dir).
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP, PAGE_READY, NewPage, keep_errors

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # with the slow sweeps in CI

RANDOM_LABEL = {"ko": "무작위로 뽑기", "zh-Hant": "隨機抽取", "zh-Hans": "随机抽取", "en": "draw at random"}


def _cast(page: object) -> None:
    p = page
    with p.expect_response(lambda r: "/api/jinkoujue/render" in r.url):  # type: ignore[attr-defined]
        p.click("#cast-btn")  # type: ignore[attr-defined]
    p.wait_for_selector("#chart svg g[data-position]")  # type: ignore[attr-defined]


def _chart_texts(page: object) -> list[str]:
    return page.locator("#chart svg text").all_text_contents()  # type: ignore[attr-defined,no-any-return]


def _di_fen(page: object) -> list[str]:
    return page.locator("#chart svg g[data-position='di_fen'] text").all_text_contents()  # type: ignore[attr-defined,no-any-return]


def test_random_difen_draw_permalink_and_journal(server: str, shots: Path, new_page: NewPage) -> None:
    import httpx

    page = new_page(viewport=DESKTOP)
    page.goto(server + "?lang=en")
    page.wait_for_selector(PAGE_READY)

    # the choice is labelled in each language
    for lang, text in RANDOM_LABEL.items():
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert text in page.locator("#f-difen option[value='random']").inner_text()
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("document.documentElement.lang === 'zh-Hant'")

    page.select_option("#method", "jinkoujue")
    page.fill("#at", "2026-03-10T21:00:00")
    page.fill("#tz", "Asia/Shanghai")
    page.select_option("#f-difen", "random")
    page.fill("#question", "報數起課")
    _cast(page)
    info = page.locator("#draw-info")
    assert info.is_visible()
    drawn = info.get_attribute("data-drawn")
    seed = info.get_attribute("data-seed")
    assert drawn and drawn in "子丑寅卯辰巳午未申酉戌亥" and len(drawn) == 1
    assert seed and seed.isdigit()
    assert page.locator("#draw-value").inner_text() == drawn
    assert page.locator("#draw-seed").inner_text() == seed
    assert drawn in _di_fen(page)  # the chart's 地分 row shows the drawn branch
    page.screenshot(path=str(shots / "jinkoujue-random-zh-Hant.png"), full_page=True)
    texts = _chart_texts(page)

    # the API, asked with that seed, draws the same branch
    api = httpx.get(
        server + "api/jinkoujue",
        params={"at": "2026-03-10T21:00:00", "tz": "Asia/Shanghai", "difen": "random", "seed": seed},
    ).json()
    assert api["inputs"]["difen"] == drawn and str(api["inputs"]["seed"]) == seed

    # the permalink (and the address bar) carry the seed and the drawn result
    permalink = page.get_attribute("#permalink", "href")
    assert permalink
    q = parse_qs(urlsplit(permalink).query)
    assert q["difen"] == ["random"] and q["seed"] == [seed] and q["drawn"] == [drawn]
    assert parse_qs(urlsplit(page.url).query)["seed"] == [seed]

    # a language switch recasts the same draw
    page.select_option("#lang", "ko")
    page.wait_for_function("document.querySelector('#chart svg title').textContent === '육임금구결'")
    assert info.get_attribute("data-seed") == seed and info.get_attribute("data-drawn") == drawn
    assert "시드" in info.inner_text()
    page.locator(".chart-col").first.screenshot(path=str(shots / "jinkoujue-random-ko.png"))
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("document.querySelector('#chart svg title').textContent !== '육임금구결'")

    # saving stores the seed in the cast inputs
    page.click("#save-btn")
    page.wait_for_function("document.getElementById('save-status').dataset.caseId")
    case_id = page.get_attribute("#save-status", "data-case-id")
    case = httpx.get(f"{server}api/journal/cases/{case_id}").json()
    assert case["inputs"]["difen"] == "random" and str(case["inputs"]["seed"]) == seed
    assert case["chart"]["inputs"]["difen"] == drawn

    # the permalink in a fresh page recreates the same chart (no new draw)
    page2 = keep_errors(page.context.new_page(), page.errors)
    page2.goto(server.rstrip("/") + permalink)
    page2.wait_for_selector("#chart svg g[data-position]")
    assert page2.input_value("#f-difen") == "random"
    assert page2.get_attribute("#draw-info", "data-seed") == seed
    assert page2.get_attribute("#draw-info", "data-drawn") == drawn
    assert _chart_texts(page2) == texts
    assert page2.locator("#warnings .drawn-mismatch").count() == 0
    # casting again from the form is a NEW draw with a new seed
    _cast(page2)
    page2.wait_for_function(f"document.getElementById('draw-info').dataset.seed !== '{seed}'")
    # the address is rewritten after the drawing: wait for it too (a loaded machine showed the old seed)
    page2.wait_for_function(f"!new URLSearchParams(location.search).getAll('seed').includes('{seed}')")
    new_q = parse_qs(urlsplit(page2.url).query)
    assert new_q["seed"] != [seed] and new_q["drawn"] == [page2.get_attribute("#draw-info", "data-drawn")]

    # the journal's "open" button rebuilds the cast from the stored inputs: same draw
    page2.goto(server + "#journal")
    page2.wait_for_selector(f"#case-rows tr[data-case='{case_id}']")
    page2.click(f"#case-rows tr[data-case='{case_id}']")
    page2.wait_for_selector("#case-chart svg g[data-position]")
    page2.click("#open-cast-btn")
    page2.wait_for_selector("#draw-info:not([hidden])")
    assert page2.get_attribute("#draw-info", "data-seed") == seed
    assert _chart_texts(page2) == texts

    # a link whose recorded draw differs from the replay is flagged, not silently shown
    other = next(b for b in "子丑寅卯辰巳午未申酉戌亥" if b != drawn)
    page3 = page.context.new_page()
    tampered = {k: v[0] for k, v in q.items()} | {"drawn": other}
    page3.goto(f"{server}?{urlencode(tampered)}#cast")
    page3.wait_for_selector("#warnings .drawn-mismatch")
    assert page3.get_attribute("#draw-info", "data-drawn") == drawn

    assert page.errors == []
