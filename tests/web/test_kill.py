"""The journal loses no committed case when the server is killed with SIGKILL in the middle of writes.

The server (``xuanheng serve``, two workers) takes a stream of saves from several client threads; each
case id the server acknowledged with 201 is recorded. The whole process group is killed with SIGKILL while
writes are in flight; then every acknowledged case must be in the database with the question that was sent,
SQLite's integrity check must pass, and a restarted server must serve them.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from sqlalchemy import text

from xuanheng.journal import Journal

JKJ = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"}


@contextmanager
def serve(db_url: str, workers: int, tmp: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``xuanheng serve`` in its own process group; output to a file (a full pipe would block it)."""
    env = dict(os.environ, XUANHENG_SECRET="k" * 48, XDG_DATA_HOME=tmp, XUANHENG_MULTI_USER="0")
    cmd = [sys.executable, "-m", "xuanheng", "serve", "--port", "0", "--db", db_url]
    cmd += ["--workers", str(workers)]
    with open(os.path.join(tmp, f"serve-{time.monotonic_ns()}.log"), "w+") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            m = None
            for _ in range(600):
                log.seek(0)
                m = re.search(r"http://[^\s/]+:\d+/", log.read())
                if m or proc.poll() is not None:
                    break
                time.sleep(0.05)
            assert m, "the server printed no address"
            url = m.group(0)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if httpx.get(url + "api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield url, proc
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(10)


@pytest.mark.slow  # kill -9 under load: with the slow sweeps in CI
def test_sigkill_mid_writes_loses_nothing(db_url: str, tmp_path: object) -> None:
    acked: dict[str, str] = {}
    lock = threading.Lock()
    stop = threading.Event()
    with serve(db_url, 2, str(tmp_path)) as (url, proc):

        def writer(n: int) -> None:
            with httpx.Client(base_url=url, timeout=10) as c:
                i = 0
                while not stop.is_set():
                    q = f"writer {n} case {i} 問"
                    try:
                        r = c.post(
                            "/api/journal/cases", json={"method": "jinkoujue", "inputs": JKJ, "question": q}
                        )
                    except httpx.HTTPError:
                        return  # the server died under us: anything unacknowledged may be lost
                    if r.status_code == 201:
                        with lock:
                            acked[r.json()["id"]] = q
                    i += 1

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 20
        while len(acked) < 30 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)  # master and workers, mid-stream
        proc.wait(10)
        stop.set()
        for t in threads:
            t.join(15)
    assert len(acked) >= 30, "the server wrote too little before the kill to test anything"

    j = Journal.open(db_url, multi_user=False)
    try:
        user = j.local_user()
        stored = {c.id: c.question for c in j.list_cases(user, _query(len(acked) + 100)).items}
        missing = {cid: q for cid, q in acked.items() if stored.get(cid) != q}
        assert not missing, f"{len(missing)} acknowledged case(s) lost or changed"
        if db_url.startswith("sqlite"):
            with j.engine.connect() as conn:
                assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    finally:
        j.close()
    with serve(db_url, 1, str(tmp_path)) as (url, _):
        total = httpx.get(url + "api/journal/cases", timeout=10).json()["total"]
        assert total >= len(acked)


def _query(limit: int) -> object:
    from xuanheng.journal import CaseQuery

    return CaseQuery(limit=min(limit, 500))  # the test stops writing long before 500 cases
