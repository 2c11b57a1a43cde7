"""Helpers of the terminal tables every method prints: display width of CJK text, padding."""

from __future__ import annotations

import unicodedata


def width(s: str) -> int:
    """Display width of *s* in a terminal (CJK wide characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def pad(s: str, n: int) -> str:
    """*s* padded with spaces to display width *n*."""
    return s + " " * max(0, n - width(s))


__all__ = ["pad", "width"]
