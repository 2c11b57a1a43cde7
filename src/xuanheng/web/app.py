"""The FastAPI application: JSON API for every registered method and the calendar, the case journal, the
page, and OpenAPI at ``/openapi.json``.

Stateless: nothing about a user or a request is kept in the process (sessions are signed cookies, the
journal lives in the database), so several workers — ``xuanheng serve --workers N`` or
``gunicorn -k uvicorn.workers.UvicornWorker 'xuanheng.web.app:app_from_env()'`` — can share a load balancer.
"""

from __future__ import annotations

import gc
import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from xuanheng import __version__
from xuanheng.i18n import LANGS, catalogue, messages
from xuanheng.reading import check_lang
from xuanheng.web import errors
from xuanheng.web.cities import search as city_search
from xuanheng.web.errors import responses
from xuanheng.web.limits import BodyLimit, OneAtATime
from xuanheng.web.query import query_policy
from xuanheng.web.registry import MethodPlugin, describe, method_labels, plugins, warm_up
from xuanheng.web.routes_methods import document_models, method_router
from xuanheng.web.settings import Settings
from xuanheng.web.sources import lookup, rules_by_id, titles


class WarningIn(BaseModel):
    """A document's warning by its catalogue code and parameters (its ``text`` is not needed)."""

    model_config = ConfigDict(extra="ignore")
    code: Annotated[str, StringConstraints(max_length=100)]
    params: dict[
        Annotated[str, StringConstraints(max_length=40)],
        Annotated[str, StringConstraints(max_length=200)] | int | float | bool | None,
    ] = Field(default_factory=dict, max_length=20)


class MessagesIn(BaseModel):
    """A document's warnings to say in another language, from their codes."""

    model_config = ConfigDict(extra="forbid")
    warnings: list[WarningIn] = Field(..., max_length=100)


def topic_labels(lang: str) -> dict[str, str]:
    """Each topic of the shared vocabulary (rules/data/topics.toml) → its name in *lang*."""
    from xuanheng.rules.topics import TOPIC_KEYS, topic_label

    return {k: topic_label(k, lang) for k in TOPIC_KEYS}


#: Content-Security-Policy of every page: no inline script, nothing from other origins
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
#: the whole-journal import takes ``Settings.max_import`` (16 MiB by default)
IMPORT_PATH = "/api/journal/import"
#: the journal's other JSON routes: the largest case the schema allows (inputs ≤ 64 KiB, notes ≤ 20,000
#: characters, each up to 12 bytes as a JSON escape …) fits
JOURNAL_PREFIX = "/api/journal/"
JOURNAL_MAX_BODY = 512 * 1024
#: name (≤ 64 characters) and password (≤ 1,024), even written as JSON escapes
ACCOUNT_MAX_BODY = 16 * 1024
ACCOUNT_PATHS = ("/api/login", "/api/signup", "/api/logout", "/api/logout/everywhere")

log = logging.getLogger("xuanheng.web")


class CatchAll:
    """Pure ASGI middleware: an unexpected exception becomes a 500 JSON answer here, and is not raised on.

    Starlette's outermost error handler answers 500 too, but raises the exception again afterwards, and the
    server then closes the kept-alive connection, so the client's next request on it fails. Here the
    traceback goes to the log and the connection stays usable.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking)
        except Exception as exc:
            log.exception("unexpected error answering %s %s", scope.get("method"), scope.get("path"))
            if started:
                return
            from starlette.requests import Request

            msg = f"internal error ({type(exc).__name__}); please report the request"
            resp = errors.error_response(500, msg, None, "server", request=Request(scope))
            await resp(scope, receive, send)


class SecurityHeaders:
    """Pure ASGI middleware: ``nosniff`` everywhere; CSP and referrer policy on the pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        page = not str(scope.get("path", "")).startswith("/api/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                if page:
                    headers.append((b"content-security-policy", CSP.encode()))
                    headers.append((b"referrer-policy", b"same-origin"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class GcPolicy:
    """Keep full garbage collections short in a long-running worker.

    The engines memoise tables and chart parts as they meet new days and options, so a worker's heap grows
    to a few hundred thousand long-lived objects; CPython's full (generation 2) collection then scans them all
    and stalls a request for ~100 ms every few hundred requests (measured: p99 6 ms, max 140 ms in process).
    Every *every* requests this moves the survivors into the permanent generation (``gc.freeze``), so full
    collections only scan what is new. Responses are freed by reference counting; the few reference cycles
    that could be frozen with them are a bounded, measured cost (~200 objects per 2,000 requests).
    """

    def __init__(self, app: ASGIApp, every: int = 2000) -> None:
        self.app = app
        self.every = every
        self.count = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        if scope["type"] == "http":
            self.count += 1
            if self.count % self.every == 0:
                gc.collect(1)
                gc.freeze()


def _static_dir() -> str:
    return str(resources.files("xuanheng.web").joinpath("static"))


def create_app(
    settings: Settings | None = None, *, methods: dict[str, MethodPlugin] | None = None
) -> FastAPI:
    """Build the app. *settings* default to :meth:`Settings.from_env`; *methods* to :func:`plugins`."""
    settings = settings or Settings.from_env()
    registered = plugins() if methods is None else methods

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if settings.warm_up:
            warm_up(registered)
            gc.collect()
            gc.freeze()  # tables and caches loaded so far live for the whole process: keep them out of GC
        yield

    app = FastAPI(
        lifespan=lifespan,
        title="xuanheng 璇衡",
        version=__version__,
        description=(
            "Classical Chinese divination charts (六壬金口訣, 大六壬) with source-cited readings, a "
            "calendar, and a case journal. Every chart endpoint takes the same parameters as the matching "
            "`xuanheng <method>` command and answers the same JSON as its `--json` output. Bad input → 422 "
            "with the field named."
        ),
        openapi_tags=[{"name": "meta"}, {"name": "journal"}],
        docs_url=None,  # the Swagger/ReDoc pages load scripts from a CDN; the page must work offline
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.methods = registered
    errors.install(app)

    for plugin in registered.values():
        app.include_router(method_router(plugin))
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        # the method endpoints read their requests as plain mappings (the method's Params validates them),
        # so FastAPI does not know their documented models: add them to the components once
        if app.openapi_schema is None:
            app.openapi_schema = document_models(generate(), registered.values())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    #: every meta route: one query policy (unknown or repeated keys → 422), documented
    meta: dict[str, Any] = {"dependencies": [Depends(query_policy)], "responses": responses(422)}

    @app.get("/api/health", tags=["meta"], summary="liveness check", **meta)
    async def health() -> dict[str, Any]:
        return {"ok": True, "engine_version": __version__}

    @app.get("/api/methods", tags=["meta"], summary="registered methods with their parameter schemas", **meta)
    async def list_methods() -> dict[str, Any]:
        return {
            "methods": [describe(p) for p in registered.values()],
            "langs": list(LANGS),
            "multi_user": settings.multi_user,
        }

    @app.get("/api/i18n/{lang}", tags=["meta"], summary="UI labels, topic names in one language", **meta)
    async def i18n(lang: str) -> dict[str, Any]:
        labels = catalogue(lang)
        return {
            "lang": lang,
            "labels": {**labels, **method_labels(registered, lang, labels)},
            "topics": topic_labels(lang),
        }

    @app.post(
        "/api/messages",
        tags=["meta"],
        summary="a document's warnings in a language, by code",
        dependencies=[Depends(query_policy)],
        responses=responses(400, 413, 422),
    )
    async def localize_messages(
        body: MessagesIn, lang: Annotated[str, Query(max_length=8)] = "en"
    ) -> dict[str, Any]:
        lang = check_lang(lang)
        labels = errors.field_labels(lang)
        out = [
            {
                "code": w.code,
                "params": w.params,
                "text": messages.render(w.code, w.params, lang, labels=labels),
            }
            for w in body.warnings
        ]
        return {"lang": lang, "messages": out}

    @app.get(
        "/api/rules", tags=["meta"], summary="rules by id: their text, method, topics and sources", **meta
    )
    async def rules(
        ids: Annotated[str, Query(max_length=20000, description="rule ids separated by commas")] = "",
        lang: Annotated[str, Query(max_length=8)] = "zh-Hant",
    ) -> dict[str, Any]:
        wanted = [i.strip() for i in ids.split(",") if i.strip()][:500]
        return {"lang": check_lang(lang), "rules": rules_by_id(wanted, lang)}

    @app.get("/api/cities", tags=["meta"], summary="search the built-in city list", **meta)
    async def cities(
        q: Annotated[str, Query(max_length=64, description="part of a city name in any language")] = "",
        limit: Annotated[int, Query(ge=1, le=50)] = 10,
    ) -> dict[str, Any]:
        return {"cities": city_search(q, limit)}

    @app.get(
        "/api/sources",
        tags=["meta"],
        summary="the book and chapter of cited sources, for their links",
        **meta,
    )
    async def source_titles(
        ids: Annotated[str, Query(max_length=20000, description="source ids separated by commas")] = "",
        lang: Annotated[str, Query(max_length=8)] = "zh-Hant",
    ) -> dict[str, Any]:
        wanted = [i.strip() for i in ids.split(",") if i.strip()][:500]
        return {"lang": check_lang(lang), "sources": titles(wanted, lang)}

    @app.get(
        "/api/sources/{ident}", tags=["meta"], summary="data entries (rules, tables) citing a source", **meta
    )
    async def source(ident: str, lang: Annotated[str, Query(max_length=8)] = "zh-Hant") -> dict[str, Any]:
        return lookup(ident, lang)

    _add_journal(app, settings)

    static = _static_dir()

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(f"{static}/index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=static), name="static")
    limits = {IMPORT_PATH: settings.max_import, **{p: ACCOUNT_MAX_BODY for p in ACCOUNT_PATHS}}
    app.add_middleware(OneAtATime, paths=frozenset({IMPORT_PATH}))
    app.add_middleware(
        BodyLimit, max_body=settings.max_body, overrides=limits, prefixes={JOURNAL_PREFIX: JOURNAL_MAX_BODY}
    )
    auth_first = getattr(app.state, "auth_first", None)
    if auth_first is not None:  # outside the body limit: nobody's body is read before the session is checked
        app.add_middleware(auth_first[0], **auth_first[1])
    app.add_middleware(SecurityHeaders)
    app.add_middleware(CatchAll)
    app.add_middleware(GcPolicy)

    @app.exception_handler(404)
    async def _not_found(request: Any, exc: Any) -> JSONResponse:
        msg = f"no such path {request.url.path!r}; see /openapi.json"
        return errors.error_response(404, msg, "path", "path", request=request)

    return app


def _add_journal(app: FastAPI, settings: Settings) -> None:
    """Mount the journal routes when the journal package is present."""
    try:
        mod = importlib.import_module("xuanheng.web.routes_journal")
    except ImportError:
        return
    mod.install(app, settings)


def app_from_env() -> FastAPI:
    """Factory for uvicorn/gunicorn workers: settings from the ``XUANHENG_*`` environment."""
    return create_app(Settings.from_env())
