"""``xuanheng serve``: start the web app and HTTP API, print its address, run until interrupted.

The journal defaults to a SQLite file in the user's data directory (``--db`` or ``$XUANHENG_DB_URL`` give
another URL, e.g. ``postgresql://user:pw@host/db``). The schema is migrated once here, before any worker
starts. Workers get their settings from ``XUANHENG_*`` variables, so ``--workers N`` runs N stateless
processes on one port (see docs/web.md for running behind a load balancer).
"""

from __future__ import annotations

import argparse
import os
import socket
import threading
import time

from xuanheng.errors import InputError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 = any free port)"
    )
    parser.add_argument(
        "--db",
        help="journal database URL (default: $XUANHENG_DB_URL, else the SQLite file journal.sqlite3 in the "
        "user data directory, the one xuanheng journal and --save use)",
    )
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--multi-user", action="store_true", help="several users with password login (else one local user)"
    )
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def check_port(host: str, port: int) -> None:
    """Refuse, before anything is printed or migrated, a port the server could not listen on (in use,
    privileged, an unknown host) with one line saying what is wrong — the server would otherwise print
    "serving on …" and then fail."""
    import errno

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise InputError(
            f"cannot listen on {host} port {port}: {e.strerror or e}",
            field="host",
            code="serve.cannot_bind",
            params={"host": host, "port": port, "reason": str(e.strerror or e)},
        ) from None
    family, kind, proto, _name, addr = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            s.bind(addr)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise InputError(
                    f"port {port} on {host} is in use: stop the program that holds it, or give another "
                    "--port (0 = any free port)",
                    field="port",
                    code="serve.port_in_use",
                    params={"host": host, "port": port},
                ) from None
            raise InputError(
                f"cannot listen on {host} port {port}: {e.strerror or e}",
                field="port",
                code="serve.cannot_bind",
                params={"host": host, "port": port, "reason": str(e.strerror or e)},
            ) from None


def announce_when_ready(host: str, port: int, line: str, timeout: float = 300.0) -> bool:
    """Print *line* once the server answers ``/api/health`` on *host*:*port* (after its workers have
    started and warmed up), so that whoever reads "serving on" can connect at once. False if it never
    answered within *timeout* seconds (nothing is printed then; the server's own errors say why)."""
    import urllib.request

    probe = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    shown = f"[{probe}]" if ":" in probe else probe
    url = f"http://{shown}:{port}/api/health"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with opener.open(url, timeout=2) as r:
                if r.status == 200:
                    print(line, flush=True)
                    return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
    except ImportError:
        msg = "the web extra is not installed: pip install 'xuanheng[web]'"
        raise InputError(msg, field="serve") from None
    from xuanheng.journal import Journal
    from xuanheng.web.settings import Settings

    if not 0 <= args.port <= 65535:
        raise InputError(f"port {args.port} out of range: expected 0–65535", field="port")
    if not 1 <= args.workers <= 64:
        raise InputError(f"workers {args.workers} out of range: expected 1–64", field="workers")
    if args.db:
        os.environ["XUANHENG_DB_URL"] = args.db
    if args.multi_user:
        os.environ["XUANHENG_MULTI_USER"] = "1"
    settings = Settings.from_env()
    # workers must share the signing key and the database; migrate once before they start
    os.environ["XUANHENG_SECRET"] = settings.secret
    os.environ["XUANHENG_DB_URL"] = settings.db_url
    journal = Journal.open(settings.db_url, multi_user=settings.multi_user)
    where = journal.url
    journal.close()
    if args.port:  # after every argument is checked: a bad --db is said first, whichever port
        check_port(args.host, args.port)
    port = args.port or _free_port(args.host)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    line = f"xuanheng serving on http://{shown}:{port}/  (journal: {where}; workers: {args.workers})"
    threading.Thread(target=announce_when_ready, args=(args.host, port, line), daemon=True).start()
    uvicorn.run(
        "xuanheng.web.app:app_from_env",
        factory=True,
        host=args.host,
        port=port,
        workers=args.workers,
        log_level=args.log_level,
        access_log=False,
        proxy_headers=True,
    )
    return 0
