"""What every golden-master file of tests/golden shares: the canonical JSON bytes it hashes, the check of a
section's digest against its pin, and the form of a refusal.

A pin is a digest of outputs taken on the code before a refactor: it pins behaviour, it is NOT an oracle.
``XUANHENG_GOLDEN_PRINT=1 .venv/bin/python -m pytest tests/golden -s -n0`` prints the digests instead of
checking them; re-pin only the sections a meant change alters, and say why beside the pin and in the commit.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from xuanheng.errors import XuanhengError

PRINT = bool(os.environ.get("XUANHENG_GOLDEN_PRINT"))


def dump(x: Any) -> bytes:
    """The canonical bytes of a JSON value (sorted keys, no spaces, CJK as is)."""
    return json.dumps(x, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str).encode()


def checker(pinned: Mapping[str, str]) -> Callable[[str, Any], None]:
    """``check(name, hash)``: the first 16 hex digits of *hash* must be ``pinned[name]`` (or are printed)."""

    def check(name: str, h: Any) -> None:
        got = h.hexdigest()[:16]
        if PRINT:
            print(f'    "{name}": "{got}",')
            return
        pin = pinned[name]
        assert got == pin, f"{name}: a public output changed: {got} where {pin} is pinned (see the docstring)"

    return check


def error(e: XuanhengError) -> list[Any]:
    """A refusal as the pins record it: its class, its field and its message."""
    return [type(e).__name__, e.field, str(e)]
