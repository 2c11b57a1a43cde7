"""The round 星盤 (SVG): well-formed, the twelve palaces where the compass puts them, the 28 mansion
boundaries of the chart's own system at their longitudes, the eleven 曜 at their degrees, 命/身 marked, the
spirits beside the wheel, labels legible on a phone, and no two label boxes intersecting — on real crowded
charts and on charts made as crowded as possible."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng.render_svg import WIDTH, angular_distance, min_separation, render_qizheng, spread
from xuanheng.render import render

NS = "{http://www.w3.org/2000/svg}"
B = "子丑寅卯辰巳午未申酉戌亥"
PLACE = {"lon": 116.4, "lat": 39.9}


def doc_of(at: str, **kw: Any) -> dict[str, Any]:
    return cast(at, tz="UTC", **{**PLACE, **kw}).to_json()


def root_of(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{NS}text")]


def wheel_centre(root: ET.Element) -> tuple[float, float]:
    c = next(root.iter(f"{NS}circle"))
    return float(c.get("cx", 0)), float(c.get("cy", 0))


def screen_angle(x: float, y: float, centre: tuple[float, float]) -> float:
    """Angle of a point (degrees, counter-clockwise from the right, y growing downwards on the screen)."""
    return math.degrees(math.atan2(centre[1] - y, x - centre[0])) % 360.0


def expected_angle(lon: float) -> float:
    """Written from the layout rule: 子 (ecliptic 300–330°) centred at the bottom (270°), the longitude
    growing counter-clockwise."""
    return (270.0 + (lon - 315.0)) % 360.0


def boxes(root: ET.Element) -> list[tuple[float, float, float, float, str]]:
    wheel = groups(root, "wheel")[0]
    out = []
    for g in wheel.iter(f"{NS}g"):
        for r in g.findall(f"{NS}rect"):
            if r.get("class") == "label-box":
                x, y = float(r.get("x", 0)), float(r.get("y", 0))
                w, h = float(r.get("width", 0)), float(r.get("height", 0))
                out.append((x, y, x + w, y + h, f"{g.get('class')}:{''.join(texts(g))}"))
    return out


def assert_no_overlap(root: ET.Element) -> None:
    bx = boxes(root)
    assert len(bx) >= 12 + 28 + 11
    for i in range(len(bx)):
        for j in range(i + 1, len(bx)):
            a, b = bx[i], bx[j]
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0.01 and min(a[3], b[3]) - max(a[1], b[1]) > 0.01
            assert not overlap, (a, b)


def test_well_formed_with_every_part() -> None:
    doc = doc_of("1983-10-27T10:30", sex="男")
    root = root_of(render("qizheng", doc, "zh-Hant"))
    assert next(root.iter(f"{NS}title")).text == "七政四餘"
    centre = wheel_centre(root)
    # twelve palaces, each with its branch and 人事 name; 子 at the bottom, 卯 left, 午 top, 酉 right
    gong = groups(root, "gong")
    assert sorted(g.get("data-branch") for g in gong) == sorted(B)
    names = {p["branch"]: p["name"] for p in doc["gong"]}
    for g in gong:
        assert names[g.get("data-branch")] in texts(g) and g.get("data-branch") in texts(g)
    where = {}
    for g in gong:
        t = next(t for t in g.iter(f"{NS}text") if t.text == g.get("data-branch"))
        where[t.text] = screen_angle(float(t.get("x", 0)), float(t.get("y", 0)), centre)
    for branch, angle in (("子", 270), ("卯", 180), ("午", 90), ("酉", 0)):
        assert angular_distance(where[branch], angle) < 3.0, (branch, where[branch])
    # 28 mansion boundaries of the chart's system, each at its start longitude
    bounds = [ln for ln in root.iter(f"{NS}line") if ln.get("class") == "xiu-bound"]
    assert [b.get("data-xiu") for b in bounds] == [x["name"] for x in doc["xiu"]] and len(bounds) == 28
    for b, x in zip(bounds, doc["xiu"], strict=True):
        a = screen_angle(float(b.get("x1", 0)), float(b.get("y1", 0)), centre)
        assert angular_distance(a, expected_angle(x["start"])) < 0.1
    assert sorted(g.get("data-xiu") for g in groups(root, "xiu")) == sorted(x["name"] for x in doc["xiu"])
    # eleven 曜, each with a tick at its exact longitude
    yao = groups(root, "yao")
    assert [g.get("data-yao") for g in yao] == list("日月水金火木土羅計孛炁")
    for g, y in zip(yao, doc["yao"], strict=True):
        tick = next(ln for ln in g.iter(f"{NS}line") if ln.get("class") == "tick")
        a = screen_angle(float(tick.get("x1", 0)), float(tick.get("y1", 0)), centre)
        assert angular_distance(a, expected_angle(y["lon"])) < 0.1
        assert y["name"] in texts(g)
    # 命 and 身 marked on their palaces
    marks = {g.get("data-mark"): g for g in groups(root, "mark")}
    assert set(marks) == {"命", "身"}
    ming = next(g for g in gong if g.get("data-branch") == doc["ming_gong"]["branch"])
    t = next(t for t in ming.iter(f"{NS}text") if t.text == doc["ming_gong"]["branch"])
    mt = next(marks["命"].iter(f"{NS}text"))
    d = angular_distance(
        screen_angle(float(t.get("x", 0)), float(t.get("y", 0)), centre),
        screen_angle(float(mt.get("x", 0)), float(mt.get("y", 0)), centre),
    )
    assert d < 15.0
    # the spirits beside the wheel: every 化曜 and every spirit's name
    spirits = groups(root, "spirits")[0]
    table = "".join(texts(spirits))
    for title, y in doc["hua_yao"].items():
        assert title in table and y in table
    for h in doc["shensha"]:
        assert h["name"] in table, h["name"]
    assert_no_overlap(root)


def test_systems_draw_their_own_boundaries() -> None:
    at = "1985-08-25T18:55"
    for system in ("jin", "gu", "gu_precessed"):
        doc = doc_of(at, xiu=system)
        root = root_of(render_qizheng(doc, "zh-Hant"))
        centre = wheel_centre(root)
        bounds = [ln for ln in root.iter(f"{NS}line") if ln.get("class") == "xiu-bound"]
        got = [screen_angle(float(b.get("x1", 0)), float(b.get("y1", 0)), centre) for b in bounds]
        assert all(
            angular_distance(g, expected_angle(x["start"])) < 0.1
            for g, x in zip(got, doc["xiu"], strict=True)
        )


CROWDED = ["1962-02-05T00:00", "2000-05-05T08:00", "1982-11-10T00:00"]


@pytest.mark.parametrize("at", CROWDED)
def test_no_overlapping_labels_on_real_crowded_charts(at: str) -> None:
    doc = doc_of(at)
    lons = sorted(y["lon"] for y in doc["yao"])
    assert sum(1 for a, b in itertools.pairwise(lons) if b - a < 5) >= 3  # really crowded
    assert_no_overlap(root_of(render_qizheng(doc, "ko")))


def test_no_overlapping_labels_when_every_body_is_together() -> None:
    rng = random.Random(10)
    base = doc_of("1983-10-27T10:30")
    for k in range(25):
        doc = dict(base)
        centre = rng.uniform(0, 360)
        spread_deg = [0.0, 0.5, 3.0, 12.0, 40.0][k % 5]
        doc["yao"] = [
            {
                **y,
                "lon": (centre + rng.uniform(-spread_deg, spread_deg)) % 360.0,
                "state": rng.choice("順逆留伏"),
            }
            for y in base["yao"]
        ]
        assert_no_overlap(root_of(render_qizheng(doc, ["zh-Hant", "ko", "en", "zh-Hans"][k % 4])))


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "ko", "en"])
def test_labels_legible_at_390_px(lang: str) -> None:
    svg = render_qizheng(doc_of("1962-02-05T00:00", sex="女"), lang)
    root = root_of(svg)
    assert float(root.get("width", 0)) == WIDTH
    sizes = [float(t.get("font-size", 0)) for t in root.iter(f"{NS}text")]
    assert sizes and min(sizes) * 390.0 / WIDTH >= 11.0
    # nothing drawn outside the picture
    w, h = float(root.get("width", 0)), float(root.get("height", 0))
    for t in root.iter(f"{NS}text"):
        assert 0 <= float(t.get("x", 0)) <= w and 0 <= float(t.get("y", 0)) <= h


def test_languages() -> None:
    doc = doc_of("1983-10-27T10:30")
    ko = texts(root_of(render_qizheng(doc, "ko")))
    assert "칠정사여" in ko and any("명궁" in t for t in ko)
    hans = "".join(texts(root_of(render_qizheng(doc, "zh-Hans"))))
    assert "七政四余" in hans and "七政四餘" not in hans
    assert re.search("[a-z]", "".join(texts(root_of(render_qizheng(doc, "en")))))


def test_markup_in_a_document_is_escaped() -> None:
    doc = doc_of("1983-10-27T10:30")
    doc["shensha"] = [{**doc["shensha"][-1], "name": "<script>x</script>"}]
    svg = render_qizheng(doc, "zh-Hant")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root_of(svg)


# ------------------------------------------------------------------------------------------- spread
def test_spread_keeps_free_labels_where_they_are() -> None:
    angles = [10.0, 50.0, 100.0, 200.0, 350.0]
    assert spread(angles, 20.0) == pytest.approx(angles)


def test_spread_separates_and_keeps_order() -> None:
    rng = random.Random(3)
    for _ in range(500):
        n = rng.randint(2, 28)
        sep = rng.uniform(1.0, 360.0 / n)
        centre = rng.uniform(0, 360)
        angles = [(centre + rng.gauss(0, rng.choice([0.1, 5, 30, 120]))) % 360.0 for _ in range(n)]
        got = spread(angles, sep)
        for i in range(n):
            for j in range(i + 1, n):
                assert angular_distance(got[i], got[j]) >= sep - 1e-6
        # the cyclic order of the wanted angles is kept (up to ties)
        by_want = sorted(range(n), key=lambda i: (angles[i], i))
        by_got = sorted(range(n), key=lambda i: got[i])
        k = by_got.index(by_want[0])
        cyc = by_got[k:] + by_got[:k]
        ties = len(set(angles)) < n
        assert ties or cyc == by_want


def test_min_separation_is_the_chord_of_the_diagonal() -> None:
    sep = min_separation(150.0, [(30.0, 40.0), (20.0, 47.0)])
    chord = 2 * 150.0 * math.sin(math.radians(sep) / 2)
    assert chord == pytest.approx(math.hypot(32.0, 49.0))
