"""六爻 as a method of the contract (:class:`xuanheng.method.Method`): one value, ``METHOD``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xuanheng.liuyao.enumeration import enumerate_gua, render_enumeration
from xuanheng.liuyao.judgment import judge
from xuanheng.liuyao.params import LiuYaoParams, cast_params
from xuanheng.liuyao.reading import reading, topics
from xuanheng.liuyao.render_svg import render_liuyao
from xuanheng.liuyao.render_text import render_text
from xuanheng.method import Method
from xuanheng.reading import FiredRule, Text

#: the reading's rule that names the 用神 (its facts: yong_shen, liu_qin, position, chosen_by …)
YONG_RULE = "yong.select"
#: the fields a 用神 may be named by, when the chart (or its reading) carries one
_YONG_SHEN_NAMES = ("liu_qin", "name", "label")


def _gua_name(gua: object) -> str | None:
    if not isinstance(gua, Mapping):
        return None
    for key in ("full_name", "name"):
        v = gua.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()
    return None


def _yong_shen(value: object) -> list[str]:
    """The 用神 names of *value*: a name (``"妻財"``), an object naming it (``{"liu_qin": "妻財", …}``), or
    a list of either."""
    items: Sequence[object]
    if isinstance(value, str | Mapping):
        items = [value]
    elif isinstance(value, Sequence):
        items = value
    else:
        return []
    out: list[str] = []
    for item in items:
        name: object = item
        if isinstance(item, Mapping):
            name = next((item[k] for k in _YONG_SHEN_NAMES if isinstance(item.get(k), str)), None)
        if isinstance(name, str) and name.strip() and name.strip() not in out:
            out.append(name.strip())
    return out


def _yong_select(doc: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The facts of the reading's 用神 rule (``yong.select``), if the document carries a reading."""
    for r in doc.get("reading") or ():
        if isinstance(r, Mapping) and r.get("id") == YONG_RULE and isinstance(r.get("facts"), Mapping):
            f: Mapping[str, Any] = r["facts"]
            return f
    return None


def facts(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the journal counts for a 六爻 case: the 本卦 and 變卦 (full names), the 本卦's palace, and the
    用神 when the chart or its reading names one (``yong_shen``: its 六親 on this chart; with the reading
    also ``yong_shen_by``, why that line was taken — 唯一, 動, 旺相 … or 伏神 when it is hidden — and
    ``reading_kind``, the rule families that fired)."""
    out: dict[str, list[str]] = {}
    ben = doc.get("ben_gua")
    name = _gua_name(ben)
    if name:
        out["ben_gua"] = [name]
    bian = _gua_name(doc.get("bian_gua"))
    if bian:
        out["bian_gua"] = [bian]
    if isinstance(ben, Mapping) and isinstance(ben.get("palace"), str) and ben["palace"]:
        out["palace"] = [f"{ben['palace']}宮"]
    sel = _yong_select(doc)
    yong = _yong_shen(doc.get("yong_shen") if sel is None else sel)
    if yong:
        out["yong_shen"] = yong
    if sel is not None and isinstance(sel.get("chosen_by"), str):
        out["yong_shen_by"] = [sel["chosen_by"]]
    read = [r.get("kind") for r in doc.get("reading") or () if isinstance(r, Mapping)]
    kinds = list(dict.fromkeys(k for k in read if isinstance(k, str) and k))
    if kinds:
        out["reading_kind"] = kinds
    return out


def _reading(chart: Any, topic: str | None, lang: str, **options: Any) -> list[FiredRule]:
    return reading(chart, topic or None, lang, **options)


METHOD = Method(
    name="liuyao",
    label=Text(ko="육효", zh_hant="六爻", en="Liuyao (六爻)"),
    summary=Text(
        ko="육효 (납갑서법): 본괘와 변괘, 납갑, 팔궁, 세응, 육친, 육신, 복신, 순공, 월건과 일진",
        zh_hant="六爻（納甲筮法）：本卦與變卦、納甲、八宮、世應、六親、六神、伏神、旬空、月建與日辰",
        en="六爻 (納甲筮法): 本卦 and 變卦, 納甲, 八宮, 世應, 六親, 六神, 伏神, 旬空, 月建 and 日辰",
    ),
    params=LiuYaoParams,
    cast=cast_params,
    read=_reading,
    judge=judge,
    topics=topics,
    facts=facts,
    views={"svg": render_liuyao, "text": render_text, "enumeration": render_enumeration},
    example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "lines": "887868"},
    enumerate=enumerate_gua,
)

__all__ = ["METHOD", "facts"]
