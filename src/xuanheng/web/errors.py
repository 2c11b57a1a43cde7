"""Turn every refused input into a clear 4xx JSON answer; never a traceback.

Shape of an error answer (FastAPI's own validation shape, plus one readable line)::

    {"error": {"status": 422, "field": "difen", "message": "unknown branch 'x': expected one of …",
               "code": "difen.unknown", "params": {"value": "'x'"}, "text": "알 수 없는 지분 'x' …"},
     "detail": [{"loc": ["query", "difen"], "msg": "…", "type": "InputError"}]}

``message`` is the English message as the library wrote it; ``code`` and ``params`` name it in the message
catalogue (``xuanheng.i18n.messages``; absent when the catalogue does not know it) and ``text`` is the
same message in the language of the request — its ``lang`` query parameter, else its ``Accept-Language``
header, else English. A field in ``text`` is named by its label in that language.

:class:`~xuanheng.errors.XuanhengError` → 422 (journal errors: not found 404, access 403, auth 401,
conflict 409, limit 413); request validation → 422 naming each field and what it accepts.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from xuanheng.errors import XuanhengError
from xuanheng.frontend import param_front
from xuanheng.i18n import messages
from xuanheng.reading import LANGS

#: journal error class name → HTTP status (the journal package documents the same mapping)
_STATUS_BY_NAME = {
    "NotFoundError": 404,
    "AccessDeniedError": 404,  # hide that another user's case exists
    "AuthError": 401,
    "ConflictError": 409,
    "LimitError": 413,
    "ThrottledError": 429,
    "StorageError": 503,
}


class ErrorBody(BaseModel):
    status: int
    field: str | None = None
    message: str = Field(..., description="the English message")
    code: str | None = Field(None, description="the message's code in the catalogue")
    params: dict[str, Any] | None = None
    text: str = Field(..., description="the message in the request's language")


class ErrorDetail(BaseModel):
    loc: list[str | int]
    msg: str
    type: str


class ErrorOut(BaseModel):
    """Every refusal: ``error`` (one readable line, its code and its text in the reader's language) and
    FastAPI's ``detail`` list."""

    error: ErrorBody
    detail: list[ErrorDetail]


_DESCRIPTIONS = {
    400: "malformed request: a request line or headers the server cannot read (e.g. over 64 KiB), "
    "or a Content-Length that is not a number",
    401: "not logged in, the session has ended, or the name or password is wrong",
    404: "no such case in your journal (another user's case answers the same)",
    409: "conflict with the stored journal (a name taken, case ids in use, an Idempotency-Key reused)",
    413: "request body or a field too large",
    422: "an input is refused: the field is named and what is accepted is said",
    429: "too many failed logins: wait the seconds of Retry-After",
    503: "the journal database cannot be reached",
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` of the refusals a route really gives (error shape :class:`ErrorOut`); 400 is
    always among them (the HTTP server itself answers it to a request line or headers it cannot read)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in sorted({400, *codes}):
        entry: dict[str, Any] = {"model": ErrorOut, "description": _DESCRIPTIONS[code]}
        if code == 400:  # the HTTP server's own answer to a request it cannot read is plain text
            entry["content"] = {"text/plain": {"schema": {"type": "string"}}}
        if code == 429:
            entry["headers"] = {
                "Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}
            }
        out[code] = entry
    return out


def status_of(exc: XuanhengError) -> int:
    for cls in type(exc).__mro__:
        if cls.__name__ in _STATUS_BY_NAME:
            return _STATUS_BY_NAME[cls.__name__]
    return 422


def request_lang(request: Request | None) -> str:
    """The language a request reads: its ``lang`` query parameter, else the first language of its
    ``Accept-Language`` header that the app speaks (``ko-KR`` → ko, ``zh-TW``/``zh-HK`` → zh-Hant,
    ``zh-CN``/``zh-SG`` → zh-Hans), else English."""
    if request is None:
        return "en"
    q = request.query_params.get("lang")
    if q:
        for lang in LANGS:
            if q.strip().replace("_", "-").casefold() == lang.casefold():
                return lang
    return accept_language(request.headers.get("accept-language", ""))


def accept_language(header: str) -> str:
    """The first language of an ``Accept-Language`` header that the app speaks (else ``en``)."""
    tags: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:20]):
        tag, _, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        tags.append((-q, i, tag.strip().casefold()))
    for _q, _i, tag in sorted(tags):
        lang = lang_of_tag(tag)
        if lang:
            return lang
    return "en"


def lang_of_tag(tag: str) -> str | None:
    """The app's language for a BCP 47 tag (``ko-KR`` → ko, ``zh-Hant-TW`` → zh-Hant …), or None."""
    t = tag.casefold().replace("_", "-")
    if t.startswith("ko"):
        return "ko"
    if t.startswith("en"):
        return "en"
    if t.startswith("zh"):
        parts = t.split("-")[1:]
        if "hans" in parts or any(p in ("cn", "sg", "my") for p in parts):
            return "zh-Hans"
        return "zh-Hant"
    return None


def field_labels(lang: str) -> dict[str, str]:
    """Parameter name → its label in *lang*, over every registered method (for messages naming a field)."""
    from xuanheng.methods import registry

    return dict(_field_labels(lang, tuple(registry())))


@lru_cache(maxsize=64)
def _field_labels(lang: str, _names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    from xuanheng.methods import registry

    out: dict[str, str] = {}
    for m in registry().values():
        for p in m.params.SPEC:
            out.setdefault(p.name, p.label.get(lang))
            for alias in param_front(m, p).aliases:
                out.setdefault(alias, p.label.get(lang))
    return tuple(out.items())


def error_response(
    status: int,
    message: str,
    field: str | None = None,
    where: str = "query",
    *,
    code: str | None = None,
    params: dict[str, Any] | None = None,
    request: Request | None = None,
) -> JSONResponse:
    detail = [{"loc": [where, field] if field else [where], "msg": message, "type": "value_error"}]
    err: dict[str, Any] = {"status": status, "field": field, "message": message}
    if code is None:
        found = messages.identify(message)
        if found is not None:
            code, params = found[0], {**found[1], **(params or {})}
    if code is not None:
        err["code"] = code
        err["params"] = _jsonable(params or {})
    lang = request_lang(request)
    text = None
    if code is not None and lang != "en":
        text = messages.render(code, params or {}, lang, labels=field_labels(lang))
    err["text"] = text or message
    return JSONResponse({"error": err, "detail": detail}, status_code=status)


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v if isinstance(v, str | int | float | bool) or v is None else str(v) for k, v in params.items()
    }


def _describe(err: dict[str, Any]) -> tuple[str, str]:
    loc = [str(x) for x in err.get("loc", ()) if x not in ("query", "body", "path", "header", "cookie")]
    field = ".".join(loc) or "request"
    if err.get("type") == "json_invalid":  # its loc is a byte offset into the body, not a field
        field = "body"
    msg = str(err.get("msg", "invalid value"))
    ctx = err.get("ctx") or {}
    expected = ctx.get("expected")
    if expected and str(expected) not in msg:
        msg = f"{msg}; expected {expected}"
    if err.get("type") == "missing":
        msg = "this field is required"
    elif err.get("type") == "extra_forbidden":
        msg = "unknown parameter; see /openapi.json for the accepted ones"
    elif err.get("type") == "json_invalid":
        msg = "the body is not valid JSON"
    elif err.get("type") == "model_attributes_type":
        msg = "expected a JSON object"
    elif err.get("type") == "finite_number":
        msg = "not a number; a finite number is expected"
    elif err.get("type") in _PLAIN:
        msg = _PLAIN[str(err.get("type"))]
    elif err.get("type") in _BOUND and ctx:
        op, key = _BOUND[str(err.get("type"))]
        msg = f"should be {op} {ctx.get(key)}"
    elif err.get("type") in _LENGTH and ctx:
        what, key = _LENGTH[str(err.get("type"))]
        msg = what.format(ctx.get(key))
    elif err.get("type") == "literal_error" and expected:
        msg = "expected one of these values: " + ", ".join(re.findall(r"'([^']*)'", str(expected)))
    return field, msg


#: pydantic's messages of a malformed value, said as the catalogue says them (web.* in messages.toml)
_PLAIN = {
    "bool_parsing": "not true or false",
    "bool_type": "not true or false",
    "int_parsing": "not a whole number",
    "int_from_float": "not a whole number",
    "int_type": "not a whole number",
    "float_parsing": "not a number",
    "float_type": "not a number",
}
#: pydantic's length limits (web.too_long_text, web.too_long_list, web.too_short_text in messages.toml)
_LENGTH = {
    "string_too_long": ("at most {} characters", "max_length"),
    "too_long": ("at most {} items", "max_length"),
    "string_too_short": ("at least {} characters", "min_length"),
}
_BOUND = {
    "less_than_equal": ("≤", "le"),
    "less_than": ("<", "lt"),
    "greater_than_equal": ("≥", "ge"),
    "greater_than": (">", "gt"),
}


async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    detail = []
    lines = []
    first_field = None
    for e in errors[:20]:
        field, msg = _describe(e)
        first_field = first_field or field
        lines.append(f"{field}: {msg}")
        detail.append({"loc": [str(x) for x in e.get("loc", ())], "msg": msg, "type": str(e.get("type"))})
    message = "; ".join(lines) or "invalid request"
    lang = request_lang(request)
    err: dict[str, Any] = {"status": 422, "field": first_field, "message": message}
    if len(lines) == 1:
        found = messages.identify(message)
        if found is not None:
            err["code"], err["params"] = found
    texts = [
        messages.localize(line, lang, labels=field_labels(lang)) if lang != "en" else line for line in lines
    ]
    err["text"] = "; ".join(texts) or message
    return JSONResponse({"error": err, "detail": detail}, status_code=422)


async def _xuanheng(request: Request, exc: XuanhengError) -> JSONResponse:
    code, params = messages.describe(exc)
    resp = error_response(status_of(exc), str(exc), exc.field, code=code, params=params, request=request)
    retry_after = getattr(exc, "retry_after", None)
    if resp.status_code == 429 and isinstance(retry_after, int):
        resp.headers["Retry-After"] = str(retry_after)
    return resp


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at this request's path (several routes may share one)."""
    found: set[str] = set()
    routes = list(getattr(request.app, "routes", ()))
    for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        scope = {**request.scope, "method": method}
        if any(route.matches(scope)[0] == Match.FULL for route in routes):
            found.add(method)
    return sorted(found)


async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    message = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail, ensure_ascii=False)
    resp = error_response(exc.status_code, message, request=request)
    if exc.headers:
        resp.headers.update(exc.headers)
    if exc.status_code == 405:
        allow = allowed_methods(request)
        if allow:
            resp.headers["Allow"] = ", ".join(allow)
    return resp


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    # an engine bug, not a user error: say so without a traceback (the server log has it)
    msg = f"internal error ({type(exc).__name__}); please report the request"
    return error_response(500, msg, None, "server", request=request)


def install(app: FastAPI) -> None:
    """Register the handlers on *app*."""
    app.add_exception_handler(Exception, _internal)
    app.add_exception_handler(RequestValidationError, _validation)  # type: ignore[arg-type]
    app.add_exception_handler(XuanhengError, _xuanheng)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http)  # type: ignore[arg-type]
