"""Korean particles after terms written in hanja: ``일지(未)과(와)`` → ``일지(未)와``.

A Korean text that puts a value of the chart before a particle cannot know whether the value ends in a
final consonant (받침), so it writes both forms: ``{target}과(와)``, ``{upper}이(가)``, ``{x}(으)로``.
:func:`resolve` chooses the form from the Korean reading of the character before the particle — a Hangul
syllable as written, a hanja by its reading in ``data/hanja_ko.toml`` (未 미 → 와, 丑 축 → 과), a digit by
its Sino-Korean name, a Latin letter by its Korean letter name. Closing brackets and quotes are looked
through (``일지(未)`` ends in 未). When the character is not known the double form stays, which is never
wrong. ``xuanheng.reading.Text`` applies this to every Korean text it gives out.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache, lru_cache
from importlib import resources

#: (form after a final consonant, form after a vowel) of each particle pair
PAIRS: tuple[tuple[str, str], ...] = (
    ("이", "가"),
    ("을", "를"),
    ("은", "는"),
    ("과", "와"),
    ("으로", "로"),
    ("이라", "라"),
    ("아", "야"),
    ("이다", "다"),
    ("이나", "나"),
    ("이며", "며"),
    ("이고", "고"),
)
_CLOSERS = ")）]］」』〉》'\"’”"
#: Sino-Korean names of the digits (영 일 이 삼 사 오 육 칠 팔 구)
_DIGITS = "영일이삼사오육칠팔구"
#: Latin letters whose Korean letter names end in a final consonant (엘 엠 엔 알), and in ㄹ (엘 알)
_LATIN_FINAL = set("lmnrLMNR")
_LATIN_RIEUL = set("lrLR")


def _pattern() -> re.Pattern[str]:
    forms: list[str] = []
    for a, b in PAIRS:
        forms += [re.escape(f"{a}({b})"), re.escape(f"{b}({a})")]
    # the bracketed forms of the 이-particles: (이)라, (이)나 … and (으)로
    forms += [re.escape("(으)로"), r"\(이\)(?=[라다나며고])"]
    forms.sort(key=len, reverse=True)
    return re.compile("|".join(forms))


_PATTERN = _pattern()


@cache
def readings() -> dict[str, str]:
    """Hanja → its Korean reading (one Hangul syllable), from ``data/hanja_ko.toml``."""
    text = resources.files("xuanheng.reading").joinpath("data", "hanja_ko.toml").read_text("utf-8")
    out: dict[str, str] = {}
    for reading, chars in tomllib.loads(text)["reading"].items():
        for c in chars:
            if out.setdefault(c, reading) != reading:
                raise ValueError(f"hanja_ko.toml: {c} is read both {out[c]} and {reading}")
    return out


def _syllable_final(s: str) -> int | None:
    """The final-consonant index (0 = none, 8 = ㄹ) of a Hangul syllable, else None."""
    code = ord(s) - 0xAC00
    return code % 28 if 0 <= code < 11172 else None


def final_of(ch: str) -> int | None:
    """The final consonant (0 none, 8 ㄹ, other > 0) of *ch* as read in Korean, or None if unknown."""
    f = _syllable_final(ch)
    if f is not None:
        return f
    r = readings().get(ch)
    if r is not None:
        return _syllable_final(r[-1])
    if ch in "0123456789":
        return _syllable_final(_DIGITS[int(ch)])
    if ch.isascii() and ch.isalpha():
        return 8 if ch in _LATIN_RIEUL else 4 if ch in _LATIN_FINAL else 0
    return None


def _before(text: str, end: int) -> str | None:
    """The character that is read just before position *end* (closing brackets and quotes looked through)."""
    i = end - 1
    while i >= 0 and text[i] in _CLOSERS:
        i -= 1
    return text[i] if i >= 0 and not text[i].isspace() else None


def _choose(token: str, final: int) -> str:
    if token == "(으)로" or token in ("으로(로)", "로(으로)"):
        return "로" if final in (0, 8) else "으로"
    if token.startswith("(이)"):
        return "" if final == 0 else "이"
    for a, b in PAIRS:
        if token in (f"{a}({b})", f"{b}({a})"):
            if a == "으로":
                return b if final in (0, 8) else a
            return a if final else b
    return token


@lru_cache(maxsize=65536)
def resolve(text: str) -> str:
    """*text* with each double particle (``이(가)``, ``과(와)``, ``(으)로`` …) resolved by the reading of the
    character before it; unknown characters keep the double form."""
    if "(" not in text:
        return text
    out: list[str] = []
    last = 0
    for m in _PATTERN.finditer(text):
        ch = _before(text, m.start())
        final = final_of(ch) if ch is not None else None
        out.append(text[last : m.start()])
        out.append(m.group(0) if final is None else _choose(m.group(0), final))
        last = m.end()
    out.append(text[last:])
    return "".join(out)


__all__ = ["PAIRS", "final_of", "readings", "resolve"]
