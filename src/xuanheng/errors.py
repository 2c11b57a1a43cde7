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
    """Base class of every error the library raises on purpose.

    ``str(error)`` is the English message. *code* names the message in the catalogue of
    ``xuanheng.i18n.messages`` (``data/messages.toml``) and *params* fills its placeholders, so that a
    front end can say the same in the reader's language (``xuanheng.i18n.messages.describe``); without a
    code the catalogue recognises a known English message by its template, and an unknown one stays
    English.
    """

    #: name of the offending input field (``at``, ``tz``, ``difen`` …), when known
    field: str | None = None
    #: the message's key in the i18n message catalogue (``ambiguous_time`` …), when known
    code: str | None = None
    #: the values of the message's placeholders (JSON-ready)
    params: dict[str, object]

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        params: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.params = dict(params or {})


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
