"""The worker's GC policy freezes long-lived objects every N requests (keeps full collections short)."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from xuanheng.web.app import GcPolicy


def test_freezes_every_n_http_requests() -> None:
    async def inner(scope: Any, receive: Any, send: Any) -> None:
        return None

    policy = GcPolicy(inner, every=3)
    gc.unfreeze()
    try:
        keep = [[i] for i in range(1000)]  # long-lived objects a worker's caches would hold
        for _ in range(2):
            asyncio.run(policy(({"type": "http"}), None, None))
        assert gc.get_freeze_count() == 0
        asyncio.run(policy({"type": "lifespan"}, None, None))  # not an HTTP request: not counted
        assert gc.get_freeze_count() == 0
        asyncio.run(policy({"type": "http"}, None, None))
        assert gc.get_freeze_count() >= len(keep)
    finally:
        gc.unfreeze()
