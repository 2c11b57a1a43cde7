"""旺相休囚死: the seasonal strength of the five elements.

Tables are in ``data/wangshuai.toml``. The season of a month branch depends on how the 季月 (辰 未 戌 丑)
are counted for 土 — the named option ``tu_months``:

* ``"ji_yue"`` (default) — the whole 季月 is 土's season (四季月土旺);
* ``"last_18_days"`` — only the last 18 days of a 季月 (before the next 節 立夏/立秋/立冬/立春) are 土's;
  the caller says whether the moment falls there with ``in_tu_wang=True/False``;
* ``"never"`` — four seasons only; 土 is never 旺 (seed 000-005 counts four seasons).

Sources: 《五行大義》卷二〈論四時休王〉; INVENTORY 000-005.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from xuanheng.core._data import load
from xuanheng.core.ganzhi import ELEMENTS, branch_index
from xuanheng.core.wuxing import element_index
from xuanheng.errors import InputError, OptionError

_T = load("wangshuai")

TuMonths = Literal["ji_yue", "last_18_days", "never"]
TU_MONTHS_OPTIONS: tuple[str, ...] = tuple(_T["tu_months"]["options"])
DEFAULT_TU_MONTHS: TuMonths = _T["tu_months"]["default"]


class State(StrEnum):
    """旺 相 休 囚 死, strongest first."""

    WANG = "旺"
    XIANG = "相"
    XIU = "休"
    QIU = "囚"
    SI = "死"

    @property
    def you_qi(self) -> bool:
        """有氣: 旺 and 相 have qi; 休 囚 死 lack it (the 休囚 of seed 000, e.g. 000-006, 000-017)."""
        return self in (State.WANG, State.XIANG)


class Season(StrEnum):
    """The four seasons and 季 (土's own period)."""

    CHUN = "春"
    XIA = "夏"
    QIU = "秋"
    DONG = "冬"
    JI = "季"


assert tuple(s.value for s in State) == tuple(_T["states"]["names"])
assert tuple(s.value for s in Season) == tuple(_T["seasons"]["names"])

_ELEMENT_IX = {name: i for i, name in enumerate(ELEMENTS)}

#: element ruling each season (春 木, 夏 火, 秋 金, 冬 水, 季 土)
SEASON_ELEMENT: dict[Season, int] = {
    Season(s): _ELEMENT_IX[e] for s, e in zip(_T["seasons"]["names"], _T["seasons"]["element"], strict=True)
}

#: BY_SEASON[season][element] = State
BY_SEASON: dict[Season, tuple[State, ...]] = {
    Season(s): tuple(State(row[e]) for e in ELEMENTS)
    for s, row in _T["by_season"].items()
    if s not in ("src", "note")
}

_MONTH_SEASON: dict[int, Season] = {
    branch_index(b): Season(s) for s, bs in _T["month_season"].items() if s != "src" for b in bs
}
_JI_YUE = frozenset(branch_index(b) for b in _T["tu_months"]["ji_yue_months"])


def _check_tu_months(tu_months: str) -> None:
    if tu_months not in TU_MONTHS_OPTIONS:
        raise OptionError(
            f"unknown tu_months {tu_months!r}: expected one of {', '.join(TU_MONTHS_OPTIONS)}",
            field="tu_months",
        )


def season_of_month_branch(
    b: str | int, *, tu_months: TuMonths = DEFAULT_TU_MONTHS, in_tu_wang: bool | None = None
) -> Season:
    """Season of the month whose 月建 is *b*.

    For a 季月 (辰 未 戌 丑) the answer depends on ``tu_months`` (see the module docstring). With
    ``"last_18_days"`` the caller must pass ``in_tu_wang`` for a 季月, else :class:`InputError`.
    """
    _check_tu_months(tu_months)
    i = branch_index(b)
    if i not in _JI_YUE or tu_months == "never":
        return _MONTH_SEASON[i]
    if tu_months == "ji_yue":
        return Season.JI
    if in_tu_wang is None:
        raise InputError(
            "tu_months='last_18_days' needs in_tu_wang=True or False for a 季月 (辰 未 戌 丑 month): "
            "True when the moment lies in the last 18 days before the next 節",
            field="in_tu_wang",
        )
    return Season.JI if in_tu_wang else _MONTH_SEASON[i]


def _season(season: Season | str) -> Season:
    try:
        return Season(season)
    except ValueError:
        raise InputError(
            f"unknown season {season!r}: expected one of {''.join(s.value for s in Season)}", field="season"
        ) from None


def state_by_season(element: int | str, season: Season | str) -> State:
    """旺相休囚死 of *element* (木=0 … 水=4, or its name) in *season* (春 夏 秋 冬 季)."""
    return BY_SEASON[_season(season)][element_index(element)]


def state_by_month(
    element: int | str,
    month_branch: str | int,
    tu_months: TuMonths = DEFAULT_TU_MONTHS,
    *,
    in_tu_wang: bool | None = None,
) -> State:
    """旺相休囚死 of *element* in the month whose 月建 is *month_branch*."""
    season = season_of_month_branch(month_branch, tu_months=tu_months, in_tu_wang=in_tu_wang)
    return state_by_season(element, season)


__all__ = [
    "BY_SEASON",
    "DEFAULT_TU_MONTHS",
    "SEASON_ELEMENT",
    "TU_MONTHS_OPTIONS",
    "Season",
    "State",
    "TuMonths",
    "season_of_month_branch",
    "state_by_month",
    "state_by_season",
]
