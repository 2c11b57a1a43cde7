"""Typed errors. Every message says what was wrong and what is accepted.

The CLI prints ``str(error)`` on one line and exits 2; the HTTP API answers 422 with it.
"""

from __future__ import annotations


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


__all__ = ["AmbiguousTimeError", "InputError", "OptionError", "OutOfRangeError", "XuanhengError"]
