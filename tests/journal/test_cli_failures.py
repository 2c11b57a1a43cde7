"""Command-line failures are one line in the chosen language and status 2, never a traceback: an export to
a folder that does not exist, and ``all`` with an instant no method can read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _xuanheng(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "xuanheng", *argv], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "there is no folder"), ("ko", "폴더가 없습니다"), ("zh-Hant", "資料夾")]
)
def test_export_to_a_missing_folder(tmp_path: Path, lang: str, said: str) -> None:
    db = f"sqlite:///{tmp_path / 'j.sqlite3'}"
    r = _xuanheng("journal", "--db", db, "export", "-o", "/nonexistent/dir/f", "--lang", lang, home=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and said in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_all_with_an_unreadable_instant_exits_2(tmp_path: Path) -> None:
    r = _xuanheng("all", "--at", "abc", "--tz", "Asia/Shanghai", home=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    r = _xuanheng("all", "--at", "abc", "--tz", "Asia/Shanghai", "--json", home=tmp_path)
    assert r.returncode == 2
    r = _xuanheng("all", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", home=tmp_path)
    assert r.returncode == 0, r.stdout
