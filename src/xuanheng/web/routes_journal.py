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
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from xuanheng.errors import InputError
from xuanheng.journal import (
    AuthError,
    CasePatch,
    CaseQuery,
    Journal,
    User,
    case_from_chart,
)
from xuanheng.rules.variants import with_variants
from xuanheng.web import auth
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


def install(app: FastAPI, settings: Settings) -> None:
    """Add the journal and account routes to *app*."""
    holder = JournalHolder(settings)
    registered: dict[str, MethodPlugin] = app.state.methods
    app.state.journal = holder
    router = APIRouter(tags=["journal"])

    def current_user(request: Request) -> User:
        journal = holder.get()
        if not settings.multi_user:
            return journal.local_user()
        uid = auth.verify(settings.secret, request.cookies.get(auth.COOKIE))
        if uid is None or not uid.isdigit():
            raise AuthError("not logged in: POST /api/login with name and password first", field="session")
        try:
            return journal.get_user(int(uid))
        except InputError:
            raise AuthError("the session names no existing user; log in again", field="session") from None

    UserDep = Annotated[User, Depends(current_user)]

    def _session_response(payload: dict[str, Any], user: User | None) -> JSONResponse:
        resp = JSONResponse(payload)
        if user is None:
            resp.delete_cookie(auth.COOKIE, path="/")
        else:
            resp.set_cookie(
                auth.COOKIE,
                auth.sign(settings.secret, str(user.id)),
                max_age=auth.MAX_AGE,
                httponly=True,
                samesite="lax",
                secure=settings.secure_cookie,
                path="/",
            )
        return resp

    @router.post("/api/login", summary="log in (multi-user mode); sets the session cookie")
    def login(body: LoginIn, request: Request) -> JSONResponse:
        _require_json(request)
        if not settings.multi_user:
            return JSONResponse({"user": holder.get().local_user().to_json(), "multi_user": False})
        user = holder.get().authenticate(body.name, body.password)
        if user is None:
            raise AuthError("user name or password is wrong", field="password")
        return _session_response({"user": user.to_json(), "multi_user": True}, user)

    @router.post("/api/signup", summary="create a user and log in (multi-user mode with XUANHENG_SIGNUP=1)")
    def signup(body: LoginIn, request: Request) -> JSONResponse:
        _require_json(request)
        if not settings.multi_user or os.environ.get(SIGNUP_ENV, "") not in {"1", "true", "yes"}:
            raise AuthError("sign-up is closed on this server (set XUANHENG_SIGNUP=1)", field="signup")
        user = holder.get().create_user(body.name, body.password)
        return _session_response({"user": user.to_json(), "multi_user": True}, user)

    @router.post("/api/logout", summary="log out (clears the session cookie)")
    def logout() -> JSONResponse:
        return _session_response({"ok": True}, None)

    @router.get("/api/me", summary="the current user, or 401 when not logged in")
    def me(user: UserDep) -> dict[str, Any]:
        return {"user": user.to_json(), "multi_user": settings.multi_user}

    @router.post("/api/journal/cases", status_code=201, summary="cast from inputs and save the case")
    def save(body: SaveIn, request: Request, user: UserDep) -> dict[str, Any]:
        _require_json(request)
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
        return holder.get().save_case(user, case_in).to_json()

    @router.get("/api/journal/cases", summary="list and search cases")
    def list_cases(
        user: UserDep,
        method: Annotated[str | None, Query(max_length=32)] = None,
        tag: Annotated[str | None, Query(max_length=64)] = None,
        text: Annotated[str | None, Query(max_length=200, description="text in question or notes")] = None,
        topic: Annotated[str | None, Query(max_length=64)] = None,
        outcome: Annotated[str | None, Query(max_length=16, description="應驗 不驗 部分 or pending")] = None,
        since: Annotated[datetime | None, Query(description="ISO date-time; cases on or after")] = None,
        until: Annotated[datetime | None, Query(description="ISO date-time; cases before")] = None,
        date_field: Literal["created_at", "cast_at"] = "created_at",
        order: Literal["newest", "oldest"] = "newest",
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
        with_chart: bool = False,
    ) -> dict[str, Any]:
        for name, value in (("since", since), ("until", until)):
            if value is not None and value.tzinfo is None:
                raise InputError(f"{name} needs a UTC offset, e.g. 2026-03-01T00:00:00+08:00", field=name)
        q = CaseQuery(
            method=method or None,
            tag=tag or None,
            text=text or None,
            topic=topic or None,
            outcome=outcome or None,
            since=since,
            until=until,
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

    @router.get("/api/journal/cases/{case_id}", summary="one case with its chart")
    def get_case(case_id: str, user: UserDep) -> dict[str, Any]:
        c = holder.get().get_case(user, case_id)
        return with_cast_time(c, c.to_json())

    @router.get("/api/journal/cases/{case_id}/svg", summary="the saved chart of a case as SVG")
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

    @router.patch("/api/journal/cases/{case_id}", summary="edit question, topic, tags or notes")
    def patch_case(case_id: str, body: PatchIn, request: Request, user: UserDep) -> dict[str, Any]:
        _require_json(request)
        patch = CasePatch(
            question=body.question,
            topic=body.topic,
            tags=None if body.tags is None else [t.strip() for t in body.tags if t.strip()],
            notes=body.notes,
        )
        return holder.get().update_case(user, case_id, patch).to_json()

    @router.delete("/api/journal/cases/{case_id}", status_code=204, summary="delete a case")
    def delete_case(case_id: str, user: UserDep) -> Response:
        holder.get().delete_case(user, case_id)
        return Response(status_code=204)

    @router.put("/api/journal/cases/{case_id}/outcome", summary="record the outcome 應驗 / 不驗 / 部分")
    def put_outcome(case_id: str, body: OutcomeIn, request: Request, user: UserDep) -> dict[str, Any]:
        _require_json(request)
        return holder.get().record_outcome(user, case_id, body.result, body.note).to_json()

    @router.delete("/api/journal/cases/{case_id}/outcome", summary="remove a recorded outcome")
    def delete_outcome(case_id: str, user: UserDep) -> dict[str, Any]:
        return holder.get().clear_outcome(user, case_id).to_json()

    @router.get("/api/journal/statistics", summary="outcomes per method, rule, 課體, 用爻, topic, verdict")
    def statistics(user: UserDep) -> dict[str, Any]:
        return holder.get().statistics(user).to_json()

    @router.get("/api/journal/export", summary="the whole journal as one JSON document")
    def export(user: UserDep) -> JSONResponse:
        data = holder.get().export_json(user)
        return JSONResponse(
            data, headers={"Content-Disposition": 'attachment; filename="xuanheng-journal.json"'}
        )

    @router.post("/api/journal/import", summary="add the cases of an exported document (all or nothing)")
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
