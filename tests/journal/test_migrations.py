"""The Alembic revisions build exactly the schema of the models, from the installed package, idempotently."""

from __future__ import annotations

import threading
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from xuanheng.journal import Journal
from xuanheng.journal.db import make_engine, resolve_url
from xuanheng.journal.migrate import current, downgrade, head, upgrade
from xuanheng.journal.tables import Base

TABLES = {
    "journal_user", "journal_case", "journal_case_tag", "journal_case_rule", "journal_case_key",
    "journal_session", "journal_login_throttle", "journal_idempotency",
}  # fmt: skip


def _diff(url: str) -> list[object]:
    engine = make_engine(resolve_url(url))
    try:
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(ctx, Base.metadata))
    finally:
        engine.dispose()


def test_upgrade_head_matches_models(empty_db_url: str) -> None:
    db_url = empty_db_url
    engine = make_engine(resolve_url(db_url))
    assert current(engine) is None
    upgrade(engine)
    assert current(engine) == head()
    assert set(inspect(engine).get_table_names()) >= TABLES
    engine.dispose()
    assert _diff(db_url) == []


def test_upgrade_is_idempotent_and_downgrade_clears(empty_db_url: str) -> None:
    db_url = empty_db_url
    engine = make_engine(resolve_url(db_url))
    upgrade(engine)
    upgrade(engine)
    downgrade(engine, "base")
    assert not TABLES & set(inspect(engine).get_table_names())
    upgrade(engine)
    assert current(engine) == head()
    engine.dispose()
    assert _diff(db_url) == []


def test_open_migrates_and_reopen_keeps_data(db_url: str) -> None:
    from xuanheng.journal import CaseIn

    with Journal.open(db_url) as j:
        me = j.local_user()
        c = j.save_case(me, CaseIn(method="liuren", inputs={}, chart={"x": 1}))
    with Journal.open(db_url) as j:
        assert j.get_case(j.local_user(), c.id).chart == {"x": 1}


def test_concurrent_open_of_a_new_sqlite_file(tmp_path: Path) -> None:
    """Several workers starting at once on an empty file: one migrates, none fails."""
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    errors: list[BaseException] = []

    def start() -> None:
        try:
            Journal.open(url).close()
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert _diff(url) == []


def test_default_url_is_a_sqlite_file_in_the_data_dir(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("XUANHENG_DB_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    url = resolve_url(None)
    assert url.startswith("sqlite:///")
    assert url.endswith("journal.sqlite3")
    assert str(tmp_path) in url
    monkeypatch.setenv("XUANHENG_DB_URL", "postgres://u:p@h/db")
    assert resolve_url(None) == "postgresql+psycopg://u:p@h/db"
