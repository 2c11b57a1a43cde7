"""Fixtures: every ``journal`` test runs on SQLite, and on PostgreSQL when ``XUANHENG_TEST_PG_URL`` is set.

Under CI (``CI=true``) PostgreSQL is required: without the URL the fixture first runs
``scripts/ci_postgres.sh`` and, if that cannot give a server, the PostgreSQL tests FAIL instead of
skipping. Outside CI they are skipped when no URL is given.
Each PostgreSQL test session works in its own database ``xuanheng_journal_<pid>`` (dropped at the end)
and each test starts from an empty schema.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from xuanheng.journal import Journal
from xuanheng.journal.migrate import head
from xuanheng.journal.tables import Base

JOURNAL_TABLES = set(Base.metadata.tables)


@pytest.fixture(scope="session")
def pg_url(pg_database: Callable[[str], str]) -> str:
    """A PostgreSQL database private to this test session (see tests/conftest.py)."""
    return pg_database("xuanheng_journal")


def _reset_pg(url: str, *, keep_schema: bool) -> None:
    """Empty the database: drop everything, or (faster) only delete the rows when the schema is at head."""
    eng = create_engine(url, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        tables = set(inspect(c).get_table_names())
        at_head = (
            "alembic_version" in tables
            and c.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
        )
        if keep_schema and at_head and tables >= JOURNAL_TABLES:
            c.execute(text(f"TRUNCATE {', '.join(sorted(JOURNAL_TABLES))} RESTART IDENTITY CASCADE"))
        else:
            c.execute(text("DROP SCHEMA public CASCADE"))
            c.execute(text("CREATE SCHEMA public"))
    eng.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once per session; tests start from a copy (faster than migrating)."""
    path = tmp_path_factory.mktemp("template") / "journal.sqlite3"
    Journal.open(f"sqlite:///{path}").close()  # the last connection to close checkpoints the WAL
    return path


def _url(request: pytest.FixtureRequest, tmp_path: Path, *, keep_schema: bool) -> str:
    if request.param == "sqlite":
        path = tmp_path / "journal.sqlite3"
        if keep_schema:
            shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    url: str = request.getfixturevalue("pg_url")
    _reset_pg(url, keep_schema=keep_schema)
    return url


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database of each backend without any case or user (the schema may already be there)."""
    return _url(request, tmp_path, keep_schema=True)


@pytest.fixture(params=BACKENDS)
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database of each backend without any table (for migration tests)."""
    return _url(request, tmp_path, keep_schema=False)


@pytest.fixture
def journal(db_url: str) -> Iterator[Journal]:
    j = Journal.open(db_url, multi_user=False)
    try:
        yield j
    finally:
        j.close()


@pytest.fixture
def multi(db_url: str) -> Iterator[Journal]:
    j = Journal.open(db_url, multi_user=True)
    try:
        yield j
    finally:
        j.close()
