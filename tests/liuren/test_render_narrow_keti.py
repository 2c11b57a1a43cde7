"""The phone drawing of a 大六壬 chart keeps the 課體 line inside the drawing (issue 30, item 8: the line
was wrapped to the full width and the label put in front of it afterwards, so on a phone it ran off the
edge). Every 13 px line of the narrow SVG — the 課體 lines — fits the width inside the margins, in every
language, over charts with long lists of 課體."""

from __future__ import annotations

import html
import re

import pytest

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.liuren.render_svg import NARROW_MARGIN, NARROW_WIDTH, render_liuren_narrow
from xuanheng.reading import LANGS
from xuanheng.render.svg import text_width

_LINE = re.compile(r'<text[^>]*font-size="13"[^>]*>([^<]*)</text>')


def _docs() -> list[dict]:
    """Study charts of several days and hours, the ones with the most 課體 names first."""
    docs = []
    for day in ("甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉"):
        for hour in BRANCHES[::3]:
            c = liuren.cast(day=day, yue_jiang="亥", hour=hour)
            docs.append(c.to_json())
    docs.sort(key=lambda d: -len(d.get("ke_ti") or []))
    return docs[:12]


@pytest.mark.parametrize("lang", LANGS)
def test_ke_ti_lines_fit_the_phone_drawing(lang: str) -> None:
    inner = NARROW_WIDTH - 2 * NARROW_MARGIN
    docs = _docs()
    assert len(docs[0].get("ke_ti") or []) >= 3  # the sample has long lists
    for doc in docs:
        lines = [html.unescape(t) for t in _LINE.findall(render_liuren_narrow(doc, lang))]
        assert lines, "no 課體 line drawn"
        for line in lines:
            assert text_width(line, 13) <= inner, (lang, line, text_width(line, 13), inner)
