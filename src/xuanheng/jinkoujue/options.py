"""School options of the 金口訣 cast: the calendar's (a :class:`~xuanheng.time.CalendarOptions`) and the
method's own. Every option has a documented default and a cited source (``data/params.toml`` and the
shared ``xuanheng/data/params.toml``; reasons in ``docs/jinkoujue.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from xuanheng.core import parse
from xuanheng.core.guiren import DEFAULT_GUIREN_TABLE, GUIREN_TABLES
from xuanheng.errors import InputError, OptionError
from xuanheng.params import declared
from xuanheng.time.chart_time import CalendarOptions


def _values(package: str, name: str) -> tuple[str, ...]:
    return tuple(str(v) for v in declared(package, name).values)


#: option → accepted values (the first is the default), in the order the chart echoes them
CHOICES: dict[str, tuple[str, ...]] = {
    "yue_jiang": _values("xuanheng", "yue_jiang_rule"),
    "day_night": _values("xuanheng", "day_night"),
    "gui_shen_plate": _values("xuanheng.jinkoujue", "gui_shen_plate"),
    "day_boundary": _values("xuanheng", "day_boundary"),
    "yong_yao": _values("xuanheng.jinkoujue", "yong_yao"),
    "wang_tie": _values("xuanheng.jinkoujue", "wang_tie"),
    "tu_months": _values("xuanheng.jinkoujue", "tu_months"),
    "tianhou_home": _values("xuanheng.jinkoujue", "tianhou_home"),
    "dst": _values("xuanheng", "dst"),
}


def _is_branch(value: object) -> bool:
    try:
        parse.branch(value, "yue_jiang")
    except InputError:
        return False
    return True


@dataclass(frozen=True, slots=True, init=False)
class JinKouJueOptions:
    """Named school options: ``calendar`` (the :class:`CalendarOptions` the cast hands to the time core:
    ``yue_jiang`` 中氣/節 or a 月將 by hand, ``day_night``, ``day_boundary``, ``dst``) and the method's own —
    ``guiren`` (a key of ``core.guiren.GUIREN_TABLES``), ``gui_shen_plate``, ``yong_yao``, ``wang_tie``,
    ``tu_months``, ``tianhou_home`` (天后 on 子 as in 大六壬, or on 亥 as the 金口訣 tools). Built from the
    flat names, e.g. ``JinKouJueOptions(yue_jiang="jie", yong_yao="ke")``.
    """

    calendar: CalendarOptions
    guiren: str
    gui_shen_plate: str
    yong_yao: str
    wang_tie: str
    tu_months: str
    tianhou_home: str

    def __init__(
        self,
        yue_jiang: str | int = "zhongqi",
        day_night: str = "auto",
        guiren: str = DEFAULT_GUIREN_TABLE,
        gui_shen_plate: str = "di_pan",
        day_boundary: str = "23:00",
        yong_yao: str = "yin_yang",
        wang_tie: str = "generated",
        tu_months: str = "never",
        dst: str = "clock",
        tianhou_home: str = "zi",
        *,
        calendar: CalendarOptions | None = None,
    ) -> None:
        if calendar is None:
            for name, value in (("day_night", day_night), ("day_boundary", day_boundary), ("dst", dst)):
                if value not in CHOICES[name]:
                    accepted = ", ".join(CHOICES[name])
                    raise OptionError(
                        f"unknown value {value!r} for option {name}: expected one of {accepted}", field=name
                    )
            if yue_jiang not in CHOICES["yue_jiang"] and not _is_branch(yue_jiang):
                raise OptionError(
                    f"unknown value {yue_jiang!r} for option yue_jiang: expected one of "
                    f"{', '.join(CHOICES['yue_jiang'])}, or a 月將 given by hand (亥, 登明 or 0–11)",
                    field="yue_jiang",
                )
        cal = calendar or CalendarOptions(
            day_boundary=day_boundary, yue_jiang=yue_jiang, day_night=day_night, dst=dst
        )
        own = {
            "gui_shen_plate": gui_shen_plate,
            "yong_yao": yong_yao,
            "wang_tie": wang_tie,
            "tu_months": tu_months,
            "tianhou_home": tianhou_home,
        }
        for name, value in own.items():
            if value not in CHOICES[name]:
                raise OptionError(
                    f"unknown value {value!r} for option {name}: expected one of {', '.join(CHOICES[name])}",
                    field=name,
                )
        if guiren not in GUIREN_TABLES:
            raise OptionError(
                f"unknown 貴人 table {guiren!r}: expected one of {', '.join(GUIREN_TABLES)}", field="guiren"
            )
        object.__setattr__(self, "calendar", cal)
        object.__setattr__(self, "guiren", guiren)
        for name, value in own.items():
            object.__setattr__(self, name, value)

    # the calendar options, read through (so the cast and the reading can keep their names)
    @property
    def yue_jiang(self) -> str:
        return str(self.calendar.to_json()["yue_jiang"])

    @property
    def day_night(self) -> str:
        return self.calendar.day_night

    @property
    def day_boundary(self) -> str:
        return self.calendar.day_boundary

    @property
    def dst(self) -> str:
        return self.calendar.dst

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any] | None) -> JinKouJueOptions:
        """Build from a mapping, rejecting unknown keys with an :class:`OptionError`."""
        if not m:
            return cls()
        known = set(CHOICES) | {"guiren"}
        for k in m:
            if k not in known:
                raise OptionError(
                    f"unknown option {k!r}: expected one of {', '.join(sorted(known))}", field="options"
                )
        given: dict[str, Any] = {k: str(v) for k, v in m.items()}
        return cls(**given)

    def to_json(self) -> dict[str, str]:
        return {
            "yue_jiang": self.yue_jiang,
            "day_night": self.day_night,
            "guiren": self.guiren,
            "gui_shen_plate": self.gui_shen_plate,
            "day_boundary": self.day_boundary,
            "yong_yao": self.yong_yao,
            "wang_tie": self.wang_tie,
            "tu_months": self.tu_months,
            "dst": self.dst,
            "tianhou_home": self.tianhou_home,
        }


__all__ = ["CHOICES", "JinKouJueOptions"]
