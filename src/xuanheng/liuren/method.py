"""大六壬 as a method of the contract (:class:`xuanheng.method.Method`): one value, ``METHOD``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xuanheng.liuren.judgment import judge
from xuanheng.liuren.params import LiuRenParams, cast_params, enumerate_ke
from xuanheng.liuren.reading import reading, topics
from xuanheng.liuren.render_svg import render_liuren, render_liuren_narrow
from xuanheng.liuren.render_text import render_enumeration, render_text
from xuanheng.method import Method
from xuanheng.reading import FiredRule, Text


def _names(items: object) -> list[str]:
    out: list[str] = []
    if isinstance(items, str):
        items = [items]
    if not isinstance(items, Sequence):
        return out
    for item in items:
        name = item.get("name") if isinstance(item, Mapping) else item
        if isinstance(name, str) and name.strip() and name.strip() not in out:
            out.append(name.strip())
    return out


def facts(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the journal counts for a 大六壬 case: every 課體 name, and the 九宗門 method."""
    out: dict[str, list[str]] = {}
    ke_ti = _names(doc.get("ke_ti"))
    if ke_ti:
        out["ke_ti"] = ke_ti
    jzm = _names(doc.get("method"))
    if jzm:
        out["jiu_zong_men"] = jzm
    return out


def _reading(chart: Any, topic: str | None, lang: str, **_options: Any) -> list[FiredRule]:
    """The reading of the contract: the reading options (``about``) are the judgment's only."""
    return reading(chart, topic or None, lang)


def _topics() -> tuple[str, ...]:
    return tuple(topics())


METHOD = Method(
    name="liuren",
    label=Text(ko="대육임", zh_hant="大六壬", en="Da Liuren (大六壬)"),
    summary=Text(
        ko="대육임: 천지반, 사과, 구종문의 삼전, 천장, 신살, 과체와 판단",
        zh_hant="大六壬：天地盤、四課、九宗門三傳、天將、神煞、課體與斷語",
        en="大六壬: 天地盤, 四課, 三傳 by the 九宗門, 天將, 神煞, 課體 and the reading",
    ),
    params=LiuRenParams,
    cast=cast_params,
    read=_reading,
    judge=judge,
    facts=facts,
    views={
        "svg": render_liuren,
        "svg_narrow": render_liuren_narrow,
        "text": render_text,
        "enumeration": render_enumeration,
    },
    example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"},
    enumerate=enumerate_ke,
    topics=_topics,
)

__all__ = ["METHOD", "facts"]
