"""``xuanheng journal …`` / ``python -m xuanheng.journal …``: migrate, add users, export and import.

Follows the CLI convention (``add_arguments(parser)``, ``run(args) -> int``). Run ``upgrade`` once before
starting several web workers on a new database (they would also migrate safely by themselves).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from pathlib import Path

from xuanheng.errors import InputError
from xuanheng.journal.migrate import current, head
from xuanheng.journal.model import User
from xuanheng.journal.service import Journal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", metavar="URL", help="database URL (default: $XUANHENG_DB_URL or the local file)"
    )
    sub = parser.add_subparsers(dest="journal_command", metavar="ACTION", required=True)
    sub.add_parser("upgrade", help="migrate the database to the newest schema")
    sub.add_parser("status", help="show the database, its schema revision and the users")
    p = sub.add_parser("add-user", help="add a password user (multi-user mode)")
    p.add_argument("name")
    p.add_argument(
        "--password-file",
        type=Path,
        help="read the password from this file (default: $XUANHENG_PASSWORD or ask)",
    )
    p = sub.add_parser("remove-user", help="delete a password user and all their cases")
    p.add_argument("name")
    p = sub.add_parser(
        "move-cases", help="give all cases of one user to another (e.g. local → a new account)"
    )
    p.add_argument("--from", dest="source", default=None, help="user name (default: the local user)")
    p.add_argument("--to", dest="target", required=True, help="user name")
    p = sub.add_parser("export", help="write a user's whole journal as JSON")
    p.add_argument("--user", help="user name (default: the local user)")
    p.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    p = sub.add_parser("import", help="add the cases of an exported JSON file")
    p.add_argument("file", type=Path)
    p.add_argument("--user", help="user name (default: the local user)")
    p.add_argument("--on-conflict", choices=("error", "skip", "new_id"), default="error")


def _user(j: Journal, name: str | None) -> User:
    return j.local_user() if name is None else j.user_by_name(name)


def _password(path: Path | None) -> str:
    if path is not None:
        return path.read_text(encoding="utf-8").rstrip("\r\n")
    env = os.environ.get("XUANHENG_PASSWORD")
    if env:
        return env
    first = getpass.getpass("password: ")
    if getpass.getpass("again: ") != first:
        raise InputError("the two passwords differ", field="password")
    return first


def _write(path: Path, text: str) -> None:
    """Write an export to *path*; a path that cannot be written is one line (no traceback), exit 2."""
    if not path.parent.is_dir():
        raise InputError(
            f"cannot write {path}: there is no folder {path.parent}",
            field="output",
            code="cli.no_folder",
            params={"path": str(path), "folder": str(path.parent)},
        )
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise InputError(
            f"cannot write {path}: {reason}",
            field="output",
            code="cli.cannot_write",
            params={"path": str(path), "reason": reason},
        ) from None


def run(args: argparse.Namespace) -> int:
    action = args.journal_command
    with Journal.open(args.db, multi_user=False) as j:
        if action == "upgrade":
            print(f"{j.url}: schema at {current(j.engine)}")
        elif action == "status":
            print(f"database: {j.url}")
            print(f"schema:   {current(j.engine)} (newest {head()})")
            for u in j.list_users():
                kind = "local" if u.is_local else "password"
                print(f"user:     {u.name} ({kind}, {j.count_cases(u)} cases)")
        elif action == "add-user":
            u = j.create_user(args.name, _password(args.password_file))
            print(f"added user {u.name}")
        elif action == "remove-user":
            n = j.delete_user(j.user_by_name(args.name))
            print(f"removed user {args.name} and {n} cases")
        elif action == "move-cases":
            n = j.move_cases(_user(j, args.source), j.user_by_name(args.target))
            print(f"moved {n} cases")
        elif action == "export":
            doc = j.export_json(_user(j, args.user))
            out = json.dumps(doc, ensure_ascii=False, indent=1)
            if args.output is None:
                sys.stdout.write(out + "\n")
            else:
                _write(args.output, out + "\n")
        elif action == "import":
            try:
                data = json.loads(args.file.read_text(encoding="utf-8"))
            except FileNotFoundError:
                raise InputError(f"there is no file {args.file}", field="file") from None
            except (OSError, ValueError) as e:
                raise InputError(f"cannot read {args.file} as JSON: {e}", field="file") from None
            n = j.import_json(_user(j, args.user), data, on_conflict=args.on_conflict)
            print(f"imported {n} cases")
    return 0
