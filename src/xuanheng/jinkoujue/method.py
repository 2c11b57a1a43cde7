"""六壬金口訣 as a method of the contract (:class:`xuanheng.method.Method`): one value, ``METHOD``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.jinkoujue.chart import POSITION_LABELS
from xuanheng.jinkoujue.judgment import judge
from xuanheng.jinkoujue.params import JinKouJueParams, cast_params
from xuanheng.jinkoujue.reading import reading, topics
from xuanheng.jinkoujue.render_svg import render_jinkoujue, render_jinkoujue_narrow
from xuanheng.jinkoujue.render_text import render_text
from xuanheng.method import Method
from xuanheng.reading import FiredRule, Text


def facts(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the journal counts for a 金口訣 case: the 用爻 position (人元 貴神 將神 地分) and the 動."""
    out: dict[str, list[str]] = {}
    yy = doc.get("yong_yao")
    if isinstance(yy, str) and yy:
        out["yong_yao"] = [POSITION_LABELS.get(yy, yy)]
    dong = [d for d in doc.get("dong") or () if isinstance(d, str) and d.strip()]
    if dong:
        out["dong"] = list(dict.fromkeys(d.strip() for d in dong))
    return out


def _reading(chart: Any, topic: str | None, lang: str, **_options: Any) -> list[FiredRule]:
    """The reading of the contract; ``about`` (a reading option) is the judgment's, not the rules'."""
    return reading(chart, topic=topic, lang=lang)


METHOD = Method(
    name="jinkoujue",
    label=Text(ko="육임금구결", zh_hant="六壬金口訣", en="Liuren Golden Mouth (金口訣)"),
    summary=Text(
        ko="육임금구결: 인원·귀신·장신·지분, 용효, 동, 왕쇠, 신살과 판단",
        zh_hant="六壬金口訣：人元、貴神、將神、地分，用爻、動、旺衰、神煞與斷語",
        en="六壬金口訣: 人元 貴神 將神 地分, 用爻, 動, 旺衰, 神煞 and the reading",
    ),
    params=JinKouJueParams,
    cast=cast_params,
    read=_reading,
    judge=judge,
    facts=facts,
    views={"svg": render_jinkoujue, "svg_narrow": render_jinkoujue_narrow, "text": render_text},
    example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"},
    topics=topics,
)

__all__ = ["METHOD", "facts"]
