"""``core`` may import only itself and ``xuanheng.errors`` (DEVELOPERS.md, layout table)."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "src" / "xuanheng" / "core"


def test_core_imports_only_core_and_errors() -> None:
    bad = []
    for path in sorted(CORE.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("xuanheng") and not (
                    name.startswith("xuanheng.core") or name == "xuanheng.errors"
                ):
                    bad.append((path.name, name))
    assert not bad
    assert len(list(CORE.glob("*.py"))) >= 9
