"""Alembic, configured in code (no ``alembic.ini``), so migrations run from the installed package.

``upgrade(engine)`` brings a database to the newest revision. It is safe to call from several workers at
once: on PostgreSQL it holds an advisory lock; on SQLite a lock file beside the database
(``<file>-migrate.lock``, ``flock``) serialises the first connections too (switching a new file to WAL needs
an exclusive lock that a racing connection can be refused without waiting) and an immediate (write)
transaction does the rest, so one worker migrates and the others then find the schema at head.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

from xuanheng.journal.db import writer

SCRIPT_LOCATION = "xuanheng.journal:migrations"
#: arbitrary constant key of the PostgreSQL advisory lock taken while migrating
_PG_LOCK_KEY = 0x78756A6E  # "xujn"


def config(connection: Connection | None = None) -> Config:
    """An Alembic config pointing at the packaged migrations (and at *connection*, if given)."""
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision id shipped with the package."""
    rev = ScriptDirectory.from_config(config()).get_current_head()
    assert rev is not None
    return rev


def current(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for an empty database)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@contextlib.contextmanager
def _sqlite_file_lock(engine: Engine) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``<database>-migrate.lock`` for a SQLite file; no-op otherwise."""
    db = engine.url.database if engine.dialect.name == "sqlite" else None
    if not db or db == ":memory:" or db.startswith("file:"):
        yield
        return
    with open(Path(db).with_name(Path(db).name + "-migrate.lock"), "a+b") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run ``alembic upgrade <revision>`` on *engine* (idempotent, safe from several workers at once)."""
    with _sqlite_file_lock(engine), writer(engine).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
        command.upgrade(config(conn), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Run ``alembic downgrade <revision>`` on *engine*."""
    with writer(engine).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
        command.downgrade(config(conn), revision)
