"""The parameters of a 大六壬 cast (the method contract's ``Params``), the cast from them, and the enumeration
of the 720 課.

A cast is in one of three modes: from an instant (``at``), in study mode from the chart's own coordinates
(``day``, ``yue_jiang``, ``hour``), or the enumeration. Each parameter names the modes that use it; the
command line refuses a flag the mode would silently ignore.
"""

from __future__ import annotations

from typing import Any

from xuanheng.core.ganzhi import BRANCHES, SIXTY, STEMS
from xuanheng.errors import InputError
from xuanheng.liuren.cast import _day, cast, make_options, structures
from xuanheng.liuren.chart import LiuRenChart, Options
from xuanheng.params import (
    Param,
    Params,
    about_param,
    calendar_params,
    declared,
    guiren_param,
    item_param,
    time_params,
    year_number,
)

_PKG = "xuanheng.liuren"
INSTANT, STUDY, ENUMERATE = "instant", "study", "enumerate"


def _own(name: str, kind: Any = None, **code: Any) -> Param:
    return declared(_PKG, name, kind, **code)


class LiuRenParams(Params):
    """Inputs and school options of ``xuanheng liuren`` / ``/api/liuren``."""

    SPEC = (
        *time_params(modes=(INSTANT,)),
        *calendar_params(modes=(INSTANT,), day_night_modes=()),
        _own("day", max_length=4, group="study", modes=(STUDY, ENUMERATE)),
        _own("yue_jiang", max_length=4, group="study", modes=(STUDY,)),
        _own("hour", max_length=4, group="study", modes=(STUDY,)),
        _own("month", max_length=4, group="study", modes=(STUDY,)),
        _own("year", "int", group="study", modes=(STUDY,), convert_with=year_number("year")),
        _own("year_branch", max_length=4, group="study", modes=(STUDY,)),
        _own("shehai", group="school"),
        _own("bieze_yin", group="school"),
        _own("bazhuan_first", group="school"),
        _own("fuyin_zimao", group="school"),
        guiren_param(),
        _own("dun_gan", group="school"),
        _own("zhan_guan", group="school"),
        _own("zhu_yin", group="school"),
        _own("san_qi", group="school"),
        _own("bi_kou", group="school"),
        _own("yin_yi", group="school"),
        _own(
            "birth_year",
            "int",
            group="person",
            modes=(INSTANT, STUDY),
            convert_with=year_number("birth_year"),
        ),
        _own("sex", group="person", modes=(INSTANT, STUDY), option=False),
        _own("topic", max_length=16, group="person", modes=(INSTANT, STUDY)),
        about_param(_PKG, group="person", modes=(INSTANT, STUDY)),
        item_param(modes=(INSTANT, STUDY)),
    )
    #: the options of the reading (and of its judgment), not of the cast
    READING_OPTIONS = ("about", "item")

    def mode(self) -> str:
        return mode_of(self)


#: the options already made from parameter values, by the values and their types (True is not 1 here: a
#: value the validation would refuse is never served from an accepted one's entry)
_OPTIONS_OF: dict[tuple[tuple[type, Any], ...], Options] = {}


def options_of(p: Params) -> Options:
    """The :class:`Options` of a set of parameters (the options by their declarations), validated; those of
    values already validated are remembered (:func:`~xuanheng.liuren.cast.make_options` is a pure function
    of them)."""
    values = Options.params_values(p)
    values["true_solar"] = bool(values["true_solar"])
    key = tuple((type(v), v) for v in values.values())
    try:
        got = _OPTIONS_OF.get(key)
    except TypeError:  # a value that cannot be a key (a list …): validated every time
        return make_options(**values)
    if got is None:
        got = make_options(**values)
        if len(_OPTIONS_OF) < 1024:
            _OPTIONS_OF[key] = got
    return got


def mode_of(p: Params) -> str:
    """``study`` when a study coordinate is given without an instant, else ``instant``."""
    study = any(p.get(k) is not None for k in ("day", "yue_jiang", "hour"))
    return STUDY if study and p.at is None else INSTANT


def cast_params(p: Params) -> LiuRenChart:
    """Cast from :class:`LiuRenParams`: from the instant, or in study mode from the coordinates."""
    opts = options_of(p)
    coords = (p.day, p.yue_jiang, p.hour)
    if any(c is not None for c in coords):
        if p.at is not None and p.day is None and p.hour is None:
            raise InputError(
                "with an instant (at) the 月將 is chosen by yue_jiang_rule (zhongqi, jie, or a branch "
                "such as 亥); yue_jiang belongs to study mode with day and hour",
                field="yue_jiang",
                code="liuren.yue_jiang_with_at",
            )
        if p.at is not None:
            raise InputError(
                "give either an instant (at) or the study coordinates day, yue_jiang and hour, not both",
                field="at",
                code="liuren.at_or_coordinates",
            )
        missing = [n for n, c in zip(("day", "yue_jiang", "hour"), coords, strict=True) if c is None]
        if missing:
            raise InputError(
                f"study mode needs day, yue_jiang and hour; missing {', '.join(missing)}",
                field=missing[0],
                code="liuren.study_missing",
                params={"missing": ", ".join(missing)},
            )
        return cast(
            day=p.day,
            yue_jiang=p.yue_jiang,
            hour=p.hour,
            options=opts,
            month_branch=p.month,
            year_branch=p.year_branch,
            year=p.year,
            birth_year=p.birth_year,
            sex=p.sex,
        )
    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 2026-03-10T21:00) with tz, or the study coordinates day, "
            "yue_jiang and hour",
            field="at",
            code="liuren.at_missing",
        )
    return cast(
        p.at,
        tz=p.tz,
        lon=p.lon,
        lat=p.lat,
        options=opts,
        birth_year=p.birth_year,
        sex=p.sex,
        fold=p.fold,
    )


def enumerate_ke(p: Params | Options) -> list[dict[str, Any]]:
    """All 720 課 of one school as JSON objects (hour 子, 月將 = 子 + offset), or one ``day``'s 12."""
    opts = p if isinstance(p, Options) else options_of(p)
    day = None if isinstance(p, Options) or p.day is None else SIXTY[_day(p.day)].name
    out: list[dict[str, Any]] = []
    for s, keti in structures(opts):
        name = SIXTY[s.day].name
        if day is not None and name != day:
            continue
        out.append(
            {
                "day": name,
                "offset": s.offset,
                "yue_jiang": BRANCHES[s.offset],
                "hour": "子",
                "si_ke": [
                    {
                        "upper": BRANCHES[u],
                        "lower": STEMS[SIXTY[s.day].stem] if i == 0 else BRANCHES[lo],
                        "relation": r,
                    }
                    for i, (u, lo, r) in enumerate(zip(s.uppers, s.lowers, s.relations, strict=True))
                ],
                "san_chuan": [BRANCHES[b] for b in s.chuan],
                "method": s.method,
                "sub_method": s.sub_method,
                "ke_ti": [k.name for k in keti],
                "she_hai": [
                    {
                        "branch": BRANCHES[x.branch],
                        "kind": x.kind,
                        "depth": x.depth,
                        "depth_book": x.depth_book,
                    }
                    for x in s.she_hai
                ],
            }
        )
    return out


__all__ = [
    "ENUMERATE",
    "INSTANT",
    "STUDY",
    "LiuRenParams",
    "cast_params",
    "enumerate_ke",
    "mode_of",
    "options_of",
]
