"""六壬金口訣 as a plug-in: ``/api/jinkoujue`` = ``xuanheng jinkoujue --json``.

The parameters are the CLI's options (``--difen`` → ``difen``, ``--jiang`` → ``jiang`` …) with the CLI's
defaults; the chart is built by the CLI's own :func:`xuanheng.cli.jinkoujue_cmd.build_chart`, so both give
the same chart, and the JSON is assembled as the CLI's ``--json`` does (chart, ``reading``, ``lang``).
"""

from __future__ import annotations

import argparse
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from xuanheng.web.methods.common import TimeParams
from xuanheng.web.registry import MethodPlugin

DIFEN_DOC = "地分: a branch (申) or 天神 name, a number 1–12 (子=1), 北/東/南/西, az:DEGREES, or random"
RANDOM = "random"
BRANCHES = ("子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥")


def _model() -> type[BaseModel]:
    from xuanheng.core.guiren import DEFAULT_GUIREN_TABLE, GUIREN_TABLES
    from xuanheng.jinkoujue.options import CHOICES

    def lit(values: tuple[str, ...]) -> Any:
        return Literal[values]

    def opt(name: str, doc: str) -> Any:
        values = CHOICES[name]
        return (lit(values), Field(values[0], description=doc, json_schema_extra={"option": True}))

    guiren = tuple(GUIREN_TABLES)
    model: type[BaseModel] = create_model(
        "JinKouJueParams",
        __base__=TimeParams,
        __doc__="Parameters of ``xuanheng jinkoujue`` (same names, same defaults).",
        difen=(
            str,
            Field(
                ...,
                min_length=1,
                max_length=32,
                description=DIFEN_DOC,
            ),
        ),
        seed=(int | None, Field(None, ge=0, le=2**63 - 1, description="seed of a random 地分 (replays it)")),
        jiang=opt("yue_jiang", "月將 changes at the zhongqi (default) or the jie"),
        day_night=opt("day_night", "晝夜: auto (default), sun, fixed, day, night"),
        day_boundary=opt("day_boundary", "day changes at 23:00 (default) or 00:00"),
        dst=opt("dst", "under daylight saving count on the clock (default) or on standard time"),
        guiren=(
            lit(guiren),
            Field(DEFAULT_GUIREN_TABLE, description="貴人 table", json_schema_extra={"option": True}),
        ),
        gui_shen_plate=opt("gui_shen_plate", "貴神 on the di_pan (default) or riding the tian_pan"),
        yong_yao=opt("yong_yao", "用爻 rule: yin_yang (default) or ke"),
        tu_months=opt("tu_months", "旺衰 season: never (default, four seasons) or ji_yue"),
        ben_ming=(str | None, Field(None, max_length=8, description="birth year: 干支 (甲子) or 1984")),
        topic=(str | None, Field(None, max_length=16, description="question topic (病, 財, 訟 …)")),
        no_reading=(bool, Field(False, description="the chart only, without the reading")),
    )
    return model


def _namespace(p: BaseModel) -> argparse.Namespace:
    d = p.model_dump()
    d.pop("lang", None)
    d["json"] = True
    return argparse.Namespace(**d)


def compute(p: Any) -> dict[str, Any]:
    from xuanheng.cli.jinkoujue_cmd import build_chart
    from xuanheng.jinkoujue import reading

    chart = build_chart(_namespace(p))
    out: dict[str, Any] = chart.to_json()
    if not p.no_reading:
        out["reading"] = [r.to_json(p.lang) for r in reading(chart, topic=p.topic, lang=p.lang)]
    out["lang"] = p.lang
    return out


def plugin() -> MethodPlugin | None:
    try:
        import xuanheng.cli.jinkoujue_cmd  # noqa: F401
        from xuanheng.jinkoujue.reading import topics
    except ImportError:
        return None
    from xuanheng.render.jinkoujue_svg import render_jinkoujue

    return MethodPlugin(
        name="jinkoujue",
        example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"},
        params=_model(),
        compute=compute,
        render_svg=render_jinkoujue,
        summary="六壬金口訣: 人元 貴神 將神 地分, 用爻, 動, 旺衰, 神煞 and the reading",
        options=(
            "jiang",
            "day_night",
            "day_boundary",
            "dst",
            "guiren",
            "gui_shen_plate",
            "yong_yao",
            "tu_months",
        ),
        form={
            "hidden": ["no_reading", "seed"],
            # "random" = the server draws (報數 / 隨機); the page shows the drawn 地分 and the seed, and
            # keeps the seed in the permalink and in the journal inputs so the cast replays exactly
            "difen": {
                "choices": [*BRANCHES, RANDOM],
                "choice_labels": {RANDOM: "form.difen_random"},
                "label": "form.difen",
                "random": {"choice": RANDOM, "seed": "seed"},
            },
            "topics": list(topics()),
        },
    )
