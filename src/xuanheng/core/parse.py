"""Parsers of user input shared by every method and front end: branches, stems, 干支, numbers, years.

Each parser takes the *field* name of the input, so its :class:`~xuanheng.errors.InputError` says which
input was wrong, what was given (cut to :data:`~xuanheng.errors.ECHO` characters by
:func:`~xuanheng.errors.echo`, so a pasted megabyte stays one short line) and what is accepted.
Accepted forms, the same in every method:

* a branch: the character (``子`` … ``亥``), a 天神 name (``神后`` … ``登明``), its Korean reading (``자`` …
  ``해``), or its index 0–11 (子 = 0) as an integer or as digits, full-width digits included (``１１``);
* a stem: ``甲`` … ``癸``, ``갑`` … ``계`` or 0–9; a 干支: two characters (``丁卯``) or their Korean reading
  (``정묘``), a :class:`GanZhi`, or 0–59 (甲子 = 0);
* numbers: ASCII or full-width digits, ``−`` (U+2212) read as a minus sign.

Surrounding white space is ignored everywhere.
"""

from __future__ import annotations

import math
import re
import unicodedata

from xuanheng.core.ganzhi import BRANCH_BY_NAME as _BRANCH_BY_NAME
from xuanheng.core.ganzhi import BRANCHES, SIXTY, STEMS, GanZhi
from xuanheng.core.ganzhi import GANZHI_BY_NAME as _GZ_BY_NAME
from xuanheng.core.ganzhi import STEM_BY_NAME as _STEM_BY_NAME
from xuanheng.errors import ECHO, InputError, echo, short

BRANCH_ACCEPTED = f"one of {''.join(BRANCHES)}, a 天神 name such as 登明, or 0–11"
STEM_ACCEPTED = f"one of {''.join(STEMS)} or 0–9"
GANZHI_ACCEPTED = "one of the sixty such as 甲子 or 丁卯, or 0–59"


_FULL_WIDTH_DIGITS = {0xFF10 + i: ord("0") + i for i in range(10)}


def digits(text: str, most: int = 3) -> int | None:
    """A small non-negative integer written as text (``"11"``, full-width ``"１１"``), else None. Only the
    ASCII and full-width digits count: NFKC would also turn a superscript ``"²"`` into ``2``, which the
    time core's branch parser refuses, so one value would be a branch in one place and not in another."""
    t = text.strip().translate(_FULL_WIDTH_DIGITS)
    return int(t) if t.isascii() and t.isdigit() and len(t) <= most else None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def branch(value: object, field: str) -> int:
    """Index 0–11 of a branch (forms in the module docstring), else :class:`InputError` naming *field*."""
    if isinstance(value, str):
        i = _BRANCH_BY_NAME.get(value.strip())
        if i is not None:
            return i
        n = digits(value)
        if n is not None and n < 12:
            return n
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 12:
        return value
    raise InputError(f"{field} {echo(value)} is not a branch: expected {BRANCH_ACCEPTED}", field=field)


def stem(value: object, field: str) -> int:
    """Index 0–9 of a stem, else :class:`InputError` naming *field*."""
    if isinstance(value, str):
        i = _STEM_BY_NAME.get(value.strip())
        if i is not None:
            return i
        n = digits(value)
        if n is not None and n < 10:
            return n
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10:
        return value
    raise InputError(f"{field} {echo(value)} is not a stem: expected {STEM_ACCEPTED}", field=field)


def ganzhi_index(value: object, field: str) -> int:
    """Index 0–59 of a 干支, else :class:`InputError` naming *field*."""
    if isinstance(value, GanZhi):
        return value.index
    if isinstance(value, str):
        i = _GZ_BY_NAME.get(value.strip())
        if i is not None:
            return i
        n = digits(value)
        if n is not None and n < 60:
            return n
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 60:
        return value
    why = ""
    if isinstance(value, str):
        t = value.strip()
        if len(t) == 2 and t[0] in _STEM_BY_NAME and t[1] in _BRANCH_BY_NAME:
            why = " (a yang stem pairs only with a yang branch)"
    raise InputError(f"{field} {echo(value)} is not a 干支{why}: expected {GANZHI_ACCEPTED}", field=field)


def ganzhi(value: object, field: str) -> GanZhi:
    """The :class:`GanZhi` of a 干支 input (see :func:`ganzhi_index`)."""
    if isinstance(value, GanZhi):
        return value
    return SIXTY[ganzhi_index(value, field)]


def _number_text(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().replace("−", "-")


def number(value: object, field: str, accepted: str) -> float:
    """A finite number from a number or text (full-width digits, U+2212 minus); *accepted* says the range."""
    x: float | None = None
    if _is_int(value) or isinstance(value, float):
        x = float(value)  # type: ignore[arg-type]
    elif isinstance(value, str):
        try:
            x = float(_number_text(value))
        except ValueError:
            x = None
    if x is None:
        raise InputError(f"{field} {echo(value)} is not a number: accepted {accepted}", field=field)
    if not math.isfinite(x):
        raise InputError(f"{field} {echo(value)} is not a finite number: accepted {accepted}", field=field)
    return x


def integer(value: object, field: str, lo: int, hi: int) -> int:
    """An integer *lo* … *hi* from an int or digits (full-width, signs allowed; at most 12 digits, or as
    many as the bounds have)."""
    most = max(12, len(str(max(abs(lo), abs(hi)))))
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, str) and re.fullmatch(rf"[+-]?\d{{1,{most}}}", _number_text(value)):
        n = int(_number_text(value))
    else:
        raise InputError(f"{field} {echo(value)} is not a whole number: accepted {lo} … {hi}", field=field)
    if not lo <= n <= hi:
        raise InputError(f"{field} {n} is out of range: accepted {lo} … {hi}", field=field)
    return n


__all__ = [
    "BRANCH_ACCEPTED",
    "ECHO",
    "GANZHI_ACCEPTED",
    "STEM_ACCEPTED",
    "branch",
    "digits",
    "echo",
    "ganzhi",
    "ganzhi_index",
    "integer",
    "number",
    "short",
    "stem",
]
