"""The ``journal`` admin command: upgrade, add-user, status, export and import through files."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from xuanheng.journal import CaseIn, ConflictError, Journal, NotFoundError, admin


def _run(*argv: str) -> int:
    p = argparse.ArgumentParser()
    admin.add_arguments(p)
    return admin.run(p.parse_args(list(argv)))


def test_admin_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    assert _run("--db", a, "upgrade") == 0
    with Journal.open(a) as j:
        j.save_case(j.local_user(), CaseIn(method="liuren", inputs={"q": 1}, chart={"甲": "子"}, tags=["t"]))
        doc = j.export_json(j.local_user())
    out = tmp_path / "export.json"
    assert _run("--db", a, "export", "-o", str(out)) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == doc
    assert _run("--db", b, "import", str(out)) == 0
    with Journal.open(b) as j:
        assert j.export_json(j.local_user()) == doc
    pw = tmp_path / "pw"
    pw.write_text("a long password\n", encoding="utf-8")
    assert _run("--db", b, "add-user", "carol", "--password-file", str(pw)) == 0
    with Journal.open(b) as j:
        assert j.authenticate("carol", "a long password") is not None
    capsys.readouterr()
    assert _run("--db", b, "status") == 0
    status = capsys.readouterr().out
    assert "carol (password, 0 cases)" in status and "local (local, 1 cases)" in status
    with pytest.raises(NotFoundError):
        _run("--db", b, "export", "--user", "nobody")


def test_local_is_reserved(tmp_path: Path) -> None:
    with (
        Journal.open(f"sqlite:///{tmp_path / 'r.sqlite3'}", multi_user=True) as j,
        pytest.raises(ConflictError),
    ):
        j.create_user("Local", "long enough pw")


def test_admin_move_and_remove(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    with Journal.open(db) as j:
        j.save_case(j.local_user(), CaseIn(method="liuren", inputs={}, chart={}))
    monkeypatch.setenv("XUANHENG_PASSWORD", "dave's password")
    assert _run("--db", db, "add-user", "dave") == 0
    assert _run("--db", db, "move-cases", "--to", "dave") == 0
    with Journal.open(db) as j:
        assert j.count_cases(j.user_by_name("dave")) == 1
        assert j.count_cases(j.local_user()) == 0
    assert _run("--db", db, "remove-user", "dave") == 0
    with Journal.open(db) as j:
        assert [u.name for u in j.list_users()] == ["local"]


def test_module_entry_point_reports_errors_on_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    ok = subprocess.run(
        [sys.executable, "-m", "xuanheng.journal", "--db", db, "status"], capture_output=True, text=True
    )
    assert ok.returncode == 0 and "schema:" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "xuanheng.journal", "--db", db, "export", "--user", "nobody"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and "nobody" in bad.stderr and "Traceback" not in bad.stderr
