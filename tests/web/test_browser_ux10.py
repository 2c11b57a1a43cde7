"""The practitioner's defects of branch ux10 as a newcomer meets them on the page, on a 390 px phone in a real
browser (slow tier): each failed before its fix.

- 六爻 picked and cast before throwing the coins: the refusal listed the API's keys alone
  (``throws=FACES``, ``coins=true [seed=N]``) to a Korean reader; it now names each way as the picker does;
- 七政四餘's judgment named what it rests on 命主 in hanja where its steps say 명주.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, PHONE, NewPage

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


def test_casting_before_the_coins_are_thrown_names_the_ways_in_korean(server: str, new_page: NewPage) -> None:
    page = new_page(viewport=PHONE)
    page.goto(f"{server}?{urlencode({'lang': 'ko', 'at': '2026-03-10T21:00', 'tz': 'Asia/Seoul'})}")
    page.wait_for_selector(PAGE_READY)
    page.select_option("#method", "liuyao")
    page.click("#cast-btn")
    page.wait_for_function("document.getElementById('cast-error').textContent !== ''")
    said = page.inner_text("#cast-error")
    assert "손으로 던진 동전" in said and "동전 세 닢" in said, said
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.errors == []


def test_the_life_reading_rests_on_the_myeongju_in_korean(server: str, new_page: NewPage) -> None:
    page = new_page(viewport=PHONE)
    q = {"lang": "ko", "method": "qizheng", "at": "1990-01-01T10:00", "tz": "Asia/Seoul", "lon": "126.98",
         "lat": "37.57", "sex": "男"}  # fmt: skip
    page.goto(f"{server}?{urlencode(q)}")
    page.wait_for_selector("#judgment .focus")
    focus = page.inner_text("#judgment .focus")
    assert focus.startswith("명주 ") and "命主" not in focus.split("—")[0], focus
