"""End to end: spawn ``xuanheng mcp`` as a client does (stdio), list the tools, cast every registered
method and read the result; the same over ``xuanheng mcp --http``."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters

from xuanheng.methods import METHOD_PACKAGES, registry


def command() -> list[str]:
    """The installed ``xuanheng`` script beside this interpreter, else ``python -m xuanheng``."""
    script = Path(sys.executable).with_name("xuanheng")
    if script.exists():
        return [str(script)]
    found = shutil.which("xuanheng")
    return [found] if found else [sys.executable, "-m", "xuanheng"]


def builtin_examples() -> dict[str, dict[str, Any]]:
    """Each built-in method's example (the spawned server knows only the built-in ones)."""
    import importlib

    out = {}
    for pkg in METHOD_PACKAGES:
        m = importlib.import_module(pkg).METHOD
        out[m.name] = dict(m.example)
    return out


async def exercise(client: Client) -> dict[str, Any]:
    names = [t.name for t in (await client.list_tools()).tools]
    docs = {}
    for name, example in builtin_examples().items():
        r = await client.call_tool(name, {**example, "lang": "en"})
        assert not r.is_error, r.content[0].text
        docs[name] = json.loads(r.content[0].text)
        assert docs[name] == r.structured_content
    bad = await client.call_tool("calendar", {"at": "2026-03-10T21:00", "tz": "Asia/Nowhere"})
    return {"names": names, "docs": docs, "bad": bad}


def check(seen: dict[str, Any]) -> None:
    assert set(builtin_examples()) <= set(seen["names"]) and "reading" in seen["names"]
    # the methods that joined after the MCP server was written are tools too, and cast
    assert {"liuyao", "qizheng", "enumerate_liuren"} <= set(seen["names"])
    assert seen["docs"]["liuyao"]["ben_gua"]["full_name"] == "地山謙"  # its example: lines 887868
    assert seen["docs"]["qizheng"]["ming_gong"]
    for name, doc in seen["docs"].items():
        m = registry()[name]
        assert doc["engine_version"] and doc["schema_version"]
        assert doc == m.document(m.make_params(m.example), "en"), name
    assert seen["bad"].is_error and seen["bad"].structured_content["error"]["field"] == "tz"


def test_stdio_server() -> None:
    cmd = command()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], env=dict(os.environ))
    seen: dict[str, Any] = {}

    async def go() -> None:
        async with Client(params, mode="legacy") as c:  # the handshake desktop clients use
            seen.update(await exercise(c))
            assert c.server_info is not None and c.server_info.name == "xuanheng"

    anyio.run(go)
    check(seen)


def test_http_server() -> None:
    cmd = command()
    proc = subprocess.Popen(
        [*cmd, "mcp", "--http", "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            m = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", line)
            url = m.group(1) if m else None
        assert url, "the server did not print its address"
        seen: dict[str, Any] = {}

        async def go() -> None:
            for _ in range(50):  # uvicorn binds a moment after the address is printed
                try:
                    async with Client(url) as c:
                        seen.update(await exercise(c))
                        return
                except Exception:
                    await anyio.sleep(0.2)
            raise AssertionError("could not reach the HTTP server")

        anyio.run(go)
        check(seen)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_cli_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.main import main

    assert main(["mcp", "--port", "9000"]) == 2  # --port without --http
    assert "http" in capsys.readouterr().err
    assert main(["mcp", "--http", "--port", "70000"]) == 2
    assert "port" in capsys.readouterr().err
    assert main(["mcp", "--db", "nosuchscheme://x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
