"""ASGI middleware that refuses request bodies above a size limit with HTTP 413 before they are parsed."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Reject a body longer than *max_body* bytes: by ``Content-Length`` at once, else while streaming."""

    def __init__(self, app: ASGIApp, max_body: int, overrides: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.overrides = dict(overrides or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.overrides.get(scope.get("path", ""), self.max_body)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await self._refuse(send, 400, "malformed Content-Length header")
                    return
                if length > limit:
                    await self._refuse(send, 413, self._msg(limit), limit)
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
                    await self._refuse(send, 413, self._msg(limit), limit)
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
                await self._refuse(send, 413, self._msg(limit), limit)

    @staticmethod
    def _msg(limit: int) -> str:
        return f"request body too large: at most {limit} bytes are accepted"

    @staticmethod
    async def _refuse(send: Send, status: int, message: str, limit: int | None = None) -> None:
        error: dict[str, Any] = {"status": status, "field": "body", "message": message, "text": message}
        if limit is not None:
            error.update(code="web.body_too_large", params={"limit": limit})
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
