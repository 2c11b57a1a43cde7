"""The terminal view of a 大六壬 chart, drawn from its JSON document (``xuanheng liuren`` without
``--json``): the 天地盤 square (地盤 fixed, 巳午未申 on top), the 四課 right to left, the 三傳, 課體, 神煞
and the reading."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.i18n import label
from xuanheng.i18n.messages import warning_text
from xuanheng.reading import DEFAULT_LANG
from xuanheng.render.judgment import judgment_lines
from xuanheng.render.text import pad

#: the 地盤 square as practitioners draw it, row by row (None: the middle)
SQUARE: tuple[tuple[int | None, ...], ...] = (
    (5, 6, 7, 8),
    (4, None, None, 9),
    (3, None, None, 10),
    (2, 1, 0, 11),
)


def _cell(doc: Mapping[str, Any], d: int) -> str:
    upper = doc["tian_pan"][BRANCHES[d]]
    return f"{doc['tian_jiang'][upper][:2]}{upper}"


def render_text(doc: Mapping[str, Any], lang: str | None = None, *, ids: bool = False) -> str:
    """CJK-aligned table of the chart document *doc* (labels in *lang*)."""
    # the warnings in the language asked for, English without one (the labels default to DEFAULT_LANG)
    warn_lang = lang or "en"
    lang = lang or DEFAULT_LANG
    lines: list[str] = []
    head = f"大六壬  {doc['day']}日 {doc['hour_ganzhi']}時  月將 {doc['yue_jiang']}"
    cal = doc.get("calendar")
    if cal:
        head += f"  ({doc['inputs']['at']} {doc['inputs']['tz']})"
    lines.append(head)
    g = doc["gui_ren"]
    day_night, direction = (
        "晝" if g["day_night"] == "day" else "夜",
        "順" if g["direction"] == "shun" else "逆",
    )
    lines.append(
        f"{day_night}貴 {g['branch']} {direction}"
        f"  旬空 {''.join(doc['xun_kong'])}  日祿 {doc['ri_lu']}"
        f"  驛馬 {doc['yi_ma']}  日德 {doc['ri_de']}"
    )
    for row in SQUARE:
        cells = [_cell(doc, d) + f"/{BRANCHES[d]}" if d is not None else "" for d in row]
        lines.append("  ".join(pad(c, 9) for c in cells))
    lines.append("")
    lines.append(label("chart.si_ke", lang))
    ke = list(reversed(doc["si_ke"]))
    lines.append("  ".join(pad(k["tian_jiang"], 6) for k in ke))
    lines.append("  ".join(pad(k["upper"] + (k["relation"] or ""), 6) for k in ke))
    lines.append("  ".join(pad(k["lower"], 6) for k in ke))
    lines.append("")
    lines.append(f"{label('chart.san_chuan', lang)}  {doc['method']}·{doc['sub_method']}")
    for step, c in zip(("初", "中", "末"), doc["san_chuan"], strict=True):
        dg = c["dun_gan"] or "　"
        kong = "  空" if c["kong"] else ""
        lines.append(f"  {step}  {c['liu_qin']}  {dg}{c['branch']}  {c['tian_jiang']}{kong}")
    lines.append("課體 " + "、".join(k["name"] for k in doc["ke_ti"]))
    if doc["ben_ming"] is not None:
        lines.append(f"本命 {doc['ben_ming']}  行年 {doc['xing_nian'] or '—'}")
    marks = [f"{s['name']}{s['stem'] or s['branch']}" for s in doc["shensha"]]
    lines.append(label("chart.shensha", lang) + " " + "  ".join(marks))
    for w in doc.get("warnings") or ():  # said in the text's language from the warning's code
        lines.append(f"! {warning_text(w, warn_lang)}")
    if doc.get("judgment"):
        lines.append("")
        lines.extend(judgment_lines(doc["judgment"], lang, ids=ids, method="liuren"))
    if "reading" in doc:
        lines.append("")
        lines.append(label("chart.commentary" if doc.get("judgment") else "chart.reading", lang))
        for r in doc["reading"]:
            lines.append(f"  [{r['id']}] {r['text']}")
    return "\n".join(lines)


def render_enumeration(rows: list[dict[str, Any]]) -> str:
    """One line per 課 of an enumeration: day, 月將 on 子, 三傳, 九宗門."""
    return "\n".join(
        f"{r['day']} {r['yue_jiang']}將子時  {''.join(r['san_chuan'])}  {r['method']}·{r['sub_method']}"
        for r in rows
    )


__all__ = ["SQUARE", "render_enumeration", "render_text"]
