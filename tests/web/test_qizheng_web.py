"""七政四餘 over HTTP: the same JSON as ``xuanheng qizheng --json`` (GET and POST), the SVG endpoints, errors
as 422 naming the field, the form's labels from the method's declarations, and the journal keeping 命宮,
命度 and 化曜 as statistics keys."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.journal import verdict_keys
from xuanheng.qizheng.method import facts

HORO = {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9}
CASES: list[dict[str, Any]] = [
    {**HORO, "sex": "男"},
    {**HORO, "xiu": "gu", "luo_ji": "luo_north", "node": "true", "lang": "ko"},
    {**HORO, "ziqi": "qing", "ming_gong": "sunrise", "shen_gong": "you", "kong_wang": "both"},
    {"at": "1985-08-26T02:55", "tz": "+08:00", "lon": 114.17, "lat": 22.45, "ming_gong": "巳", "lang": "en"},
    {**HORO, "at": "2001-03-04T05:06", "tz": "Asia/Seoul", "day_boundary": "00:00", "true_solar": True},
]


@pytest.mark.parametrize("params", CASES)
def test_same_json_as_cli(
    client: TestClient,
    params: dict[str, Any],
    cli_json: Callable[..., Any],
    cli_flags: Callable[[dict[str, Any]], list[str]],
) -> None:
    expected = cli_json("qizheng", *cli_flags(params))
    got = client.get("/api/qizheng", params=params)
    assert got.status_code == 200, got.text
    assert got.json() == expected
    posted = client.post("/api/qizheng", json=params)
    assert posted.status_code == 200 and posted.json() == expected


@pytest.mark.parametrize("params", CASES[:2])
def test_svg_endpoints(client: TestClient, params: dict[str, Any]) -> None:
    r = client.get("/api/qizheng/svg", params=params)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and r.text.endswith("</svg>")
    doc = client.get("/api/qizheng", params=params).json()
    drawn = client.post("/api/qizheng/render", params={"lang": params.get("lang", "zh-Hant")}, json=doc)
    assert drawn.status_code == 200 and drawn.text == r.text


def test_svg_marks_the_xian_of_on(client: TestClient) -> None:
    """With ``on`` the wheel marks the palaces of that date's 大限, 小限, 流年 and 流月, those of the API's
    document (their rules are checked in tests/qizheng/test_render_svg.py); without it, none."""
    marks = re.compile(r'<g class="xian-mark" data-kind="(\w+)" data-branch="(.)">')
    dated = {**HORO, "sex": "男", "on": "2020-05-20"}
    got = dict(marks.findall(client.get("/api/qizheng/svg", params=dated).text))
    doc = client.get("/api/qizheng", params=dated).json()
    on = datetime.fromisoformat(doc["inputs"]["on"])
    month = next(
        r
        for r in doc["liu_yue"]
        if datetime.fromisoformat(r["start"]) <= on < datetime.fromisoformat(r["end"])
    )
    assert got == {
        "da_xian": doc["da_xian"]["branch"],
        "xiao_xian": doc["xiao_xian"]["branch"],
        "liu_nian": "子",  # the year's branch: 2020 is 庚子, 36 years after 甲子 1984
        "liu_yue": month["branch"],
    }
    assert marks.findall(client.get("/api/qizheng/svg", params={**HORO, "sex": "男"}).text) == []


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({**HORO, "xiu": "new"}, "xiu"),
        ({**HORO, "ming_gong": "dawn"}, "ming_gong"),
        ({**HORO, "sex": "x"}, "sex"),
        ({**HORO, "kong_wang": "three"}, "kong_wang"),
        ({"at": "1983-10-27T18:30", "tz": "+08:00", "ming_gong": "asc"}, "ming_gong"),
        ({**HORO, "lat": 80, "ming_gong": "asc"}, "lat"),
        ({"tz": "UTC"}, "at"),
    ],
)
def test_bad_input_is_422_naming_the_field(client: TestClient, params: dict[str, Any], field: str) -> None:
    r = client.get("/api/qizheng", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field and "Traceback" not in r.text


def test_form_and_labels(client: TestClient) -> None:
    meta = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}["qizheng"]
    assert {"xiu", "luo_ji", "node", "ziqi", "ming_gong", "shen_gong", "sex"} <= set(
        meta["schema"]["properties"]
    )
    assert "xiu" in meta["options"] and "sex" not in meta["options"]
    ko = client.get("/api/i18n/ko").json()["labels"]
    assert ko["method.qizheng"] == "칠정사여" and ko["field.xiu"] == "28수 체계"
    assert ko["field.day_boundary"] == "날짜 바뀌는 시각"  # the catalogue's own entry wins
    zh = client.get("/api/i18n/zh-Hant").json()["labels"]
    assert zh["field.ming_gong"] == "立命法"


def test_journal_keys_and_statistics(client: TestClient) -> None:
    r = client.post("/api/journal/cases", json={"method": "qizheng", "inputs": {**HORO, "sex": "男"}})
    assert r.status_code == 201, r.text
    case = r.json()
    doc = client.get("/api/qizheng", params={**HORO, "sex": "男"}).json()
    assert case["chart"] == doc
    assert case["keys"] == {**facts(doc), **verdict_keys(doc)}  # the judgment's rank as its verdict
    assert case["keys"]["ming_gong"] == ["酉"] and case["keys"]["ming_du"] == ["奎木十一度"]
    assert "祿:羅" in case["keys"]["hua_yao"]
    assert case["cast_at"].startswith("1983-10-27T10:30")
    other = client.post(
        "/api/journal/cases", json={"method": "qizheng", "inputs": {**HORO, "ming_gong": "巳"}}
    )
    assert other.status_code == 201
    client.put(f"/api/journal/cases/{case['id']}/outcome", json={"result": "應驗"})
    s = client.get("/api/journal/statistics").json()
    assert s["by_method"]["qizheng"]["ying_yan"] == 1
    assert s["by_key"]["ming_gong"]["酉"]["ying_yan"] == 1 and "巳" in s["by_key"]["ming_gong"]
    assert s["by_key"]["hua_yao"]["祿:羅"]["ying_yan"] == 1
    assert s["by_key"]["ming_du"]["奎木十一度"]["ying_yan"] == 1
