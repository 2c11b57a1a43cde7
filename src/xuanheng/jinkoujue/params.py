"""The parameters of a 金口訣 cast (the method contract's ``Params``) and the cast from them.

Labels, defaults and sources: ``data/params.toml`` (the method's own) and ``xuanheng/data/params.toml``
(instant, place, calendar options and 貴人 table, shared by every method).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from xuanheng.errors import InputError
from xuanheng.jinkoujue.cast import cast
from xuanheng.jinkoujue.chart import JinKouJueChart
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.params import Param, Params, calendar_params, declared, guiren_param, time_params

_PKG = "xuanheng.jinkoujue"
RANDOM = "random"


def _own(name: str, kind: Any = None, **code: Any) -> Param:
    return declared(_PKG, name, kind, **code)


class JinKouJueParams(Params):
    """Inputs and school options of ``xuanheng jinkoujue`` / ``/api/jinkoujue``."""

    SPEC = (
        *time_params(),
        _own(
            "difen",
            required=True,
            max_length=32,
        ),
        _own("seed", "int", ge=0, le=2**63 - 1),
        *calendar_params(),
        guiren_param(),
        _own("gui_shen_plate", group="school"),
        _own("yong_yao", group="school"),
        _own("wang_tie", group="school"),
        _own("tu_months", group="school"),
        _own("tianhou_home", group="school"),
        _own("ben_ming", max_length=8, group="person"),
        _own("topic", max_length=16, group="person"),
    )


def options_of(p: Params) -> JinKouJueOptions:
    """The :class:`JinKouJueOptions` of a set of parameters (the options by their declarations)."""
    return JinKouJueOptions.from_params(p)


def cast_params(p: Params) -> JinKouJueChart:
    """Cast from :class:`JinKouJueParams` (what the command line, the HTTP API and the MCP tool do)."""
    if p.at is None:
        raise InputError(
            "give the instant at (ISO 8601, e.g. 2026-03-10T21:00)",
            field="at",
            code="at.missing",
            params={"example": "2026-03-10T21:00"},
        )
    difen = p.difen
    if isinstance(difen, str):  # full-width digits and letters (１, ａｚ:９０) read as ASCII
        difen = unicodedata.normalize("NFKC", difen)
    ben_ming: str | int | None = p.ben_ming
    if isinstance(ben_ming, str) and ben_ming.strip().isdigit():
        ben_ming = int(ben_ming)
    return cast(
        p.at,
        tz=p.tz,
        difen=difen,
        lon=p.lon,
        lat=p.lat,
        options=options_of(p),
        seed=p.seed,
        ben_ming=ben_ming,
        topic=p.topic,
        true_solar=bool(p.true_solar),
        fold=p.fold,
    )


__all__ = ["RANDOM", "JinKouJueParams", "cast_params", "options_of"]
