"""ASGI middleware that refuses request bodies above a size limit with HTTP 413 before they are parsed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class _TooLarge(Exception):
    pass


def _lang(scope: Scope) -> str:
    """The language of a refusal (as :func:`xuanheng.web.errors.request_lang` reads it)."""
    from starlette.requests import Request

    from xuanheng.web.errors import request_lang

    return request_lang(Request(scope))


class BodyLimit:
    """Reject a body longer than *max_body* bytes: by ``Content-Length`` at once, else while streaming."""

    def __init__(
        self,
        app: ASGIApp,
        max_body: int,
        overrides: dict[str, int] | None = None,
        prefixes: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.overrides = dict(overrides or {})
        self.prefixes = sorted((prefixes or {}).items(), key=lambda kv: -len(kv[0]))

    def limit_of(self, path: str) -> int:
        """The body limit of *path*: its own, else that of the longest prefix it starts with, else the
        general one."""
        if path in self.overrides:
            return self.overrides[path]
        for prefix, limit in self.prefixes:
            if path.startswith(prefix):
                return limit
        return self.max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope.get("path", ""))
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await self._refuse(send, 400, "malformed Content-Length header")
                    return
                if length > limit:
                    await self._refuse(send, 413, self._msg(limit), limit, _lang(scope))
                    return
        has_length = any(name == b"content-length" for name, _v in scope.get("headers", ()))
        if not has_length and scope.get("method") in ("POST", "PUT", "PATCH"):
            # a body without Content-Length (chunked): read it up to the limit here, before any handler
            # parses it, so that an oversized one is answered 413 (a handler would report a parse error)
            chunks: list[bytes] = []
            seen = 0
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    break
                seen += len(message.get("body", b""))
                if seen > limit:
                    await self._refuse(send, 413, self._msg(limit), limit, _lang(scope))
                    return
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    break
            body = b"".join(chunks)
            replayed = False

            async def replay() -> Message:
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send)
            return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send, 413, self._msg(limit), limit, _lang(scope))

    @staticmethod
    def _msg(limit: int) -> str:
        return f"request body too large: at most {limit} bytes are accepted"

    @staticmethod
    async def _refuse(
        send: Send, status: int, message: str, limit: int | None = None, lang: str = "en"
    ) -> None:
        error: dict[str, Any] = {"status": status, "field": "body", "message": message, "text": message}
        if limit is not None:
            from xuanheng.i18n import messages

            error.update(code="web.body_too_large", params={"limit": limit})
            error["text"] = messages.render("web.body_too_large", {"limit": limit}, lang) or message
        payload: dict[str, Any] = {
            "error": error,
            "detail": [{"loc": ["body"], "msg": message, "type": "too_large"}],
        }
        body = json.dumps(payload, ensure_ascii=False).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class OneAtATime:
    """Pure ASGI middleware: requests to *paths* (the whole-journal import) are answered one at a time per
    worker, the others waiting before their body is read — parsing a 16 MiB import takes ~160 MiB, so a
    worker's memory stays bounded however many arrive together."""

    def __init__(self, app: ASGIApp, paths: frozenset[str]) -> None:
        self.app = app
        self.paths = paths
        self._gate: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") not in self.paths or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        if self._gate is None:
            self._gate = asyncio.Semaphore(1)
        async with self._gate:
            await self.app(scope, receive, send)
