"""Loader for the cited TOML tables in ``xuanheng/core/data`` (read once at import)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Return the parsed table file ``data/<name>.toml`` of package *package*."""
    text = resources.files("xuanheng.core").joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def load_package_data(package: str, name: str) -> dict[str, Any]:
    """Return the parsed ``data/<name>.toml`` of another xuanheng package (methods use this)."""
    text = resources.files(package).joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)
