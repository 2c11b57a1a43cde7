"""School options of the 金口訣 cast: the calendar's (a :class:`~xuanheng.time.CalendarOptions`) and the
method's own. Every option has a documented default and a cited source (``data/params.toml`` and the
shared ``xuanheng/data/params.toml``; reasons in ``docs/jinkoujue.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from xuanheng.core import parse
from xuanheng.core.guiren import GUIREN_TABLES
from xuanheng.errors import InputError, OptionError
from xuanheng.params import DeclaredOptions, Param, option_declarations
from xuanheng.time.chart_time import CalendarOptions

#: the options of the cast as ``(keyword, declaration)``, in the order the chart echoes them: the method's
#: own ``[option.*]`` of ``data/params.toml`` and the shared ones it names there (``yue_jiang`` is the
#: shared ``yue_jiang_rule``)
DECLARED: tuple[tuple[str, Param], ...] = option_declarations("xuanheng.jinkoujue")
#: option → accepted values (the first is the default), in the order the chart echoes them
CHOICES: dict[str, tuple[str, ...]] = {
    k: tuple(str(v) for v in p.values) for k, p in DECLARED if k not in ("guiren", "lunar_calendar")
}
#: the keywords that are the calendar's (handed to :class:`CalendarOptions`), and the method's own
_CALENDAR = tuple(k for k, p in DECLARED if p.source == "xuanheng" and k != "guiren")
_OWN = tuple(k for k, p in DECLARED if p.source != "xuanheng")


def _is_branch(value: object) -> bool:
    try:
        parse.branch(value, "yue_jiang")
    except InputError:
        return False
    return True


def _unknown(name: str, value: object) -> OptionError:
    return OptionError(
        f"unknown value {value!r} for option {name}: expected one of {', '.join(CHOICES[name])}", field=name
    )


class JinKouJueOptions(DeclaredOptions):
    """Named school options, each declared once in ``data/params.toml`` (the shared ones in
    ``xuanheng/data/params.toml``): ``calendar`` (the :class:`CalendarOptions` the cast hands to the time
    core: ``yue_jiang`` 中氣/節 or a 月將 by hand, ``day_night``, ``day_boundary``, ``dst``,
    ``lunar_calendar``) and the method's own — ``guiren`` (a key of ``core.guiren.GUIREN_TABLES``),
    ``gui_shen_plate``, ``yong_yao``, ``wang_tie``, ``tu_months``, ``tianhou_home`` (天后 on 子 as in
    大六壬, or on 亥 as the 金口訣 tools), ``wang_rule`` (the 四位 旺 element). Built from the flat
    names, keywords only, every default the declaration's, e.g.
    ``JinKouJueOptions(yue_jiang="jie", yong_yao="ke")``; a value outside its choices is an
    :class:`OptionError` naming the option.
    """

    DECLARED = DECLARED
    __slots__ = ("calendar", "guiren", *_OWN)
    calendar: CalendarOptions

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> str: ...

    def __init__(self, *, calendar: CalendarOptions | None = None, **given: Any) -> None:
        v = self.given(given)
        if calendar is None:
            for name in _CALENDAR:
                if name not in ("yue_jiang", "lunar_calendar") and v[name] not in CHOICES[name]:
                    raise _unknown(name, v[name])
            yue_jiang = v["yue_jiang"]
            if yue_jiang not in CHOICES["yue_jiang"] and not _is_branch(yue_jiang):
                raise OptionError(
                    f"unknown value {yue_jiang!r} for option yue_jiang: expected one of "
                    f"{', '.join(CHOICES['yue_jiang'])}, or a 月將 given by hand (亥, 登明 or 0–11)",
                    field="yue_jiang",
                )
            calendar = CalendarOptions(**{k: v[k] for k in _CALENDAR})
        for name in _OWN:
            if v[name] not in CHOICES[name]:
                raise _unknown(name, v[name])
        if v["guiren"] not in GUIREN_TABLES:
            raise OptionError(
                f"unknown 貴人 table {v['guiren']!r}: expected one of {', '.join(GUIREN_TABLES)}",
                field="guiren",
            )
        object.__setattr__(self, "calendar", calendar)
        object.__setattr__(self, "guiren", v["guiren"])
        for name in _OWN:
            object.__setattr__(self, name, v[name])

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

    @property
    def lunar_calendar(self) -> str:
        return self.calendar.lunar_calendar

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any] | None) -> JinKouJueOptions:
        """Build from a mapping, rejecting unknown keys with an :class:`OptionError`."""
        if not m:
            return cls()
        known = set(cls.keywords())
        for k in m:
            if k not in known:
                raise OptionError(
                    f"unknown option {k!r}: expected one of {', '.join(sorted(known))}", field="options"
                )
        given: dict[str, Any] = {k: str(v) for k, v in m.items()}
        return cls(**given)

    @classmethod
    def from_params(cls, params: Any) -> JinKouJueOptions:
        """The options of a method's :class:`~xuanheng.params.Params` (each under its declaration's name)."""
        return cls(**cls.params_values(params))

    def to_json(self) -> dict[str, str]:
        return self.flat()


__all__ = ["CHOICES", "JinKouJueOptions"]
