"""Turn every refused input into a clear 4xx JSON answer; never a traceback.

Shape of an error answer (FastAPI's own validation shape, plus one readable line)::

    {"error": {"status": 422, "field": "difen", "message": "unknown branch 'x': expected one of …"},
     "detail": [{"loc": ["query", "difen"], "msg": "…", "type": "InputError"}]}

:class:`~xuanheng.errors.XuanhengError` → 422 (journal errors: not found 404, access 403, auth 401,
conflict 409, limit 413); request validation → 422 naming each field and what it accepts.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from xuanheng.errors import XuanhengError

#: journal error class name → HTTP status (the journal package documents the same mapping)
_STATUS_BY_NAME = {
    "NotFoundError": 404,
    "AccessDeniedError": 404,  # hide that another user's case exists
    "AuthError": 401,
    "ConflictError": 409,
    "LimitError": 413,
}


def status_of(exc: XuanhengError) -> int:
    for cls in type(exc).__mro__:
        if cls.__name__ in _STATUS_BY_NAME:
            return _STATUS_BY_NAME[cls.__name__]
    return 422


def error_response(status: int, message: str, field: str | None = None, where: str = "query") -> JSONResponse:
    detail = [{"loc": [where, field] if field else [where], "msg": message, "type": "value_error"}]
    return JSONResponse(
        {"error": {"status": status, "field": field, "message": message}, "detail": detail},
        status_code=status,
    )


def _describe(err: dict[str, Any]) -> tuple[str, str]:
    loc = [str(x) for x in err.get("loc", ()) if x not in ("query", "body", "path", "header", "cookie")]
    field = ".".join(loc) or "request"
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
    return field, msg


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
    return JSONResponse(
        {"error": {"status": 422, "field": first_field, "message": message}, "detail": detail},
        status_code=422,
    )


async def _xuanheng(request: Request, exc: XuanhengError) -> JSONResponse:
    return error_response(status_of(exc), str(exc), exc.field)


async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    message = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail, ensure_ascii=False)
    resp = error_response(exc.status_code, message)
    if exc.headers:
        resp.headers.update(exc.headers)
    return resp


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    # an engine bug, not a user error: say so without a traceback (the server log has it)
    msg = f"internal error ({type(exc).__name__}); please report the request"
    return error_response(500, msg, None, "server")


def install(app: FastAPI) -> None:
    """Register the handlers on *app*."""
    app.add_exception_handler(Exception, _internal)
    app.add_exception_handler(RequestValidationError, _validation)  # type: ignore[arg-type]
    app.add_exception_handler(XuanhengError, _xuanheng)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http)  # type: ignore[arg-type]
