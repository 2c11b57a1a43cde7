"""Under the verdict on the page, how far the method's verdicts agree with the books: a small muted line in
the page's language, with the figures of src/xuanheng/reading/data/measured.toml (read here from the file,
the percentages re-derived), right below the verdict (Playwright driving Debian's Chromium, as the other
browser tests). The page reads it from /api/methods' ``measured``."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import DESKTOP_1300, NewPage

pytest.importorskip("playwright.sync_api")
#: one worker runs every browser test (one Chromium at a time; `--dist loadgroup`)
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
with (ROOT / "src" / "xuanheng" / "reading" / "data" / "measured.toml").open("rb") as _f:
    FIGURES: dict[str, dict[str, Any]] = tomllib.load(_f)
LY = {"method": "liuyao", "at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "lines": "887868", "topic": "財"}


def _pct(agreed: int, cases: int) -> str:
    return f"{round(100 * agreed / cases)}%"


def _check_line(page: Any, words: tuple[str, str]) -> None:
    m = FIGURES["liuyao"]
    # the line follows the verdict directly, inside the judgment box
    follows = page.evaluate(
        "() => { const v = document.querySelector('#judgment .verdict');"
        " const n = v && v.nextElementSibling; return n && n.classList.contains('measured'); }"
    )
    assert follows
    line = page.inner_text("#judgment .measured")
    assert words[0] in line and words[1] in line, line
    assert f"{m['agreed']}" in line and f"{m['cases']}" in line and _pct(m["agreed"], m["cases"]) in line
    assert _pct(m["baseline_agreed"], m["cases"]) in line, line
    for key in ("yong_shen", "ying_qi"):
        assert f"{m[key][0]}/{m[key][1]}" in line, (key, line)
    # small and muted: smaller than the verdict and in the page's muted colour, not the verdict's
    size = page.evaluate(
        "() => [document.querySelector('#judgment .measured'), document.querySelector('#judgment .verdict')]"
        ".map((e) => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert size[0] < size[1], size
    colour = page.evaluate("() => getComputedStyle(document.querySelector('#judgment .measured')).color")
    assert colour == "rgb(102, 102, 102)", colour


def test_the_measure_under_the_verdict_in_korean_and_chinese(server: str, new_page: NewPage) -> None:
    page = new_page(viewport=DESKTOP_1300)
    page.goto(f"{server.rstrip('/')}/?{urlencode({**LY, 'lang': 'ko'})}#cast")
    page.wait_for_selector("#judgment .verdict")
    page.wait_for_selector("#judgment .measured")
    _check_line(page, ("처음 보는 책의 사례", "'흉'"))
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function(
        "document.querySelector('#judgment .measured')"
        " && document.querySelector('#judgment .measured').textContent.includes('未曾研讀')"
    )
    _check_line(page, ("未曾研讀", "「凶」"))
    assert page.errors == []
