"""``xuanheng mcp``: serve every registered method over the Model Context Protocol (docs/mcp.md).

Standard input and output by default (what a desktop client starts); ``--http`` serves streamable HTTP at
``http://HOST:PORT/mcp`` instead (``--host`` 127.0.0.1 unless told otherwise). The journal tools appear only
with ``--db URL`` (a journal database URL, e.g. ``sqlite:////home/me/journal.db``); the journal is opened and
migrated before the server starts, and its cases belong to the local user.
"""

from __future__ import annotations

import argparse
import sys

from xuanheng.errors import InputError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8766


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--http", action="store_true", help="serve streamable HTTP at /mcp instead of stdio")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"with --http: address (default {DEFAULT_HOST})")
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"with --http: port (default {DEFAULT_PORT}; 0 = any free)",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="journal database URL: adds journal_search, journal_save, journal_outcome, journal_stats",
    )
    parser.add_argument("--log-level", default="warning", help="log level on stderr (default warning)")


def run(args: argparse.Namespace) -> int:
    try:
        import anyio

        from xuanheng.mcp.server import build_server, http_app, serve_stdio
    except ImportError:
        raise InputError("the mcp extra is not installed: pip install 'xuanheng[mcp]'", field="mcp") from None
    import logging

    from xuanheng.mcp.tools import ToolSet

    level = getattr(logging, str(args.log_level).upper(), None)
    if not isinstance(level, int):
        raise InputError(
            f"log level {args.log_level!r} is not known: debug, info, warning, error", field="log_level"
        )
    logging.basicConfig(stream=sys.stderr, level=level, format="xuanheng mcp: %(levelname)s %(message)s")
    if args.http and not 0 <= args.port <= 65535:
        raise InputError(f"port {args.port} out of range: expected 0–65535", field="port")
    if not args.http and (args.port != DEFAULT_PORT or args.host != DEFAULT_HOST):
        raise InputError("--host and --port need --http (the default transport is stdio)", field="http")
    journal = None
    if args.db:
        from xuanheng.journal import Journal

        journal = Journal.open(args.db, multi_user=False)
    server = build_server(ToolSet(journal))
    try:
        if not args.http:
            anyio.run(serve_stdio, server)
            return 0
        import uvicorn

        from xuanheng.cli.serve_cmd import _free_port

        port = args.port or _free_port(args.host)
        shown = f"[{args.host}]" if ":" in args.host else args.host
        where = f"; journal: {journal.url}" if journal is not None else ""
        # stderr: in stdio mode stdout is the protocol, and the HTTP mode keeps the same habit
        print(
            f"xuanheng MCP on http://{shown}:{port}/mcp (streamable HTTP{where})", file=sys.stderr, flush=True
        )
        uvicorn.run(http_app(server, args.host), host=args.host, port=port, log_level=args.log_level)
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        if journal is not None:
            journal.close()


__all__ = ["add_arguments", "run"]
