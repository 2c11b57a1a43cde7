"""Bounded load test of the chart API on loopback: start ``xuanheng serve --workers N`` and hammer it.

    .venv/bin/python bench/load_api.py [--workers 2] [--duration 10] [--connections 32] [--mix distinct]
                                       [--tool wrk|python] [--max-requests 200000]

Bounds: the run lasts at most ``--duration`` seconds (capped at 60) and, with the Python client, at most
``--max-requests`` requests; only 127.0.0.1 is contacted; the server runs on a throw-away SQLite journal in
a temporary directory and is stopped at the end.

Request mixes (``--mix``):

* ``distinct`` — every request a different chart: 金口訣 and 大六壬 alternately, instants 37 minutes apart
  over a year, the twelve 地分, four languages (the per-worker chart memo almost never hits);
* ``same``     — one chart over and over (an upper bound: every request but the first is a memo hit);
* ``method:<name>`` — one method alone (``method:qizheng`` …), every request a different instant: its
  example parameters (``METHOD.example``) with the instant moved 37 minutes each time and the four languages;
* ``--per-method`` runs ``method:<name>`` for every registered method in turn (one server, the same
  connections and duration for each) and prints one line per method: the figures issue 26 asks for
  (req/s, p50 and p99 at concurrency 16).

The load generator is ``wrk`` (Debian package ``wrk``) when installed, else a small asyncio HTTP/1.1
keep-alive client in this file (which costs more CPU on the same two cores, so it reports lower figures).
Prints requests/s, latency percentiles, the count of non-200 answers, and one JSON line for the docs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

MAX_DURATION = 60.0
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
LANGS = ("zh-Hant", "ko", "en", "zh-Hans")


def method_paths(name: str, n: int = 4000) -> list[str]:
    """Request paths of one method: its example parameters, the instant moved 37 minutes each time."""
    from xuanheng.methods import registry

    method = registry()[name]
    example = {k: v for k, v in method.example.items() if k != "at"}
    base = time.mktime((1990 if name == "qizheng" else 2026, 1, 1, 0, 0, 0, 0, 0, -1))
    out: list[str] = []
    for i in range(n):
        at = time.strftime("%Y-%m-%dT%H:%M", time.localtime(base + i * 37 * 60))
        q = {**{k: str(v) for k, v in example.items()}, "at": at, "lang": LANGS[i % 4]}
        out.append(f"/api/{name}?{urllib.parse.urlencode(q)}")
    return out


def paths(mix: str, n: int = 4000) -> list[str]:
    """Request paths of the mix (see module docstring)."""
    if mix.startswith("method:"):  # more instants than a run sends, so that no request is a memo hit
        return method_paths(mix.split(":", 1)[1], max(n, 60_000))
    out: list[str] = []
    base = time.mktime((2026, 1, 1, 0, 0, 0, 0, 0, -1))
    for i in range(n):
        if mix == "same":
            t, difen, lang, method = base, "申", "zh-Hant", "jinkoujue"
        else:
            t = base + i * 37 * 60
            k = i
            difen, lang = BRANCHES[k % 12], LANGS[k % 4]
            method = "jinkoujue" if k % 2 == 0 else "liuren"
        at = time.strftime("%Y-%m-%dT%H:%M", time.localtime(t))
        q = {"at": at, "tz": "Asia/Shanghai", "lang": lang}
        if method == "jinkoujue":
            q["difen"] = difen
        out.append(f"/api/{method}?{urllib.parse.urlencode(q)}")
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(workers: int, tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(tmp), XUANHENG_SECRET="bench-" + "x" * 40)
    cmd = [sys.executable, "-m", "xuanheng", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--workers", str(workers), "--db", f"sqlite:///{tmp / 'bench.sqlite3'}"]
    log = (tmp / "server.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=1) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.2)
    stop_server(proc)
    raise SystemExit(f"server did not start; see {tmp / 'server.log'}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def warm_up(url: str, ps: list[str], workers: int) -> None:
    # each worker imports its tables lazily on first use; touch every endpoint a few times per worker
    for p in ps[: 50 * workers]:
        with urllib.request.urlopen(url + p, timeout=10) as r:
            r.read()


# ------------------------------------------------------------------------------------------- wrk
LUA = """
local paths = {}
for line in io.lines("%s") do paths[#paths + 1] = line end
local i = 0
local thread_ix = 0
local counter = 0
function setup(thread) thread:set("offset", counter); counter = counter + 1 end
request = function()
  i = i + 1
  local p = paths[((i - 1 + (offset or 0) * 1999) %% #paths) + 1]
  return wrk.format("GET", p)
end
function done(summary, latency, requests)
  io.write(string.format("JSON {\\"requests\\": %%d, \\"duration_s\\": %%.3f, "
    .. "\\"non2xx\\": %%d, \\"errors\\": %%d, \\"p50_ms\\": %%.2f, \\"p90_ms\\": %%.2f, "
    .. "\\"p99_ms\\": %%.2f, \\"max_ms\\": %%.2f}\\n",
    summary.requests, summary.duration / 1e6, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000))
end
"""


def run_wrk(url: str, ps: list[str], duration: float, connections: int, tmp: Path) -> dict[str, float]:
    # each wrk thread walks the list in order from its own offset
    plist = tmp / "paths.txt"
    plist.write_text("\n".join(ps) + "\n")
    script = tmp / "mix.lua"
    script.write_text(LUA % plist)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{int(duration)}s", "--latency", "-s", str(script), url],
        capture_output=True,
        text=True,
        timeout=duration + 60,
    ).stdout
    m = re.search(r"^JSON (\{.*\})$", out, re.M)
    if not m:
        raise SystemExit(out)
    r: dict[str, float] = json.loads(m.group(1))
    r["rps"] = r["requests"] / r["duration_s"]
    return r


# ----------------------------------------------------------------------------------- asyncio client
async def _conn(host: str, port: int, ps: list[str], start: int, stop_at: float, budget: list[int],
                lat: list[float], bad: list[int]) -> None:  # fmt: skip
    reader, writer = await asyncio.open_connection(host, port)
    i = start
    try:
        while time.monotonic() < stop_at and budget[0] > 0:
            budget[0] -= 1
            p = ps[i % len(ps)]
            i += 1
            t0 = time.perf_counter()
            writer.write(f"GET {p} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            m = re.search(rb"content-length: *(\d+)", head, re.I)
            await reader.readexactly(int(m.group(1)) if m else 0)
            lat.append(time.perf_counter() - t0)
            if not head.startswith(b"HTTP/1.1 200"):
                bad[0] += 1
    finally:
        writer.close()


def run_python(
    url: str, ps: list[str], duration: float, connections: int, max_requests: int
) -> dict[str, float]:
    u = urllib.parse.urlsplit(url)
    lat: list[float] = []
    bad = [0]
    budget = [max_requests]

    async def main() -> float:
        t0 = time.monotonic()
        stop_at = t0 + duration
        step = max(1, len(ps) // connections)
        await asyncio.gather(
            *(_conn(u.hostname or "127.0.0.1", u.port or 80, ps, k * step, stop_at, budget, lat, bad)
              for k in range(connections))
        )  # fmt: skip
        return time.monotonic() - t0

    elapsed = asyncio.run(main())
    lat.sort()

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    return {
        "requests": len(lat),
        "duration_s": elapsed,
        "rps": len(lat) / elapsed,
        "non2xx": bad[0],
        "errors": 0,
        "p50_ms": pct(0.50),
        "p90_ms": pct(0.90),
        "p99_ms": pct(0.99),
        "max_ms": lat[-1] * 1000 if lat else float("nan"),
    }


def _line(r: dict[str, float | str | int]) -> str:
    return (
        f"{r['mix']!s:16s} workers={r['workers']} conns={r['connections']} tool={r['tool']}: "
        f"{r['rps']:.0f} req/s  p50 {r['p50_ms']:.1f} ms  p90 {r['p90_ms']:.1f} ms  "
        f"p99 {r['p99_ms']:.1f} ms  max {r['max_ms']:.1f} ms  "
        f"non-200 {int(r['non2xx'])}  errors {int(r['errors'])}  (load average {r['load_avg_1min']:.1f})"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--duration", type=float, default=10.0, help="seconds (at most 60)")
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--mix", default="distinct", help="distinct | same | method:<name>")
    ap.add_argument("--per-method", action="store_true", help="method:<name> for every registered method")
    ap.add_argument("--tool", choices=("wrk", "python"), default="wrk" if shutil.which("wrk") else "python")
    ap.add_argument("--max-requests", type=int, default=200_000, help="cap of the Python client")
    args = ap.parse_args(argv)
    duration = min(max(args.duration, 1.0), MAX_DURATION)
    if args.per_method:
        from xuanheng.methods import registry

        mixes = [f"method:{name}" for name in registry() if name != "calendar"]
    else:
        mixes = [args.mix]
    bad = 0
    with tempfile.TemporaryDirectory(prefix="xuanheng-load-") as d:
        tmp = Path(d)
        proc, url = start_server(args.workers, tmp)
        try:
            for mix in mixes:
                ps = paths(mix)
                warm_up(url, ps, args.workers)
                if args.tool == "wrk":
                    r: dict[str, float | str | int] = dict(run_wrk(url, ps, duration, args.connections, tmp))
                else:
                    r = dict(run_python(url, ps, duration, args.connections, args.max_requests))
                r.update(workers=args.workers, connections=args.connections, mix=mix, tool=args.tool)
                r.update(cpus=os.cpu_count() or 0, load_avg_1min=os.getloadavg()[0])
                print(_line(r))
                print("JSON " + json.dumps(r))
                bad += int(r["non2xx"]) + int(r["errors"])
        finally:
            stop_server(proc)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
