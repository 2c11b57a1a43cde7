"""Stateless sessions: an HMAC-SHA256 signed cookie ``xh_session`` = ``user_id.expiry.signature``.

Nothing is kept in the process, so any worker behind a load balancer can check any request as long as all
workers share ``XUANHENG_SECRET``. In single-user mode every request acts as the local user.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

COOKIE = "xh_session"
MAX_AGE = 14 * 24 * 3600


def _b64(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def _unb64(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def sign(secret: str, user_id: str, now: float | None = None, max_age: int = MAX_AGE) -> str:
    """A cookie value naming *user_id*, valid for *max_age* seconds from *now*."""
    expiry = int((time.time() if now is None else now) + max_age)
    body = f"{_b64(user_id.encode())}.{expiry}"
    mac = hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest()
    return f"{body}.{_b64(mac)}"


def verify(secret: str, value: str | None, now: float | None = None) -> str | None:
    """The user id in a cookie value, or ``None`` if it is missing, forged, malformed or expired."""
    if not value or len(value) > 512:
        return None
    parts = value.split(".")
    if len(parts) != 3:
        return None
    uid_b64, expiry_s, mac_b64 = parts
    body = f"{uid_b64}.{expiry_s}"
    good = hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest()
    try:
        if not hmac.compare_digest(good, _unb64(mac_b64)):
            return None
        if int(expiry_s) < (time.time() if now is None else now):
            return None
        return _unb64(uid_b64).decode()
    except (ValueError, UnicodeDecodeError):
        return None
