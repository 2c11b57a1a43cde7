"""Engines: where the journal lives and how connections are set up.

* ``None`` → ``$XUANHENG_DB_URL`` if set, else a SQLite file ``journal.sqlite3`` in the user's data directory
  (``platformdirs.user_data_path("xuanheng")``), the folder 0700 and the file 0600 (a new SQLite file of
  any path is created 0600 too: the journal holds the questions people asked).
* ``sqlite:///path`` → SQLite in WAL mode, ``synchronous=FULL`` (a commit is on disk before it returns),
  foreign keys on, 30 s busy timeout; write transactions start with ``BEGIN IMMEDIATE`` so concurrent
  writers queue instead of failing with "database is locked" half-way.
* ``postgresql://…`` / ``postgres://…`` → PostgreSQL through psycopg 3 (``postgresql+psycopg://``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from xuanheng.errors import InputError, echo
from xuanheng.journal.validate import dumps

ENV_URL = "XUANHENG_DB_URL"
DEFAULT_FILE = "journal.sqlite3"
#: execution option selecting how a SQLite transaction begins
BEGIN_OPTION = "xuanheng_sqlite_begin"


def default_path() -> Path:
    """The default SQLite file (its directory is created when the journal opens)."""
    import platformdirs

    return Path(platformdirs.user_data_path("xuanheng", appauthor=False)) / DEFAULT_FILE


def private_dir(path: Path) -> None:
    """Create the folder *path* readable by its owner only (0700); tighten it if it is ours and wider.
    The journal holds the questions people asked: other local users must not read them."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        st = path.stat()
        if st.st_uid == os.getuid() and st.st_mode & 0o077:
            path.chmod(0o700)
    except (OSError, AttributeError):  # AttributeError: os.getuid on Windows
        pass


def private_file(path: Path, *, tighten: bool = False) -> None:
    """Create the SQLite file *path* as 0600 before SQLite does (SQLite would make it 0644 under the usual
    umask, and gives its -wal and -shm files the database file's mode). With *tighten*, an existing file
    of ours (and its -wal/-shm) that others can read becomes 0600 too (the default journal)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if tighten:
            for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                try:
                    st = p.stat()
                    if st.st_uid == os.getuid() and st.st_mode & 0o077:
                        p.chmod(0o600)
                except (OSError, AttributeError):
                    pass
    except OSError:
        return  # a read-only place or a missing folder: SQLite reports it when it opens the file
    else:
        os.close(fd)


def resolve_url(url: str | None) -> str:
    """The database URL to use for *url* (see the module docstring)."""
    if url is None or not url.strip():
        url = os.environ.get(ENV_URL, "").strip() or None
    if url is None:
        path = default_path()
        private_dir(path.parent)
        private_file(path, tighten=True)
        return f"sqlite:///{path}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def check_url(url: str) -> tuple[str, str | None]:
    """(backend, SQLite file or None) of *url* (already resolved), refused as :func:`make_engine` would
    refuse it — not a URL, a SQLite file whose directory does not exist, another database — without
    creating anything (the command line checks ``--save --db`` this way before it casts)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise InputError(
            f"database URL {echo(url, 200)} is not a URL; expected sqlite:///path/to/file.sqlite3 or "
            "postgresql://user:password@host/dbname",
            field="db",
            code="journal.db_not_url",
            params={"value": echo(url, 200)},
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        db = parsed.database
        if not db or db == ":memory:" or db.startswith("file:"):
            return backend, None
        if not Path(db).parent.is_dir():
            raise InputError(
                f"the directory of the SQLite file {echo(db, 200)} does not exist; create it or give "
                "another path",
                field="db",
                code="journal.db_no_directory",
                params={"value": echo(db, 200)},
            )
        return backend, db
    if backend == "postgresql":
        return backend, None
    raise InputError(
        f"database {backend!r} is not supported; use sqlite:///file or postgresql://…", field="db"
    )


def make_engine(url: str) -> Engine:
    """An engine for *url* (already resolved) set up for durable journal writes."""
    backend, db = check_url(url)
    if backend == "sqlite":
        if db is not None:
            private_file(Path(db))
        return _sqlite_engine(url)
    return create_engine(url, json_serializer=dumps, pool_pre_ping=True)


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, json_serializer=dumps, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy (the "begin" hook below) issue BEGIN itself instead of the driver.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        mode = conn.get_execution_options().get(BEGIN_OPTION, "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def writer(engine: Engine) -> Engine:
    """The same engine, whose transactions take the write lock up front on SQLite."""
    if engine.dialect.name == "sqlite":
        return engine.execution_options(**{BEGIN_OPTION: "IMMEDIATE"})
    return engine
