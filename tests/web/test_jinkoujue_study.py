"""金口訣 study mode on the HTTP API: ``/api/jinkoujue?day=…&hour=…`` casts what ``jinkoujue.cast(day=…)``
casts, and an instant with the study inputs is refused (``mode.unused``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from xuanheng import jinkoujue

STUDY = {"day": "甲子", "hour": "午", "month": "寅", "yue_jiang": "亥", "year": "丙午", "difen": "申"}


def test_api_study_cast_is_the_library_s(client: TestClient) -> None:
    got = client.get("/api/jinkoujue", params={**STUDY, "day_night": "night"})
    assert got.status_code == 200, got.text
    chart = jinkoujue.cast(
        day="甲子",
        hour="午",
        month_branch="寅",
        year="丙午",
        yue_jiang="亥",
        difen="申",
        is_day=False,
        options={"day_night": "night"},
    )
    want: dict[str, Any] = chart.to_json()
    assert {k: got.json()[k] for k in want} == want
    posted = client.post("/api/jinkoujue", json={**STUDY, "day_night": "night"})
    assert posted.status_code == 200 and posted.json() == got.json()


def test_api_refuses_an_instant_with_study_inputs(client: TestClient) -> None:
    refused = client.get(
        "/api/jinkoujue", params={**STUDY, "at": "2026-03-10T21:00", "tz": "UTC", "lang": "ko"}
    )
    assert refused.status_code == 422, refused.text
    assert "mode.unused" in refused.text
    missing = client.get(
        "/api/jinkoujue", params={k: v for k, v in STUDY.items() if k != "hour"} | {"lang": "ko"}
    )
    assert missing.status_code == 422 and "jinkoujue.study_missing" in missing.text and "태세" in missing.text
    # the year is optional (branch ux7): the chart then has no 太歲, its calendar no year
    no_year = client.get("/api/jinkoujue", params={k: v for k, v in STUDY.items() if k != "year"})
    assert no_year.status_code == 200 and no_year.json()["calendar"]["year"] is None
