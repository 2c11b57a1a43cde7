"""The parameters of a 七政四餘 chart (the method contract's ``Params``) and the cast from them.

Every input and school option is declared once in ``data/params.toml`` (the chart's options; with
``scope = "spirits"`` the star spirits' options; with ``scope = "reading"`` / ``"xian"`` the reading's and
the 限 options; the inputs ``sex``, ``on``, ``topic`` and ``years``); the instant, the place and the
calendar options are the shared ones of ``xuanheng/data/params.toml``. The 月將 rule is left out: no part
of the 七政四餘 chart uses the 月將.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from xuanheng.errors import InputError
from xuanheng.params import Param, Params, calendar_params, declarations, declared, time_params
from xuanheng.qizheng.cast import _SEX_ALIASES as SEX_ALIASES
from xuanheng.qizheng.cast import cast, life, sex_value
from xuanheng.qizheng.chart import QiZhengChart, QiZhengLife
from xuanheng.qizheng.memo import SIZE, ChartMemo, register_cache
from xuanheng.qizheng.options import OPTIONS as CHART_OPTIONS
from xuanheng.qizheng.reading import CHOICES, XIAN_OPTIONS, topics
from xuanheng.qizheng.spirits import OPTIONS as SPIRIT_OPTIONS
from xuanheng.rules.topics import TOPIC_KEYS, normalise_topic, topic_list
from xuanheng.time import CalendarOptions

_PKG = "xuanheng.qizheng"


def _sex(value: Any) -> str:
    out = sex_value(value if isinstance(value, str) else str(value))
    assert out is not None
    return out


@lru_cache(maxsize=1)
def read_topics() -> tuple[str, ...]:
    """The topics 七政四餘 reads, in the order of the shared vocabulary: those its rules are tagged with
    (:func:`xuanheng.qizheng.reading.topics`) and those its judgment has a section for
    (``data/judgment.toml`` ``[section.*] topics``)."""
    from xuanheng.qizheng.judgment import data as judgment_data

    known = {*topics(), *judgment_data().topic_section}
    return tuple(t for t in TOPIC_KEYS if t in known)


def _topic(value: Any) -> Any:
    """A topic 七政四餘 reads (in any spelling :func:`normalise_topic` takes), kept as given; another topic
    (行人, 失物 …: no rule and no section of the life reading speaks of it) is refused rather than read as the
    whole life."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return value
    key = normalise_topic(value)
    if key not in read_topics():
        raise InputError(
            f"七政四餘 does not read the topic {key}: it reads {' '.join(read_topics())}",
            field="topic",
            code="qizheng.topic_unread",
            params={"topic": key, "topics": topic_list(read_topics())},
        )
    return value


def _school(name: str) -> Param:
    d = declarations(_PKG)[name]
    if "branch_labels" in d:  # 命宮 given by hand: a branch is accepted besides the rules
        return declared(_PKG, name, group="school", also="branch")
    return declared(_PKG, name, group="school")


#: names of the chart's options and of the star spirits' options, in the order of ``data/params.toml``
CHART_OPTION_NAMES: tuple[str, ...] = tuple(CHART_OPTIONS)
SPIRIT_OPTION_NAMES: tuple[str, ...] = tuple(o.name for o in SPIRIT_OPTIONS)
#: the reading's options (``scope = "reading"``) and the 限 options (``scope = "xian"``)
READING_OPTION_NAMES: tuple[str, ...] = tuple(CHOICES)
XIAN_OPTION_NAMES: tuple[str, ...] = XIAN_OPTIONS


class QiZhengParams(Params):
    """Inputs and school options of ``xuanheng qizheng`` / ``/api/qizheng``."""

    SPEC = (
        *time_params(),
        *(p for p in calendar_params(yue_jiang_by_hand=False) if p.name != "yue_jiang_rule"),
        declared(
            _PKG, "sex", "choice", option=False, group="person", convert_with=_sex, names=lambda: SEX_ALIASES
        ),
        *(_school(name) for name in CHART_OPTION_NAMES),
        *(_school(name) for name in SPIRIT_OPTION_NAMES),
        declared(_PKG, "on", "text", group="person", max_length=40),
        declared(_PKG, "topic", "text", group="person", max_length=16, convert_with=_topic),
        declared(_PKG, "years", "int", group="person", ge=0, le=130),
        *(_school(name) for name in READING_OPTION_NAMES),
        *(_school(name) for name in XIAN_OPTION_NAMES),
    )
    #: the reading's own options go to the reading, as every method's (the contract's one way): the
    #: document passes them to ``METHOD.read`` and echoes them as ``reading_options``; the 限 options stay
    #: with the cast (the 限 of ``on`` and the timeline need them)
    READING_OPTIONS = READING_OPTION_NAMES


def calendar_options_of(p: Params | Mapping[str, Any]) -> CalendarOptions:
    """The time core's options of a set of parameters, or of a mapping of their values (no 月將 rule: the
    chart does not use it)."""
    return CalendarOptions(
        day_boundary=str(p.get("day_boundary")),
        true_solar=bool(p.get("true_solar")),
        day_night=str(p.get("day_night")),
        dst=str(p.get("dst")),
        lunar_calendar=str(p.get("lunar_calendar")),
    )


def cast_params(p: Params) -> QiZhengLife:
    """Cast from :class:`QiZhengParams` (what the command line, the HTTP API and the MCP tool do): the natal
    chart with its 限 options, the 限 of ``on`` and the timeline (:func:`xuanheng.qizheng.cast.life`); the
    reading's options reach the reading through the contract (``READING_OPTIONS``).

    :func:`~xuanheng.qizheng.cast.life` is a pure function of the chart and these values, so the life of
    the same chart, ``on``, 限 options and ``years`` is kept (:data:`_LIVES`) and given again: the same
    object, which is what lets :meth:`xuanheng.method.Method.document` keep the finished document of a
    cast; the life's JSON copies what it holds (:meth:`QiZhengLife.to_json`)."""
    chart = cast_chart(p)
    xian_options = tuple((name, p.get(name)) for name in XIAN_OPTION_NAMES)
    key = (p.on, xian_options, p.years)
    kept = _LIVES.get(chart, key)
    if kept is not None:
        return kept
    made = life(
        chart,
        on=p.on if p.on is None or p.on.strip() else None,
        xian_options=dict(xian_options),
        years=p.years,
    )
    return _LIVES.put(chart, key, made)


#: the lives :func:`cast_params` made, by chart and (``on``, 限 options, ``years``)
_LIVES: ChartMemo[QiZhengLife] = ChartMemo()


#: the parameters the natal chart is cast from (the instant, the place, the calendar, the sex and the chart's
#: and star spirits' options); the reading, 限, ``on``, ``topic`` and ``years`` parameters are not among them
_CALENDAR_NAMES: tuple[str, ...] = ("day_boundary", "true_solar", "day_night", "dst", "lunar_calendar")
_CHART_INPUTS: tuple[str, ...] = (
    "at",
    "tz",
    "lon",
    "lat",
    "sex",
    "fold",
    *_CALENDAR_NAMES,
    *SPIRIT_OPTION_NAMES,
    *CHART_OPTION_NAMES,
)
#: how many natal charts :func:`cast_chart` keeps (a front end asks for the same chart again: the
#: document, then its drawing in another view or language)
CHART_MEMO_SIZE = SIZE


def cast_chart(p: Params) -> QiZhengChart:
    """The natal chart alone of :class:`QiZhengParams` (the reading and 限 parameters are not used).

    :func:`xuanheng.qizheng.cast.cast` is a pure function of these inputs (the library reads no clock) and
    its chart is frozen, so the chart of the same inputs is kept and given again (the last
    :data:`CHART_MEMO_SIZE`); a refusal is raised each time."""
    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 1983-10-27T18:30)",
            field="at",
            code="at.missing",
            params={"example": "1983-10-27T18:30"},
        )
    return _cast_of(tuple(p.get(name) for name in _CHART_INPUTS), _zone_of(p.at))


def _zone_of(at: Any) -> Any:
    """The zone and fold of an instant given as a datetime (equal datetimes in two zones are one key of a
    memo, their charts are not), else None."""
    return (at.tzinfo, at.fold) if isinstance(at, datetime) else None


@lru_cache(maxsize=CHART_MEMO_SIZE)
def _cast_of(key: tuple[Any, ...], zone: Any) -> QiZhengChart:
    """:func:`cast` of the values of :data:`_CHART_INPUTS` (in that order); *zone*: :func:`_zone_of`."""
    v = dict(zip(_CHART_INPUTS, key, strict=True))
    return cast(
        v["at"],
        tz=v["tz"],
        lon=v["lon"],
        lat=v["lat"],
        sex=v["sex"],
        fold=v["fold"],
        calendar_options=calendar_options_of(v),
        spirit_options={name: v[name] for name in SPIRIT_OPTION_NAMES},
        **{name: v[name] for name in CHART_OPTION_NAMES},
    )


register_cache(_cast_of.cache_clear)


__all__ = [
    "CHART_OPTION_NAMES",
    "READING_OPTION_NAMES",
    "SPIRIT_OPTION_NAMES",
    "XIAN_OPTION_NAMES",
    "QiZhengParams",
    "calendar_options_of",
    "cast_chart",
    "cast_params",
]
