"""Password hashing with the standard library's scrypt (RFC 7914) and a random 16-byte salt.

Stored form: ``scrypt$<n>$<r>$<p>$<salt b64>$<hash b64>``, so the cost can be raised later without breaking
old hashes. Comparison is constant-time (:func:`hmac.compare_digest`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

N, R, P, DKLEN = 2**14, 8, 1, 32
_MAXMEM = 64 * 1024 * 1024


def _b64(b: bytes) -> str:
    return base64.b64encode(b).decode("ascii")


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """Hash *password* with a fresh random salt (or the given one, for tests)."""
    salt = os.urandom(16) if salt is None else salt
    dk = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=N, r=R, p=P, maxmem=_MAXMEM, dklen=DKLEN)
    return f"scrypt${N}${R}${P}${_b64(salt)}${_b64(dk)}"


def verify_password(password: str, stored: str) -> bool:
    """True when *password* matches the *stored* hash; False for a wrong password or a malformed hash."""
    try:
        scheme, n, r, p, salt_b64, dk_b64 = stored.split("$")
        if scheme != "scrypt":
            return False
        salt, want = base64.b64decode(salt_b64), base64.b64decode(dk_b64)
        got = hashlib.scrypt(
            password.encode("utf-8"), salt=salt, n=int(n), r=int(r), p=int(p), maxmem=_MAXMEM, dklen=len(want)
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


#: a hash to verify against when the user does not exist, so that a missing user takes as long as a wrong
#: password (no user-name probing by timing)
DUMMY_HASH = hash_password("not a password", salt=b"\0" * 16)
