"""Server-side SVG of each chart, drawn from the chart's JSON document (what the API and CLI return).

``render(method, doc, lang)`` calls the registered method's ``svg`` view (each method package draws its
own chart; :mod:`.svg` and :mod:`.text` are the shared primitives). Drawing from the JSON (not the Python
objects) keeps the renderers in step with the public contract and lets a saved journal case be redrawn years
later. Every text is XML-escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xuanheng.errors import InputError

Renderer = Callable[[dict[str, Any], str], str]


def renderer(method: str) -> Renderer:
    """The SVG renderer of the registered *method*."""
    from xuanheng.methods import registry

    m = registry().get(method)
    if m is None:
        raise InputError(
            f"no SVG renderer for method {method!r}: expected one of {', '.join(registry())}", field="method"
        )
    return m.views["svg"]


def render(method: str, doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG text of the chart document *doc* of *method*, with labels in *lang*."""
    return renderer(method)(doc, lang)


__all__ = ["render", "renderer"]
