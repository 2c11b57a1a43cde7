"""七政四餘 as a method of the contract (:class:`xuanheng.method.Method`): one value, ``METHOD``.

``cast`` gives a :class:`~xuanheng.qizheng.chart.QiZhengLife` (the natal chart, the reading and 限 options,
the 限 of ``on`` and the life's timeline); ``read`` is :func:`xuanheng.qizheng.reading.reading` of its
natal chart with those options, so the document carries ``reading`` unless it is turned off
(``--no-reading``, ``no_reading=true``); ``judge`` is :func:`xuanheng.qizheng.judgment.judge` (the life
reading: 大象 and rank, the sections, each 限), the document's ``judgment``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.method import Method
from xuanheng.qizheng.chart import QiZhengLife
from xuanheng.qizheng.judgment import judge
from xuanheng.qizheng.memo import register_cache
from xuanheng.qizheng.params import QiZhengParams, cast_params
from xuanheng.qizheng.reading import reading, topics
from xuanheng.qizheng.render_svg import render_qizheng
from xuanheng.qizheng.render_text import render_text
from xuanheng.reading import FiredRule, Text


def facts(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the journal counts for a 七政四餘 case: the 命宮 branch, the 命度 as practitioners write it
    (宿 + 七曜 + degree: 奎木十一度), the ten 化曜 as ``祿:木`` …, the sex when given, the 格局 the reading
    found (their names), and with a date ``on`` the palace of its 大限 and of its 流年."""
    out: dict[str, list[str]] = {}
    ming = doc.get("ming_gong")
    if isinstance(ming, Mapping):
        if isinstance(ming.get("branch"), str) and ming["branch"]:
            out["ming_gong"] = [ming["branch"]]
        if isinstance(ming.get("xiu_text"), str) and ming["xiu_text"]:
            out["ming_du"] = [ming["xiu_text"]]
    hua = doc.get("hua_yao")
    if isinstance(hua, Mapping):
        pairs = [f"{k}:{v}" for k, v in hua.items() if isinstance(k, str) and isinstance(v, str)]
        if pairs:
            out["hua_yao"] = pairs
    sex = (doc.get("inputs") or {}).get("sex") if isinstance(doc.get("inputs"), Mapping) else None
    if isinstance(sex, str) and sex:
        out["sex"] = [sex]
    ge = [
        r["name"]
        for r in doc.get("reading") or ()
        if isinstance(r, Mapping) and r.get("kind") == "格局" and isinstance(r.get("name"), str)
    ]
    if ge:
        out["ge_ju"] = list(dict.fromkeys(ge))
    for key in ("da_xian", "liu_nian"):
        row = doc.get(key)
        if isinstance(row, Mapping) and isinstance(row.get("gong"), str):
            out[key] = [row["gong"]]
    return out


def _reading(case: QiZhengLife, topic: str | None, lang: str, **options: Any) -> list[FiredRule]:
    """The reading of a cast: its options as the contract passes them (``READING_OPTIONS``), over any the
    case was cast with (:func:`~xuanheng.qizheng.cast.life`'s ``reading_options``)."""
    ropts = {**case.reading_options, **{k: v for k, v in options.items() if v is not None}}
    return reading(case.chart, topic or None, lang, on=case.on, **ropts, **case.xian_options)


def _topics() -> tuple[str, ...]:
    return tuple(topics())


METHOD = Method(
    name="qizheng",
    label=Text(ko="칠정사여", zh_hant="七政四餘", en="Qizheng Siyu (七政四餘)"),
    summary=Text(
        ko="칠정사여: 실제 천체 위치의 11요, 28수, 12궁, 명궁·신궁, 화요와 신살",
        zh_hant="七政四餘：實測之十一曜、二十八宿、十二宮、命宮身宮、化曜與神煞",
        en="七政四餘: the 11 曜 at their real positions, 28 宿, 12 宮, 命宮/身宮, 化曜 and star spirits",
    ),
    params=QiZhengParams,
    cast=cast_params,
    read=_reading,
    judge=judge,
    kept=True,  # the chart, life, reading and judgment memos of xuanheng.qizheng.memo; the documents
    reads_own=True,  # reading() hands out a copy of a reading it keeps (its facts the caller's own)
    facts=facts,
    views={"svg": render_qizheng, "text": render_text},
    example={"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9, "sex": "男"},
    topics=_topics,
)

#: xuanheng.qizheng.memo.clear() forgets the kept documents too (the benchmarks time the work itself)
register_cache(METHOD.documents.clear)

__all__ = ["METHOD", "facts"]
