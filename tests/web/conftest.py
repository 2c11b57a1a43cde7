"""Fixtures of the web tests: an app on a fresh SQLite journal in a temporary directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from xuanheng.web.app import create_app
from xuanheng.web.settings import Settings

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
