"""Packaging conventions (issue 15): the version lives once (``xuanheng.__version__``; pyproject.toml reads
it), ``xuanheng --version`` says it, and CI runs the wheel check (scripts/ci_wheel.sh) after the tests."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import xuanheng
from xuanheng.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_declared_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "xuanheng.__version__"}
    # the installed metadata (built from pyproject.toml) carries the same version
    assert version("xuanheng") == xuanheng.__version__


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"xuanheng {xuanheng.__version__}"


def test_ci_runs_the_wheel_check() -> None:
    run = (ROOT / ".ci" / "run").read_text("utf-8")
    lines = [ln.strip() for ln in run.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    tests = next(i for i, ln in enumerate(lines) if "-m pytest" in ln)
    wheel = lines.index("bash scripts/ci_wheel.sh")
    assert wheel > tests  # after the README's test command, on the environment it made
    script = (ROOT / "scripts" / "ci_wheel.sh").read_text("utf-8")
    for needed in ("serve --help", "mcp --help", "--version", "registry()", "StdioServerParameters"):
        assert needed in script, needed
