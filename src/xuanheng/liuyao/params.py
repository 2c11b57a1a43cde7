"""The parameters of a 六爻 cast (the method contract's ``Params``) and the cast from them.

Labels, help, defaults and sources: ``data/params.toml`` (the method's own inputs and options) and
``xuanheng/data/params.toml`` (instant, place, ``day_boundary``, ``dst``, shared by every method). The same
declarations give :data:`xuanheng.liuyao.OPTION_SPECS`, so nothing is spelled twice.

A cast is in one of two modes: from an instant (``at``: pillars, 月建 and 日辰 from the time core), or in
study mode from given 干支 (``day`` and ``month``, optionally ``hour`` and ``year``). Each parameter names the
modes that use it; the command line refuses a flag the mode would silently ignore. Exactly one way of
casting is given: ``lines``, ``hexagram`` (with ``moving``), ``coins``, ``yarrow``, ``throws``, ``time``
or ``numbers``. ``coins`` and ``yarrow`` are random draws: a front end that gets no ``seed`` draws one
(:func:`xuanheng.frontend.with_seeds`), the chart records it, and the same seed replays the cast.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from xuanheng.errors import InputError
from xuanheng.liuyao._reading_data import READING_OPTION_NAMES
from xuanheng.liuyao.cast import cast
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.options import OPTION_SPECS, Options, make_options
from xuanheng.liuyao.ways import MASK64, check_seed
from xuanheng.params import Param, Params, about_param, calendar_params, declared, time_params

_PKG = "xuanheng.liuyao"
INSTANT, STUDY = "instant", "study"
#: the calendar options a 六爻 chart uses (it has no 月將 and no 晝夜): the shared options its
#: data/params.toml names, but the true/false input true_solar
CALENDAR = tuple(k for k, p in Options.DECLARED if p.source == "xuanheng" and k != "true_solar")
#: the ways of casting: parameter → how a message shows it (the command line says it with its flags:
#: cli.liuyao.way of the catalogue)
WAYS: dict[str, str] = {
    "lines": "lines=887868",
    "hexagram": "hexagram=NAME [moving=1,4]",
    "coins": "coins=true [seed=N]",
    "yarrow": "yarrow=true [seed=N]",
    "throws": "throws=FACES",
    "time": "time=true",
    "numbers": "numbers=A,B[,C]",
}
STUDY_INPUTS = ("day", "month", "hour", "year")
#: inputs that go with some ways of casting only
COMPANIONS: dict[str, tuple[str, ...]] = {"moving": ("hexagram",), "seed": ("coins", "yarrow")}


def _own(name: str, kind: Any = None, **code: Any) -> Param:
    return declared(_PKG, name, kind, **code)


def _reading_option(name: str) -> Param:
    """A reading option; ``about`` also takes the person as the user spells it (:func:`about_param`)."""
    return about_param(_PKG, group="school") if name == "about" else _own(name, group="school")


class LiuYaoParams(Params):
    """Inputs and school options of ``xuanheng liuyao`` / ``/api/liuyao``."""

    SPEC = (
        *time_params(modes=(INSTANT,)),
        *(p for p in calendar_params(modes=(INSTANT,)) if p.name in CALENDAR),
        _own("lines", max_length=32),
        _own("hexagram", max_length=16),
        _own("moving", max_length=16),
        _own("coins", "bool", default=False),
        _own("yarrow", "bool", default=False),
        _own("seed", "int", ge=0, le=MASK64, convert_with=check_seed),
        _own("throws", max_length=64),
        _own("time", "bool", default=False, modes=(INSTANT,)),
        _own("numbers", max_length=64),
        _own("day", max_length=4, group="study", modes=(STUDY,)),
        _own("month", max_length=4, group="study", modes=(STUDY,)),
        _own("hour", max_length=4, group="study", modes=(STUDY,)),
        _own("year", max_length=4, group="study", modes=(STUDY,)),
        *(_own(s.name, group="school") for s in OPTION_SPECS if s.name not in CALENDAR),
        _own("topic", max_length=16, group="person"),
        *(_reading_option(name) for name in READING_OPTION_NAMES),
    )
    READING_OPTIONS = READING_OPTION_NAMES

    def mode(self) -> str:
        return mode_of(self)


_OPTION_NAMES = tuple(s.name for s in OPTION_SPECS)
#: option values → the validated Options (a few combinations in practice; a request is not re-validated)
_OPTIONS: dict[tuple[Any, ...], Options] = {}


def options_of(p: Params) -> Options:
    """The chart :class:`~xuanheng.liuyao.Options` of a set of parameters (validated by ``make_options``)."""
    key = (*(p.get(n) for n in _OPTION_NAMES), bool(p.get("true_solar")))
    got = _OPTIONS.get(key)
    if got is None:
        got = make_options(dict(zip((*_OPTION_NAMES, "true_solar"), key, strict=True)))
        if len(_OPTIONS) < 4096:
            _OPTIONS[key] = got
    return got


def mode_of(p: Params) -> str:
    """``study`` when a study input is given without an instant, else ``instant``."""
    study = any(p.get(k) is not None for k in STUDY_INPUTS)
    return STUDY if study and p.get("at") is None else INSTANT


@cache
def _ways_said() -> dict[str, str]:
    """The ways of casting as the refusal of none (or two) lists them, in each language: for English the
    parameters as the API takes them; for a Korean or Chinese reader each way by its label, the name the
    page's picker shows it by, before that (a newcomer who pressed cast before throwing the coins reads
    손으로 던진 동전 there, not throws=FACES alone)."""
    labels = {q.name: q.label for q in LiuYaoParams.SPEC if q.name in WAYS}
    return {
        "en": ", ".join(WAYS.values()),
        "ko": "; ".join(f"{labels[k].ko}: {said}" for k, said in WAYS.items()),
        "zh-Hant": "；".join(f"{labels[k].zh_hant}：{said}" for k, said in WAYS.items()),
    }


def _way(p: Params) -> dict[str, Any]:
    """The way of casting (exactly one) and its companions, as keyword arguments of the library."""
    given = [k for k in WAYS if p.get(k) not in (None, False)]
    if len(given) != 1:
        got = ", ".join(given) or "none"
        raise InputError(
            f"give exactly one way of casting (got {got}): {', '.join(WAYS.values())}",
            field="cast",
            code="liuyao.way",
            params={"got": got, "ways": _ways_said()},
        )
    way = given[0]
    kw: dict[str, Any] = {way: p.get(way)}
    for companion, ways in COMPANIONS.items():
        if p.get(companion) is None:
            continue
        if way not in ways:
            raise InputError(
                f"{companion} goes with {' or '.join(ways)} only, not with {way}",
                field=companion,
                code="liuyao.companion",
                params={"companion": companion, "ways": " or ".join(ways), "way": way},
            )
        kw[companion] = p.get(companion)
    return kw


def cast_params(p: Params) -> LiuYaoChart:
    """Cast from :class:`LiuYaoParams`: from the instant, or in study mode from the 干支."""
    options = options_of(p)
    if mode_of(p) == STUDY:
        if p.time:
            raise InputError(
                "time needs an instant (at): the 梅花 time cast counts the lunar date",
                field="time",
                code="liuyao.time_needs_instant",
            )
        missing = [k for k in ("day", "month") if p.get(k) is None]
        if missing:
            raise InputError(
                f"study mode needs day and month (and optionally hour, year); missing {', '.join(missing)}",
                field=missing[0],
                code="liuyao.study_missing",
                params={"missing": ", ".join(missing)},
            )
        return cast(day=p.day, month=p.month, hour=p.hour, year=p.year, options=options, **_way(p))
    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 2026-03-10T21:00) with tz, or study mode with day and month",
            field="at",
            code="liuyao.at_missing",
        )
    study = [k for k in STUDY_INPUTS if p.get(k) is not None]
    if study:
        raise InputError(
            f"give either an instant (at) or {study[0]} (study mode), not both: a cast from an instant takes "
            "its 干支 from the calendar",
            field=study[0],
            code="liuyao.instant_or_study",
            params={"name": study[0]},
        )
    return cast(p.at, tz=p.tz, lon=p.lon, lat=p.lat, fold=p.fold, options=options, **_way(p))


__all__ = [
    "CALENDAR",
    "INSTANT",
    "STUDY",
    "WAYS",
    "LiuYaoParams",
    "cast_params",
    "mode_of",
    "options_of",
]
