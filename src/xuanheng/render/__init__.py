"""Server-side SVG of each chart, drawn from the chart's JSON document (what the API and CLI return).

``render(method, doc, lang)`` dispatches to :mod:`.calendar_svg`, :mod:`.jinkoujue_svg` or
:mod:`.liuren_svg`. Drawing from the JSON (not the Python objects) keeps the renderers in step with the
public contract and lets a saved journal case be redrawn years later. Every text is XML-escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xuanheng.errors import InputError

Renderer = Callable[[dict[str, Any], str], str]


def renderer(method: str) -> Renderer:
    """The SVG renderer of *method* (``calendar``, ``jinkoujue``, ``liuren``)."""
    if method == "calendar":
        from xuanheng.render.calendar_svg import render_calendar

        return render_calendar
    if method == "jinkoujue":
        from xuanheng.render.jinkoujue_svg import render_jinkoujue

        return render_jinkoujue
    if method == "liuren":
        from xuanheng.render.liuren_svg import render_liuren

        return render_liuren
    raise InputError(
        f"no SVG renderer for method {method!r}: expected calendar, jinkoujue or liuren", field="method"
    )


def render(method: str, doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG text of the chart document *doc* of *method*, with labels in *lang*."""
    return renderer(method)(doc, lang)


__all__ = ["render", "renderer"]
