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
                    await self._refuse(send, 413, self._msg(limit))
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
                await self._refuse(send, 413, self._msg(limit))

    @staticmethod
    def _msg(limit: int) -> str:
        return f"request body too large: at most {limit} bytes are accepted"

    @staticmethod
    async def _refuse(send: Send, status: int, message: str) -> None:
        payload: dict[str, Any] = {
            "error": {"status": status, "field": "body", "message": message},
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
