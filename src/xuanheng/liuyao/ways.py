"""The ways of casting: every way of obtaining six line values (6 7 8 9), always listed from 初爻 (bottom)
to 上爻.

* manual — six values typed in, bottom line first (``"887868"``);
* hexagram — a hexagram by name plus the numbers (1–6) of its moving lines;
* coins — three coins per line from a recorded seed (``data/casting.toml`` [coins]);
* yarrow — 大衍之數, three changes per line, from a recorded seed ([yarrow]);
* time — 梅花易數 年月日時起卦 ([time]); the numbers come from :func:`time_numbers`;
* numbers — two or three numbers ([numbers]).

Random casts draw from SplitMix64 seeded by the recorded seed ([rng]); the same seed gives the same cast on
any machine. Every error is an :class:`~xuanheng.errors.InputError` naming the field.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from typing import Any

from xuanheng.errors import InputError
from xuanheng.liuyao import tables as T

_C = T.CASTING
MASK64 = (1 << 64) - 1
_GAMMA = int(_C["rng"]["gamma"], 16)
_FACE = {int(k): v for k, v in _C["coins"]["faces"].items()}
_FACE_COUNT = dict(_C["coins"]["count"])
_Y_FIRST = (int(_C["yarrow"]["first"]["small"]), int(_C["yarrow"]["first"]["large"]))
_Y_LATER = (int(_C["yarrow"]["later"]["small"]), int(_C["yarrow"]["later"]["large"]))
_Y_SMALL, _Y_LARGE = int(_C["yarrow"]["small_counts"]), int(_C["yarrow"]["large_counts"])
VALUE_NAMES: dict[int, str] = {int(k): v for k, v in _C["values"]["names"].items()}
VALUE_MARKS: dict[int, str] = {int(k): v for k, v in _C["values"]["marks"].items()}

LINES_HELP = "six digits 6/7/8/9 from 初爻 (the bottom line) to 上爻 (the top), e.g. 887868"


def _short(value: object, n: int = 40) -> str:
    r = repr(value)
    return r if len(r) <= n else r[:n] + "…"


# --- random stream ---------------------------------------------------------------------------------
def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 sequence of 64-bit outputs from *seed*."""
    state = seed & MASK64
    while True:
        state = (state + _GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def bit_stream(seed: int) -> Iterator[int]:
    """The bits of the SplitMix64 outputs of *seed*, each output from its lowest bit up."""
    for word in splitmix64(seed):
        for i in range(64):
            yield word >> i & 1


def check_seed(seed: object) -> int:
    """A seed as an int 0 … 2**64 − 1 (decimal text accepted); else InputError(field="seed")."""
    if isinstance(seed, str):
        t = unicodedata.normalize("NFKC", seed).strip()
        if t.isascii() and t.isdigit():
            seed = int(t)
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MASK64:
        return seed
    raise InputError(
        f"seed {_short(seed)} is not accepted: give a whole number from 0 to 2**64 − 1 "
        "(coins and yarrow casts are replayed from it)",
        field="seed",
    )


def coin_value(faces: str) -> int:
    """The line value of one throw of three coins written as faces (``"背字字"`` → 7)."""
    if len(faces) != 3 or any(f not in _FACE_COUNT for f in faces):
        raise InputError(
            f"throw {_short(faces)} is not three coin faces: expected three of 背 / 字, e.g. 背字字",
            field="throws",
        )
    return sum(_FACE_COUNT[f] for f in faces)


def parse_throws(throws: object) -> tuple[str, ...]:
    """Six coin throws 初 → 上 as faces (``["背字字", …]`` or ``"背字字 背背字 …"``), each checked."""
    items: list[str] | None = None
    if isinstance(throws, str):
        t = unicodedata.normalize("NFKC", throws)
        items = [p for p in t.replace(",", " ").replace("，", " ").replace("、", " ").split() if p]
    elif isinstance(throws, Sequence) and all(isinstance(x, str) for x in throws):
        items = [x.strip() for x in throws]
    if items is None or len(items) != 6:
        raise InputError(
            f"throws {_short(throws)} is not accepted: expected six throws of three coin faces (背 / 字), "
            "from 初爻 (the first throw) to 上爻, e.g. 背字字 背背字 背背背 字字字 背背背 背背字",
            field="throws",
        )
    for f in items:
        coin_value(f)
    return tuple(items)


def coins(seed: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Six values and the faces of each throw (three coins, 背 = 3, 字 = 2), 初 → 上."""
    bits = bit_stream(seed)
    values, throws = [], []
    for _ in range(6):
        faces = "".join(_FACE[next(bits)] for _ in range(3))
        values.append(coin_value(faces))
        throws.append(faces)
    return tuple(values), tuple(throws)


def yarrow(seed: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Six values and the three counts set aside per line (大衍 three changes), 初 → 上."""
    bits = bit_stream(seed)
    values, throws = [], []
    for _ in range(6):
        first = _Y_FIRST[1] if (next(bits) & next(bits)) else _Y_FIRST[0]
        second = _Y_LATER[next(bits)]
        third = _Y_LATER[next(bits)]
        counts = (first, second, third)
        smalls = (first == _Y_FIRST[0], second == _Y_LATER[0], third == _Y_LATER[0])
        values.append(sum(_Y_SMALL if s else _Y_LARGE for s in smalls))
        throws.append(counts)
    return tuple(values), tuple(throws)


# --- manual and named ------------------------------------------------------------------------------
def parse_lines(lines: object) -> tuple[int, ...]:
    """Six line values 初 → 上 from text (``"887868"``, spaces or commas allowed) or a sequence of ints."""
    vals: list[int] | None = None
    if isinstance(lines, str):
        t = unicodedata.normalize("NFKC", lines)
        t = "".join(ch for ch in t if ch not in " ,，、\t")
        if t.isascii() and t.isdigit():
            vals = [int(ch) for ch in t]
    elif isinstance(lines, Sequence) and all(isinstance(v, int) and not isinstance(v, bool) for v in lines):
        vals = [int(v) for v in lines]
    if vals is None:
        raise InputError(f"lines {_short(lines)} is not accepted: expected {LINES_HELP}", field="lines")
    if len(vals) != 6:
        raise InputError(
            f"lines {_short(lines)} has {len(vals)} values: expected {LINES_HELP}", field="lines"
        )
    bad = [v for v in vals if v not in (6, 7, 8, 9)]
    if bad:
        raise InputError(
            f"lines {_short(lines)} has the value {bad[0]}: each line is 6 (老陰), 7 (少陽), 8 (少陰) "
            f"or 9 (老陽); expected {LINES_HELP}",
            field="lines",
        )
    return tuple(vals)


def hexagram_code(name: object, field: str = "hexagram") -> int:
    """The code of a hexagram given by name (姤, 天風姤, simplified or alternative spellings)."""
    if isinstance(name, str):
        t = unicodedata.normalize("NFKC", name).strip().removesuffix("卦")
        code = T.NAME_LOOKUP.get(t)
        if code is not None:
            return code
        if t in T.SHARED_KO_SHORT:
            raise _shared_short(name, t, field)
    raise InputError(
        f"{field} {_short(name)} is not a hexagram name: expected one of the 64 such as 乾, 姤, 天風姤 or "
        "水雷屯 (traditional or simplified characters)",
        field=field,
    )


def _shared_short(name: str, short: str, field: str) -> InputError:
    """The refusal of a short Hangul name that several hexagrams are read by (곤: 坤 and 困), listing them
    in each language so the user can pick one: ``坤(곤위지) · 困(택수곤)`` for a Korean reader,
    ``坤（坤為地）、困（澤水困）`` for a Chinese one."""
    among = T.SHARED_KO_SHORT[short]
    shown = _short(name)
    en = ", ".join(f"{n} ({full})" for n, full, _ in among)
    return InputError(
        f"{field} {shown} names more than one hexagram: {en}; give one of them",
        field=field,
        code="liuyao.hexagram_shared",
        params={
            "field": field,
            "value": shown,
            "among": {
                "en": en,
                "ko": " · ".join(f"{n}({ko})" for n, _, ko in among),
                "zh-Hant": "、".join(f"{n}（{full}）" for n, full, _ in among),
            },
        },
    )


def parse_moving(moving: object) -> tuple[int, ...]:
    """Moving line numbers 1–6 (初爻 = 1) from ints, a sequence of them, or text such as ``"1,4"``."""
    vals: list[int] | None = None
    if moving is None:
        return ()
    if isinstance(moving, int) and not isinstance(moving, bool):
        vals = [moving]
    elif isinstance(moving, str):
        t = unicodedata.normalize("NFKC", moving)
        parts = [p for p in t.replace("，", ",").replace(" ", ",").split(",") if p]
        if all(p.isascii() and p.isdigit() for p in parts):
            vals = [int(p) for p in parts]
            if len(parts) == 1 and len(parts[0]) > 1:
                vals = [int(ch) for ch in parts[0]]  # "14" means lines 1 and 4
    elif isinstance(moving, Sequence) and all(isinstance(v, int) and not isinstance(v, bool) for v in moving):
        vals = list(moving)
    if vals is None or any(not 1 <= v <= 6 for v in vals) or len(set(vals)) != len(vals):
        raise InputError(
            f"moving {_short(moving)} is not accepted: expected distinct line numbers 1 (初爻) … 6 (上爻)",
            field="moving",
        )
    return tuple(sorted(vals))


def values_of(code: int, moving: tuple[int, ...]) -> tuple[int, ...]:
    """Line values of hexagram *code* with the given moving lines (yang 7 / 9, yin 8 / 6)."""
    out = []
    for i in range(1, 7):
        yang = bool(code >> (i - 1) & 1)
        mv = i in moving
        out.append((9 if mv else 7) if yang else (6 if mv else 8))
    return tuple(out)


# --- numbers ---------------------------------------------------------------------------------------
def _remainder(n: int, k: int) -> int:
    """n mod k with 0 read as k (坤 8 for trigrams, 上爻 6 for lines)."""
    r = n % k
    return r if r else k


def from_numbers(upper: int, lower: int, moving: int) -> tuple[int, ...]:
    """Six values from an upper number, a lower number and a moving number (mod 8, 8, 6; 0 → 8 / 6),
    trigrams by 先天 number (乾1 兌2 離3 震4 巽5 坎6 艮7 坤8)."""
    up = T.TRIGRAM_BY_XIANTIAN[_remainder(upper, 8)]
    lo = T.TRIGRAM_BY_XIANTIAN[_remainder(lower, 8)]
    return values_of(lo.code | up.code << 3, (_remainder(moving, 6),))


def parse_numbers(numbers: object) -> tuple[int, ...]:
    """Two or three whole numbers ≥ 1, from a sequence or text such as ``"3,5"``."""
    vals: list[int] | None = None
    if isinstance(numbers, str):
        t = unicodedata.normalize("NFKC", numbers)
        parts = [p.strip() for p in t.replace("，", ",").replace(" ", ",").split(",") if p.strip()]
        if all(p.lstrip("-").isascii() and p.lstrip("-").isdigit() for p in parts):
            vals = [int(p) for p in parts]
    elif isinstance(numbers, Sequence) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in numbers
    ):
        vals = list(numbers)
    if vals is None or len(vals) not in (2, 3) or any(v <= 0 for v in vals):
        raise InputError(
            f"numbers {_short(numbers)} is not accepted: expected two or three whole numbers ≥ 1 "
            "(upper, lower[, moving]), e.g. 3,5 or 3,5,2",
            field="numbers",
        )
    return tuple(vals)


def numbers_cast(nums: tuple[int, ...], hour_number: int | None, mode: str) -> tuple[tuple[int, ...], str]:
    """Values and the formula for the number method (option ``numbers_moving`` for two numbers)."""
    if len(nums) == 3:
        a, b, c = nums
        return from_numbers(a, b, c), f"upper {a} mod 8, lower {b} mod 8, moving {c} mod 6"
    a, b = nums
    if mode == "sum_and_hour":
        if hour_number is None:
            raise InputError(
                "numbers_moving='sum_and_hour' needs the hour: give an instant (or hour= in study mode)",
                field="numbers",
            )
        total = a + b + hour_number
        return from_numbers(a, b, total), (
            f"upper {a} mod 8, lower {b} mod 8, moving ({a} + {b} + hour {hour_number}) mod 6"
        )
    return from_numbers(a, b, a + b), f"upper {a} mod 8, lower {b} mod 8, moving ({a} + {b}) mod 6"


def time_cast(year_n: int, month_n: int, day_n: int, hour_n: int) -> tuple[tuple[int, ...], str]:
    """梅花易數 年月日時起卦: upper (y + m + d) mod 8, lower (y + m + d + h) mod 8, moving … mod 6."""
    s = year_n + month_n + day_n
    total = s + hour_n
    formula = (
        f"upper ({year_n} + {month_n} + {day_n}) mod 8, lower ({year_n} + {month_n} + {day_n} + {hour_n}) "
        f"mod 8, moving {total} mod 6 (0 → 8 / 6)"
    )
    return from_numbers(s, total, total), formula


def branch_number(branch: int) -> int:
    """The number of a branch in the time method: 子 1 … 亥 12."""
    return branch + int(_C["time"]["branch_number_of_zi"])


def describe(values: tuple[int, ...]) -> dict[str, Any]:
    """Names and marks of six values (for the cast record)."""
    return {"names": [VALUE_NAMES[v] for v in values], "marks": [VALUE_MARKS[v] for v in values]}


__all__ = [
    "LINES_HELP",
    "VALUE_MARKS",
    "VALUE_NAMES",
    "bit_stream",
    "branch_number",
    "check_seed",
    "coin_value",
    "coins",
    "from_numbers",
    "hexagram_code",
    "numbers_cast",
    "parse_lines",
    "parse_moving",
    "parse_numbers",
    "parse_throws",
    "splitmix64",
    "time_cast",
    "values_of",
    "yarrow",
]
