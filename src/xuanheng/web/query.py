"""One query-string policy for every route: a key the route does not take, or a key given twice
(``tz=UTC&tz=Asia/Tokyo``), is refused with 422 — never silently ignored or overwritten by the last value.

The chart endpoints check their keys through the method's ``Params`` and call :func:`refuse_repeated`; the
other routes get :func:`query_policy` as a dependency, which reads the route's declared query parameters.
``lang`` is accepted everywhere (it chooses the language of an error).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import Request

from xuanheng.errors import InputError

#: read by every route (the language of an error answer)
ALWAYS = frozenset({"lang"})
_ALLOWED: dict[int, frozenset[str]] = {}


def refuse_repeated(request: Request) -> None:
    """Refuse a query key given more than once."""
    counts = Counter(k for k, _v in request.query_params.multi_items())
    for key, n in counts.items():
        if n > 1:
            raise InputError(
                f"{key}: given more than once; give each parameter once",
                field=key,
                code="web.repeated_parameter",
                params={"field": key},
            )


def _allowed(route: Any) -> frozenset[str] | None:
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return None
    key = id(route)
    if key not in _ALLOWED:
        names: set[str] = set(ALWAYS)
        todo = [dependant]
        while todo:
            d = todo.pop()
            names.update(p.alias for p in d.query_params)
            todo.extend(d.dependencies)
        _ALLOWED[key] = frozenset(names)
    return _ALLOWED[key]


def query_policy(request: Request) -> None:
    """Dependency: refuse query keys the route does not declare, and repeated ones."""
    refuse_repeated(request)
    allowed = _allowed(request.scope.get("route"))
    if allowed is None:
        return
    for key in request.query_params:
        if key not in allowed:
            raise InputError(
                f"{key}: unknown parameter; see /openapi.json for the accepted ones",
                field=key,
                code="web.unknown_parameter",
                params={"field": key},
            )
