"""Issue 29 in a real browser: a reader casts a 七政四餘 birth chart for a date on the page and sees, on the
wheel, the palaces of that date's 大限, 小限, 流年 and 流月 marked, each named in the key, on a desktop and
on a 390 px phone; a click on another year of the 流年 grid casts again and the 流年 mark moves to that
year's branch.

The palaces expected are derived here from the rules, not from the API's document: the 小限 on the 命宮
at 虛歲 1 and one branch backwards a year (《星學大成》卷七〈論洞微行年小限〉), the 流年 on the year's
branch (000-009; 1984 甲子). The 大限 and the 流月, whose counts need the 命度 and the birth month,
are checked against the API's document of the same inputs (their rules are re-derived in
tests/qizheng/test_render_svg.py).

Skipped only outside CI when /usr/bin/chromium is missing (``scripts/ci_browser.sh`` installs it).
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import PAGE_READY, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

B = "子丑寅卯辰巳午未申酉戌亥"
#: born 27 Oct 1983 (its birthdays fall after the dates asked in May and August)
HORO = {"at": "1983-10-27T18:30:00", "tz": "+08:00", "lon": "116.38", "lat": "39.9"}
ON = "2020-05-20"
MARKS = "#chart svg g.xian-mark"


def _by_rule(ming: str, on: str) -> dict[str, str]:
    """The 小限 and 流年 branches of *on* (a date between March and the birthday in October)."""
    year = int(on[:4])
    xu = year - 1983  # 虛歲: 1 at the birth, one more at each birthday (27 Oct), none yet this year
    return {"xiao_xian": B[(B.index(ming) - (xu - 1)) % 12], "liu_nian": B[(year - 1984) % 12]}


def _marks(page: Any) -> dict[str, str]:
    return dict(page.eval_on_selector_all(MARKS, "els => els.map(e => [e.dataset.kind, e.dataset.branch])"))


@pytest.mark.parametrize(("width", "height", "lang"), [(1300, 1000, "zh-Hant"), (390, 844, "ko")])
def test_the_xian_of_the_date_are_marked_on_the_wheel(
    server: str, shots: Path, new_page: NewPage, width: int, height: int, lang: str
) -> None:
    doc = httpx.get(server + "api/qizheng", params={**HORO, "on": ON, "lang": lang}).json()
    ming = doc["ming_gong"]["branch"]
    page = new_page(viewport={"width": width, "height": height})
    page.goto(server)
    page.wait_for_selector(PAGE_READY)
    page.select_option("#lang", lang)
    page.select_option("#method", "qizheng")
    for k in ("at", "tz", "lon", "lat"):
        page.fill(f"#{k}", HORO[k])
    page.fill("#f-on", ON)
    page.click("#cast-btn")
    page.wait_for_selector(MARKS)
    got = _marks(page)
    assert set(got) == {"da_xian", "xiao_xian", "liu_nian", "liu_yue"}
    assert {k: got[k] for k in ("xiao_xian", "liu_nian")} == _by_rule(ming, ON)
    on = datetime.fromisoformat(doc["inputs"]["on"])
    month = next(
        r
        for r in doc["liu_yue"]
        if datetime.fromisoformat(r["start"]) <= on < datetime.fromisoformat(r["end"])
    )
    assert (got["da_xian"], got["liu_yue"]) == (doc["da_xian"]["branch"], month["branch"])
    # each mark on the screen, inside the picture, its glyph no smaller than 11 px; the key names the four
    chart = page.locator("#chart svg").bounding_box()
    assert chart is not None
    scale = chart["width"] / 600.0
    assert 18 * scale >= 11.0
    for k in range(page.locator(MARKS).count()):
        box = page.locator(MARKS).nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
        assert box["width"] >= 18 * scale and box["height"] >= 18 * scale
    kinds = page.eval_on_selector_all("#chart svg g.legend-item", "els => els.map(e => e.dataset.kind)")
    assert {"da_xian", "xiao_xian", "liu_nian", "liu_yue"} <= set(kinds)
    page.locator("#chart svg").screenshot(path=str(shots / f"qizheng-marks-{width}.png"))

    # another year from the 流年 grid: cast again, the 流年 mark moves to its branch
    year = page.locator("#chart svg g.liu-nian-year[data-year='2031']")
    link = year.get_attribute("data-on")
    assert link is not None and link.startswith("2031-")
    with page.expect_response(lambda r: "/api/qizheng/render" in r.url):
        year.click()
    page.wait_for_function(
        "sel => [...document.querySelectorAll(sel)].some(e => e.dataset.kind === 'liu_nian'"
        " && e.dataset.branch === '亥')",
        arg=MARKS,
    )
    assert _marks(page)["liu_nian"] == B[(2031 - 1984) % 12] == "亥"
    assert page.input_value("#f-on") == link
    assert page.errors == []
