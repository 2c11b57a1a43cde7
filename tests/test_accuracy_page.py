"""docs/accuracy.md is what scripts/accuracy.py writes from the casebooks of every method, never typed.

Rendering the page judges every case of the four casebooks (several seconds), so it is one test for all
methods and runs with the long sweeps (``pytest -m slow``, which CI runs); the casebook tests of each method
hold the agreement floors in the default run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_accuracy_page_is_generated(accuracy: Any) -> None:
    assert (ROOT / "docs" / "accuracy.md").read_text(encoding="utf-8") == accuracy.render(), (
        "docs/accuracy.md is out of date: run python scripts/accuracy.py"
    )
