"""A random 地分 over HTTP: the seed replays the draw, the page's permalink query recreates the same chart,
and a journal case saved with the seed recasts to the same chart.

Oracle: a random draw that yields branch X must give exactly the chart cast with 地分 = X named directly
(the 課 depends on the 地分 only, not on how it was chosen), and the drawn branch is the one the documented
rule picks: ``random.Random(seed).randrange(12)`` as a branch index (docs/jinkoujue.md, 地分 input).
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qsl, urlencode

from fastapi.testclient import TestClient

from xuanheng.i18n import LANGS, label

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
BASE = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
INPUT_ONLY = {"difen_input", "by", "seed"}  # how the 地分 was chosen, echoed in inputs only


def _get(c: TestClient, **params: Any) -> dict[str, Any]:
    r = c.get("/api/jinkoujue", params={**BASE, **params})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _without_how(doc: dict[str, Any]) -> dict[str, Any]:
    d = dict(doc)
    d["inputs"] = {k: v for k, v in doc["inputs"].items() if k not in INPUT_ONLY}
    return d


def test_same_seed_same_chart_and_it_equals_the_named_branch(client: TestClient) -> None:
    seen = set()
    for seed in (0, 1, 7, 42, 2024, 2**31 - 1, 2**63 - 1):
        a = _get(client, difen="random", seed=seed)
        b = _get(client, difen="random", seed=seed, lang="ko")
        assert a["inputs"]["seed"] == seed and a["inputs"]["by"] == "random"
        drawn = a["inputs"]["difen"]
        assert drawn == BRANCHES[random.Random(seed).randrange(12)]
        assert b["inputs"] == a["inputs"]  # the language changes texts, never the draw
        named = _get(client, difen=drawn)
        assert _without_how(a) == _without_how(named)
        seen.add(drawn)
    assert len(seen) > 2  # the seeds do not all draw one branch


def test_unseeded_draw_records_a_seed_that_replays_it(client: TestClient) -> None:
    r = client.get("/api/jinkoujue", params={**BASE, "difen": "random"})
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-store"  # a fresh draw must not be cached
    first = r.json()
    seed = first["inputs"]["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**63
    r2 = client.get("/api/jinkoujue", params={**BASE, "difen": "random", "seed": seed})
    assert r2.headers["cache-control"].startswith("public")  # seeded = repeatable
    assert r2.json() == first


def test_permalink_query_round_trip(client: TestClient) -> None:
    """The page's permalink: method, the cast parameters with the seed, and ``drawn`` (checked on replay,
    not sent to the API). Parsing it back as the page does gives the same chart."""
    first = _get(client, difen="random")
    seed, drawn = first["inputs"]["seed"], first["inputs"]["difen"]
    link = "/?" + urlencode({"method": "jinkoujue", **BASE, "difen": "random", "seed": seed, "drawn": drawn})
    q = dict(parse_qsl(link.split("?", 1)[1]))
    assert q.pop("method") == "jinkoujue" and q.pop("drawn") == drawn
    again = _get(client, **q)
    assert again == first
    # the extra ``drawn`` is the page's own: the API refuses unknown parameters, so the page must drop it
    r = client.get("/api/jinkoujue", params={**q, "drawn": drawn})
    assert r.status_code == 422


def test_journal_keeps_the_seed_and_recasts_the_same_chart(client: TestClient) -> None:
    first = _get(client, difen="random")
    inputs = {**BASE, "difen": "random", "seed": first["inputs"]["seed"]}
    r = client.post("/api/journal/cases", json={"method": "jinkoujue", "inputs": inputs, "question": "報數"})
    assert r.status_code == 201, r.text
    case = r.json()
    assert case["inputs"]["seed"] == first["inputs"]["seed"] and case["inputs"]["difen"] == "random"
    assert case["chart"]["inputs"]["difen"] == first["inputs"]["difen"]
    assert {k: v for k, v in case["chart"].items() if k != "reading"} == {
        k: v for k, v in first.items() if k != "reading"
    }
    stored = client.get(f"/api/journal/cases/{case['id']}").json()
    replay = {k: v for k, v in stored["inputs"].items() if v is not None}
    assert _get(client, **replay)["inputs"] == first["inputs"]


def test_bad_seeds_are_refused_with_the_field(client: TestClient) -> None:
    for bad in ("-1", "x", str(2**63), "1.5"):
        r = client.get("/api/jinkoujue", params={**BASE, "difen": "random", "seed": bad})
        assert r.status_code == 422, bad
        assert r.json()["error"]["field"] == "seed"


def test_form_offers_the_random_choice_in_four_languages(client: TestClient) -> None:
    methods = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}
    hint = methods["jinkoujue"]["form"]["difen"]
    assert hint["choices"][:12] == list(BRANCHES) and "random" in hint["choices"]
    assert hint["random"] == {"choice": "random", "seed": "seed"}
    assert "seed" in methods["jinkoujue"]["schema"]["properties"]
    key = hint["choice_labels"]["random"]
    texts = {lang: label(key, lang) for lang in LANGS}
    assert len(set(texts.values())) == 4, texts
    for k in ("chart.difen_drawn", "chart.seed", "chart.drawn_mismatch"):
        assert all(label(k, lang).strip() for lang in LANGS)


def test_a_draw_saved_without_a_seed_keeps_the_seed_it_drew(client: TestClient) -> None:
    """A client that saves ``difen=random`` with no seed still gets a case that recasts to the same chart."""
    inputs = {**BASE, "difen": "random"}
    r = client.post("/api/journal/cases", json={"method": "jinkoujue", "inputs": inputs, "question": "報數"})
    assert r.status_code == 201, r.text
    case = r.json()
    drawn_seed = case["chart"]["inputs"]["seed"]
    assert case["inputs"]["seed"] == drawn_seed
    replay = {k: v for k, v in case["inputs"].items() if v is not None}
    assert _get(client, **replay)["inputs"] == case["chart"]["inputs"]
