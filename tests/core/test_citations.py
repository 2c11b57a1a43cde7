"""Citations in every data file of the repository.

Every INVENTORY id (``000-012``) cited in a ``src`` (or ``*_src``) value of any
``src/xuanheng/**/data/*.toml`` must exist in ``../shared/seeds/INVENTORY.tsv`` (relative to the repo
root; CI checks ../shared out beside the clone). Core tables must all carry a ``src``.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
DATA_FILES = sorted((ROOT / "src" / "xuanheng").glob("**/data/*.toml"))
ID = re.compile(r"(?<![0-9])([0-9]{3}-[0-9]{3})(?![0-9])")


def _inventory_ids() -> set[str]:
    if not INVENTORY.exists():
        message = f"{INVENTORY} not found: the seeds must be checked out at ../shared beside the repo"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI always has ../shared: a missing inventory is an error there
        pytest.skip(message)
    ids = set()
    for line in INVENTORY.read_text("utf-8").splitlines()[1:]:
        if line.strip():
            ids.add(line.split("\t", 1)[0])
    return ids


def _citations(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Yield (location, text) for every src / *_src value below *node*."""
    if isinstance(node, dict):
        for k, v in node.items():
            loc = f"{where}.{k}"
            if k == "src" or k.endswith("_src"):
                values = v if isinstance(v, list) else [v]
                for text in values:
                    yield loc, str(text)
            else:
                yield from _citations(v, loc)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _citations(v, f"{where}[{i}]")


def test_inventory_is_readable() -> None:
    ids = _inventory_ids()
    assert "000-002" in ids and "003-135" in ids
    assert len(ids) > 800


def test_data_files_found() -> None:
    assert any(p.parent.parent.name == "core" for p in DATA_FILES)


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(ROOT / "src" / "xuanheng")))
def test_every_cited_id_exists(path: Path) -> None:
    ids = _inventory_ids()
    data = tomllib.loads(path.read_text("utf-8"))
    missing = [
        (loc, found)
        for loc, text in _citations(data, path.stem)
        for found in ID.findall(text)
        if found not in ids
    ]
    assert not missing, f"{path.name}: ids not in INVENTORY.tsv: {missing}"


CORE_FILES = [p for p in DATA_FILES if p.parent.parent.name == "core"]


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: p.name)
def test_every_core_table_has_a_source(path: Path) -> None:
    data = tomllib.loads(path.read_text("utf-8"))
    for name, table in data.items():
        assert isinstance(table, dict), f"{path.name}: top-level {name!r} is not a table"
        cites = list(_citations(table, name))
        assert cites, f"{path.name}: table [{name}] has no src"
        assert all(text.strip() for _, text in cites)
