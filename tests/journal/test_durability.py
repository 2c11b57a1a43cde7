"""A journal loses no committed case when the writing process is killed with SIGKILL mid-stream.

Child processes (``writer_proc.py``) save cases in a loop and print each id only after its commit returned;
the test kills them with SIGKILL at an arbitrary moment, several times over the same database, then reopens it
and checks that every reported case is there with exactly the content written, and that SQLite's
integrity check passes.
"""

from __future__ import annotations

import importlib.util
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from xuanheng.journal import Journal

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("xuanheng_journal_writer_proc", HERE / "writer_proc.py")
assert _spec is not None and _spec.loader is not None
_writer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_writer)
expected = _writer.expected

WORKERS = 2
ROUNDS = 2


def _run_and_kill(url: str, tags: list[str], min_lines: int) -> list[list[str]]:
    env = dict(os.environ)
    src = str(HERE.parents[1] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    procs = [
        subprocess.Popen(
            [sys.executable, str(HERE / "writer_proc.py"), url, tag],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for tag in tags
    ]
    sel = selectors.DefaultSelector()
    lines: dict[int, list[str]] = {p.pid: [] for p in procs}
    bufs: dict[int, bytes] = {p.pid: b"" for p in procs}
    for p in procs:
        assert p.stdout is not None
        os.set_blocking(p.stdout.fileno(), False)
        sel.register(p.stdout, selectors.EVENT_READ, p)

    def pump(timeout: float) -> None:
        for key, _ in sel.select(timeout):
            p = key.data
            chunk = p.stdout.read() or b""
            bufs[p.pid] += chunk
            *done, bufs[p.pid] = bufs[p.pid].split(b"\n")
            lines[p.pid] += [d.decode() for d in done]

    deadline = time.monotonic() + 120
    while min(len(v) for v in lines.values()) < min_lines:
        for p in procs:
            if p.poll() is not None:
                err = p.stderr.read().decode() if p.stderr else ""
                pytest.fail(f"writer exited early with {p.returncode}: {err[-2000:]}")
        if time.monotonic() > deadline:
            pytest.fail("writers too slow")
        pump(0.5)
    for p in procs:
        os.kill(p.pid, signal.SIGKILL)
    for p in procs:
        p.wait(timeout=30)
        assert p.returncode == -signal.SIGKILL
    # lines already written to the pipe before the kill were committed too: read them all
    pump(0.2)
    for p in procs:
        assert p.stdout is not None
        rest = bufs[p.pid] + (p.stdout.read() or b"")
        *done, _partial = rest.split(b"\n")  # a torn last line was never fully reported: ignore it
        lines[p.pid] += [d.decode() for d in done]
        p.stdout.close()
        if p.stderr:
            p.stderr.close()
    return [lines[p.pid] for p in procs]


def _check(url: str, reports: list[tuple[str, list[str]]]) -> int:
    checked = 0
    with Journal.open(url) as j:
        me = j.local_user()
        for tag, lines in reports:
            for line in lines:
                kind, case_id, n_text = line.split()
                n = int(n_text)
                c = j.get_case(me, case_id)
                want = expected(tag, n)
                assert c.method == want["method"]
                assert c.inputs == want["inputs"]
                assert c.chart == want["chart"]
                assert c.question == want["question"]
                assert list(c.tags) == want["tags"]
                assert list(c.rule_ids) == want["rule_ids"]
                assert {k: list(v) for k, v in c.keys.items()} == want["keys"]
                if kind == "outcome":
                    assert c.outcome is not None and c.outcome.result == "應驗"
                    assert c.outcome.note == f"note {n}"
                checked += 1
        if j.engine.dialect.name == "sqlite":
            with j.engine.connect() as conn:
                assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    return checked


@pytest.mark.slow  # kill -9 mid-write: with the slow sweeps in CI
@pytest.mark.timeout(300)
def test_sigkill_loses_no_committed_case(db_url: str) -> None:
    Journal.open(db_url).close()  # migrate first, so the kill hits case writes
    reports: list[tuple[str, list[str]]] = []
    for r in range(ROUNDS):
        tags = [f"w{r}x{k}" for k in range(WORKERS)]
        got = _run_and_kill(db_url, tags, min_lines=20 + 7 * r)
        reports += list(zip(tags, got, strict=True))
    checked = _check(db_url, reports)
    assert checked >= ROUNDS * WORKERS * 20
