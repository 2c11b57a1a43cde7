"""The HTTP API: same parameters and same JSON as the CLI, SVG endpoints, errors as 4xx naming the field,
body limits, OpenAPI listing every endpoint."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

CASES: list[tuple[str, dict[str, Any]]] = [
    ("calendar", {"at": "2024-02-10T12:00", "tz": "Asia/Shanghai", "lon": 116.4, "lat": 39.9}),
    ("calendar", {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "day_boundary": "00:00", "yue_jiang": "jie"}),
    ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"}),
    ("jinkoujue", {"at": "2025-07-01T09:30", "tz": "Asia/Taipei", "difen": "3", "lang": "ko", "topic": "財"}),
    (
        "jinkoujue",
        {"at": "2025-12-01T06:00", "tz": "+09:00", "difen": "東", "jiang": "jie", "yong_yao": "ke"},
    ),
    ("liuren", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}),
    ("liuren", {"at": "2025-05-05T13:10", "tz": "Asia/Seoul", "lon": 126.98, "lat": 37.57, "lang": "en"}),
    ("liuren", {"day": "丁卯", "yue_jiang": "亥", "hour": "丑", "shehai": "mengzhongji"}),
    ("liuren", {"day": "庚申", "yue_jiang": "亥", "hour": "子", "yaoke_first": True, "lang": "zh-Hans"}),
]


@pytest.mark.parametrize(("method", "params"), CASES)
def test_same_json_as_cli(
    client: TestClient,
    method: str,
    params: dict[str, Any],
    cli_json: Callable[..., Any],
    cli_flags: Callable[[dict[str, Any]], list[str]],
) -> None:
    expected = cli_json(method, *cli_flags(params))
    got = client.get(f"/api/{method}", params=params)
    assert got.status_code == 200, got.text
    assert got.json() == expected
    posted = client.post(f"/api/{method}", json=params)
    assert posted.status_code == 200 and posted.json() == expected


@pytest.mark.parametrize(("method", "params"), CASES[::2])
def test_svg_endpoint(client: TestClient, method: str, params: dict[str, Any]) -> None:
    r = client.get(f"/api/{method}/svg", params=params)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and r.text.endswith("</svg>")
    # drawing the JSON document gives the same picture as casting it again
    doc = client.get(f"/api/{method}", params=params).json()
    lang = params.get("lang", "zh-Hant")
    drawn = client.post(f"/api/{method}/render", params={"lang": lang}, json=doc)
    assert drawn.status_code == 200 and drawn.text == r.text


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("calendar", {"at": "yesterday", "tz": "UTC"}, "at"),
    ("calendar", {"at": "2024-02-10T12:00", "tz": "Mars/Olympus"}, "tz"),
    ("calendar", {"tz": "UTC"}, "at"),
    ("calendar", {"at": "2024-02-10T12:00", "tz": "UTC", "lon": "east"}, "lon"),
    ("calendar", {"at": "2024-02-10T12:00", "tz": "UTC", "lon": 120, "lat": 91}, "lat"),
    ("calendar", {"at": "2024-02-10T12:00", "tz": "UTC", "lat": 91}, "lon"),  # give both, or neither
    ("calendar", {"at": "2024-02-10T12:00", "tz": "UTC", "colour": "red"}, "colour"),
    ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "UTC"}, "difen"),
    ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "UTC", "difen": "沒有"}, "difen"),
    ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "UTC", "difen": "申", "jiang": "moon"}, "yue_jiang"),
    ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "UTC", "difen": "申", "lang": "fr"}, "lang"),
    ("jinkoujue", {"at": "2026-13-10T21:00", "tz": "UTC", "difen": "申"}, "at"),
    ("liuren", {"day": "甲丑", "yue_jiang": "亥", "hour": "子"}, "day"),
    ("liuren", {"day": "甲子", "yue_jiang": "亥"}, "hour"),
    ("liuren", {"at": "2026-03-10T21:00", "tz": "UTC", "shehai": "deep"}, "shehai"),
]


@pytest.mark.parametrize(("method", "params", "field"), BAD)
def test_bad_input_is_422_naming_the_field(
    client: TestClient, method: str, params: dict[str, Any], field: str
) -> None:
    r = client.get(f"/api/{method}", params=params)
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["field"] == field or err["field"].startswith(field), err
    assert len(err["message"]) > 10
    assert "Traceback" not in r.text


def test_cache_headers(client: TestClient) -> None:
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"}
    assert "max-age" in client.get("/api/jinkoujue", params=q).headers["cache-control"]
    drawn = client.get("/api/jinkoujue", params={**q, "difen": "random"})
    assert drawn.headers["cache-control"] == "no-store"
    now = client.get("/api/jinkoujue", params={"now": "true", "difen": "申"})
    assert now.status_code == 200 and now.headers["cache-control"] == "no-store"


def test_body_must_be_a_json_object(client: TestClient) -> None:
    r = client.post("/api/jinkoujue", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/jinkoujue", json=[1, 2])
    assert r.status_code == 422


def test_oversized_body_is_413(client: TestClient) -> None:
    big = b'{"at": "' + b"x" * (3 * 1024 * 1024) + b'"}'
    r = client.post("/api/calendar", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "at most" in r.json()["error"]["message"]


def test_openapi_lists_every_endpoint(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    for m in ("calendar", "jinkoujue", "liuren"):
        assert set(paths[f"/api/{m}"]) == {"get", "post"}
        assert set(paths[f"/api/{m}/svg"]) == {"get", "post"}
    for p in (
        "/api/methods",
        "/api/cities",
        "/api/i18n/{lang}",
        "/api/sources/{ident}",
        "/api/login",
        "/api/logout",
        "/api/me",
        "/api/journal/cases",
        "/api/journal/cases/{case_id}",
        "/api/journal/cases/{case_id}/outcome",
        "/api/journal/cases/{case_id}/svg",
        "/api/journal/statistics",
        "/api/journal/export",
        "/api/journal/import",
    ):
        assert p in paths, p
    params = {p["name"]: p for p in paths["/api/jinkoujue"]["get"]["parameters"]}
    assert params["difen"]["required"] and not params["at"]["required"]
    assert "zhongqi" in params["yue_jiang_rule"]["description"]
    assert "requestBody" in paths["/api/liuren"]["post"]
    # every route the app serves under /api is documented
    routes = client.app.routes  # type: ignore[attr-defined]
    app_paths = {r.path for r in routes if getattr(r, "path", "").startswith("/api/")}
    assert app_paths <= set(paths)


def test_methods_and_meta(client: TestClient) -> None:
    meta = client.get("/api/methods").json()
    names = [m["name"] for m in meta["methods"]]
    assert names[:2] == ["jinkoujue", "liuren"] and "calendar" in names
    jkj = meta["methods"][0]
    assert "difen" in jkj["schema"]["required"]
    assert jkj["schema"]["properties"]["yue_jiang_rule"]["default"] == "zhongqi"
    assert client.get("/api/i18n/ko").json()["labels"]["nav.journal"] == "일지"
    assert client.get("/api/cities", params={"q": "台北"}).status_code == 200
    assert client.get("/api/nowhere").status_code == 404
    page = client.get("/")
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]


def test_sources_lists_the_entries_citing_an_id(client: TestClient) -> None:
    r = client.get("/api/sources/000-003", params={"lang": "en"}).json()
    assert r["kind"] == "inventory" and r["count"] >= 1
    assert all("000-003" in json.dumps(e["src"]) for e in r["entries"])
    assert client.get("/api/sources/x", params={"lang": "fr"}).status_code == 422
