"""Input checks of the journal: sizes, characters, JSON shape. Each failure names the field and the limit.

Every text is refused (not trimmed) when too long; NUL and other control characters (except tab and newline,
and carriage return in notes) are refused because PostgreSQL cannot store NUL and they hide content.
JSON documents must be plain JSON (string keys, finite numbers) so that what is stored reads back equal.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from xuanheng.errors import InputError, echo
from xuanheng.journal.errors import LimitError
from xuanheng.journal.model import OUTCOME_ALIASES, OUTCOME_SPELLINGS, OUTCOMES


@dataclass(frozen=True, slots=True)
class Limits:
    """Size limits (characters unless said otherwise). Pass your own to ``Journal.open(limits=...)``."""

    question: int = 2_000
    topic: int = 64
    notes: int = 20_000
    outcome_note: int = 5_000
    tag: int = 64
    tags: int = 32
    rule_id: int = 128
    rule_ids: int = 1_000
    key_value: int = 128
    keys_per_kind: int = 64
    key_kinds: int = 16
    inputs_bytes: int = 64 * 1024
    chart_bytes: int = 2 * 1024 * 1024
    json_depth: int = 64
    import_cases: int = 100_000
    user_name: int = 64
    password_min: int = 8
    password_max: int = 1_024


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_CONTROL_NO_CR = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
METHOD_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
KIND_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
CASE_ID_RE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
USER_NAME_RE = re.compile(r"^[\w.@+-]+$")


def text(value: object, field: str, limit: int, *, multiline: bool) -> str:
    """A text field: a ``str`` of at most *limit* characters without control characters."""
    if not isinstance(value, str):
        raise InputError(f"{field} must be text, got {type(value).__name__}", field=field)
    if len(value) > limit:
        raise LimitError(
            f"{field} is {len(value)} characters long; at most {limit} are accepted", field=field
        )
    if _SURROGATE.search(value):
        raise InputError(f"{field} contains a lone UTF-16 surrogate, which is not text", field=field)
    bad = (_CONTROL if multiline else _CONTROL_NO_CR).search(value)
    if bad is not None or (not multiline and "\n" in value):
        ch = bad.group() if bad is not None else "\n"
        allowed = "tab, newline and carriage return" if multiline else "tab"
        raise InputError(
            f"{field} contains the control character U+{ord(ch):04X}; only {allowed} are accepted",
            field=field,
        )
    return value


def label(value: object, field: str, limit: int) -> str:
    """A one-line label (tag, rule id, key value): stripped, non-empty, at most *limit* characters."""
    s = text(value, field, limit, multiline=False).strip()
    if not s:
        raise InputError(f"{field} is empty; give a non-blank label", field=field)
    return s


def labels(values: object, field: str, *, each: int, count: int) -> tuple[str, ...]:
    """A list of labels; blanks are refused, duplicates dropped (first occurrence kept)."""
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InputError(f"{field} must be a list of text labels", field=field)
    if len(values) > count:
        raise LimitError(f"{field} has {len(values)} entries; at most {count} are accepted", field=field)
    out: list[str] = []
    for i, v in enumerate(values):
        s = label(v, f"{field}[{i}]", each)
        if s not in out:
            out.append(s)
    return tuple(out)


def method(value: object) -> str:
    if not isinstance(value, str) or not METHOD_RE.match(value):
        raise InputError(
            f"method {value!r} is not a method name; expected e.g. 'jinkoujue' or 'liuren' "
            "(lower-case letters, digits, underscore; at most 32)",
            field="method",
        )
    return value


def outcome(value: object) -> str:
    if isinstance(value, str):
        t = value.strip()
        v = OUTCOME_ALIASES.get(t) or OUTCOME_SPELLINGS.get(t) or t
        if v in OUTCOMES:
            return v
    accepted = ", ".join([*OUTCOMES, *OUTCOME_ALIASES])
    raise InputError(f"outcome {value!r} is not known; accepted: {accepted}", field="outcome")


def aware(value: object, field: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise InputError(f"{field} must be a timezone-aware datetime", field=field)
    return value


def utc(value: object, field: str) -> datetime:
    """An aware datetime in UTC; one whose UTC reading falls outside years 1–9999 (``0001-01-01T00:00+14:00``,
    ``9999-12-31T23:59-12:00``) is refused, not left to overflow."""
    dt = aware(value, field)
    try:
        return dt.astimezone(UTC)
    except OverflowError:
        raise InputError(
            f"{field} {dt.isoformat()} is outside the range of dates: "
            "0001-01-01T00:00:00+00:00 to 9999-12-31T23:59:59+00:00 in UTC are accepted",
            field=field,
            code="journal.time_range",
            params={"field": field, "value": dt.isoformat()},
        ) from None


def query_time(value: object, field: str) -> datetime:
    """A search bound: an ISO-8601 date-time with a UTC offset given as text (never a number of seconds),
    within years 1–9999 in UTC."""
    dt = parse_time(value, field)
    assert dt is not None
    return utc(dt, field)


def parse_time(value: object, field: str, *, optional: bool = False) -> datetime | None:
    """An ISO-8601 timestamp with offset (the export format)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InputError(f"{field} must be an ISO-8601 timestamp with offset", field=field)
    try:
        if len(value) > 64:
            raise ValueError(value)
        dt = datetime.fromisoformat(value)
    except ValueError:
        raise InputError(
            f"{field} {echo(value)} is not an ISO-8601 timestamp (e.g. 2026-03-10T13:00:00+00:00)",
            field=field,
        ) from None
    return aware(dt, field)


def json_doc(value: object, field: str, max_bytes: int, max_depth: int) -> dict[str, Any]:
    """A JSON object: normalised (tuples → lists), checked and measured as compact UTF-8."""
    if not isinstance(value, Mapping):
        raise InputError(f"{field} must be a JSON object", field=field)
    doc = _plain(value, field, 0, max_depth)
    size = len(dumps(doc).encode("utf-8"))
    if size > max_bytes:
        raise LimitError(f"{field} is {size} bytes as JSON; at most {max_bytes} are accepted", field=field)
    assert isinstance(doc, dict)
    return doc


def _plain(v: object, field: str, depth: int, max_depth: int) -> Any:
    if depth > max_depth:
        raise LimitError(f"{field} is nested deeper than {max_depth} levels", field=field)
    if v is None or isinstance(v, bool | int):
        return v
    if isinstance(v, float):
        if not math.isfinite(v):
            raise InputError(f"{field} contains {v}; JSON accepts finite numbers only", field=field)
        return v
    if isinstance(v, str):
        if "\x00" in v:
            raise InputError(f"{field} contains a NUL character, which cannot be stored", field=field)
        if _SURROGATE.search(v):
            raise InputError(f"{field} contains a lone UTF-16 surrogate, which is not text", field=field)
        return v
    if isinstance(v, Mapping):
        out: dict[str, Any] = {}
        for k, item in v.items():
            if not isinstance(k, str):
                raise InputError(f"{field} has the non-text key {k!r}; JSON keys are text", field=field)
            if "\x00" in k or _SURROGATE.search(k):
                raise InputError(f"{field} has a key with a NUL character or a lone surrogate", field=field)
            out[k] = _plain(item, f"{field}.{k}", depth + 1, max_depth)
        return out
    if isinstance(v, list | tuple):
        return [_plain(item, f"{field}[{i}]", depth + 1, max_depth) for i, item in enumerate(v)]
    raise InputError(f"{field} holds a {type(v).__name__}, which is not JSON", field=field)


def dumps(doc: Any) -> str:
    """Compact JSON as stored (UTF-8 kept readable; NaN refused)."""
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def keys(value: object, limits: Limits) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        raise InputError("keys must map a kind (e.g. 'ke_ti') to a list of labels", field="keys")
    if len(value) > limits.key_kinds:
        raise LimitError(f"keys has {len(value)} kinds; at most {limits.key_kinds}", field="keys")
    out: dict[str, tuple[str, ...]] = {}
    for kind, vals in value.items():
        if not isinstance(kind, str) or not KIND_RE.match(kind):
            raise InputError(
                f"key kind {kind!r} is not accepted; use lower-case pinyin like 'ke_ti' or 'yong_yao'",
                field="keys",
            )
        got = labels(vals, f"keys.{kind}", each=limits.key_value, count=limits.keys_per_kind)
        if got:
            out[kind] = got
    return dict(sorted(out.items()))


def user_name(value: object, limits: Limits) -> str:
    """A user name, NFKC-normalised (so full-width and other look-alike forms fold to one name)."""
    if isinstance(value, str):
        value = unicodedata.normalize("NFKC", value)
    s = label(value, "name", limits.user_name)
    if not USER_NAME_RE.match(s):
        raise InputError(
            f"user name {s!r} is not accepted; use letters, digits and . _ @ + - only", field="name"
        )
    return s


def password(value: object, limits: Limits, name: str | None = None) -> str:
    """A new password: the right length, and none of the first guesses — a common password
    (:mod:`xuanheng.journal.common_passwords`), digits only, one repeated character, or the user's *name*."""
    if not isinstance(value, str):
        raise InputError("password must be text", field="password")
    if not limits.password_min <= len(value) <= limits.password_max:
        raise InputError(
            f"password must have {limits.password_min} to {limits.password_max} characters", field="password"
        )
    if "\x00" in value or _SURROGATE.search(value):
        raise InputError("password contains a NUL character or a lone surrogate", field="password")
    from xuanheng.journal.common_passwords import COMMON

    folded = unicodedata.normalize("NFKC", value).casefold()
    if (
        folded in COMMON
        or folded.isdigit()
        or len(set(folded)) == 1
        or (name is not None and folded == unicodedata.normalize("NFKC", name).casefold())
    ):
        raise InputError(
            "password is too easy to guess (a common password, digits only, one repeated character or the "
            "user name): choose a longer phrase of your own",
            field="password",
            code="journal.password_weak",
        )
    return value
