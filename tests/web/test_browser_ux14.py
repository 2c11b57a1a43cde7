"""Branch ux14's fixes as a reader meets them on the page, on a 390 px phone in a real browser: each
failed before its fix.

- 六爻: the judgment named the 用神's line in hanja (三爻) in every language; it prints the document's
  ``yong_shen.line`` (삼효 in Korean, line 3 in English, 사효 아래 for a hidden 用神);
- 大六壬: the 類神 of a thing asked about read 馬午 in Korean; it reads 말(馬) 午.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PHONE, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # a narrower page check: the slow run

#: written here from the Korean reading of 初 二 三 四 五 上 and 爻
KO = ("초효", "이효", "삼효", "사효", "오효", "상효")
LY = {"method": "liuyao", "day": "甲子", "month": "寅", "lines": "789678", "topic": "官"}
HIDDEN = {"method": "liuyao", "day": "丁卯", "month": "酉", "lines": "877888", "topic": "病", "about": "子女"}


def _focus(server: str, new_page: NewPage, q: dict[str, str]) -> str:
    page = new_page(viewport=PHONE)
    page.goto(f"{server.rstrip('/')}/?{urlencode(q)}#cast")
    page.wait_for_selector("#judgment .focus")
    focus = page.inner_text("#judgment .focus")
    assert page.errors == []
    return focus


def test_the_yong_shens_line_in_korean_and_english(server: str, new_page: NewPage) -> None:
    ko = _focus(server, new_page, {**LY, "lang": "ko"})
    head = ko.split("—")[0]
    assert "爻" not in head and any(w in head for w in KO), ko
    en = _focus(server, new_page, {**LY, "lang": "en"})
    assert "爻" not in en.split("—")[0] and "line " in en, en
    hidden = _focus(server, new_page, {**HIDDEN, "lang": "ko"})
    assert "사효 아래" in hidden.split("—")[0], hidden


def test_the_lei_shen_of_a_thing_in_korean(server: str, new_page: NewPage) -> None:
    q = {"method": "liuren", "day": "丁亥", "yue_jiang": "戌", "hour": "卯", "topic": "失物", "item": "馬"}
    ko = _focus(server, new_page, {**q, "lang": "ko"})
    assert ko.startswith("유신 말(馬) 午 — "), ko
