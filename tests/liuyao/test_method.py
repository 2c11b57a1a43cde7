"""六爻 on the method contract: the registry, the HTTP API (same JSON as the CLI), the SVG (well-formed, the
pair drawn top to bottom, legible at 390 px), the journal's statistics keys, and the page's form hints."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng import liuyao
from xuanheng.liuyao import METHOD
from xuanheng.liuyao.method import facts
from xuanheng.liuyao.render_svg import MIN_FONT, WIDTH, render_liuyao
from xuanheng.methods import registry
from xuanheng.web.app import create_app
from xuanheng.web.settings import Settings

SVG_NS = "{http://www.w3.org/2000/svg}"
AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 40, warm_up=False))
    with TestClient(app) as c:
        yield c


def test_registered_once() -> None:
    assert registry()["liuyao"] is METHOD
    assert METHOD.read is not None  # issue 11: the reading of seed 004, with its own options
    assert set(METHOD.params.READING_OPTIONS) <= set(METHOD.params.by_name())
    assert METHOD.package == "xuanheng.liuyao"


def test_front_end_data_keeps_in_step_with_the_reading() -> None:
    """The page shows the reading by the groups of data/frontend.toml: the reading's own, in its order."""
    from xuanheng.frontend import hints
    from xuanheng.liuyao.reading import GROUPS

    h = hints(METHOD)
    assert h.reading_groups == GROUPS
    assert set(h.modes) == {"instant", "study", "enumerate"}
    # one moment in every method casts 六爻 by that moment's time; it asks for no lines (issue 30)
    assert h.needs == () and dict(h.moment) == {"time": True}


CASES: list[dict[str, Any]] = [
    {**AT, "lines": "887868"},
    {**AT, "coins": True, "seed": 42},
    {**AT, "yarrow": True, "seed": 2**64 - 1},
    {**AT, "time": True, "time_leap": "next"},
    {**AT, "numbers": "3,5", "numbers_moving": "sum_and_hour"},
    {**AT, "hexagram": "渙", "moving": "2,5", "lang": "ko"},
    {
        "at": "2024-02-04T16:30",
        "tz": "Asia/Seoul",
        "lon": 126.98,
        "lat": 37.57,
        "true_solar": True,
        "lines": "696969",
    },
    {"day": "癸丑", "month": "辰", "lines": "878798", "shen": "shi_branch"},
]


@pytest.mark.parametrize("params", CASES)
def test_http_answers_the_cli_json(
    client: TestClient,
    params: dict[str, Any],
    cli_json: Callable[..., Any],
    cli_flags: Callable[[dict[str, Any]], list[str]],
) -> None:
    expected = cli_json("liuyao", *cli_flags(params))
    got = client.get("/api/liuyao", params=params)
    assert got.status_code == 200, got.text
    assert got.json() == expected
    posted = client.post("/api/liuyao", json=params)
    assert posted.status_code == 200 and posted.json() == expected


def test_http_random_draw_and_replay(client: TestClient) -> None:
    r = client.get("/api/liuyao", params={**AT, "coins": "true"})
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"  # a fresh draw: not cached
    doc = r.json()
    seed = doc["cast"]["seed"]
    assert isinstance(seed, int) and doc["inputs"]["seed"] == seed and len(doc["cast"]["throws"]) == 6
    again = client.get("/api/liuyao", params={**AT, "coins": "true", "seed": seed})
    assert again.headers["cache-control"].startswith("public")
    assert again.json()["cast"] == doc["cast"]
    # yarrow too; the library's own replay agrees
    y = client.get("/api/liuyao", params={**AT, "yarrow": "true"}).json()
    lib = liuyao.cast(AT["at"], tz=AT["tz"], yarrow=True, seed=y["cast"]["seed"]).to_json()
    assert lib["cast"] == y["cast"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({**AT, "lines": "88x868"}, "lines"),
        ({**AT, "lines": "8878"}, "lines"),
        ({**AT, "numbers": "0,3"}, "numbers"),
        ({**AT, "hexagram": "無"}, "hexagram"),
        ({**AT}, "cast"),
        ({**AT, "lines": "887868", "kong": "x"}, "kong"),
        ({**AT, "coins": True, "seed": -1}, "seed"),
        ({"lines": "887868"}, "at"),
    ],
)
def test_http_errors_name_the_field(client: TestClient, params: dict[str, Any], field: str) -> None:
    r = client.get("/api/liuyao", params=params)
    assert r.status_code == 422
    assert r.json()["error"]["field"] == field


def test_methods_openapi_and_form_hints(client: TestClient) -> None:
    meta = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}
    m = meta["liuyao"]
    assert m["label"]["ko"] == "육효"
    props = m["schema"]["properties"]
    for name in (
        "lines",
        "coins",
        "yarrow",
        "seed",
        "throws",
        "time",
        "numbers",
        "hexagram",
        "moving",
        "topic",
    ):
        assert name in props, name
    assert props["coins"]["type"] == "boolean" and props["kong"]["default"] == "day"
    assert props["lines"]["label"]["ko"]  # the parameter's own label reaches the page
    assert m["form"]["coins"]["random"] == {
        "choice": True,
        "seed": "seed",
        "drawn": "cast.values",
        "label": "chart.lines_drawn",
    }
    assert "seed" in m["form"]["hidden"] and m["form"]["study"] == ["day", "month", "hour", "year"]
    assert set(m["options"]) >= {"tu_months", "kong", "jin_tui", "fan_yin", "day_boundary", "dst"}
    paths = client.get("/openapi.json").json()["paths"]
    assert set(paths["/api/liuyao"]) == {"get", "post"} and set(paths["/api/liuyao/svg"]) == {"get", "post"}
    assert "/api/liuyao/render" in paths
    query = {p["name"] for p in paths["/api/liuyao"]["get"]["parameters"]}
    assert {"lines", "coins", "seed", "numbers", "kong"} <= query


# ------------------------------------------------------------------------------------------------ SVG
def _svg(doc: dict[str, Any], lang: str = "zh-Hant") -> ET.Element:
    return ET.fromstring(render_liuyao(doc, lang))


def _texts(node: ET.Element) -> list[str]:
    return [t.text or "" for t in node.iter(f"{SVG_NS}text")]


def _group(root: ET.Element, gua: str) -> ET.Element:
    found = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-gua") == gua]
    assert len(found) == 1, gua
    return found[0]


def test_svg_draws_the_pair_top_to_bottom(client: TestClient) -> None:
    r = client.get("/api/liuyao/svg", params={**AT, "lines": "887868"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(r.text)
    assert root.get("width") == str(WIDTH)
    ben, bian = _group(root, "ben"), _group(root, "bian")
    assert (ben.get("data-name"), bian.get("data-name")) == ("地山謙", "水山蹇")
    assert "地山謙" in _texts(root) and "水山蹇" in _texts(root)
    for g in (ben, bian):
        lines = [x for x in g if x.get("class") == "line"]
        assert [int(x.get("data-position") or 0) for x in lines] == [6, 5, 4, 3, 2, 1]  # 上爻 first
        ys = [min(float(t.get("y") or 0) for t in x.iter(f"{SVG_NS}text")) for x in lines]
        assert ys == sorted(ys)  # drawn top to bottom
    rows = {int(x.get("data-position") or 0): x for x in ben if x.get("class") == "line"}
    five = _texts(rows[5])
    assert "×" in five and "世" in five and "螣蛇" in five and "子孫" in five and "癸亥" in five
    assert rows[5].get("data-moving") == "true" and rows[4].get("data-moving") == "false"
    assert "應" in _texts(rows[2])
    # 伏神 under its 飛神: on the 二爻 (官鬼丙午), below its 六親
    fu = [t for t in rows[2].iter(f"{SVG_NS}text") if t.get("class") == "fu-shen"]
    qin = [t for t in rows[2].iter(f"{SVG_NS}text") if t.get("class") == "liu-qin"]
    assert len(fu) == 1 and "妻財丁卯" in (fu[0].text or "")
    assert float(fu[0].get("y") or 0) > float(qin[0].get("y") or 0)
    assert all(t.get("class") != "fu-shen" for r in (1, 3, 4, 5, 6) for t in rows[r].iter(f"{SVG_NS}text"))
    # the 變卦's changed line: 五爻 becomes 戊戌, 回頭剋
    brows = {int(x.get("data-position") or 0): x for x in bian if x.get("class") == "line"}
    assert brows[5].get("data-changed") == "true" and "戊戌" in _texts(brows[5])
    assert "回頭剋" in " ".join(_texts(brows[5]))


def test_svg_moving_marks_and_a_still_hexagram() -> None:
    doc = liuyao.cast(AT["at"], tz=AT["tz"], lines="967777").to_json()  # 初 老陽, 二 老陰
    root = _svg(doc)
    ben = _group(root, "ben")
    rows = {int(x.get("data-position") or 0): x for x in ben if x.get("class") == "line"}
    assert "○" in _texts(rows[1]) and "×" in _texts(rows[2])
    assert not any(m in _texts(rows[p]) for p in (3, 4, 5, 6) for m in ("○", "×"))
    still = _svg(liuyao.cast(AT["at"], tz=AT["tz"], lines="777777").to_json(), "ko")
    assert not [g for g in still.iter(f"{SVG_NS}g") if g.get("data-gua") == "bian"]
    assert "동효 없음 (정괘)" in _texts(still)


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans", "en"])
def test_svg_fonts_are_legible_at_390px(lang: str) -> None:
    ways: list[dict[str, Any]] = [
        {"lines": "887868", "kong": "day_and_hour"},
        {"lines": "696969"},
        {"coins": True, "seed": 2**64 - 1},
        {"yarrow": True, "seed": 2**64 - 1},
        {"throws": "背背背 字字字 背字字 背背字 背字字 背背字"},
        {"numbers": (123456, 654321, 999999)},
        {"hexagram": "渙", "moving": (1, 2, 3, 4, 5, 6)},
        {"time": True},
    ]
    for way in ways:
        doc = liuyao.cast(AT["at"], tz=AT["tz"], **way).to_json()
        root = _svg(doc, lang)
        assert root.get("viewBox") == f"0 0 {WIDTH} {root.get('height')}"
        for t in root.iter(f"{SVG_NS}text"):
            assert float(t.get("font-size") or 0) >= MIN_FONT >= 11, t.text
            x = float(t.get("x") or 0)
            assert 0 <= x <= WIDTH, t.text
        # the widest text lines fit: a CJK character is one em wide, Latin letters about half (the browser
        # test measures the real widths)
        for t in root.iter(f"{SVG_NS}text"):
            size = float(t.get("font-size") or 0)
            wide = sum(1.0 if ord(c) > 0x2E80 else 0.55 for c in t.text or "")
            x = float(t.get("x") or 0)
            left = x - wide * size if t.get("text-anchor") == "end" else x
            assert left >= 0 and left + wide * size <= WIDTH + 1, (lang, t.text)


def test_svg_escapes_and_study_mode() -> None:
    doc = liuyao.cast(day="甲子", month="寅", lines="777777").to_json()
    doc["inputs"]["tz"] = "<script>"
    doc["inputs"]["at"] = "2026-01-01T00:00"
    text = render_liuyao(doc, "en")
    assert "<script>" not in text and "&lt;script&gt;" in text
    ET.fromstring(text)
    assert "Liuyao" in text


def test_render_endpoint_draws_a_posted_document(client: TestClient) -> None:
    doc = client.get("/api/liuyao", params={**AT, "lines": "887868"}).json()
    r = client.post("/api/liuyao/render", params={"lang": "ko"}, json=doc)
    assert r.status_code == 200 and "육효" in r.text
    assert client.post("/api/liuyao/render", json=[1]).status_code == 422


def test_text_view_matches_the_document() -> None:
    doc = liuyao.cast(AT["at"], tz=AT["tz"], lines="887868").to_json()
    text = METHOD.views["text"](doc, "zh-Hant")
    assert text.splitlines()[0].startswith("六爻")
    for ln in doc["ben_gua"]["lines"]:
        assert f"{ln['liu_qin']}{ln['najia']}" in text


# ------------------------------------------------------------------------------------------------ journal
def test_facts_are_the_gua_names_palace_and_yong_shen() -> None:
    doc = liuyao.cast(AT["at"], tz=AT["tz"], lines="887868").to_json()
    assert facts(doc) == {"ben_gua": ["地山謙"], "bian_gua": ["水山蹇"], "palace": ["兌宮"]}
    still = liuyao.cast(AT["at"], tz=AT["tz"], lines="777777").to_json()
    assert facts(still) == {"ben_gua": ["乾為天"], "palace": ["乾宮"]}
    # a 用神, when the chart (its reading) carries one, in any of the plain shapes
    for yong in ("妻財", {"liu_qin": "妻財", "position": 2}, [{"liu_qin": "妻財"}, "官鬼", "妻財"]):
        got = facts({**doc, "yong_shen": yong})
        assert got["yong_shen"][0] == "妻財" and len(set(got["yong_shen"])) == len(got["yong_shen"])
    assert facts({}) == {} and facts({"ben_gua": "x", "yong_shen": 3}) == {}


def test_journal_saves_with_keys_and_counts_outcomes(client: TestClient) -> None:
    r = client.post(
        "/api/journal/cases",
        json={"method": "liuyao", "inputs": {**AT, "coins": True}, "question": "財", "topic": "財"},
    )
    assert r.status_code == 201, r.text
    case = r.json()
    seed = case["inputs"]["seed"]
    assert isinstance(seed, int)  # the drawn seed is kept, so the saved case replays
    chart = case["chart"]
    assert chart["cast"]["seed"] == seed
    assert case["keys"]["ben_gua"] == [chart["ben_gua"]["full_name"]]
    assert case["keys"]["palace"] == [chart["ben_gua"]["palace"] + "宮"]
    replay = liuyao.cast(AT["at"], tz=AT["tz"], coins=True, seed=seed).to_json()
    assert replay["cast"] == chart["cast"]
    r2 = client.post(
        "/api/journal/cases", json={"method": "liuyao", "inputs": {**AT, "lines": "887868"}, "question": "q"}
    )
    cid = r2.json()["id"]
    assert client.put(f"/api/journal/cases/{cid}/outcome", json={"result": "應驗"}).status_code == 200
    stats = client.get("/api/journal/statistics").json()
    assert stats["by_method"]["liuyao"]["total"] == 2
    assert stats["by_key"]["ben_gua"]["地山謙"]["ying_yan"] == 1
    assert stats["by_key"]["bian_gua"]["水山蹇"]["ying_yan"] == 1
    assert stats["by_key"]["palace"]["兌宮"]["total"] >= 1
    svg = client.get(f"/api/journal/cases/{cid}/svg", params={"lang": "ko"})
    assert svg.status_code == 200 and "지산" not in svg.text and "地山謙" in svg.text


def test_journal_does_not_import_the_method() -> None:
    root = Path(__file__).resolve().parents[2] / "src" / "xuanheng" / "journal"
    for path in root.rglob("*.py"):
        assert not re.search(r"xuanheng\.liuyao|from xuanheng import liuyao", path.read_text("utf-8")), path


# ------------------------------------------------------------------------------------------------ page
def test_page_plugin_is_loaded_and_uses_known_labels() -> None:
    from importlib import resources

    from xuanheng.i18n import keys

    static = resources.files("xuanheng.web").joinpath("static")
    index = static.joinpath("index.html").read_text("utf-8")
    script = static.joinpath("liuyao_throws.js").read_text("utf-8")
    assert '<script src="/static/liuyao_throws.js" defer></script>' in index
    used = set(re.findall(r'\bL\("([a-z_]+\.[a-z_]+)"', script))
    assert {"form.throw_coins", "form.throws_again", "form.throws_hint", "form.liuyao_mode"} <= used
    from xuanheng.frontend import param_front

    form = param_front(METHOD, METHOD.params.param("coins")).form["random"]
    assert not (used | {form["label"], "method.liuyao"}) - set(keys())
    # the script fills only fields the parameters declare, and knows every way of casting
    ways = set(re.findall(r"\b(\w+): \[\"", script.split("const WAYS", 1)[1].split("};", 1)[0]))
    from xuanheng.liuyao.params import WAYS

    assert ways == set(WAYS)
    assert "innerHTML" not in script
