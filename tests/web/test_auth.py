"""Signed session cookies: round trip, forgery, expiry, junk."""

from __future__ import annotations

from xuanheng.web.auth import sign, verify

KEY = "k" * 40


def test_round_trip() -> None:
    v = sign(KEY, "42", now=1000.0, max_age=60)
    assert verify(KEY, v, now=1030.0) == "42"


def test_expired_forged_and_wrong_key() -> None:
    v = sign(KEY, "42", now=1000.0, max_age=60)
    assert verify(KEY, v, now=1061.0) is None
    assert verify("x" * 40, v, now=1001.0) is None
    uid, exp, mac = v.split(".")
    other = sign(KEY, "43", now=1000.0, max_age=60).split(".")[0]
    assert verify(KEY, f"{other}.{exp}.{mac}", now=1001.0) is None
    assert verify(KEY, f"{uid}.{int(exp) + 999}.{mac}", now=1001.0) is None


def test_junk() -> None:
    for junk in (None, "", "a.b", "a.b.c", "....", "x" * 600, "%%%.1.%%%"):
        assert verify(KEY, junk) is None
