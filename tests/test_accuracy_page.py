"""docs/accuracy.md and src/xuanheng/reading/data/measured.toml (each method's figures, shown to readers under
the verdict) are what scripts/accuracy.py writes from the casebooks of every method, never typed.

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


@pytest.mark.slow
def test_measured_file_is_generated(accuracy: Any) -> None:
    """The figures readers are shown come from the same judged cases as the page (its rows are judged once
    per run and shared, so this test adds little time to the one above)."""
    got = (ROOT / "src" / "xuanheng" / "reading" / "data" / "measured.toml").read_text(encoding="utf-8")
    assert got == accuracy.measured_text(), (
        "src/xuanheng/reading/data/measured.toml is out of date: run python scripts/accuracy.py"
    )
