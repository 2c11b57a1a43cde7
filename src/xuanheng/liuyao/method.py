"""六爻 as a method of the contract (:class:`xuanheng.method.Method`): one value, ``METHOD``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xuanheng.liuyao.params import INSTANT, STUDY, LiuYaoParams, cast_params, mode_of
from xuanheng.liuyao.render_svg import render_liuyao
from xuanheng.liuyao.render_text import render_text
from xuanheng.method import Method
from xuanheng.reading import Text

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


def facts(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the journal counts for a 六爻 case: the 本卦 and 變卦 (full names), the 本卦's palace, and the
    用神 when the chart (or its reading) names one (``yong_shen``)."""
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
    yong = _yong_shen(doc.get("yong_shen"))
    if yong:
        out["yong_shen"] = yong
    return out


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
    reading=None,
    facts=facts,
    render_svg=render_liuyao,
    render_text=render_text,
    example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "lines": "887868"},
    # one moment cast in every method asks for the six lines (the other ways are in the method's own form)
    needs=("lines",),
    mode=mode_of,
    modes={
        INSTANT: ("a cast from --at/--now", "those flags belong to study mode (--day, --month)"),
        STUDY: ("study mode", "those flags belong to a chart cast from --at/--now"),
    },
)

__all__ = ["METHOD", "facts"]
