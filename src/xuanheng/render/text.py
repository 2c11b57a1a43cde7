"""Helpers of the terminal tables every method prints: display width of CJK text, padding, and fitting a
text view to a terminal (:func:`fit`: wrapped to its width, and with ``ascii`` no character of ambiguous
width — ━ ° ′ ″ · → ○ × … take one column in most terminals and two in a CJK one, so a table drawn with them
comes apart there)."""

from __future__ import annotations

import unicodedata


def width(s: str) -> int:
    """Display width of *s* in a terminal (CJK wide characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def pad(s: str, n: int) -> str:
    """*s* padded with spaces to display width *n*."""
    return s + " " * max(0, n - width(s))


def cut(s: str, n: int) -> str:
    """*s* cut to display width *n* at most, ending in … where something was cut."""
    if width(s) <= n:
        return s
    out, w = [], 0
    for c in s:
        cw = 2 if unicodedata.east_asian_width(c) in "WF" else 1
        if w + cw > n - 1:
            break
        out.append(c)
        w += cw
    return "".join(out).rstrip() + "…"


#: characters of ambiguous width (East Asian Width "A") the text views use → ASCII
ASCII: dict[str, str] = {
    "━": "=",
    "─": "-",
    "°": "d",
    "′": "'",
    "″": '"',
    "·": "/",
    "–": "-",
    "—": "--",
    "…": "...",
    "←": "<-",
    "→": "->",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "○": "o",
    "●": "*",
    "◎": "@",
    "×": "x",
    "≠": "!=",
    "±": "+-",
    "※": "*",
    "★": "*",
    "☆": "*",
    "■": "#",
    "□": "[]",
    "▲": "^",
    "△": "^",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "§": "S",
}


def ascii_safe(text: str) -> str:
    """*text* with every character of ambiguous display width replaced: by ASCII from :data:`ASCII`, else
    by its compatibility form when that is unambiguous, else by ``?``."""
    out: list[str] = []
    for c in text:
        if c in ASCII:
            out.append(ASCII[c])
        elif unicodedata.east_asian_width(c) == "A" and c not in "\n\t":
            alt = unicodedata.normalize("NFKC", c)
            ok = alt != c and all(unicodedata.east_asian_width(a) != "A" for a in alt)
            out.append(alt if ok else "?")
        else:
            out.append(c)
    return "".join(out)


def wrap(line: str, limit: int) -> list[str]:
    """*line* cut into lines of display width at most *limit*: at the last space that fits (anywhere in a
    run of CJK text without spaces), the continuation indented two more than the line."""
    if width(line) <= limit:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    indent = " " * min(lead + 2, max(0, limit // 3))
    out: list[str] = []
    rest, prefix = line, ""
    while width(prefix + rest) > limit:
        room = limit - width(prefix)
        cut, used, last_space = 0, 0, -1
        for i, c in enumerate(rest):
            w = width(c)
            if used + w > room:
                break
            used += w
            cut = i + 1
            if c == " " and rest[:i].strip():
                last_space = i
        if last_space > 0 and width(rest[:last_space]) > room // 3:
            head, rest = rest[:last_space], rest[last_space + 1 :].lstrip(" ")
        else:
            head, rest = rest[: max(cut, 1)], rest[max(cut, 1) :]
        out.append((prefix + head).rstrip())
        prefix = indent
    if rest.strip():
        out.append(prefix + rest)
    return out


def fit(text: str, limit: int | None = None, *, ascii: bool = False) -> str:
    """A text view fitted to a terminal: with *ascii* its ambiguous-width characters replaced
    (:func:`ascii_safe`), each line longer than *limit* columns wrapped (:func:`wrap`; no limit: as is)."""
    if ascii:
        text = ascii_safe(text)
    if not limit or limit < 20:
        return text
    return "\n".join(piece for line in text.split("\n") for piece in wrap(line, limit))


__all__ = ["ASCII", "ascii_safe", "cut", "fit", "pad", "width", "wrap"]
