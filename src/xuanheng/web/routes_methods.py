"""One JSON and one SVG endpoint per registered method plug-in, in GET (query) and POST (JSON body) form.

This module deliberately does not use ``from __future__ import annotations``: FastAPI reads the parameter
model of each endpoint from the real annotation objects built here per plug-in.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from xuanheng.web.registry import MethodPlugin

SVG_TYPE = "image/svg+xml"


def _svg_response(svg: str) -> Response:
    return Response(svg, media_type=SVG_TYPE, headers={"Cache-Control": "public, max-age=300"})


def method_router(plugin: MethodPlugin) -> APIRouter:
    """Routes ``/api/<name>`` (JSON) and ``/api/<name>/svg`` (SVG) for *plugin*."""
    router = APIRouter(tags=[plugin.name])
    model: type[BaseModel] = plugin.params
    name = plugin.name

    def doc_of(params: BaseModel) -> dict[str, Any]:
        return plugin.compute(params)

    def svg_of(params: BaseModel) -> str:
        lang = str(getattr(params, "lang", "zh-Hant"))
        return plugin.render_svg(plugin.compute(params), lang)

    async def get_json(params: Annotated[model, Query()]) -> JSONResponse:  # type: ignore[valid-type]
        return JSONResponse(doc_of(params))

    async def post_json(params: model) -> JSONResponse:  # type: ignore[valid-type]
        return JSONResponse(doc_of(params))

    async def get_svg(params: Annotated[model, Query()]) -> Response:  # type: ignore[valid-type]
        return _svg_response(svg_of(params))

    async def post_svg(params: model) -> Response:  # type: ignore[valid-type]
        return _svg_response(svg_of(params))

    summary = plugin.summary or name
    svg_doc = {"content": {SVG_TYPE: {"schema": {"type": "string"}}}, "description": "the chart as SVG"}
    router.add_api_route(
        f"/api/{name}", get_json, methods=["GET"], summary=f"{summary} (JSON)", operation_id=f"{name}_get"
    )
    router.add_api_route(
        f"/api/{name}", post_json, methods=["POST"], summary=f"{summary} (JSON)", operation_id=f"{name}_post"
    )
    router.add_api_route(
        f"/api/{name}/svg",
        get_svg,
        methods=["GET"],
        summary=f"{summary} (SVG)",
        operation_id=f"{name}_svg_get",
        response_class=Response,
        responses={200: svg_doc},
    )
    router.add_api_route(
        f"/api/{name}/svg",
        post_svg,
        methods=["POST"],
        summary=f"{summary} (SVG)",
        operation_id=f"{name}_svg_post",
        response_class=Response,
        responses={200: svg_doc},
    )
    return router
