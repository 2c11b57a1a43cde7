"""Fixtures shared by the whole suite: the command line run in this process (``cli``, ``cli_json``,
``cli_flags``), and a private PostgreSQL database per test package and per session (each xdist worker
has its own session, so its own databases).

PostgreSQL tests run when ``XUANHENG_TEST_PG_URL`` is set. Under CI (``CI=true``) PostgreSQL is required:
without the URL the fixture first runs ``scripts/ci_postgres.sh`` and, if that gives no server, the tests
FAIL instead of skipping. Outside CI they are skipped when no URL is given.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PG_ENV = "XUANHENG_TEST_PG_URL"


# ---------------------------------------------------------------------------------------- xdist scheduling
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadgroup`` (pyproject's addopts), a worker takes a whole test module, or a whole
    ``xdist_group`` (all the browser tests: one Chromium at a time): the module-scoped fixtures and the
    module's caches (a sweep's charts, skyfield's terms, a started server) are then built once, not once per
    worker. Units with the most tests go first (xdist's ``loadscope`` order)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModuleOrGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.rfind("@") > nodeid.rfind("]"):  # "path::test[params]@group"
                return nodeid.rsplit("@", 1)[1]
            return nodeid.split("::", 1)[0]

    return ModuleOrGroup(config, log)


# ---------------------------------------------------------------------------------------- the command line
def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``xuanheng ARGV…`` in this process: (exit status, stdout, stderr)."""
    from xuanheng.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:  # argparse's own refusals
            rc = 0 if e.code is None else e.code if isinstance(e.code, int) else 1
    return rc, out.getvalue(), err.getvalue()


def cli_document(argv: list[str], lang: str) -> dict[str, Any]:
    """The ``--json`` document of ``xuanheng ARGV… --lang LANG`` (the command must succeed)."""
    rc, out, err = run_cli([*argv, "--json", "--lang", lang])
    assert rc == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def cli_view(argv: list[str], lang: str) -> str:
    """The text view of ``xuanheng ARGV… --lang LANG``, 400 columns wide (the command must succeed)."""
    rc, out, err = run_cli([*argv, "--lang", lang, "--width", "400"])
    assert rc == 0, err
    return out


def unread_runs(runs: Iterable[str], allowed: Sequence[str]) -> list[str]:
    """The runs (of hanja, say) not wholly made of *allowed* terms, tried longest first at each place."""
    terms = sorted(allowed, key=len, reverse=True)
    bad = []
    for run in runs:
        rest = run
        while rest:
            head = next((a for a in terms if rest.startswith(a)), None)
            if head is None:
                bad.append(run)
                break
            rest = rest[len(head) :]
    return bad


def flags_of(params: Mapping[str, Any]) -> list[str]:
    """Command-line flags of API parameters: ``{"true_solar": True, "day_boundary": "00:00", "lang": None}``
    → ``["--true-solar", "--day-boundary", "00:00"]`` (``None`` left out, ``True`` a bare flag)."""
    argv: list[str] = []
    for k, v in params.items():
        if v is None:
            continue
        flag = "--" + k.replace("_", "-")
        argv += [flag] if v is True else [flag, str(v)]
    return argv


def load_file(path: Path, name: str, *, register: bool = False) -> Any:
    """The Python file *path* (a script of ``scripts/``, a tool of ``../shared/tools``, a test's helper)
    loaded as the module *name*; with *register* it is put in ``sys.modules`` first (as ``import`` would), so
    that what it imports by that name is this module."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    if register:
        sys.modules.setdefault(name, mod)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="session")
def accuracy() -> Any:
    """``scripts/accuracy.py`` as a module, loaded once: the casebook tests of every method read their cases
    and judge them with it, so the page it writes (docs/accuracy.md) and the tests measure the same thing."""
    return load_file(
        Path(__file__).resolve().parents[1] / "scripts" / "accuracy.py", "accuracy", register=True
    )


@pytest.fixture(scope="session")
def cli() -> Callable[[list[str]], tuple[int, str, str]]:
    """:func:`run_cli`: ``rc, out, err = cli(["qizheng", "--at", …])``."""
    return run_cli


@pytest.fixture(scope="session")
def cli_json() -> Callable[..., Any]:
    """``cli_json("qizheng", "--at", …)``: the parsed output of the command with ``--json`` (its exit status
    must be 0; the assertion shows stderr when it is not)."""

    def run(*argv: str) -> Any:
        rc, out, err = run_cli([*argv, "--json"])
        assert rc == 0, err
        return json.loads(out)

    return run


@pytest.fixture(scope="session")
def cli_flags() -> Callable[[Mapping[str, Any]], list[str]]:
    """:func:`flags_of`."""
    return flags_of


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def pg_base_url() -> str | None:
    """The server URL from the environment, or (in CI) from ``scripts/ci_postgres.sh``; None outside CI."""
    from xuanheng.journal.db import resolve_url

    url = os.environ.get(PG_ENV, "").strip()
    if url:
        return resolve_url(url)
    if in_ci():
        script = ROOT / "scripts" / "ci_postgres.sh"
        try:
            # xdist workers may all get here at once: flock makes them take turns (the script is
            # idempotent, so the later ones find the server running); -o: the server the script starts
            # must not inherit the lock, or every later run waits on it for as long as the server lives
            lock = Path(tempfile.gettempdir()) / "xuanheng-ci-postgres.lock"
            out = subprocess.run(
                ["flock", "-o", str(lock), "bash", str(script)],
                check=True,
                capture_output=True,
                text=True,
                timeout=600,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError) as e:
            err = getattr(e, "stderr", "") or ""
            pytest.fail(f"CI=true but {PG_ENV} is unset and {script} failed: {e}\n{err[-2000:]}")
        os.environ[PG_ENV] = out.splitlines()[-1]
        return resolve_url(os.environ[PG_ENV])
    return None


@pytest.fixture(scope="session")
def pg_database() -> Iterator[Callable[[str], str]]:
    """Factory: ``pg_database("prefix")`` makes a database private to this session (dropped at the end)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    created: list[str] = []
    admin = None
    base = None

    def make(prefix: str) -> str:
        nonlocal admin, base
        base = base or pg_base_url()
        if base is None:
            pytest.skip(f"PostgreSQL tests need {PG_ENV} (scripts/ci_postgres.sh prints one)")
        admin = admin or create_engine(base, isolation_level="AUTOCOMMIT")
        # one database per session and so per xdist worker (PYTEST_XDIST_WORKER: gw0, gw1, …)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        name = f"{prefix}_{worker}_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        created.append(name)
        return make_url(base).set(database=name).render_as_string(hide_password=False)

    yield make
    if admin is not None:
        with admin.connect() as c:
            for name in created:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
