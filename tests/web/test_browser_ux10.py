"""The practitioner's defects of branch ux10 as a newcomer meets them on the page, on a 390 px phone in a real
browser (slow tier): each failed before its fix.

- 六爻 picked and cast before throwing the coins: the refusal listed the API's keys alone
  (``throws=FACES``, ``coins=true [seed=N]``) to a Korean reader; it now names each way as the picker does;
- 七政四餘's judgment named what it rests on 命主 in hanja where its steps say 명주.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, serve_app: Any) -> Iterator[str]:
    yield from serve_app(tmp_path_factory.mktemp("ux10"), XUANHENG_MULTI_USER="0")


def test_casting_before_the_coins_are_thrown_names_the_ways_in_korean(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}?{urlencode({'lang': 'ko', 'at': '2026-03-10T21:00', 'tz': 'Asia/Seoul'})}")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#method", "liuyao")
    page.click("#cast-btn")
    page.wait_for_function("document.getElementById('cast-error').textContent !== ''")
    said = page.inner_text("#cast-error")
    assert "손으로 던진 동전" in said and "동전 세 닢" in said, said
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert errors == []
    ctx.close()


def test_the_life_reading_rests_on_the_myeongju_in_korean(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = ctx.new_page()
    q = {"lang": "ko", "method": "qizheng", "at": "1990-01-01T10:00", "tz": "Asia/Seoul", "lon": "126.98",
         "lat": "37.57", "sex": "男"}  # fmt: skip
    page.goto(f"{server}?{urlencode(q)}")
    page.wait_for_selector("#judgment .focus")
    focus = page.inner_text("#judgment .focus")
    assert focus.startswith("명주 ") and "命主" not in focus.split("—")[0], focus
    ctx.close()
