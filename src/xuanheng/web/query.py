"""One query-string policy for every route: a key the route does not take, or a key given twice
(``tz=UTC&tz=Asia/Tokyo``), is refused with 422 — never silently ignored or overwritten by the last value.

The chart endpoints check their keys through the method's ``Params`` and call :func:`refuse_repeated`; the
other routes get :func:`query_policy` as a dependency, which reads the route's declared query parameters.
``lang`` is accepted everywhere (it chooses the language of an error).
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from weakref import ReferenceType, ref

from fastapi import Request

from xuanheng.errors import InputError

#: read by every route (the language of an error answer)
ALWAYS = frozenset({"lang"})
#: the query keys each route declares, by ``id(route)`` with a weak reference to the route itself: the
#: id alone is not enough, since a route of an app that is gone lends its id to a route of another app,
#: which then refused its own parameters (the tests build many apps: ``layout`` refused by a render
#: route, the stop-39 CI failure); a route is not hashable (it defines ``__eq__``), so no weak-keyed dict
_ALLOWED: dict[int, tuple[ReferenceType[Any], frozenset[str]]] = {}


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
    kept = _ALLOWED.get(id(route))
    if kept is not None and kept[0]() is route:
        return kept[1]
    names: set[str] = set(ALWAYS)
    todo = [dependant]
    while todo:
        d = todo.pop()
        names.update(p.alias for p in d.query_params)
        todo.extend(d.dependencies)
    got = frozenset(names)
    _ALLOWED[id(route)] = (ref(route), got)
    return got


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
