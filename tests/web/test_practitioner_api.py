"""The HTTP API items of issue 14: messages in the request's language with their code and parameters, a
broken JSON body named as the body, a chunked oversized body refused 413, ``nan`` reported as not a number,
rules opened by their id, cast times in the journal, and what the page learns of each method."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi.testclient import TestClient

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}


def test_error_has_code_params_and_text_in_the_requests_language(client: TestClient) -> None:
    q = {"at": "1988-05-08T02:30", "tz": "Asia/Seoul"}
    r = client.get("/api/liuren", params=q, headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})
    assert r.status_code == 422
    e = r.json()["error"]
    assert e["field"] == "fold" and e["code"] == "time.gap"
    assert e["message"].startswith("local time 1988-05-08T02:30:00 in Asia/Seoul does not exist")  # English
    assert "현지 시각" in e["text"] and "choose" not in e["text"]
    assert e["params"]["instant0"] == "1988-05-08T03:30:00+10:00"
    assert e["params"]["instant1"] == "1988-05-08T01:30:00+09:00"
    # the lang query parameter wins over the header; zh-TW reads 繁體
    r = client.get("/api/liuren", params={**q, "lang": "zh-Hant"}, headers={"Accept-Language": "ko"})
    assert "當地時間" in r.json()["error"]["text"]
    r = client.get("/api/liuren", params=q, headers={"Accept-Language": "zh-TW"})
    assert "當地時間" in r.json()["error"]["text"]
    r = client.get("/api/liuren", params=q)
    assert r.json()["error"]["text"] == r.json()["error"]["message"]


def test_validation_errors_name_the_field_in_the_readers_words(client: TestClient) -> None:
    r = client.get("/api/jinkoujue", params={**AT, "lang": "ko"})
    e = r.json()["error"]
    # the method's own refusal (its Params and cast validate a request, once), in the reader's words
    assert e["field"] == "difen" and e["code"] == "difen.required"
    assert e["text"].startswith("지분이 필요합니다.") and "difen" not in e["text"]


def test_a_broken_json_body_names_the_body(client: TestClient) -> None:
    r = client.post("/api/liuren", content=b'{"at": 2026-', headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    e = r.json()["error"]
    assert e["field"] == "body" and "not valid JSON" in e["message"]


def test_a_chunked_body_too_large_is_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 65536  # 2.5 MiB, more than the 2 MiB limit, with no Content-Length

    r = client.post("/api/liuren", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["field"] == "body"

    def small() -> Iterator[bytes]:
        yield b'{"at": "2026-03-10T21:00", '
        yield b'"tz": "Asia/Shanghai"}'

    r = client.post("/api/liuren", content=small(), headers={"Content-Type": "application/json"})
    assert r.status_code == 200 and r.json()["day"] == "癸未"


def test_nan_is_not_a_number(client: TestClient) -> None:
    for bad in ("nan", "NaN", "inf", "-inf"):
        r = client.get("/api/liuren", params={**AT, "lon": "121", "lat": bad})
        assert r.status_code == 422
        e = r.json()["error"]
        # not a number at all, not a number too big ("≤ 90")
        assert e["field"] == "lat" and e["code"] == "value.not_finite" and "≤" not in e["message"]
        assert "is not a finite number" in e["message"]


def test_a_rule_opens_by_its_id(client: TestClient) -> None:
    r = client.get("/api/sources/002-005.ke", params={"lang": "ko"}).json()
    assert r["count"] >= 1 and r["kind"] == "rule"
    rule = r["entries"][0]
    assert rule["id"] == "002-005.ke" and rule["method"] == "liuren" and rule["text"]
    got = client.get("/api/rules", params={"ids": "002-005.ke,000-031,nosuch", "lang": "ko"}).json()["rules"]
    assert set(got) == {"002-005.ke", "000-031"}
    assert got["000-031"]["text"].startswith("천덕") and got["002-005.ke"]["method"] == "liuren"
    assert got["000-031"]["method"] is None  # a shared 神煞 judgment: the statistics name its methods


def test_warnings_in_a_language(client: TestClient) -> None:
    english = "within a minute of an hour-branch change: the hour pillar changes there"
    doc = client.get("/api/liuren", params={**AT, "lang": "en"}).json()
    assert doc["warnings"] == [{"code": "warn.near_hour", "params": {}, "text": english}]
    # the document in the reader's language says its warnings in it, from their codes
    ko = client.get("/api/liuren", params={**AT, "lang": "ko"}).json()
    assert ko["lang"] == "ko" and ko["warnings"][0]["code"] == "warn.near_hour"
    assert "시주" in ko["warnings"][0]["text"]
    # and /api/messages says a document's warnings in another language by code (never from the text)
    unknown = {"code": "warn.from_a_newer_engine", "params": {}}
    r = client.post("/api/messages?lang=ko", json={"warnings": [*doc["warnings"], unknown]}).json()
    assert r["messages"][0] == {"code": "warn.near_hour", "params": {}, "text": ko["warnings"][0]["text"]}
    assert r["messages"][1] == {**unknown, "text": None}
    at = "2026-03-05T22:58:00+08:00"
    near_jie = {"code": "warn.near_jie", "params": {"gap": 12, "term": "驚蟄", "at": at}}
    r = client.post("/api/messages?lang=zh-Hant", json={"warnings": [near_jie]}).json()
    assert r["messages"][0]["text"] == f"距驚蟄（{at}）不到 12 秒：月柱在此交替，請核對輸入時間。"
    # an English text alone is no longer accepted: a warning is said from its code
    assert client.post("/api/messages?lang=ko", json={"texts": [english]}).status_code == 422


def test_methods_say_what_they_need_and_whether_they_read(client: TestClient) -> None:
    from xuanheng.frontend import needed
    from xuanheng.methods import registry

    meta = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}
    for name, m in registry().items():
        assert meta[name]["has_reading"] == m.has_reading
        assert meta[name]["needs"] == [p.name for p in needed(m)]
    assert meta["jinkoujue"]["needs"] == ["difen"] and meta["liuren"]["needs"] == []
    t = client.get("/api/i18n/ko").json()["topics"]
    assert t["總"] == "총론" and t["病"] == "질병"


def test_journal_items_carry_the_cast_time(client: TestClient) -> None:
    body = {"method": "liuren", "inputs": {**AT}, "question": "q"}
    case = client.post("/api/journal/cases", json=body).json()
    items = client.get("/api/journal/cases").json()["items"]
    assert items[0]["cast_time"] == "2026-03-10T21:00:00+08:00" and items[0]["cast_tz"] == "Asia/Shanghai"
    one = client.get(f"/api/journal/cases/{case['id']}").json()
    assert one["cast_time"] == "2026-03-10T21:00:00+08:00"


def test_statistics_give_intervals_and_the_base_rate(client: TestClient) -> None:
    ids = []
    for h in ("21:00", "09:00", "13:00"):
        body = {"method": "liuren", "inputs": {"at": f"2026-03-10T{h}", "tz": "Asia/Shanghai"}}
        ids.append(client.post("/api/journal/cases", json=body).json()["id"])
    for cid, res in zip(ids, ("應驗", "不驗", "應驗"), strict=True):
        client.put(f"/api/journal/cases/{cid}/outcome", json={"result": res})
    s = client.get("/api/journal/statistics").json()
    assert s["base_rate"] == 2 / 3 and s["min_cases"] == 5
    m = s["by_method"]["liuren"]
    assert m["judged"] == 3 and m["enough"] is False and m["vs_base"] is None
    lo, hi = m["interval"]
    assert 0.2 < lo < 0.21 and 0.93 < hi < 0.94
    assert all(v["methods"] == ["liuren"] for v in s["by_rule"].values())


def test_a_rule_with_placeholders_reads_as_a_general_statement(client: TestClient) -> None:
    """The statistics and the sources page show a rule without a chart: its {placeholders} become words
    (and the Korean particles follow them), never braces."""
    for lang in ("ko", "zh-Hant", "en"):
        rules = client.get("/api/rules", params={"ids": "002-005.bi,002-006", "lang": lang}).json()["rules"]
        assert set(rules) == {"002-005.bi", "002-006"}
        for r in rules.values():
            assert "{" not in r["text"] and "(와)" not in r["text"] and "(가)" not in r["text"], r["text"]
        src = client.get("/api/sources/002-005.bi", params={"lang": lang}).json()
        assert src["entries"] and all("{" not in e.get("text", "") for e in src["entries"])
    ko = client.get("/api/rules", params={"ids": "002-005.bi", "lang": "ko"}).json()["rules"]["002-005.bi"]
    assert ko["text"].startswith("그 자리와 ")  # 리 has no final consonant → 와


def test_a_case_saved_before_the_envelope_keeps_its_cast_time() -> None:
    """A case saved with the schema-1 shape (the calendar's ``input``, 大六壬's ``calendar.input``) still
    shows when and in which zone it was cast; a schema-2 document is read from its ``inputs``."""
    from types import SimpleNamespace

    from xuanheng.web.routes_journal import with_cast_time

    old_calendar = {"schema_version": 1, "input": {"at": "2026-03-10T21:00:00+09:00", "tz": "Asia/Seoul"}}
    old_liuren = {"schema_version": 1, "calendar": old_calendar}
    new = {"schema_version": 2, "inputs": {"at": "2026-03-10T21:00:00+09:00", "tz": "Asia/Seoul"}}
    for chart in (old_calendar, old_liuren, new):
        out = with_cast_time(SimpleNamespace(chart=chart, inputs={"at": "2026-03-10T21:00"}), {})
        assert out == {"cast_time": "2026-03-10T21:00:00+09:00", "cast_tz": "Asia/Seoul"}, chart
