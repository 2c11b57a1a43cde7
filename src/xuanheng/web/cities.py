"""Built-in city list for the place search (``data/cities.toml``, GeoNames coordinates, cited there)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.reading import to_simplified


@cache
def cities() -> tuple[dict[str, Any], ...]:
    """Every city: ``en``, ``zh`` (traditional), ``zh_hans``, ``ko``, ``lon``, ``lat``, ``tz``."""
    raw = tomllib.loads(resources.files("xuanheng.web").joinpath("data", "cities.toml").read_text("utf-8"))
    out = []
    for c in raw["cities"]:
        out.append(
            {
                "en": c["en"],
                "zh": c["zh"],
                "zh_hans": to_simplified(c["zh"]),
                "ko": c["ko"],
                "lon": c["lon"],
                "lat": c["lat"],
                "tz": c["tz"],
            }
        )
    return tuple(out)


def search(query: str, limit: int = 10) -> list[dict[str, Any]]:
    """Cities whose name in any language contains *query* (case-insensitive); names starting with it first."""
    q = query.strip().casefold()
    if not q:
        return list(cities()[:limit])
    scored: list[tuple[int, int, dict[str, Any]]] = []
    for i, c in enumerate(cities()):
        names = [str(c[k]).casefold() for k in ("en", "zh", "zh_hans", "ko")]
        if any(n.startswith(q) for n in names):
            scored.append((0, i, c))
        elif any(q in n for n in names):
            scored.append((1, i, c))
    return [c for _, _, c in sorted(scored, key=lambda s: (s[0], s[1]))[:limit]]
