"""Fixtures of the web tests: an app on a fresh SQLite journal in a temporary directory."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.web.app import create_app
from xuanheng.web.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from browser_pages import NewPage, keep_errors  # the browser tests' shared setup

SECRET = "test-secret-0123456789abcdef0123456789abcdef"


def make_settings(tmp: Path, *, multi_user: bool = False, max_body: int = 2 * 1024 * 1024) -> Settings:
    return Settings(
        db_url=f"sqlite:///{tmp / 'journal.sqlite3'}", secret=SECRET, multi_user=multi_user, max_body=max_body
    )


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(make_settings(tmp_path))
    with TestClient(app) as c:
        yield c


@pytest.fixture
def multi_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("XUANHENG_SIGNUP", "1")
    app = create_app(make_settings(tmp_path, multi_user=True))
    with TestClient(app) as c:
        yield c


# ---------------------------------------------------------------------------- PostgreSQL (as tests/journal)


@pytest.fixture(scope="session")
def pg_url(pg_database: Callable[[str], str]) -> str:
    """A PostgreSQL database private to this test session (see tests/conftest.py)."""
    return pg_database("xuanheng_web")


def _reset_pg(url: str) -> None:
    from sqlalchemy import create_engine, text

    eng = create_engine(url, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(text("DROP SCHEMA public CASCADE"))
        c.execute(text("CREATE SCHEMA public"))
    eng.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty journal database of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'journal.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    _reset_pg(url)
    return url


def app_client(db: str, *, multi_user: bool = False) -> TestClient:
    return TestClient(create_app(Settings(db_url=db, secret=SECRET, multi_user=multi_user)))


@pytest.fixture
def jclient(db_url: str) -> Iterator[TestClient]:
    """Single-user app on each backend."""
    with app_client(db_url) as c:
        yield c


@pytest.fixture
def mclient(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """Multi-user app (sign-up open) on each backend."""
    monkeypatch.setenv("XUANHENG_SIGNUP", "1")
    with app_client(db_url, multi_user=True) as c:
        yield c


# ---------------------------------------------------------------------------- browser tests (Playwright)
_IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
if _IN_CI and importlib.util.find_spec("playwright") is None:
    # each browser test module skips without Playwright (pytest.importorskip); in CI that would hide them
    raise RuntimeError("Playwright is missing in CI: the browser tests would skip (install '.[web,test]')")
CHROMIUM = os.environ.get("XUANHENG_CHROMIUM", "/usr/bin/chromium")
#: Chromium flags for a closed network, as root, headless (see docs/web.md)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_launch() -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``: Debian's Chromium (installed in CI if missing;
    outside CI its absence skips the browser tests)."""
    in_ci = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    if in_ci and not Path(CHROMIUM).exists():  # safety net: .ci/run should have run it already
        script = Path(__file__).resolve().parents[2] / "scripts" / "ci_browser.sh"
        subprocess.run(["bash", str(script)], timeout=1200)
    if not Path(CHROMIUM).exists():
        if in_ci:
            pytest.fail(f"{CHROMIUM} missing in CI (scripts/ci_browser.sh did not install it)")
        pytest.skip(f"{CHROMIUM} missing (run scripts/ci_browser.sh)")
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def browser(browser_launch: dict[str, Any]) -> Iterator[Any]:
    """One Chromium for a module's browser tests (Playwright's sync API; closed at the module's end)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as pw:
        b = pw.chromium.launch(**browser_launch)
        yield b
        b.close()


def _serve(tmp: Path, **extra: str) -> Iterator[str]:
    """``xuanheng serve`` on a free port with a throw-away journal in *tmp*; yields its URL."""
    import httpx

    env = dict(os.environ)
    # no sample casts when the worker starts (the tests cast what they need); a caller may ask for them
    env.update(XUANHENG_SECRET="b" * 48, XDG_DATA_HOME=str(tmp), XUANHENG_WARM_UP="0", **extra)
    proc = subprocess.Popen(
        [sys.executable, "-m", "xuanheng", "serve", "--port", "0", "--db", f"sqlite:///{tmp / 'j.sqlite3'}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"http://[^\s/]+:\d+/", line)
    assert m, line
    url = m.group(0)
    for _ in range(100):
        try:
            if httpx.get(url + "api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture(scope="session")
def serve_app() -> Callable[..., Iterator[str]]:
    """``yield from serve_app(tmp_dir, ENV=value, …)`` inside a fixture: a real server for a browser."""
    return _serve


def _module_name(request: pytest.FixtureRequest) -> str:
    return str(request.module.__name__).rsplit(".", 1)[-1]


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, serve_app: Any
) -> Iterator[str]:
    """A single-user server of the module's own, its journal empty in a temporary folder named after the
    module. A module that wants cases in it first overrides the fixture and asks for this one by the same
    name (tests/web/test_browser_issue30.py)."""
    yield from serve_app(tmp_path_factory.mktemp(_module_name(request)), XUANHENG_MULTI_USER="0")


@pytest.fixture(scope="module")
def multi_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, serve_app: Any
) -> Iterator[str]:
    """A multi-user server of the module's own with sign-up open and no account yet (a module that wants
    accounts overrides it as ``server`` is overridden)."""
    tmp = tmp_path_factory.mktemp(_module_name(request) + "-multi")
    yield from serve_app(tmp, XUANHENG_MULTI_USER="1", XUANHENG_SIGNUP="1")


@pytest.fixture
def new_page(browser: Any) -> Iterator[NewPage]:
    """``new_page(viewport=PHONE, locale="ko-KR", …)``: a page of the module's Chromium in a browser context
    of its own, the keywords passed to ``browser.new_context`` (window sizes in browser_pages.py), with
    ``bypass_csp`` (Playwright evaluates its waits as strings, which the page's policy would refuse; the
    injection test thus shows that escaping alone stops a script). The page keeps its uncaught script errors
    in ``page.errors`` (``browser_pages.keep_errors``; ``errors=`` another page's list shares that list).
    Every context it opened is closed when the test ends, passed or failed."""
    contexts: list[Any] = []

    def make(*, errors: list[str] | None = None, **context: Any) -> Any:
        ctx = browser.new_context(bypass_csp=True, **context)
        contexts.append(ctx)
        return keep_errors(ctx.new_page(), errors)

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$XUANHENG_SCREENSHOTS`` or a temporary directory."""
    d = Path(os.environ.get("XUANHENG_SCREENSHOTS") or tmp_path_factory.mktemp("shots"))
    d.mkdir(parents=True, exist_ok=True)
    return d
