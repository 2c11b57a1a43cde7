"""Journal endpoints under ``/api/journal/…``, and ``/api/login``, ``logout``, ``signup``, ``me``.

A saved case is re-cast on the server from its inputs (the same parameters as ``/api/<method>``), so the
stored chart is always one the engine drew, never one a client made up. Users: in single-user mode every
request is the local user; in multi-user mode a signed session cookie names the user, and each user sees
only their own cases (another user's case answers 404). Mutating requests must send JSON
(``Content-Type: application/json``), which a cross-site form cannot do — together with the ``SameSite=Lax``
cookie this blocks request forgery.

No ``from __future__ import annotations`` here: FastAPI must see the real annotation objects of the
closures (``UserDep`` is local).
"""

import os
import threading
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from xuanheng.errors import InputError
from xuanheng.journal import (
    AuthError,
    CasePatch,
    CaseQuery,
    ConflictError,
    Journal,
    User,
    case_from_chart,
)
from xuanheng.journal import validate as jv
from xuanheng.rules.variants import with_variants
from xuanheng.web import auth
from xuanheng.web.errors import error_response, responses
from xuanheng.web.query import query_policy
from xuanheng.web.registry import MethodPlugin
from xuanheng.web.settings import Settings

SIGNUP_ENV = "XUANHENG_SIGNUP"


class SaveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    method: str = Field(..., max_length=32, description="a registered method: jinkoujue, liuren …")
    inputs: dict[str, Any] = Field(..., description="the parameters of /api/<method>")
    question: str = Field("", max_length=2000)
    topic: str = Field("", max_length=64)
    tags: list[str] = Field(default_factory=list, max_length=32)
    notes: str = Field("", max_length=20000)


class PatchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str | None = Field(None, max_length=2000)
    topic: str | None = Field(None, max_length=64)
    tags: list[str] | None = Field(None, max_length=32)
    notes: str | None = Field(None, max_length=20000)


class OutcomeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    result: Literal["應驗", "不驗", "部分", "ying_yan", "bu_yan", "bu_fen"] = Field(
        ..., description="應驗 (borne out), 不驗 (not), 部分 (partly); pinyin aliases accepted"
    )
    note: str = Field("", max_length=5000)


class LoginIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(..., min_length=1, max_length=64)
    password: str = Field(..., min_length=1, max_length=1024)


class JournalHolder:
    """Opens the journal on first use (one per worker process; the journal itself is thread-safe)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._journal: Journal | None = None
        self._lock = threading.Lock()

    def get(self) -> Journal:
        if self._journal is None:
            with self._lock:
                if self._journal is None:
                    self._journal = Journal.open(self.settings.db_url, multi_user=self.settings.multi_user)
        return self._journal


def client_address(request: Request, settings: Settings) -> str | None:
    """The client's address: the socket's peer, or — only when ``XUANHENG_TRUST_PROXY`` is set — the last
    address of ``X-Forwarded-For`` (the one the trusted proxy itself appended)."""
    if settings.trust_proxy:
        forwarded = request.headers.get("x-forwarded-for", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return request.client.host if request.client else None


def is_https(request: Request, settings: Settings) -> bool:
    """Whether the client reached the server over HTTPS: the request's own scheme, or — only when
    ``XUANHENG_TRUST_PROXY`` is set — the proxy's ``X-Forwarded-Proto``."""
    if request.url.scheme == "https":
        return True
    if settings.trust_proxy:
        proto = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
        return proto == "https"
    return False


def session_token(request_cookies: dict[str, str], settings: Settings) -> str | None:
    """The session token of a request's cookie, when its signature and absolute age hold."""
    return auth.verify(settings.secret, request_cookies.get(auth.COOKIE))


def _require_json(request: Request) -> None:
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise InputError(
            f"Content-Type {ctype or 'missing'!r} is not accepted: send the body as application/json",
            field="content-type",
        )


def _cast(
    registered: dict[str, MethodPlugin], method: str, inputs: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    plugin = registered.get(method)
    if plugin is None:
        raise InputError(
            f"unknown method {method!r}: expected one of {', '.join(registered) or '(none installed)'}",
            field="method",
        )
    request = plugin.request(inputs)  # validated once, by the method's Params, as /api/<method> is
    doc = plugin.compute(request)
    stored = request.echo  # every documented field, a drawn seed kept (the saved case can be recreated)
    return stored, doc


#: paths whose requests with a body need a live session (multi-user mode), checked before the body is read
GUARDED_PREFIX = "/api/journal/"
GUARDED_PATHS = frozenset({"/api/logout/everywhere"})


class AuthFirst:
    """Pure ASGI middleware (multi-user mode): a request with a body to a journal route is answered 401
    before one byte of its body is read unless its session cookie names a live session — an anonymous
    client cannot make the server buffer or parse anything."""

    def __init__(self, app: ASGIApp, holder: "JournalHolder", settings: Settings) -> None:
        self.app = app
        self.holder = holder
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if (
            scope["type"] != "http"
            or not self.settings.multi_user
            or scope.get("method") not in ("POST", "PUT", "PATCH", "DELETE")
            or not (path.startswith(GUARDED_PREFIX) or path in GUARDED_PATHS)
            or not _routed(scope)  # a method the path does not take: the router answers 405 (or 404)
        ):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        token = session_token(request.cookies, self.settings)
        user = None
        if token is not None:
            user = await run_in_threadpool(
                self.holder.get().session_user,
                token,
                idle=self.settings.session_idle,
                max_age=self.settings.session_max_age,
            )
        if user is None:
            if token is None:
                message, code = "not logged in: POST /api/login with name and password first", None
            else:
                message = "the session has ended (logged out, expired or revoked); log in again"
                code = "journal.session_ended"
            resp = error_response(401, message, "session", "cookie", code=code, request=request)
            await resp(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _routed(scope: Scope) -> bool:
    """Whether some route of the app takes this request's method at this path."""
    app = scope.get("app")
    return any(route.matches(scope)[0] == Match.FULL for route in getattr(app, "routes", ()))


def install(app: FastAPI, settings: Settings) -> None:
    """Add the journal and account routes to *app*."""
    holder = JournalHolder(settings)
    registered: dict[str, MethodPlugin] = app.state.methods
    app.state.journal = holder
    app.state.auth_first = (AuthFirst, {"holder": holder, "settings": settings})
    router = APIRouter(tags=["journal"], dependencies=[Depends(query_policy)])

    def current_user(request: Request) -> User:
        journal = holder.get()
        if not settings.multi_user:
            return journal.local_user()
        token = session_token(request.cookies, settings)
        if token is None:
            raise AuthError("not logged in: POST /api/login with name and password first", field="session")
        user = journal.session_user(token, idle=settings.session_idle, max_age=settings.session_max_age)
        if user is None:
            raise AuthError(
                "the session has ended (logged out, expired or revoked); log in again",
                field="session",
                code="journal.session_ended",
            )
        return user

    UserDep = Annotated[User, Depends(current_user)]

    def _session_response(
        payload: dict[str, Any], request: Request, user: User | None, status_code: int = 200
    ) -> JSONResponse:
        resp = JSONResponse(payload, status_code=status_code)
        secure = settings.secure_cookie or is_https(request, settings)
        if user is None:
            resp.delete_cookie(auth.COOKIE, path="/", httponly=True, samesite="lax", secure=secure)
        else:
            token = holder.get().create_session(user)
            resp.set_cookie(
                auth.COOKIE,
                auth.sign(settings.secret, token, max_age=settings.session_max_age),
                max_age=settings.session_max_age,
                httponly=True,
                samesite="lax",
                secure=secure,
                path="/",
            )
        return resp

    @router.post(
        "/api/login",
        summary="log in (multi-user mode); sets the session cookie",
        responses=responses(400, 401, 413, 422, 429),
    )
    def login(body: LoginIn, request: Request) -> JSONResponse:
        _require_json(request)
        if not settings.multi_user:
            return JSONResponse({"user": holder.get().local_user().to_json(), "multi_user": False})
        user = holder.get().login(body.name, body.password, address=client_address(request, settings))
        return _session_response({"user": user.to_json(), "multi_user": True}, request, user)

    @router.post(
        "/api/signup",
        summary="create a user and log in (multi-user mode with XUANHENG_SIGNUP=1)",
        responses=responses(400, 401, 409, 413, 422),
    )
    def signup(body: LoginIn, request: Request) -> JSONResponse:
        _require_json(request)
        if not settings.multi_user or os.environ.get(SIGNUP_ENV, "") not in {"1", "true", "yes"}:
            raise AuthError("sign-up is closed on this server (set XUANHENG_SIGNUP=1)", field="signup")
        user = holder.get().create_user(body.name, body.password)
        return _session_response({"user": user.to_json(), "multi_user": True}, request, user)

    @router.post(
        "/api/logout",
        summary="log out: ends this session on the server and clears its cookie",
        responses=responses(400, 413, 422),
    )
    def logout(request: Request) -> JSONResponse:
        token = session_token(request.cookies, settings)
        if settings.multi_user and token is not None:
            holder.get().revoke_session(token)
        return _session_response({"ok": True}, request, None)

    @router.post(
        "/api/logout/everywhere",
        summary="log out everywhere: ends every session of the current user (all browsers and devices)",
        responses=responses(400, 401, 413, 422),
    )
    def logout_everywhere(request: Request, user: UserDep) -> JSONResponse:
        n = holder.get().revoke_sessions(user) if settings.multi_user else 0
        return _session_response({"ok": True, "revoked": n}, request, None)

    @router.get(
        "/api/me", summary="the current user, or 401 when not logged in", responses=responses(401, 422)
    )
    def me(user: UserDep) -> dict[str, Any]:
        return {"user": user.to_json(), "multi_user": settings.multi_user}

    @router.post(
        "/api/journal/cases",
        status_code=201,
        summary="cast from inputs and save the case",
        description=(
            "With an `Idempotency-Key` header, a retry with the same key (by the same user) stores nothing "
            "and answers the case the first request stored."
        ),
        responses=responses(400, 401, 409, 413, 422),
    )
    def save(
        body: SaveIn,
        request: Request,
        user: UserDep,
        idempotency_key: Annotated[
            str | None,
            Header(
                alias="Idempotency-Key",
                max_length=128,
                description="a key of your choosing (1–128 printable ASCII characters) for safe retries",
            ),
        ] = None,
    ) -> dict[str, Any]:
        _require_json(request)
        journal = holder.get()
        if idempotency_key is not None:
            first = journal.case_for_key(user, idempotency_key)
            if first is not None:
                if first.method != body.method or first.question != body.question:
                    raise ConflictError(
                        f"Idempotency-Key {idempotency_key} was used for another request; "
                        "use a new key for a new save",
                        field="idempotency_key",
                        code="web.idempotency_mismatch",
                        params={"key": idempotency_key},
                    )
                return with_cast_time(first, first.to_json())
        inputs, doc = _cast(registered, body.method, body.inputs)
        case_in = case_from_chart(
            body.method,
            inputs,
            doc,
            with_variants(registered[body.method].method.package, chart_reading(doc), str(doc.get("lang"))),
            keys=registered[body.method].method.facts(doc),
            question=body.question,
            topic=body.topic,
            tags=[t.strip() for t in body.tags if t.strip()],
            notes=body.notes,
        )
        saved = journal.save_case(user, case_in, idempotency_key=idempotency_key)
        return with_cast_time(saved, saved.to_json())

    @router.get("/api/journal/cases", summary="list and search cases", responses=responses(401, 422))
    def list_cases(
        user: UserDep,
        method: Annotated[str | None, Query(max_length=32)] = None,
        tag: Annotated[str | None, Query(max_length=64)] = None,
        text: Annotated[str | None, Query(max_length=200, description="text in question or notes")] = None,
        topic: Annotated[str | None, Query(max_length=64)] = None,
        outcome: Annotated[str | None, Query(max_length=16, description="應驗 不驗 部分 or pending")] = None,
        since: Annotated[
            str | None,
            Query(
                max_length=64,
                description="ISO 8601 date-time with a UTC offset; cases on or after",
                json_schema_extra={"format": "date-time"},
            ),
        ] = None,
        until: Annotated[
            str | None,
            Query(
                max_length=64,
                description="ISO 8601 date-time with a UTC offset; cases before",
                json_schema_extra={"format": "date-time"},
            ),
        ] = None,
        date_field: Literal["created_at", "cast_at"] = "created_at",
        order: Literal["newest", "oldest"] = "newest",
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
        with_chart: bool = False,
    ) -> dict[str, Any]:
        q = CaseQuery(
            method=method or None,
            tag=tag or None,
            text=text or None,
            topic=topic or None,
            outcome=outcome or None,
            since=None if since is None else jv.query_time(since, "since"),
            until=None if until is None else jv.query_time(until, "until"),
            date_field=date_field,
            order=order,
            limit=limit,
            offset=offset,
        )
        page = holder.get().list_cases(user, q)
        return {
            "items": [with_cast_time(c, c.to_json(with_chart=with_chart)) for c in page.items],
            "total": page.total,
            "limit": page.limit,
            "offset": page.offset,
        }

    @router.get(
        "/api/journal/cases/{case_id}", summary="one case with its chart", responses=responses(401, 404, 422)
    )
    def get_case(case_id: str, user: UserDep) -> dict[str, Any]:
        c = holder.get().get_case(user, case_id)
        return with_cast_time(c, c.to_json())

    @router.get(
        "/api/journal/cases/{case_id}/svg",
        summary="the saved chart of a case as SVG",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}, "description": "SVG"},
            **responses(401, 404, 422),
        },
    )
    def case_svg(
        case_id: str,
        user: UserDep,
        lang: Literal["ko", "zh-Hant", "zh-Hans", "en"] = "zh-Hant",
        layout: Literal["wide", "narrow"] = "wide",
    ) -> Response:
        case = holder.get().get_case(user, case_id)
        plugin = registered.get(case.method)
        if plugin is None:
            raise InputError(f"method {case.method!r} is not installed on this server", field="method")
        return Response(plugin.render_svg(case.chart, lang, layout), media_type="image/svg+xml")

    @router.patch(
        "/api/journal/cases/{case_id}",
        summary="edit question, topic, tags or notes",
        responses=responses(400, 401, 404, 413, 422),
    )
    def patch_case(case_id: str, body: PatchIn, request: Request, user: UserDep) -> dict[str, Any]:
        _require_json(request)
        patch = CasePatch(
            question=body.question,
            topic=body.topic,
            tags=None if body.tags is None else [t.strip() for t in body.tags if t.strip()],
            notes=body.notes,
        )
        return holder.get().update_case(user, case_id, patch).to_json()

    @router.delete(
        "/api/journal/cases/{case_id}",
        status_code=204,
        summary="delete a case",
        response_class=Response,
        responses=responses(401, 404, 422),
    )
    def delete_case(case_id: str, user: UserDep) -> Response:
        holder.get().delete_case(user, case_id)
        return Response(status_code=204)

    @router.put(
        "/api/journal/cases/{case_id}/outcome",
        summary="record the outcome 應驗 / 不驗 / 部分",
        responses=responses(400, 401, 404, 413, 422),
    )
    def put_outcome(case_id: str, body: OutcomeIn, request: Request, user: UserDep) -> dict[str, Any]:
        _require_json(request)
        return holder.get().record_outcome(user, case_id, body.result, body.note).to_json()

    @router.delete(
        "/api/journal/cases/{case_id}/outcome",
        summary="remove a recorded outcome",
        responses=responses(401, 404, 422),
    )
    def delete_outcome(case_id: str, user: UserDep) -> dict[str, Any]:
        return holder.get().clear_outcome(user, case_id).to_json()

    @router.get(
        "/api/journal/statistics",
        summary="outcomes per method, rule, 課體, 用爻, topic, verdict",
        responses=responses(401, 422),
    )
    def statistics(user: UserDep) -> dict[str, Any]:
        return holder.get().statistics(user).to_json()

    @router.get(
        "/api/journal/export", summary="the whole journal as one JSON document", responses=responses(401, 422)
    )
    def export(user: UserDep) -> JSONResponse:
        data = holder.get().export_json(user)
        return JSONResponse(
            data, headers={"Content-Disposition": 'attachment; filename="xuanheng-journal.json"'}
        )

    @router.post(
        "/api/journal/import",
        summary="add the cases of an exported document (all or nothing)",
        responses=responses(400, 401, 409, 413, 422),
    )
    def import_(
        body: dict[str, Any],
        request: Request,
        user: UserDep,
        on_conflict: Literal["error", "skip", "new_id"] = "error",
    ) -> dict[str, Any]:
        _require_json(request)
        n = holder.get().import_json(user, body, on_conflict=on_conflict)
        return {"imported": n}

    app.include_router(router)


def with_cast_time(case: Any, out: dict[str, Any]) -> dict[str, Any]:
    """*out* (a case's JSON) with ``cast_time``, the cast instant on the clock of the chart's own zone
    (ISO with its offset), and ``cast_tz``, the zone the chart was cast in — what the page shows as "cast
    at" (``cast_at`` is the same instant in UTC)."""
    from xuanheng.journal.facts import cast_instant

    dt = cast_instant(case.chart, case.inputs)
    out["cast_time"] = None if dt is None else dt.isoformat()
    tz = case.inputs.get("tz") if isinstance(case.inputs, dict) else None
    if not isinstance(tz, str):
        chart = case.chart if isinstance(case.chart, dict) else {}
        # the document's inputs; then, for a case saved before the one envelope (schema 1), the older
        # holders of the zone (the calendar's ``input``, 大六壬's ``calendar``) — read for stored data only
        calendar = chart.get("calendar")
        legacy = calendar.get("input") if isinstance(calendar, dict) else None
        for holder in (chart.get("inputs"), chart.get("input"), legacy, calendar):
            if isinstance(holder, dict) and isinstance(holder.get("tz"), str):
                tz = holder["tz"]
                break
    out["cast_tz"] = tz if isinstance(tz, str) else None
    return out


def chart_reading(doc: dict[str, Any]) -> list[Any]:
    """The fired rules of a chart document (``reading`` list), or an empty list."""
    r = doc.get("reading")
    return list(r) if isinstance(r, list) else []
