"""One JSON and one SVG endpoint per registered method plug-in, in GET (query) and POST (JSON body) form.

A chart is a pure function of its parameters, so each worker keeps a small LRU memo of computed chart
documents (never for ``now=true`` or an unseeded random draw, which are not repeatable). The page asks for
the JSON and the SVG of the same chart one after the other; the memo computes it once. Nothing about users
is cached, so workers stay interchangeable behind a load balancer.

This module deliberately does not use ``from __future__ import annotations``: FastAPI reads the parameter
model of each endpoint from the real annotation objects built here per plug-in.
"""

import json
import threading
from collections import OrderedDict
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, ValidationError

from xuanheng.errors import InputError
from xuanheng.web.registry import MethodPlugin

SVG_TYPE = "image/svg+xml"
OBJECT: dict[str, Any] = {"type": "object"}
MEMO_SIZE = 512

try:  # orjson is ~10× faster on the large chart documents; the stdlib gives the same JSON
    import orjson

    def dump_json(doc: Any) -> bytes:
        return orjson.dumps(doc)

except ImportError:  # pragma: no cover - orjson is optional

    def dump_json(doc: Any) -> bytes:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()


def load_json(data: bytes) -> Any:
    try:
        return orjson.loads(data)
    except NameError:  # pragma: no cover - orjson is optional
        return json.loads(data)


class ChartMemo:
    """LRU memo ``(method, parameters) → chart document as JSON bytes``.

    Bytes, not dicts: a few hundred chart documents are ~10⁶ small objects that every full garbage
    collection would walk (measured: 100–500 ms pauses); ``bytes`` are not tracked by the collector.
    """

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self._data: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, plugin: MethodPlugin, params: BaseModel) -> bytes:
        """The chart document of *params* as JSON bytes."""
        if not plugin.repeatable(params):
            return dump_json(plugin.compute(params))
        key = (plugin.name, params.model_dump_json())
        with self._lock:
            data = self._data.get(key)
            if data is not None:
                self._data.move_to_end(key)
                return data
        data = dump_json(plugin.compute(params))
        with self._lock:
            self._data[key] = data
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return data


def method_router(plugin: MethodPlugin, memo: ChartMemo | None = None) -> APIRouter:
    """Routes ``/api/<name>`` (JSON) and ``/api/<name>/svg`` (SVG) for *plugin*."""
    router = APIRouter(tags=[plugin.name])
    model: type[BaseModel] = plugin.params
    name = plugin.name
    memo = memo or ChartMemo()

    def caching(params: BaseModel) -> dict[str, str]:
        # a repeatable chart may be cached by browsers and proxies; "now" and unseeded random ones not
        return {"Cache-Control": "public, max-age=3600" if plugin.repeatable(params) else "no-store"}

    def json_response(params: BaseModel) -> Response:
        return Response(memo.get(plugin, params), media_type="application/json", headers=caching(params))

    def svg_response(params: BaseModel) -> Response:
        lang = str(getattr(params, "lang", "zh-Hant"))
        svg = plugin.render_svg(load_json(memo.get(plugin, params)), lang)
        return Response(svg, media_type=SVG_TYPE, headers=caching(params))

    async def get_json(request: Request) -> Response:
        return json_response(from_query(model, request))

    async def post_json(params: model) -> Response:  # type: ignore[valid-type]
        return json_response(params)

    async def get_svg(request: Request) -> Response:
        return svg_response(from_query(model, request))

    async def post_svg(params: model) -> Response:  # type: ignore[valid-type]
        return svg_response(params)

    async def render(
        request: Request,
        lang: Literal["ko", "zh-Hant", "zh-Hans", "en"] = "zh-Hant",
        layout: Literal["wide", "narrow"] = "wide",
    ) -> Response:
        try:
            doc = load_json(await request.body())
        except ValueError:
            doc = None
        msg = f"the body must be a chart document (the JSON object of /api/{name})"
        if not isinstance(doc, dict):
            raise InputError(msg, field="body")
        try:
            svg = plugin.render_svg(doc, lang, layout)
        except (AttributeError, TypeError, KeyError, ValueError, IndexError):
            raise InputError(msg, field="body") from None
        return Response(svg, media_type=SVG_TYPE)

    router.add_api_route(
        f"/api/{name}/render",
        render,
        methods=["POST"],
        summary=f"draw a {name} chart document (the JSON of /api/{name}) as SVG, without casting it again",
        operation_id=f"{name}_render",
        response_class=Response,
        responses={200: {"content": {SVG_TYPE: {"schema": {"type": "string"}}}, "description": "SVG"}},
        openapi_extra={
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}}
        },
    )

    summary = plugin.method.summary.en or name
    json_doc = {"content": {"application/json": {"schema": {"type": "object"}}}, "description": "the chart"}
    svg_doc = {"content": {SVG_TYPE: {"schema": {"type": "string"}}}, "description": "the chart as SVG"}
    query_doc = {"parameters": query_parameters(model)}
    for path, fn, method, kind, doc in (
        (f"/api/{name}", get_json, "GET", "json_get", json_doc),
        (f"/api/{name}", post_json, "POST", "json_post", json_doc),
        (f"/api/{name}/svg", get_svg, "GET", "svg_get", svg_doc),
        (f"/api/{name}/svg", post_svg, "POST", "svg_post", svg_doc),
    ):
        router.add_api_route(
            path,
            fn,
            methods=[method],
            summary=f"{summary} ({'SVG' if 'svg' in kind else 'JSON'})",
            operation_id=f"{name}_{kind}",
            response_class=Response,
            responses={200: doc},
            openapi_extra=query_doc if method == "GET" else None,
        )
    return router


def from_query(model: type[BaseModel], request: Request) -> BaseModel:
    """Validate the query string against *model* (what FastAPI's query models do, at a third of the cost:
    this is the hot path of the API). Errors become the usual 422 naming each field."""
    try:
        return model.model_validate(dict(request.query_params))
    except ValidationError as e:
        errors = [{**err, "loc": ("query", *err.get("loc", ()))} for err in e.errors()]
        raise RequestValidationError(errors) from None


def query_parameters(model: type[BaseModel]) -> list[dict[str, Any]]:
    """OpenAPI ``parameters`` of a GET endpoint whose query string is validated by :func:`from_query`."""
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    out = []
    for name, prop in schema.get("properties", {}).items():
        prop = dict(prop)
        desc = prop.pop("description", "")
        out.append(
            {"name": name, "in": "query", "required": name in required, "description": desc, "schema": prop}
        )
    return out
