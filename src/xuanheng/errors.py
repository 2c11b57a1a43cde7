"""Typed errors. Every message says what was wrong and what is accepted.

The CLI prints ``str(error)`` on one line and exits 2; the HTTP API answers 422 with it.
"""

from __future__ import annotations

#: longest echo of a user's value in an error message
ECHO = 60


def short(text: str, n: int = ECHO) -> str:
    """*text* cut to *n* characters (``…`` marks the cut), so a pasted megabyte stays one short line."""
    return text if len(text) <= n else text[:n] + "…"


def echo(value: object, n: int = ECHO) -> str:
    """``repr(value)`` cut to *n* characters: how an error message shows what the user gave."""
    return short(repr(value), n)


class XuanhengError(ValueError):
    """Base class of every error the library raises on purpose."""

    #: name of the offending input field (``at``, ``tz``, ``difen`` …), when known
    field: str | None = None

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class InputError(XuanhengError):
    """An input value is malformed or not one of the accepted values."""


class AmbiguousTimeError(InputError):
    """A local time falls in a daylight-saving overlap or gap; the user must say which."""


class OutOfRangeError(InputError):
    """An instant or value lies outside the range the engine can compute."""


class OptionError(InputError):
    """A school option has an unknown value."""


__all__ = [
    "ECHO",
    "AmbiguousTimeError",
    "InputError",
    "OptionError",
    "OutOfRangeError",
    "XuanhengError",
    "echo",
    "short",
]
