"""The terminal view of a calendar chart, drawn from its JSON document (``xuanheng calendar``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from xuanheng.calendar.words import basis_label, lunar_words, options_text
from xuanheng.core.ganzhi import SHEN_NAMES, branch_index
from xuanheng.i18n import label
from xuanheng.i18n.messages import warning_text
from xuanheng.render.text import pad, width

#: row labels: the i18n key, and the bilingual default (繁體 and English) when no language is asked for
_ROWS: dict[str, tuple[str, str]] = {
    "time": ("cal.time", "時刻 time"),
    "solar": ("cal.solar_time", "真太陽時 solar"),
    "pillars": ("chart.pillars", "四柱 pillars"),
    "kong": ("chart.xun_kong", "旬空 xun kong"),
    "prev_jie": ("cal.prev_jie", "前節 prev jie"),
    "next_jie": ("cal.next_jie", "後節 next jie"),
    "prev_qi": ("cal.prev_qi", "前氣 prev qi"),
    "next_qi": ("cal.next_qi", "後氣 next qi"),
    "yue_jiang": ("chart.yue_jiang", "月將 yue jiang"),
    "lunar": ("chart.lunar", "農曆 lunar"),
    "day_night": ("chart.day_night", "晝夜 day/night"),
    "sun": ("cal.sun", "日出/日沒 sun"),
    "options": ("cal.options", "選項 options"),
}


def _clock(iso: str | None, fmt: str) -> str | None:
    return None if iso is None else datetime.fromisoformat(iso).strftime(fmt)


def render_text(doc: Mapping[str, Any], lang: str | None = None, *, ids: bool = False) -> str:
    """A CJK-aligned table; labels in *lang* (any shipped language) or, by default, 繁體 and English."""
    rows: list[tuple[str, str]] = []

    def row_label(key: str) -> str:
        i18n_key, both = _ROWS[key]
        return both if lang is None else label(i18n_key, lang)

    rows.append((row_label("time"), f"{doc['inputs']['at']} ({doc['inputs']['tz']})"))
    solar = _clock(doc["solar_time"], "%Y-%m-%d %H:%M:%S")
    if solar is not None:
        rows.append((row_label("solar"), solar))
    p = doc["pillars"]
    rows.append((row_label("pillars"), f"{p['year']}年 {p['month']}月 {p['day']}日 {p['hour']}時"))
    kong = doc["xun_kong"]
    rows.append(
        (
            row_label("kong"),
            "  ".join(f"{g}:{a}{b}" for g, (a, b) in zip("年月日時", kong.values(), strict=True)),
        )
    )
    for key, t in (
        ("prev_jie", doc["jieqi"]["prev"]),
        ("next_jie", doc["jieqi"]["next"]),
        ("prev_qi", doc["zhongqi"]["prev"]),
        ("next_qi", doc["zhongqi"]["next"]),
    ):
        rows.append((row_label(key), f"{pad(t['name'], 5)}{t['at']}"))
    yj = doc["yue_jiang"]

    def basis(b: str) -> str:  # in words when a language is asked for (the bilingual default keeps the code)
        return b if lang is None else basis_label(b, lang)

    rows.append(
        (row_label("yue_jiang"), f"{yj} {SHEN_NAMES[branch_index(yj)]} ({basis(doc['yue_jiang_basis'])})")
    )
    rows.append((row_label("lunar"), lunar_words(doc["lunar"], lang)))
    dn = doc["day_night"]
    rows.append((row_label("day_night"), f"{dn['value']} ({basis(dn['basis'])})"))
    if doc["sunrise"] is not None or doc["sunset"] is not None:
        sr = _clock(doc["sunrise"], "%H:%M:%S") or "—"
        ss = _clock(doc["sunset"], "%H:%M:%S") or "—"
        rows.append((row_label("sun"), f"{sr} / {ss}"))
    if lang is None:
        rows.append((row_label("options"), ", ".join(f"{k}={v}" for k, v in doc["options"].items())))
    else:
        rows.append((row_label("options"), options_text(dict(doc["options"]), lang)))
    col = max(width(k) for k, _ in rows) + 2
    lines = [pad(k, col) + v for k, v in rows]
    head = "warning" if lang is None else label("chart.warnings", lang)
    lines += [f"{head}: {warning_text(w, lang or 'en')}" for w in doc["warnings"]]
    return "\n".join(lines)


__all__ = ["render_text"]
