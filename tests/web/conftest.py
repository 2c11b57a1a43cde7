"""Fixtures of the web tests: an app on a fresh SQLite journal in a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator
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
