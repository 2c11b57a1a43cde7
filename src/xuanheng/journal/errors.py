"""Errors of the case journal, all subclasses of :class:`xuanheng.errors.XuanhengError`.

The HTTP layer maps them to status codes (see ``docs/journal.md``): :class:`NotFoundError` → 404,
:class:`AccessDeniedError` → 404 as well (it subclasses
:class:`NotFoundError`, so nobody learns that another user's case exists), :class:`AuthError` → 401,
:class:`ConflictError` → 409, :class:`LimitError` → 413/422, :class:`ThrottledError` → 429 (with
``Retry-After``), :class:`StorageError` → 503, any other :class:`InputError` → 422.
"""

from __future__ import annotations

from xuanheng.errors import InputError, XuanhengError


class JournalError(XuanhengError):
    """Base class of errors raised by :mod:`xuanheng.journal`."""


class NotFoundError(JournalError):
    """No case (or user) with this id exists for the calling user."""


class AccessDeniedError(NotFoundError):
    """The case belongs to another user.

    A subclass of :class:`NotFoundError` so that a handler answering 404 for "not found" also answers 404 for
    another user's case, without telling that the id exists.
    """


class AuthError(JournalError):
    """A user name or password was refused (wrong, taken, or too weak)."""


class ConflictError(JournalError):
    """An imported case id is already in use."""


class ThrottledError(JournalError):
    """Too many failed logins for this account or from this address: wait ``retry_after`` seconds."""

    #: whole seconds until the next attempt is accepted
    retry_after: int = 1


class StorageError(JournalError):
    """The database cannot be reached or refused the operation (not the user's fault: HTTP 503)."""


class LimitError(InputError):
    """An input is larger than the journal accepts (too long a text, too many tags, too big a chart)."""


__all__ = [
    "AccessDeniedError",
    "AuthError",
    "ConflictError",
    "JournalError",
    "LimitError",
    "NotFoundError",
    "StorageError",
    "ThrottledError",
]
