"""Cited tables of the time package (``data/terms.toml``), read once at import."""

from __future__ import annotations

from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import branch_index

_T: dict[str, Any] = load_package_data("xuanheng.time", "terms")

#: term names by k (longitude 15·k°): 0 春分 … 21 立春 … 23 驚蟄
TERM_NAMES: tuple[str, ...] = tuple(_T["solar_terms"]["names"])
_K = {n: k for k, n in enumerate(TERM_NAMES)}

#: 月建 branch opened by the 節 of index k (odd k only; even k map to -1)
MONTH_BRANCH_BY_JIE: tuple[int, ...] = tuple(
    dict(
        zip(
            (_K[n] for n in _T["month_branch"]["jie"]),
            (branch_index(b) for b in _T["month_branch"]["branch"]),
            strict=True,
        )
    ).get(k, -1)
    for k in range(24)
)

#: 月將 that takes over at the 中氣 of index k (even k only; odd k map to -1)
YUE_JIANG_BY_QI: tuple[int, ...] = tuple(
    dict(
        zip(
            (_K[n] for n in _T["yue_jiang"]["zhongqi"]),
            (branch_index(b) for b in _T["yue_jiang"]["branch"]),
            strict=True,
        )
    ).get(k, -1)
    for k in range(24)
)

#: branches whose hours count as day under the fixed 卯–申 rule
FIXED_DAY_BRANCHES: frozenset[int] = frozenset(branch_index(b) for b in _T["day_night_fixed"]["day_branches"])

SOURCES: dict[str, str] = {key: str(v["src"]) for key, v in _T.items() if isinstance(v, dict) and "src" in v}


def term_index(name: str) -> int:
    """k of a term name (春分 = 0)."""
    return _K[name]
