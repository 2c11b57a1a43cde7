"""The narrow (phone) drawings of issue 14: 360 px wide with no font under 12 px (so a 390 px phone draws
them at their size or a little under and keeps every label ≥ 11 px), asked for with ``layout=narrow``; a
method without one answers its one drawing."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from xuanheng.i18n import label
from xuanheng.methods import get

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
CASES = {"liuren": {}, "jinkoujue": {"difen": "申"}, "calendar": {"lon": 126.98, "lat": 37.57}}


def _size(svg: str) -> tuple[float, float]:
    m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert m
    return float(m.group(1)), float(m.group(2))


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans", "en"])
def test_narrow_drawings_fit_a_phone(name: str, lang: str) -> None:
    m = get(name)
    assert m.view("svg_narrow") is not None
    doc = m.document(m.params(**AT, **CASES[name]), lang)
    svg = m.views["svg_narrow"](doc, lang)
    w, h = _size(svg)
    assert w <= 360 and h > 300
    fonts = [float(f) for f in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(fonts) >= 12
    # every text starts inside the drawing
    assert all(0 <= float(x) < w for x in re.findall(r'<text x="([\d.]+)"', svg))
    # the same words as the desktop drawing (but 金口訣's column headings: its rows are stacked)
    wide = m.views["svg"](doc, lang)
    headings = {label(f"chart.{k}", lang) for k in ("position", "state", "shensha")}
    words = set(re.findall(r">([^<>]+)</text>", wide)) - headings
    narrow = " ".join(re.findall(r">([^<>]+)</text>", svg))
    for word in words:
        for part in re.split(r"\s*[·、:]\s*|\s{2,}", word):
            assert part.strip() in narrow, (name, lang, part)


def test_the_render_endpoint_takes_a_layout(client: TestClient) -> None:
    doc = client.get("/api/liuren", params=AT).json()
    wide = client.post("/api/liuren/render?lang=ko", json=doc).text
    narrow = client.post("/api/liuren/render?lang=ko&layout=narrow", json=doc).text
    assert _size(wide)[0] == 780 and _size(narrow)[0] == 360
    doc = client.get("/api/liuyao", params={**AT, "lines": "887868"}).json()
    assert (
        client.post("/api/liuyao/render?layout=narrow", json=doc).text
        == client.post("/api/liuyao/render", json=doc).text
    )
    assert client.post("/api/liuren/render?layout=tall", json=doc).status_code == 422
