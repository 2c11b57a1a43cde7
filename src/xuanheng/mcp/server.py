"""The MCP server (official ``mcp`` Python SDK, low-level ``Server``): the tools of :mod:`xuanheng.mcp.tools`
over stdio (the default) or streamable HTTP.

A tool answers with its JSON object twice, as the specification asks of structured results: as
``structuredContent`` and as one text block holding the same JSON. A refused argument is a tool error
(``isError: true``, so the model can read it and correct the call): the text says ``field: message`` and
``structuredContent`` is ``{"error": {"type", "field", "message"}}`` — the shape of the HTTP API's error
body. An unknown tool name is a protocol error (``-32602``). An engine bug answers a tool error naming
the exception type, never a traceback (the log has it).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from xuanheng import __version__
from xuanheng.errors import XuanhengError
from xuanheng.mcp.tools import ToolSet, ToolSpec

log = logging.getLogger("xuanheng.mcp")

NAME = "xuanheng"
INSTRUCTIONS = (
    "璇衡 xuanheng casts classical Chinese divination charts (one tool per method: its parameters are the "
    "method's inputs and named school options, each choice with its source) and reads them by rules that "
    "cite their sources (tool `reading`). Results are the JSON documents of the command line and the HTTP "
    "API. Give date-times as ISO 8601 with tz (an IANA zone such as Asia/Seoul), or now=true."
)


def _dump(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False)


def tool_of(spec: ToolSpec) -> types.Tool:
    """The MCP ``Tool`` of one tool spec."""
    return types.Tool(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        input_schema=spec.input_schema,
        annotations=types.ToolAnnotations(
            title=spec.title,
            read_only_hint=spec.read_only,
            destructive_hint=False,
            idempotent_hint=spec.idempotent,
            open_world_hint=False,
        ),
    )


def error_result(
    message: str, field: str | None, kind: str, error: XuanhengError | None = None, lang: object = None
) -> types.CallToolResult:
    """A tool error naming the argument (the HTTP API's error shape in ``structuredContent``): with the
    error, also its catalogue ``code`` and ``params`` and its ``text`` in the call's ``lang`` (if given)."""
    text = f"{field}: {message}" if field else message
    shaped: dict[str, Any] = {"type": kind, "field": field, "message": message}
    if error is not None:
        from xuanheng.i18n import messages
        from xuanheng.reading import LANGS

        code, params = messages.describe(error)
        if code is not None:
            shaped["code"] = code
            shaped["params"] = {
                k: v if isinstance(v, str | int | float | bool) else str(v) for k, v in params.items()
            }
        chosen = lang if isinstance(lang, str) and lang in LANGS else "en"
        shaped["text"] = messages.localize_error(error, chosen)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)],
        structured_content={"error": shaped},
        is_error=True,
    )


def error_message(error: XuanhengError, lang: object) -> str:
    """The message of *error* in the call's ``lang`` (as the page and the command line say it; English
    without one, for an unknown language, or where the catalogue lacks the message)."""
    from xuanheng.i18n.messages import localize_error
    from xuanheng.methods import registry
    from xuanheng.reading import check_lang

    try:
        chosen = check_lang(lang) if isinstance(lang, str) else "en"
    except XuanhengError:
        chosen = "en"
    if chosen == "en":
        return str(error)
    labels: dict[str, str] = {}
    for m in registry().values():  # a message naming an argument names it by its label
        for p in m.params.SPEC:
            labels.setdefault(p.name, p.label.get(chosen))
    return localize_error(error, chosen, labels=labels)


def result_of(doc: dict[str, Any]) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=_dump(doc))], structured_content=doc
    )


def run_tool(toolset: ToolSet, name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
    """Call one tool (synchronously): its result, or a tool error; an unknown name is an MCP error."""
    tools = toolset.tools()
    if name not in tools:
        raise MCPError(
            code=types.INVALID_PARAMS,
            message=f"unknown tool {name!r}: expected one of {', '.join(tools)}",
            data={"field": "name"},
        )
    try:
        return result_of(tools[name].run(dict(arguments or {})))
    except XuanhengError as e:
        lang = (arguments or {}).get("lang")
        return error_result(error_message(e, lang), e.field, type(e).__name__, e, lang)
    except Exception as e:  # an engine bug, not the caller's: say so without a traceback
        log.exception("tool %s failed", name)
        return error_result(
            f"internal error ({type(e).__name__}); please report the call", None, "InternalError"
        )


def build_server(toolset: ToolSet | None = None) -> Server[Any]:
    """The MCP server of *toolset* (default: the registered methods, no journal)."""
    tools = toolset or ToolSet()

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tool_of(t) for t in tools.tools().values()])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        # casting is CPU work: off the event loop, so one long enumeration does not stall other requests
        return await anyio.to_thread.run_sync(run_tool, tools, params.name, params.arguments)

    def input_schema(name: str) -> dict[str, Any] | None:
        t = tools.tools().get(name)
        return None if t is None else t.input_schema

    return Server(
        NAME,
        version=__version__,
        title="璇衡 xuanheng",
        description="classical Chinese divination charts with source-cited readings",
        instructions=INSTRUCTIONS,
        get_tool_input_schema=input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(server: Server[Any]) -> None:
    """Serve *server* on this process's standard input and output until the client closes them."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(server: Server[Any], host: str) -> Any:
    """The streamable-HTTP ASGI app of *server* at ``/mcp`` (DNS-rebinding protection on a loopback host)."""
    return server.streamable_http_app(host=host)


__all__ = [
    "INSTRUCTIONS",
    "NAME",
    "build_server",
    "error_result",
    "http_app",
    "run_tool",
    "serve_stdio",
    "tool_of",
]
