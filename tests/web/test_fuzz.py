"""Junk in, never a 500: hypothesis throws random parameter names and values at every endpoint."""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

NAMES = [
    "at", "now", "tz", "fold", "lon", "lat", "true_solar", "lang", "difen", "seed", "jiang", "day_night",
    "day_boundary", "guiren", "gui_shen_plate", "yong_yao", "tu_months", "ben_ming", "topic", "no_reading",
    "day", "yue_jiang", "hour", "month", "year", "year_branch", "shehai", "bieze_yin", "yaoke_first",
    "fuyin_zimao", "dun_gan", "birth_year", "sex", "zzz",
]  # fmt: skip
SPECIAL = [
    "", "申", "子", "亥", "登明", "random", "az:400", "東", "-1", "13", "1e309", "NaN", "甲子",
    "2026-02-29T12:00", "9999-12-31T23:59", "1800-01-01T00:00", "+25:00", "Asia/Seoul", "true",
    "false", "null", "<script>", "\u0000", "丁卯", "depth", "jie", "zhongqi",
]  # fmt: skip
GOOD = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"}

scalar = st.one_of(
    st.text(max_size=30),
    st.sampled_from(SPECIAL),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
)  # fmt: skip
params = st.dictionaries(st.sampled_from(NAMES), scalar, max_size=8)


def _check(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:500])
    if r.status_code >= 400:
        err = r.json()["error"]
        assert err["message"] and "Traceback" not in r.text


def _query(p: dict[str, Any]) -> dict[str, str]:
    return {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in p.items()}


@SETTINGS
@given(method=st.sampled_from(["calendar", "jinkoujue", "liuren"]), p=params, base=st.booleans())
def test_chart_endpoints_never_fail(client: TestClient, method: str, p: dict[str, Any], base: bool) -> None:
    q = {**GOOD, **p} if base else p
    _check(client.get(f"/api/{method}", params=_query(q)))
    body = {k: v for k, v in q.items() if not (isinstance(v, float) and not math.isfinite(v))}
    _check(client.post(f"/api/{method}", json=body))


@SETTINGS
@given(p=params)
def test_svg_endpoints_never_fail(client: TestClient, p: dict[str, Any]) -> None:
    _check(client.get("/api/jinkoujue/svg", params=_query({**GOOD, **p})))
    _check(client.get("/api/liuren/svg", params=_query({**GOOD, **p})))


QNAMES = [
    "method",
    "tag",
    "text",
    "topic",
    "outcome",
    "since",
    "until",
    "date_field",
    "order",
    "limit",
    "offset",
]
body_junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@SETTINGS
@given(
    method=st.sampled_from(["jinkoujue", "liuren", "calendar", "x", ""]),
    inputs=st.one_of(params, body_junk),
    extra=st.dictionaries(
        st.sampled_from(["question", "topic", "tags", "notes", "zzz"]), body_junk, max_size=3
    ),
)
def test_journal_save_never_fails(
    client: TestClient, method: str, inputs: Any, extra: dict[str, Any]
) -> None:
    _check(client.post("/api/journal/cases", json={"method": method, "inputs": inputs, **extra}))


@SETTINGS
@given(
    q=st.dictionaries(st.sampled_from(QNAMES), scalar, max_size=5), doc=body_junk, cid=st.text(max_size=70)
)
def test_journal_other_endpoints_never_fail(
    client: TestClient, q: dict[str, Any], doc: Any, cid: str
) -> None:
    _check(client.get("/api/journal/cases", params=_query(q)))
    _check(client.post("/api/journal/import", json=doc))
    safe = quote(cid, safe="") or "x"
    _check(client.get(f"/api/journal/cases/{safe}"))
    _check(client.patch(f"/api/journal/cases/{safe}", json=doc))
    _check(client.put(f"/api/journal/cases/{safe}/outcome", json=doc))
    _check(client.get(f"/api/sources/{safe}", params=_query(q)))
    _check(client.get("/api/cities", params={"q": cid}))


@SETTINGS
@given(method=st.sampled_from(["calendar", "jinkoujue", "liuren"]), doc=body_junk)
def test_render_endpoint_never_fails(client: TestClient, method: str, doc: Any) -> None:
    _check(client.post(f"/api/{method}/render", json=doc))
    _check(
        client.post(
            f"/api/{method}/render", json={"si_ke": doc, "san_chuan": doc, "ren_yuan": doc, "pillars": doc}
        )
    )
