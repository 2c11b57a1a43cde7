"""Method plug-ins: each divination method registers its name, parameter model, compute and SVG functions.

The app builds one JSON endpoint and one SVG endpoint per registered plug-in, and the page builds its form
from the plug-in's parameter schema, so a new method (七政四餘, 六爻 …) appears by adding a module to
:data:`PLUGIN_MODULES` whose ``plugin()`` returns a :class:`MethodPlugin` — or ``None`` while its method
package has not landed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel

#: modules with a ``plugin() -> MethodPlugin | None`` function, in page order
PLUGIN_MODULES: tuple[str, ...] = (
    "xuanheng.web.methods.jinkoujue",
    "xuanheng.web.methods.liuren",
    "xuanheng.web.methods.calendar",
)


@dataclass(frozen=True, slots=True)
class MethodPlugin:
    """One method as the web app sees it.

    ``compute(params)`` returns the same JSON document as ``xuanheng <name> --json``;
    ``render_svg(doc, lang)`` draws that document; ``key_facts(doc)`` names the 課體 / 用爻 that the
    journal statistics group by; ``form`` holds page hints (field order, which fields are school options).
    """

    name: str
    params: type[BaseModel]
    compute: Callable[[Any], dict[str, Any]]
    render_svg: Callable[[dict[str, Any], str], str]
    summary: str = ""
    options: tuple[str, ...] = ()
    form: dict[str, Any] = field(default_factory=dict)
    #: parameters of one typical chart, cast at worker start-up so no user pays for loading tables
    example: dict[str, Any] = field(default_factory=dict)


@cache
def plugins() -> dict[str, MethodPlugin]:
    """Every plug-in whose method package imports, keyed by name."""
    out: dict[str, MethodPlugin] = {}
    for mod_name in PLUGIN_MODULES:
        try:
            mod = importlib.import_module(mod_name)
            plugin = mod.plugin()
        except (ImportError, AttributeError):
            continue
        if plugin is not None:
            out[plugin.name] = plugin
    return out


def warm_up(registered: dict[str, MethodPlugin]) -> None:
    """Cast each plug-in's example chart once per language (loads tables and text caches)."""
    for plugin in registered.values():
        if not plugin.example:
            continue
        for lang in ("zh-Hant", "zh-Hans", "ko", "en"):
            params = plugin.params.model_validate({**plugin.example, "lang": lang})
            doc = plugin.compute(params)
            plugin.render_svg(doc, lang)


def describe(plugin: MethodPlugin) -> dict[str, Any]:
    """What the page needs to draw the form of *plugin*: JSON schema, option names, hints."""
    return {
        "name": plugin.name,
        "summary": plugin.summary,
        "schema": plugin.params.model_json_schema(),
        "options": list(plugin.options),
        "form": plugin.form,
    }
