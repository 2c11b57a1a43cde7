"""SVG renderers: well-formed, every chart fact drawn, the 天地盤 square laid out as tradition has it, and
no markup can be injected through chart text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.liuren.render_svg import SQUARE
from xuanheng.render import render, renderer

NS = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_square_layout_follows_the_clockwise_ring() -> None:
    # Independent derivation: walk the 4×4 border clockwise from the top-left corner; the 地盤 branches sit
    # in their natural order starting with 巳 at that corner (south at the top, 《六壬大全》卷一 天地盤圖).
    ring = [(c, 0) for c in range(4)] + [(3, r) for r in range(1, 4)]
    ring += [(c, 3) for c in range(2, -1, -1)] + [(0, r) for r in range(2, 0, -1)]
    expected = {(5 + i) % 12: cell for i, cell in enumerate(ring)}
    assert expected == SQUARE
    assert len(set(SQUARE.values())) == 12


def liuren_doc() -> dict[str, Any]:
    from xuanheng.liuren import cast

    return dict(cast(day="甲子", yue_jiang="亥", hour="寅").to_json())


def test_liuren_svg_draws_plates_ke_and_chuan() -> None:
    doc = liuren_doc()
    svg = render("liuren", doc, "zh-Hant")
    ts = texts(svg)
    # every 天盤 branch and every 地盤 branch appear; 月將亥 on 寅: 天盤 = 地盤 + 9
    for di, up in doc["tian_pan"].items():
        assert BRANCHES.index(up) == (BRANCHES.index(di) + 9) % 12
    root = ET.fromstring(svg)
    cells = [g for g in root.iter(f"{NS}rect") if g.get("data-di")]
    assert sorted(c.get("data-di") for c in cells) == sorted(BRANCHES)
    for ke in doc["si_ke"]:
        assert ke["upper"] in ts and ke["tian_jiang"] in ts
    for c in doc["san_chuan"]:
        assert c["branch"] in ts and c["liu_qin"] in ts
    assert any("四課" in t for t in ts) and any("三傳" in t for t in ts)


def test_liuren_svg_in_korean_and_simplified() -> None:
    doc = liuren_doc()
    assert any("사과" in t for t in texts(render("liuren", doc, "ko")))
    ts = texts(render("liuren", doc, "zh-Hans"))
    assert any("三传" in t for t in ts)
    assert not any("三傳" in t for t in ts)


def jinkoujue_doc() -> dict[str, Any]:
    from xuanheng.jinkoujue import cast

    c = cast(day="癸未", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False, difen="申")
    return dict(c.to_json())


def test_jinkoujue_svg_four_positions_in_order() -> None:
    doc = jinkoujue_doc()
    svg = render("jinkoujue", doc, "zh-Hant")
    root = ET.fromstring(svg)
    groups = [g.get("data-position") for g in root.iter(f"{NS}g") if g.get("data-position")]
    assert groups == ["ren_yuan", "gui_shen", "jiang_shen", "di_fen"]
    ts = texts(svg)
    # what the renderer must draw is whatever the chart says (the cast itself is tested in tests/jinkoujue)
    assert doc["ren_yuan"]["stem"] in ts
    assert doc["gui_shen"]["jiang"] in ts
    assert doc["jiang_shen"]["branch"] in ts and doc["jiang_shen"]["name"] in ts
    assert doc["di_fen"]["branch"] in ts
    assert ts.count("用") == 1
    for name in doc["dong"]:
        assert name in ts
    in_ke = {s["name"] for s in doc["shensha"] if s["positions"]}
    joined = "".join(ts)
    assert all(n in joined for n in in_ke)


def test_text_is_escaped() -> None:
    evil = '<script>alert(1)</script>"&'
    doc = jinkoujue_doc()
    doc["ren_yuan"]["stem"] = evil
    doc["shensha"].append({"name": evil, "positions": ["di_fen"], "src": "x", "key": "x"})
    svg = render("jinkoujue", doc, "en")
    root = ET.fromstring(svg)
    assert not list(root.iter("script")) and not list(root.iter(f"{NS}script"))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert any(evil in t for t in texts(svg))


def test_calendar_svg() -> None:
    doc = {"pillars": {"year": "甲辰", "month": "丙寅", "day": "甲辰", "hour": "庚午"}, "yue_jiang": "子"}
    ts = texts(render("calendar", doc, "en"))
    assert ts.count("甲") == 2 and "寅" in ts and "午" in ts


def test_unknown_renderer() -> None:
    from xuanheng.errors import InputError

    with pytest.raises(InputError):
        renderer("no-such-method")
