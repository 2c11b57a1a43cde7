"""大六壬 as a plug-in: ``/api/liuren`` = ``xuanheng liuren --json`` (an instant, or study mode by the
chart's own coordinates ``day``/``yue_jiang``/``hour``). The chart comes from the CLI's own
:func:`xuanheng.cli.liuren_cmd.build_chart`; the JSON is assembled as its ``--json`` does."""

from __future__ import annotations

import argparse
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from xuanheng.web.methods.common import TimeParams
from xuanheng.web.registry import MethodPlugin

OPTION: dict[str, Any] = {"option": True}


def _model() -> type[BaseModel]:
    from xuanheng.liuren.engine import DAY_NIGHT, DUN_GAN, GUIREN
    from xuanheng.liuren.sanchuan import BIEZE_YIN, FUYIN_ZIMAO, SHEHAI_SCHOOLS

    def opt(values: tuple[str, ...] | list[str], default: str, doc: str) -> Any:
        lit: Any = Literal[tuple(values)]
        return (lit, Field(default, description=doc, json_schema_extra={"option": True}))

    sex_type: Any = Literal["male", "female"] | None

    def text(n: int, doc: str) -> Any:
        return (str | None, Field(None, max_length=n, description=doc))

    model: type[BaseModel] = create_model(
        "LiuRenParams",
        __base__=TimeParams,
        __doc__="Parameters of ``xuanheng liuren`` (same names, same defaults; --enumerate excluded).",
        jiang=(
            str,
            Field(
                "zhongqi",
                max_length=16,
                description="月將 changes at zhongqi (default) or jie, or a branch",
                json_schema_extra={"option": True},
            ),
        ),
        day_boundary=opt(("23:00", "00:00"), "23:00", "23:00 (default, 子初換日) or 00:00"),
        dst=opt(
            ("clock", "standard"),
            "clock",
            "under daylight saving count on the clock (default) or standard time",
        ),
        day=text(4, "study mode: day 干支 (丁卯)"),
        yue_jiang=text(4, "study mode: 月將, a branch (亥) or 天神 name (登明)"),
        hour=text(4, "study mode: hour branch (丑)"),
        month=text(4, "study mode: 月建 branch, for the month 神煞"),
        year=(int | None, Field(None, ge=1, le=9999, description="study mode: the chart's year, for 行年")),
        year_branch=text(4, "study mode: 太歲 branch, for the year 神煞"),
        shehai=opt(SHEHAI_SCHOOLS, "depth", "涉害 by depth (default) or 孟仲季"),
        bieze_yin=opt(BIEZE_YIN, "sanhe", "陰日 別責: 三合 前辰 (default)"),
        yaoke_first=(
            bool,
            Field(False, description="try 遙剋 before 八專 (default: 八專 first)", json_schema_extra=OPTION),
        ),
        fuyin_zimao=opt(FUYIN_ZIMAO, "chong", "伏吟 子卯: 末 = 沖 of 中 (default)"),
        guiren=opt(tuple(GUIREN), "jia_wu_geng_niu_yang", "貴人 table"),
        day_night=opt(DAY_NIGHT, "auto", "晝夜: auto (default), sun, fixed …"),
        dun_gan=opt(DUN_GAN, "day", "遁干 from the day's 旬 (default) or the hour's"),
        birth_year=(int | None, Field(None, ge=1, le=9999, description="birth (立春) year: 本命, 行年")),
        sex=(sex_type, Field(None, description="for 行年")),
        topic=text(16, "question topic (病, 財, 訟 …)"),
        no_reading=(bool, Field(False, description="the chart only, without the reading")),
    )
    return model


def compute(p: Any) -> dict[str, Any]:
    from xuanheng.cli.liuren_cmd import build_chart

    d = p.model_dump()
    d.pop("lang", None)
    d.update(json=True, enumerate=False)
    chart = build_chart(argparse.Namespace(**d))
    rules: list[Any] | None = None
    if not p.no_reading:
        try:
            from xuanheng.liuren.reading import reading
        except ModuleNotFoundError:
            rules = None
        else:
            kw: dict[str, Any] = {"lang": p.lang}
            if p.topic:
                kw["topic"] = p.topic
            rules = list(reading(chart, **kw))
    out: dict[str, Any] = chart.to_json()
    out["reading"] = [r.to_json(p.lang) for r in rules] if rules is not None else []
    out["lang"] = p.lang
    return out


def _topics() -> list[str]:
    try:
        from xuanheng.liuren import reading as rmod
    except ImportError:
        return []
    fn = getattr(rmod, "topics", None)
    return list(fn()) if callable(fn) else []


def plugin() -> MethodPlugin | None:
    try:
        import xuanheng.cli.liuren_cmd  # noqa: F401
    except ImportError:
        return None
    from xuanheng.render.liuren_svg import render_liuren

    return MethodPlugin(
        name="liuren",
        example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"},
        params=_model(),
        compute=compute,
        render_svg=render_liuren,
        summary="大六壬: 天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體 and the reading",
        options=(
            "jiang",
            "day_boundary",
            "dst",
            "shehai",
            "bieze_yin",
            "yaoke_first",
            "fuyin_zimao",
            "guiren",
            "day_night",
            "dun_gan",
        ),
        form={
            "hidden": ["no_reading"],
            "study": ["day", "yue_jiang", "hour", "month", "year", "year_branch"],
            "topics": _topics(),
        },
    )
