"""天乙貴人 and the twelve 天將 (貴神): named 貴人 tables, 順/逆, and where each 天將 falls.

Shared by 六壬金口訣 (貴神) and 大六壬 (天將). Tables are in ``data/guiren.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from xuanheng.core._data import load
from xuanheng.errors import OptionError

_T = load("guiren")

TIAN_JIANG: tuple[str, ...] = tuple(_T["tian_jiang"]["names"])
TIAN_JIANG_ELEMENT: tuple[int, ...] = tuple(_T["tian_jiang"]["element"])
TIAN_JIANG_HOME: tuple[int, ...] = tuple(_T["tian_jiang"]["home"])
_FORWARD_ON = frozenset(_T["tian_jiang"]["forward_when_on"])

#: default 貴人 table (matches the common online 金口訣/六壬 tools; see data file)
DEFAULT_GUIREN_TABLE = "jia_wu_geng_niu_yang"


@dataclass(frozen=True, slots=True)
class GuiRenTable:
    key: str
    label: str
    src: str
    day: tuple[int, ...]
    night: tuple[int, ...]


GUIREN_TABLES: dict[str, GuiRenTable] = {
    key: GuiRenTable(key, v["label"], v["src"], tuple(v["day"]), tuple(v["night"]))
    for key, v in _T["variants"].items()
}


class Direction(StrEnum):
    SHUN = "shun"  # 順: forward, 子→丑→寅
    NI = "ni"  # 逆: backward


def guiren_table(key: str) -> GuiRenTable:
    try:
        return GUIREN_TABLES[key]
    except KeyError:
        raise OptionError(
            f"unknown 貴人 table {key!r}: expected one of {', '.join(GUIREN_TABLES)}", field="guiren"
        ) from None


def gui_ren_branch(day_stem: int, is_day: bool, table: str = DEFAULT_GUIREN_TABLE) -> int:
    """The branch of 天乙貴人 for *day_stem* by day (晝貴) or by night (夜貴)."""
    t = guiren_table(table)
    return (t.day if is_day else t.night)[day_stem]


def direction_on(di_pan_branch: int) -> Direction:
    """順 when 貴人 stands on 地盤 亥子丑寅卯辰, 逆 on 巳午未申酉戌."""
    return Direction.SHUN if di_pan_branch in _FORWARD_ON else Direction.NI


def jiang_at(gui_ren_at: int, direction: Direction, position: int) -> int:
    """Index of the 天將 at *position*, when 貴人 is at *gui_ren_at* and laid in *direction*.

    Positions are branch indices of whichever plate the 天將 are laid on.
    """
    step = (position - gui_ren_at) % 12
    return step if direction is Direction.SHUN else (-step) % 12


def jiang_positions(gui_ren_at: int, direction: Direction) -> tuple[int, ...]:
    """Position of each of the twelve 天將 (indexed like ``TIAN_JIANG``)."""
    sign = 1 if direction is Direction.SHUN else -1
    return tuple((gui_ren_at + sign * k) % 12 for k in range(12))


__all__ = [
    "DEFAULT_GUIREN_TABLE",
    "GUIREN_TABLES",
    "TIAN_JIANG",
    "TIAN_JIANG_ELEMENT",
    "TIAN_JIANG_HOME",
    "Direction",
    "GuiRenTable",
    "direction_on",
    "gui_ren_branch",
    "guiren_table",
    "jiang_at",
    "jiang_positions",
]
