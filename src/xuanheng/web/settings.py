"""Settings of the web app, read from the environment so that every worker process agrees.

``XUANHENG_DB_URL``      SQLAlchemy URL of the journal (default: SQLite file in the user data directory)
``XUANHENG_MULTI_USER``  ``1`` → several users with password login; default: one local user, no login
``XUANHENG_SECRET``      key that signs session cookies (default: a random key kept in the data directory;
                         set it explicitly when workers run on several hosts)
``XUANHENG_MAX_BODY``    largest accepted request body in bytes (default 2 MiB; larger → HTTP 413); the
                         journal's JSON routes take at most 512 KiB, login and sign-up 16 KiB
``XUANHENG_MAX_IMPORT``  largest accepted ``/api/journal/import`` body in bytes (default 16 MiB)
``XUANHENG_SECURE_COOKIE`` ``1`` → session cookie only over HTTPS, always; without it the cookie is ``Secure``
                         whenever the request came over HTTPS
``XUANHENG_TRUST_PROXY`` ``1`` → believe ``X-Forwarded-Proto`` and ``X-Forwarded-For`` (the last address) of
                         the reverse proxy in front (for the ``Secure`` cookie and the login throttle)
``XUANHENG_SESSION_IDLE`` seconds a session may stay unused before it ends (default 3 days)
``XUANHENG_SESSION_MAX_AGE`` seconds after login a session ends whatever its use (default 14 days)
``XUANHENG_WARM_UP``     ``0`` → do not cast sample charts when a worker starts (default: do)
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

DEFAULT_MAX_BODY = 2 * 1024 * 1024
DEFAULT_MAX_IMPORT = 16 * 1024 * 1024
DEFAULT_SESSION_IDLE = 3 * 24 * 3600
DEFAULT_SESSION_MAX_AGE = 14 * 24 * 3600


def data_dir() -> Path:
    """The per-user data directory (``platformdirs``), created on first use."""
    from platformdirs import user_data_dir

    from xuanheng.journal.db import private_dir

    p = Path(user_data_dir("xuanheng", appauthor=False))
    private_dir(p)  # 0700: it holds the journal and the session key
    return p


def default_db_url() -> str:
    """SQLite file ``journal.sqlite3`` in the user data directory — the one ``Journal.open(None)`` and
    ``xuanheng journal`` use (folder 0700, file 0600)."""
    from xuanheng.journal.db import DEFAULT_FILE, private_file

    path = data_dir() / DEFAULT_FILE
    private_file(path, tighten=True)
    return f"sqlite:///{path}"


def _default_secret() -> str:
    path = data_dir() / "session.key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    key = path.read_text().strip()
    if len(key) < 32:
        raise RuntimeError(f"session key file {path} is empty or too short; delete it or set XUANHENG_SECRET")
    return key


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else default


@dataclass(frozen=True, slots=True)
class Settings:
    db_url: str
    secret: str
    multi_user: bool = False
    max_body: int = DEFAULT_MAX_BODY
    secure_cookie: bool = False
    #: cast one chart per method and language when a worker starts (off in unit tests)
    warm_up: bool = False
    max_import: int = DEFAULT_MAX_IMPORT
    trust_proxy: bool = False
    session_idle: int = DEFAULT_SESSION_IDLE
    session_max_age: int = DEFAULT_SESSION_MAX_AGE

    @classmethod
    def from_env(cls) -> Settings:
        """Build settings from the ``XUANHENG_*`` variables (see module docstring)."""
        max_body = os.environ.get("XUANHENG_MAX_BODY", "")
        return cls(
            db_url=os.environ.get("XUANHENG_DB_URL") or default_db_url(),
            secret=os.environ.get("XUANHENG_SECRET") or _default_secret(),
            multi_user=_flag("XUANHENG_MULTI_USER"),
            max_body=int(max_body) if max_body.isdigit() else DEFAULT_MAX_BODY,
            secure_cookie=_flag("XUANHENG_SECURE_COOKIE"),
            warm_up=os.environ.get("XUANHENG_WARM_UP", "1") != "0",
            max_import=_int("XUANHENG_MAX_IMPORT", DEFAULT_MAX_IMPORT),
            trust_proxy=_flag("XUANHENG_TRUST_PROXY"),
            session_idle=_int("XUANHENG_SESSION_IDLE", DEFAULT_SESSION_IDLE),
            session_max_age=_int("XUANHENG_SESSION_MAX_AGE", DEFAULT_SESSION_MAX_AGE),
        )
