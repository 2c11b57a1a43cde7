"""The journal server as an internet-facing service: no 500 at the calendar's limits (and the connection kept
after any error), bodies bounded per route and not read before the session is checked, login throttling with
429 + Retry-After, server-side sessions (logout, log out everywhere, Secure cookies over HTTPS), one query
policy, password strength, import refusals, idempotent saves, an OpenAPI that lists the refusals, and 405
answers whose Allow lists every method of the path."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.web.app import create_app
from xuanheng.web.settings import Settings

LR = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
SECRET = "test-secret-0123456789abcdef0123456789abcdef"


def make_settings(tmp: Path, *, multi_user: bool = False) -> Settings:
    return Settings(db_url=f"sqlite:///{tmp / 'journal.sqlite3'}", secret=SECRET, multi_user=multi_user)


def _multi(tmp_path: Path, **kw: Any) -> TestClient:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'journal.sqlite3'}", secret=SECRET, multi_user=True, **kw
    )
    return TestClient(create_app(settings))


@pytest.fixture
def signup_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XUANHENG_SIGNUP", "1")


# ------------------------------------------------------------------------------------------------ 1. no 500s


@pytest.mark.parametrize(
    "query",
    [
        "since=0001-01-01T00:00:00%2B14:00",
        "until=9999-12-31T23:59:59-12:00",
        "since=0001-01-01T00:00:00%2B14:00&date_field=cast_at",
        "until=9999-12-31T23:59:59-12:00&date_field=cast_at",
    ],
)
def test_extreme_dates_are_a_typed_422_in_the_readers_language(client: TestClient, query: str) -> None:
    r = client.get(f"/api/journal/cases?{query}&lang=ko")
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == "journal.time_range" and err["field"] in ("since", "until")
    assert "날짜 범위를 벗어났습니다" in err["text"]
    assert client.get("/api/journal/cases").status_code == 200  # and the same connection answers on


def test_an_unexpected_error_is_a_500_that_keeps_the_connection(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path))

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("engine bug")

    with TestClient(app) as c:  # raises in the test if the exception escapes the app (the connection drops)
        r = c.get("/api/boom", headers={"Accept-Language": "ko"})
        assert r.status_code == 500 and r.json()["error"]["message"].startswith(
            "internal error (RuntimeError)"
        )
        assert c.get("/api/health").status_code == 200


def test_mcp_journal_search_refuses_extreme_dates(tmp_path: Path) -> None:
    from xuanheng.journal import Journal
    from xuanheng.mcp.tools import ToolSet

    j = Journal.open(f"sqlite:///{tmp_path / 'j.sqlite3'}", multi_user=False)
    try:
        search = ToolSet(j).tools()["journal_search"]
        for args in (
            {"since": "0001-01-01T00:00:00+14:00"},
            {"until": "9999-12-31T23:59:59-12:00", "date_field": "cast_at"},
            {"until": "0.5"},
        ):
            with pytest.raises(Exception) as e:
                search.run(dict(args))
            assert type(e.value).__name__ == "InputError" and e.value.field in ("since", "until")  # type: ignore[attr-defined]
    finally:
        j.close()


# ----------------------------------------------------------------------- 2. body limits, session before body


def test_body_limits_per_route(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret=SECRET, max_import=10_000))
    with TestClient(app) as c:
        big = {"format": "xuanheng-journal", "version": 1, "cases": [], "pad": "x" * 20_000}
        r = c.post("/api/journal/import", json=big, headers={"Accept-Language": "zh-TW"})
        assert r.status_code == 413 and r.json()["error"]["params"] == {"limit": 10_000}
        assert r.json()["error"]["text"] == "請求內容過大：最多 10000 位元組。"
        r = c.post("/api/journal/cases", json={"method": "liuren", "inputs": LR, "notes": "x" * 600_000})
        assert r.status_code == 413 and r.json()["error"]["params"] == {"limit": 512 * 1024}
        r = c.post("/api/login", json={"name": "a", "password": "x" * 17_000})
        assert r.status_code == 413 and r.json()["error"]["params"] == {"limit": 16 * 1024}
        # the largest body the schema allows fits: 1,024 astral characters are 12,288 bytes as JSON escapes
        r = c.post("/api/login", json={"name": "a" * 64, "password": "😀" * 1024})
        assert r.status_code == 200
        assert c.post("/api/journal/cases", json={"method": "liuren", "inputs": LR}).status_code == 201


def test_default_import_limit_is_16_mib() -> None:
    assert Settings(db_url="sqlite://", secret=SECRET).max_import == 16 * 1024 * 1024


def test_no_body_is_read_before_the_session_is_checked(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, multi_user=True))
    sent: list[dict[str, Any]] = []
    reads = 0

    async def receive() -> dict[str, Any]:
        nonlocal reads
        reads += 1
        return {"type": "http.request", "body": b"{}", "more_body": True}  # an endless body

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/journal/import",
        "raw_path": b"/api/journal/import",
        "root_path": "",
        "query_string": b"lang=ko",
        "headers": [(b"content-type", b"application/json"), (b"host", b"testserver")],
        "client": ("203.0.113.5", 4000),
        "server": ("testserver", 80),
        "app": app,
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 401 and reads == 0
    body = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert body["error"]["text"] == "로그인하지 않았습니다. 먼저 로그인하세요."
    # a method the path does not take is the router's 405, logged in or not
    with TestClient(app) as c:
        for method in ("TRACE", "PUT", "DELETE"):
            r = c.request(method, "/api/journal/cases")
            assert r.status_code == 405 and r.headers["allow"] == "GET, POST", method


def test_imports_are_parsed_one_at_a_time_per_worker() -> None:
    from xuanheng.web.limits import OneAtATime

    running = peak = 0

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.01)
        running -= 1

    gate = OneAtATime(inner, frozenset({"/api/journal/import"}))

    async def many(path: str) -> None:
        scope = {"type": "http", "method": "POST", "path": path}
        await asyncio.gather(*(gate(scope, None, None) for _ in range(5)))

    asyncio.run(many("/api/journal/import"))
    assert peak == 1
    peak = 0
    asyncio.run(many("/api/journal/cases"))
    assert peak == 5


# ------------------------------------------------------------------------------------------- 3. throttling


def test_login_throttle_answers_429_with_retry_after(tmp_path: Path, signup_open: None) -> None:
    with _multi(tmp_path) as c:
        assert c.post("/api/signup", json={"name": "alice", "password": "correct horse"}).status_code == 200
        guesser = TestClient(c.app)
        codes = [
            guesser.post("/api/login", json={"name": "alice", "password": f"guess {i}"}).status_code
            for i in range(6)
        ]
        assert codes == [401] * 6
        r = guesser.post(
            "/api/login",
            json={"name": "alice", "password": "correct horse"},
            headers={"Accept-Language": "ko"},
        )
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert r.json()["error"]["code"] == "journal.throttled"
        assert "로그인 실패가 너무 많습니다" in r.json()["error"]["text"]


# ------------------------------------------------------------------------------------------- 4. sessions


def test_logout_ends_the_session_on_the_server(tmp_path: Path, signup_open: None) -> None:
    with _multi(tmp_path) as c:
        assert c.post("/api/signup", json={"name": "alice", "password": "correct horse"}).status_code == 200
        captured = c.cookies.get("xh_session")
        assert captured and c.get("/api/me").status_code == 200
        assert c.post("/api/logout").status_code == 200
        thief = TestClient(c.app)
        thief.cookies.set("xh_session", captured)
        r = thief.get("/api/me", headers={"Accept-Language": "zh-CN"})
        assert r.status_code == 401 and r.json()["error"]["code"] == "journal.session_ended"
        assert r.json()["error"]["text"] == "工作阶段已结束（已登出、逾期或被撤销）：请重新登入。"
        r = thief.post("/api/journal/cases", json={"method": "liuren", "inputs": LR})
        assert r.status_code == 401 and r.json()["error"]["code"] == "journal.session_ended"


def test_log_out_everywhere(tmp_path: Path, signup_open: None) -> None:
    with _multi(tmp_path) as c:
        assert c.post("/api/signup", json={"name": "alice", "password": "correct horse"}).status_code == 200
        phone = TestClient(c.app)
        assert (
            phone.post("/api/login", json={"name": "alice", "password": "correct horse"}).status_code == 200
        )
        assert phone.get("/api/me").status_code == 200
        r = c.post("/api/logout/everywhere")
        assert r.status_code == 200 and r.json()["revoked"] == 2
        assert phone.get("/api/me").status_code == 401 and c.get("/api/me").status_code == 401
        assert TestClient(c.app).post("/api/logout/everywhere").status_code == 401


def _cookie_header(r: Any) -> str:
    return "; ".join(v for k, v in r.headers.multi_items() if k == "set-cookie")


def test_secure_cookie_over_https_and_only_trusted_forwarded_proto(tmp_path: Path, signup_open: None) -> None:
    body = {"name": "alice", "password": "correct horse"}
    with _multi(tmp_path) as c:
        r = c.post("/api/signup", json=body)
        assert "Secure" not in _cookie_header(r) and "HttpOnly" in _cookie_header(r)
        https = TestClient(c.app, base_url="https://testserver")
        assert "Secure" in _cookie_header(https.post("/api/login", json=body))
        forged = c.post("/api/login", json=body, headers={"X-Forwarded-Proto": "https"})
        assert "Secure" not in _cookie_header(forged)  # proxies are not trusted unless configured
    with _multi(tmp_path, trust_proxy=True) as c:
        r = c.post("/api/login", json=body, headers={"X-Forwarded-Proto": "https"})
        assert "Secure" in _cookie_header(r)


# ----------------------------------------------------------------------------------------------- 5. laxness


@pytest.mark.parametrize(
    ("path", "field", "code"),
    [
        ("/api/journal/cases?bogus=1", "bogus", "web.unknown_parameter"),
        ("/api/journal/cases?method=liuren&method=jinkoujue", "method", "web.repeated_parameter"),
        ("/api/journal/cases?until=0.5", "until", "journal.bad_timestamp"),
        ("/api/journal/cases?since=1700000000", "since", "journal.bad_timestamp"),
        ("/api/journal/cases?since=2026-03-01T00:00:00", "since", "journal.not_aware"),
        ("/api/journal/statistics?x=1", "x", "web.unknown_parameter"),
        ("/api/liuren?at=2026-03-10T21:00&tz=UTC&tz=Asia/Tokyo", "tz", "web.repeated_parameter"),
        ("/api/health?bogus=1", "bogus", "web.unknown_parameter"),
        ("/api/cities?q=a&q=b", "q", "web.repeated_parameter"),
    ],
)
def test_one_query_policy(client: TestClient, path: str, field: str, code: str) -> None:
    r = client.get(path)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field and r.json()["error"]["code"] == code


def test_lang_is_accepted_everywhere(client: TestClient) -> None:
    assert client.get("/api/journal/cases?lang=ko").status_code == 200
    assert client.get("/api/health?lang=en").status_code == 200


def test_weak_password_refused(tmp_path: Path, signup_open: None) -> None:
    with _multi(tmp_path) as c:
        r = c.post(
            "/api/signup", json={"name": "alice", "password": "12345678"}, headers={"Accept-Language": "ko"}
        )
        assert r.status_code == 422 and r.json()["error"]["code"] == "journal.password_weak"
        assert "비밀번호가 너무 쉽게 짐작됩니다" in r.json()["error"]["text"]


def test_import_refusals(tmp_path: Path, signup_open: None) -> None:
    with _multi(tmp_path) as alice:
        assert (
            alice.post("/api/signup", json={"name": "alice", "password": "correct horse"}).status_code == 200
        )
        case = alice.post("/api/journal/cases", json={"method": "liuren", "inputs": LR}).json()
        export = alice.get("/api/journal/export").json()
        r = alice.post("/api/journal/import", json={**export, "comment": "x"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "journal.import_unknown_fields"
        bob = TestClient(alice.app)
        assert bob.post("/api/signup", json={"name": "bob", "password": "battery staple"}).status_code == 200
        r = bob.post("/api/journal/import", json=export)
        assert r.status_code == 409 and case["id"] not in r.text
        r = alice.post("/api/journal/import", json=export)
        assert r.status_code == 409 and case["id"] in r.text  # the owner may be told


def test_missing_date_message_uses_api_wording(client: TestClient) -> None:
    for method in ("liuren", "jinkoujue", "liuyao", "qizheng"):
        r = client.post("/api/journal/cases", json={"method": method, "inputs": {}})
        assert r.status_code == 422 and "--at" not in r.text, r.text


# ------------------------------------------------------------------------------------ 7. OpenAPI, 405 Allow


def test_405_allow_lists_every_method_of_the_path(client: TestClient) -> None:
    r = client.put("/api/journal/cases")
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
    r = client.post("/api/journal/cases/abcdefgh1234")
    assert r.status_code == 405 and r.headers["allow"] == "DELETE, GET, PATCH"
    r = client.delete("/api/liuren")
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"


def test_openapi_documents_the_refusals(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    want = {
        ("/api/login", "post"): {"400", "401", "413", "422", "429"},
        ("/api/signup", "post"): {"401", "409", "413", "422"},
        ("/api/journal/cases", "post"): {"400", "401", "409", "413", "422"},
        ("/api/journal/cases", "get"): {"401", "422"},
        ("/api/journal/cases/{case_id}", "get"): {"401", "404", "422"},
        ("/api/journal/cases/{case_id}", "patch"): {"401", "404", "413", "422"},
        ("/api/journal/import", "post"): {"401", "409", "413", "422"},
        ("/api/logout/everywhere", "post"): {"401"},
        ("/api/health", "get"): {"422"},
    }
    for (path, method), codes in want.items():
        got = set(paths[path][method]["responses"])
        assert codes <= got, (path, method, got)
    assert "Retry-After" in paths["/api/login"]["post"]["responses"]["429"]["headers"]
    params = {p["name"]: p for p in paths["/api/journal/cases"]["post"]["parameters"]}
    assert params["Idempotency-Key"]["in"] == "header"


# -------------------------------------------------------------------------------------------- 8. retries


def test_idempotency_key_on_saves(client: TestClient) -> None:
    body = {"method": "liuren", "inputs": LR, "question": "會下雨嗎"}
    a = client.post("/api/journal/cases", json=body, headers={"Idempotency-Key": "k-1"})
    b = client.post("/api/journal/cases", json=body, headers={"Idempotency-Key": "k-1"})
    assert a.status_code == b.status_code == 201 and a.json()["id"] == b.json()["id"]
    assert client.get("/api/journal/cases").json()["total"] == 1
    r = client.post(
        "/api/journal/cases", json={**body, "question": "另一問"}, headers={"Idempotency-Key": "k-1"}
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "web.idempotency_mismatch"
    r = client.post("/api/journal/cases", json=body, headers={"Idempotency-Key": "has space"})
    assert r.status_code == 422
    assert client.post("/api/journal/cases", json=body).json()["id"] != a.json()["id"]


def test_the_declared_query_keys_are_kept_by_the_route_itself() -> None:
    """The keys a route declares are kept by the route object, held weakly, never by its ``id``: a route of
    an app that is gone could lend its id to another app's route, which then refused its own parameters
    (``layout`` refused by a render route when many test apps had come and gone)."""
    from types import SimpleNamespace

    from xuanheng.web import query

    class Route:  # what _allowed reads of a route: its dependant's query parameters
        def __init__(self, *names: str) -> None:
            params = [SimpleNamespace(alias=n) for n in names]
            self.dependant = SimpleNamespace(query_params=params, dependencies=[])

    route = Route

    # routes made and dropped one after another, each declaring another key: a new one is often made at the
    # address of one gone, and must still be read for itself
    for i in range(200):
        one = route(f"p{i}")
        assert query._allowed(one) == {"lang", f"p{i}"}
        del one  # freed at once (reference counting): its address is free for the next
