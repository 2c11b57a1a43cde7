"""``xuanheng serve``: prints its address and answers there; bad arguments are one-line errors."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr
from pathlib import Path

import httpx
import pytest

from xuanheng.cli.main import main


def test_serve_prints_address_and_serves(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    env.pop("XUANHENG_DB_URL", None)
    env.pop("XUANHENG_SECRET", None)
    log = tmp_path / "out.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "xuanheng", "serve", "--port", "0"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    try:
        m = None
        for _ in range(400):
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())
            if m:
                break
            time.sleep(0.05)
        assert m, log.read_text()
        # the default journal is a SQLite file in the user's data directory
        assert "journal.sqlite3" in log.read_text()
        for _ in range(100):
            try:
                r = httpx.get(m.group(0), timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert r.status_code == 200 and "璇衡" in r.text
        assert (tmp_path / "xuanheng" / "journal.sqlite3").exists()
        key = tmp_path / "xuanheng" / "session.key"
        assert key.exists() and oct(key.stat().st_mode & 0o777) == "0o600"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)


def test_serving_on_is_said_once_the_port_answers(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), XUANHENG_SECRET="s" * 40)
    env.pop("XUANHENG_DB_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "xuanheng", "serve", "--port", "0", "--db", f"sqlite:///{tmp_path / 'j.db'}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, line
        # no waiting, no retry: the first request after the line is answered
        assert httpx.get(m.group(0) + "api/health", timeout=5).status_code == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)


def test_announce_when_ready_says_nothing_while_nothing_answers(capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.serve_cmd import _free_port, announce_when_ready

    assert announce_when_ready("127.0.0.1", _free_port("127.0.0.1"), "serving on …", timeout=0.3) is False
    assert capsys.readouterr().out == ""


def test_bad_arguments_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # serve sets XUANHENG_* for its workers: let monkeypatch restore them afterwards
    for name in ("XUANHENG_DB_URL", "XUANHENG_SECRET", "XUANHENG_MULTI_USER"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for argv, word in (
        (["serve", "--port", "70000"], "port"),
        (["serve", "--workers", "0"], "workers"),
        (["serve", "--db", "mysql://x/y"], "mysql"),
    ):
        err = io.StringIO()
        with redirect_stderr(err):
            assert main(argv) == 2
        assert word in err.getvalue() and len(err.getvalue().strip().splitlines()) == 1
