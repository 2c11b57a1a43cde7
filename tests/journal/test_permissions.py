"""The journal file is private (issue 14): created 0600 in a 0700 folder, so other local users cannot read
the questions; a journal that was created wider by an older version is tightened."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from xuanheng.journal import CaseIn, Journal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_default_journal_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("XUANHENG_DB_URL", raising=False)
    old = os.umask(0o022)  # the usual umask, under which SQLite would create 0644
    try:
        with Journal.open(None) as j:
            j.save_case(j.local_user(), CaseIn(method="liuren", inputs={}, chart={}, question="secret"))
            db = Path(j.url.removeprefix("sqlite:///"))
    finally:
        os.umask(old)
    assert db.name == "journal.sqlite3"
    assert _mode(db) == 0o600
    assert _mode(db.parent) == 0o700
    for side in (Path(f"{db}-wal"), Path(f"{db}-shm")):
        if side.exists():
            assert _mode(side) & 0o077 == 0, side


def test_an_older_wide_journal_is_tightened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("XUANHENG_DB_URL", raising=False)
    folder = tmp_path / "data" / "xuanheng"
    folder.mkdir(parents=True)
    folder.chmod(0o755)
    with Journal.open(f"sqlite:///{folder / 'journal.sqlite3'}"):
        pass
    (folder / "journal.sqlite3").chmod(0o644)
    with Journal.open(None):
        pass
    assert _mode(folder / "journal.sqlite3") == 0o600 and _mode(folder) == 0o700


def test_a_new_journal_file_anywhere_is_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        with Journal.open(f"sqlite:///{tmp_path / 'mine.sqlite3'}"):
            pass
    finally:
        os.umask(old)
    assert _mode(tmp_path / "mine.sqlite3") == 0o600


def test_the_web_default_is_the_same_private_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("XUANHENG_DB_URL", raising=False)
    from xuanheng.journal.db import resolve_url
    from xuanheng.web.settings import default_db_url

    assert default_db_url() == resolve_url(None)
    db = Path(default_db_url().removeprefix("sqlite:///"))
    assert _mode(db) == 0o600 and _mode(db.parent) == 0o700
