"""七政四餘's reading and 限 over HTTP: the same JSON as ``xuanheng qizheng --json`` with ``on``, ``topic``,
``lang``, the school options of the reading and the 限, and ``no_reading``; errors of ``on`` as 422 naming
the field; the form learns the new parameters; the journal keeps the 格局 and the 大限 of the date."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.journal import verdict_keys
from xuanheng.qizheng.method import facts

HORO: dict[str, Any] = {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9}
CASES: list[dict[str, Any]] = [
    {**HORO, "sex": "男", "on": "2026-12-01"},
    {**HORO, "on": "1990-06-01T09:00", "topic": "財", "lang": "ko"},
    {**HORO, "on": "2026-01-10", "year_start": "dong_zhi", "first_term": "nine", "qiang_ruo": "xitian"},
    {**HORO, "on": "2000-01-01", "dongwei": "ming_du", "xiao_xian_change": "year", "stage_of": "star"},
    {**HORO, "no_reading": True, "lang": "en"},
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
    if params.get("no_reading"):
        assert expected["reading"] == []
    else:
        assert expected["reading"]
    if "on" in params:
        assert expected["da_xian"] and expected["liu_nian"] and len(expected["liu_yao"]) == 11


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({**HORO, "on": "someday"}, "on"),
        ({**HORO, "on": "1970-01-01"}, "on"),
        ({**HORO, "first_term": "twenty"}, "first_term"),
        ({**HORO, "stage_of": "moon"}, "stage_of"),
        ({**HORO, "topic": "weather?"}, "topic"),
    ],
)
def test_bad_input_is_422_naming_the_field(client: TestClient, params: dict[str, Any], field: str) -> None:
    r = client.get("/api/qizheng", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field and "Traceback" not in r.text


def test_form_knows_the_reading_and_the_periods(client: TestClient) -> None:
    meta = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}["qizheng"]
    props = meta["schema"]["properties"]
    assert {"on", "topic", "qiang_ruo", "stage_of", "first_term", "year_start", "no_reading"} <= set(props)
    assert {"qiang_ruo", "stage_of", "first_term", "dongwei", "xiao_xian_change", "year_start"} <= set(
        meta["options"]
    )
    assert "on" not in meta["options"] and "命" in meta["form"]["topics"]
    ko = client.get("/api/i18n/ko").json()["labels"]
    assert ko["field.on"] == "기준일 (운한)" and ko["field.first_term"] == "명궁 대한 햇수"


def test_svg_of_a_date(client: TestClient) -> None:
    r = client.get("/api/qizheng/svg", params={**HORO, "on": "2026-12-01"})
    assert r.status_code == 200
    assert 'class="da-xian current"' in r.text and 'class="liu-nian-year current"' in r.text
    assert r.text.count('class="liu-yao"') == 11
    # on the wheel (issue 29 item 6): the 限 ring with the running 大限 filled, and the 流曜 ring of the date
    assert r.text.count('class="xian-age current"') == 1 and r.text.count('class="transit"') == 11
    assert r.text.count('class="transit-ring"') == 1
    without = client.get("/api/qizheng/svg", params=HORO).text
    assert 'class="transit-ring"' not in without


def test_journal_keeps_patterns_and_periods(client: TestClient) -> None:
    inputs = {**HORO, "sex": "男", "on": "2026-12-01"}
    r = client.post("/api/journal/cases", json={"method": "qizheng", "inputs": inputs})
    assert r.status_code == 201, r.text
    case = r.json()
    doc = client.get("/api/qizheng", params=inputs).json()
    # the method's keys, and the judgment's verdict (its rank) as every judged case has them
    assert case["chart"] == doc and case["keys"] == {**facts(doc), **verdict_keys(doc)}
    assert case["keys"]["verdict_key"][0] in ("shang_ge", "zhong_ge", "xia_ge")
    assert case["keys"]["ge_ju"] and case["keys"]["da_xian"] == ["官祿"]
    s = client.get("/api/journal/statistics").json()
    name = case["keys"]["ge_ju"][0]
    assert name in s["by_key"]["ge_ju"] and "官祿" in s["by_key"]["da_xian"]
