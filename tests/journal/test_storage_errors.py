"""A database that cannot be used gives a typed error naming the ``db`` field, never a driver traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from xuanheng.errors import InputError
from xuanheng.journal import Journal, StorageError


def test_unreachable_postgresql() -> None:
    with pytest.raises(StorageError) as e:
        Journal.open("postgresql://nobody:secret@127.0.0.1:1/none")
    assert e.value.field == "db"
    assert "secret" not in str(e.value)  # the password is never shown


def test_missing_sqlite_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError) as e:
        Journal.open(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.sqlite3'}")
    assert e.value.field == "db"


@pytest.mark.parametrize("url", ["not a url", "mysql://u@h/db", "oracle://x"])
def test_unsupported_urls(url: str) -> None:
    with pytest.raises(InputError) as e:
        Journal.open(url)
    assert e.value.field == "db"


def test_not_a_database_file(tmp_path: Path) -> None:
    f = tmp_path / "junk.sqlite3"
    f.write_bytes(b"this is not a SQLite database" * 100)
    with pytest.raises(StorageError):
        Journal.open(f"sqlite:///{f}")


def test_limits_wider_than_the_columns_are_refused(tmp_path: Path) -> None:
    from xuanheng.errors import OptionError
    from xuanheng.journal import Limits

    with pytest.raises(OptionError) as e:
        Journal.open(f"sqlite:///{tmp_path / 'w.sqlite3'}", limits=Limits(tag=65))
    assert e.value.field == "limits.tag"
    Journal.open(f"sqlite:///{tmp_path / 'w.sqlite3'}", limits=Limits(tag=10, question=10)).close()


def test_case_of_a_deleted_user_is_a_conflict_not_a_crash(tmp_path: Path) -> None:
    from xuanheng.journal import CaseIn, ConflictError, User

    with Journal.open(f"sqlite:///{tmp_path / 'd.sqlite3'}", multi_user=True) as j:
        ghost = User(id=424242, name="ghost")
        with pytest.raises(ConflictError):
            j.save_case(ghost, CaseIn(method="liuren", inputs={}, chart={}))
