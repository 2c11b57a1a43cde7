"""One JSON and one SVG endpoint per registered method plug-in, in GET (query) and POST (JSON body) form.

A chart is a pure function of its parameters, so each worker keeps a small LRU memo of computed chart
documents (never for ``now=true`` or an unseeded random draw, which are not repeatable). The page asks for
the JSON and the SVG of the same chart one after the other; the memo computes it once. Nothing about users
is cached, so workers stay interchangeable behind a load balancer.

Each request is validated once, by the method's ``Params`` (:meth:`MethodPlugin.request`): an endpoint
reads the query string or the JSON body as a plain mapping; the plug-in's schema model only documents it.
"""

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.models import OpenAPI
from fastapi.responses import Response
from pydantic import BaseModel

from xuanheng.errors import InputError
from xuanheng.web.errors import responses
from xuanheng.web.query import query_policy, refuse_repeated
from xuanheng.web.registry import CastRequest, MethodPlugin

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
    """LRU memo ``(method, parameters, language, reading) → chart document as JSON bytes``.

    Bytes, not dicts: a few hundred chart documents are ~10⁶ small objects that every full garbage
    collection would walk (measured: 100–500 ms pauses); ``bytes`` are not tracked by the collector.
    """

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self._data: OrderedDict[tuple[str, Any], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, plugin: MethodPlugin, request: CastRequest) -> bytes:
        """The chart document of *request* as JSON bytes."""
        if not request.repeatable:
            return dump_json(plugin.compute(request))
        key = (plugin.name, request.key)
        with self._lock:
            data = self._data.get(key)
            if data is not None:
                self._data.move_to_end(key)
                return data
        data = dump_json(plugin.compute(request))
        with self._lock:
            self._data[key] = data
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return data


def schema_ref(model: type[BaseModel]) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def method_router(plugin: MethodPlugin, memo: ChartMemo | None = None) -> APIRouter:
    """Routes ``/api/<name>`` (JSON) and ``/api/<name>/svg`` (SVG) for *plugin*. Each takes the query string
    or the JSON body as a plain mapping, validated once by the method's ``Params``
    (:meth:`MethodPlugin.request`); the plug-in's schema model documents it in OpenAPI (the GET parameters,
    the POST body: :func:`document_models` adds the models to the document's components)."""
    router = APIRouter(tags=[plugin.name])
    model: type[BaseModel] = plugin.schema
    name = plugin.name
    memo = memo or ChartMemo()

    def caching(request: CastRequest) -> dict[str, str]:
        # a repeatable chart may be cached by browsers and proxies; "now" and unseeded random ones not
        return {"Cache-Control": "public, max-age=3600" if request.repeatable else "no-store"}

    def json_response(request: CastRequest) -> Response:
        return Response(memo.get(plugin, request), media_type="application/json", headers=caching(request))

    def svg_response(request: CastRequest) -> Response:
        svg = plugin.render_svg(load_json(memo.get(plugin, request)), request.lang)
        return Response(svg, media_type=SVG_TYPE, headers=caching(request))

    async def get_json(request: Request) -> Response:
        refuse_repeated(request)
        return json_response(plugin.request(request.query_params))

    async def post_json(request: Request) -> Response:
        return json_response(plugin.request(await body_object(request)))

    async def get_svg(request: Request) -> Response:
        refuse_repeated(request)
        return svg_response(plugin.request(request.query_params))

    async def post_svg(request: Request) -> Response:
        return svg_response(plugin.request(await body_object(request)))

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
        dependencies=[Depends(query_policy)],
        responses={
            200: {"content": {SVG_TYPE: {"schema": {"type": "string"}}}, "description": "SVG"},
            **responses(400, 413, 422),
        },
        openapi_extra={
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}}
        },
    )

    summary = plugin.method.summary.en or name
    json_doc = {"content": {"application/json": {"schema": {"type": "object"}}}, "description": "the chart"}
    svg_doc = {"content": {SVG_TYPE: {"schema": {"type": "string"}}}, "description": "the chart as SVG"}
    query_doc = {"parameters": query_parameters(model)}
    body_doc = {
        "requestBody": {"content": {"application/json": {"schema": schema_ref(model)}}, "required": True}
    }
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
            responses={200: doc, **responses(422)}
            if method == "GET"
            else {200: doc, **responses(400, 413, 422)},
            openapi_extra=query_doc if method == "GET" else body_doc,
        )
    return router


def document_models(openapi: dict[str, Any], plugins: Iterable[MethodPlugin]) -> dict[str, Any]:
    """*openapi* with the schema model of each plug-in among its components (the POST bodies refer to
    them; FastAPI adds only the models it validates with, and these validate nothing)."""
    schemas = openapi.setdefault("components", {}).setdefault("schemas", {})
    for plugin in plugins:
        schemas[plugin.schema.__name__] = plugin.schema.model_json_schema(ref_template=REF_TEMPLATE)
    openapi["components"]["schemas"] = dict(sorted(schemas.items()))
    # as FastAPI writes its document: through its OpenAPI model, without empty values
    out: dict[str, Any] = jsonable_encoder(OpenAPI(**openapi), by_alias=True, exclude_none=True)
    return out


REF_TEMPLATE = "#/components/schemas/{model}"


async def body_object(request: Request) -> dict[str, Any]:
    """The JSON object of a request's body, as a plain mapping (the method's ``Params`` validates it). A
    body that is missing, not JSON or not an object answers 422 as FastAPI's own body models do."""
    raw = await request.body()
    if not raw:
        raise RequestValidationError([{"type": "missing", "loc": ("body",), "msg": "Field required"}])
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    value: Any = raw
    if media == "application/json" or (media.startswith("application/") and media.endswith("+json")):
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as e:
            raise RequestValidationError(
                [{"type": "json_invalid", "loc": ("body", e.pos), "msg": "JSON decode error"}]
            ) from None
        except (ValueError, RecursionError):  # not UTF-8, or nested too deep to read
            raise RequestValidationError(
                [{"type": "json_invalid", "loc": ("body", 0), "msg": "JSON decode error"}]
            ) from None
    if not isinstance(value, dict):
        raise RequestValidationError(
            [{"type": "model_attributes_type", "loc": ("body",), "msg": "expected a JSON object"}]
        )
    return value


def query_parameters(model: type[BaseModel]) -> list[dict[str, Any]]:
    """OpenAPI ``parameters`` of a GET endpoint: the fields of the plug-in's schema model."""
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
