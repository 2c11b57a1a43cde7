"""Layering of the whole package (DEVELOPERS.md, layout table): every import of ``src/xuanheng`` — at module
level or inside a function — runs down, never up. A method package never imports another method package or a
front end; ``time`` reaches the ephemeris only through ``astro``; the journal knows no method; ``web`` never
imports ``cli``. The checker is tested on a tree with planted violations, so it can fail."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "xuanheng"

METHOD_PACKAGES = frozenset({"jinkoujue", "liuren", "liuyao", "qizheng", "calendar"})
#: what a method package may import (its render modules may also draw and translate)
METHOD_MAY = frozenset(
    {"(root)", "errors", "core", "astro", "time", "shensha", "rules", "params", "method", "reading"}
)
RENDER_MAY = frozenset({"i18n", "render"})
#: single modules a layer may import without its whole package: the message catalogue, from which every
#: chart warning's text is rendered (``ChartWarning``), is reached by the time core, the contract and the
#: method packages (DEVELOPERS.md, "methods: the contract"); the shared word table (``i18n.words``:
#: 旺相休囚死, 長生 …) by the method packages, whose judgments say those terms in the reader's language
MODULES_MAY: dict[str, frozenset[str]] = {
    "time": frozenset({"i18n.messages"}),
    "method": frozenset({"i18n.messages"}),
    **{m: frozenset({"i18n.messages", "i18n.words"}) for m in METHOD_PACKAGES},
}
FRONT_ENDS = frozenset({"web", "cli", "mcp"})
EVERYTHING = frozenset({"*"})

ALLOWED: dict[str, frozenset[str]] = {
    "(root)": frozenset(),
    "__main__": frozenset({"cli"}),
    "errors": frozenset(),
    "core": frozenset({"errors"}),
    "astro": frozenset({"errors"}),
    "time": frozenset({"(root)", "errors", "core", "astro"}),
    "reading": frozenset({"errors"}),
    "rules": frozenset({"errors", "reading"}),
    "shensha": frozenset({"errors", "core"}),
    "i18n": frozenset({"errors", "reading"}),
    "params": frozenset({"errors", "core", "reading", "rules", "time"}),
    "method": frozenset({"errors", "params", "reading"}),
    "methods": frozenset({"errors", "method"}),
    "frontend": frozenset({"errors", "reading", "rules", "params", "method"}),
    "render": frozenset({"errors", "i18n", "methods"}),
    "journal": frozenset({"(root)", "errors", "reading"}),
    "mcp": EVERYTHING,
    "web": EVERYTHING,
    "cli": EVERYTHING,
}
#: the front ends may import anything but each other (web → cli is refused, and so on)
NOT_FROM: dict[str, frozenset[str]] = {"web": frozenset({"cli"}), "mcp": frozenset({"cli"})}
#: third-party libraries that belong to one layer
EXTERNAL: dict[str, frozenset[str]] = {
    "swisseph": frozenset({"astro"}),
    "erfa": frozenset({"astro"}),
    "sqlalchemy": frozenset({"journal"}),
    "alembic": frozenset({"journal"}),
    "fastapi": frozenset({"web"}),
    "starlette": frozenset({"web"}),
    "uvicorn": frozenset({"web", "cli"}),
}


def _package(rel: tuple[str, ...]) -> str:
    if len(rel) == 1:
        return "(root)" if rel[0] == "__init__.py" else rel[0][:-3]
    return rel[0]


def violations(root: Path) -> list[str]:
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).parts
        pkg = _package(rel)
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                parts = name.split(".")
                where = f"{'/'.join(rel)}:{node.lineno} imports {name}"
                if parts[0] != "xuanheng":
                    owners = EXTERNAL.get(parts[0])
                    if owners is not None and pkg not in owners:
                        out.append(where)
                    continue
                target = parts[1] if len(parts) > 1 else "(root)"
                if target == pkg or ".".join(parts[1:3]) in MODULES_MAY.get(pkg, ()):
                    continue
                if pkg in METHOD_PACKAGES:
                    ok = target in METHOD_MAY or (rel[-1].startswith("render") and target in RENDER_MAY)
                elif pkg in ALLOWED:
                    allowed = ALLOWED[pkg]
                    ok = (allowed is EVERYTHING or target in allowed) and target not in NOT_FROM.get(pkg, ())
                else:
                    ok = False  # a new package must be given its place in the table above
                if not ok:
                    out.append(where)
    return out


def test_every_import_runs_down() -> None:
    assert violations(ROOT) == []


def test_every_package_has_a_place_in_the_table() -> None:
    pkgs = {_package(p.relative_to(ROOT).parts) for p in ROOT.rglob("*.py")}
    assert pkgs <= set(ALLOWED) | METHOD_PACKAGES, pkgs - set(ALLOWED) - METHOD_PACKAGES


def test_the_checker_finds_imports_that_run_up(tmp_path: Path) -> None:
    planted = {
        "web/app.py": "from xuanheng.cli.main import main\n",
        "journal/facts.py": "def f():\n    from xuanheng.jinkoujue.chart import POSITION_LABELS\n",
        "liuren/reading.py": "from xuanheng.jinkoujue.reading import rules\n",
        "liuren/cast.py": "from xuanheng.i18n import label\n",
        "time/solar.py": "import swisseph as swe\n",
        "core/x.py": "from xuanheng.time import calendar\n",
        "liuren/render_svg.py": "from xuanheng.i18n import label\n",
        "liuren/chart.py": "from xuanheng.i18n.messages import warning\n",
        "time/lunar.py": "from xuanheng.i18n import catalogue\n",
    }
    for rel, text in planted.items():
        f = tmp_path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    found = violations(tmp_path)
    allowed = {"liuren/render_svg.py", "liuren/chart.py"}
    assert {v.split(":")[0] for v in found} == set(planted) - allowed
