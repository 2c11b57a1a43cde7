"""The one list of methods. Adding a method is one package plus one line here.

The command line, the HTTP API and page, the journal, the renderers and the MCP server read
:func:`registry`; none of them names a method. A package outside xuanheng can add its own with the entry
point group ``xuanheng.methods`` (``name = "package.module:METHOD"``); during development the environment
variable ``XUANHENG_METHODS`` (``module:ATTR,module:ATTR``) adds more; a test or an application can
:func:`register` one at run time.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from xuanheng.errors import InputError
from xuanheng.method import Method

#: the packages whose ``METHOD`` is registered, in the order the command line and the page show them
METHOD_PACKAGES: tuple[str, ...] = (
    "xuanheng.jinkoujue",
    "xuanheng.liuren",
    "xuanheng.liuyao",
    "xuanheng.qizheng",
    "xuanheng.calendar",
)

_EXTRA: dict[str, Method] = {}
_CACHE: dict[str, Method] = {}


def _load() -> dict[str, Method]:
    from importlib.metadata import entry_points  # a tenth of a second to import: only when all are listed

    out: dict[str, Method] = {}
    for pkg in METHOD_PACKAGES:
        m: Any = importlib.import_module(pkg).METHOD
        out[m.name] = m
    for ep in entry_points(group="xuanheng.methods"):
        m = ep.load()
        if isinstance(m, Method):
            out.setdefault(m.name, m)
    for spec in filter(None, (x.strip() for x in os.environ.get("XUANHENG_METHODS", "").split(","))):
        module, _, attr = spec.partition(":")
        m = getattr(importlib.import_module(module), attr or "METHOD")
        if not isinstance(m, Method):
            raise TypeError(f"XUANHENG_METHODS: {spec} is not a xuanheng.method.Method")
        out.setdefault(m.name, m)
    return out


def registry() -> dict[str, Method]:
    """Every registered method by name (built-in first, in :data:`METHOD_PACKAGES` order)."""
    if not _CACHE:
        _CACHE.update(_load())
    return {**_CACHE, **_EXTRA}


def built_in(name: str) -> Method | None:
    """The built-in method *name* (its package is the one of :data:`METHOD_PACKAGES` named so), importing
    that package alone; ``None`` for any other name, or when :func:`register` has put another method under
    it. What the command line uses to start one method without importing the others."""
    if name in _EXTRA:
        return None
    got = _CACHE.get(name)
    if got is not None:
        return got
    pkg = f"xuanheng.{name}"
    if pkg not in METHOD_PACKAGES:
        return None
    m: Method = importlib.import_module(pkg).METHOD
    return m if m.name == name else None


def get(name: str) -> Method:
    """The method *name*, or an :class:`InputError` listing the known ones."""
    m = registry().get(name)
    if m is None:
        raise InputError(f"unknown method {name!r}: expected one of {', '.join(registry())}", field="method")
    return m


def register(method: Method) -> None:
    """Add *method* at run time (a test's toy method, an application's own)."""
    _EXTRA[method.name] = method


def unregister(name: str) -> None:
    """Remove a method added with :func:`register`."""
    _EXTRA.pop(name, None)


__all__ = ["METHOD_PACKAGES", "built_in", "get", "register", "registry", "unregister"]
