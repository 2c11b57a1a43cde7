"""Calendar chart as SVG: the four pillars (年 月 日 時) with 納音-free stems and branches coloured by
element, then 月將, 旬空, 晝夜, the lunar date and the surrounding 節氣. :func:`render_calendar_narrow` draws
the same for a phone (360 wide: narrower pillars, each value under its label when the two do not fit).
"""

from __future__ import annotations

from typing import Any

from xuanheng.calendar.words import basis_label, lunar_words
from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS, STEM_ELEMENT, STEMS
from xuanheng.i18n import label, term
from xuanheng.render.svg import MUTED, Svg, colour, text_width

_PILLAR = {"year": "年", "month": "月", "day": "日", "hour": "時"}


def _pillars(doc: dict[str, Any]) -> dict[str, str]:
    src = doc.get("pillars") if isinstance(doc.get("pillars"), dict) else doc
    out: dict[str, str] = {}
    for k in ("year", "month", "day", "hour"):
        v = src.get(k) if isinstance(src, dict) else None
        if isinstance(v, dict):
            v = v.get("name") or v.get("ganzhi")
        if isinstance(v, str) and len(v) == 2:
            out[k] = v
    return out


def _text_of(v: Any) -> str:
    if isinstance(v, dict):
        name = v.get("name", "")
        at = str(v.get("at", ""))[:16].replace("T", " ")
        return f"{name} {at}".strip()
    if isinstance(v, list):
        return "".join(str(x) for x in v)
    return "" if v is None else str(v)


def _draw_pillars(svg: Svg, doc: dict[str, Any], lang: str, centre0: float, step: float, box: float) -> None:
    def t(v: object) -> str:
        return term(str(v), lang)

    p = _pillars(doc)
    for i, k in enumerate(("year", "month", "day", "hour")):
        cx = centre0 + i * step
        svg.rect(cx - box / 2, 50, box, 140, rx=6, fill="#fff")
        svg.text(cx, 72, label(f"chart.{k}", lang), font_size=13, fill=MUTED, text_anchor="middle")
        gz = p.get(k, "")
        if gz:
            s, b = gz[0], gz[1]
            se = ELEMENTS[STEM_ELEMENT[STEMS.index(s)]] if s in STEMS else ""
            be = ELEMENTS[BRANCH_ELEMENT[BRANCHES.index(b)]] if b in BRANCHES else ""
            svg.text(cx, 118, t(s), font_size=36, fill=colour(se), text_anchor="middle", font_weight=700)
            svg.text(cx, 170, t(b), font_size=36, fill=colour(be), text_anchor="middle", font_weight=700)


def _rows(doc: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """(label, value) of each line under the pillars, the value in *lang*."""
    rows: list[tuple[str, str]] = []

    def add(key: str, value: str) -> None:
        rows.append((label(key, lang), value))

    inp = doc.get("inputs") or {}
    if inp.get("at"):
        add("form.when", f"{str(inp['at'])[:19].replace('T', ' ')} {inp.get('tz', '')}")
    solar = doc.get("solar_time")
    if isinstance(solar, str) and solar:
        add("cal.solar_time", solar[:19].replace("T", " "))
    yj = doc.get("yue_jiang")
    if yj is not None:
        yj_text = _text_of(yj) + " " + _text_of(doc.get("yue_jiang_name"))
        if doc.get("yue_jiang_basis"):
            yj_text += f" ({basis_label(doc['yue_jiang_basis'], lang)})"
        add("chart.yue_jiang", yj_text)
    xk = doc.get("xun_kong")
    if isinstance(xk, dict):
        add("chart.xun_kong", "  ".join(f"{_PILLAR.get(k, k)}:{_text_of(v)}" for k, v in xk.items()))
    elif xk is not None:
        rows.append((label("chart.xun_kong", lang), _text_of(xk)))
    dn = doc.get("day_night")
    if isinstance(dn, dict):
        rows.append(
            (label("chart.day_night", lang), f"{dn.get('value', '')} ({basis_label(dn.get('basis'), lang)})")
        )
    if doc.get("sunrise") or doc.get("sunset"):
        sr = str(doc.get("sunrise") or "—")[11:19] or "—"
        ss = str(doc.get("sunset") or "—")[11:19] or "—"
        add("cal.sun", f"{sr} / {ss}")
    lunar = doc.get("lunar")
    if isinstance(lunar, dict):
        rows.append((label("chart.lunar", lang), lunar_words(lunar, lang)))
    for key in ("jieqi", "zhongqi"):
        pair = doc.get(key)
        if isinstance(pair, dict):
            add("chart.jieqi", " → ".join(_text_of(pair.get(k)) for k in ("prev", "next")))
    return [(k, term(str(v), lang)) for k, v in rows]


def render_calendar(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a calendar document (``Calendar.to_json()``)."""
    svg = Svg(600, 370, label("method.calendar", lang))
    svg.text(20, 34, label("method.calendar", lang), font_size=22, font_weight="bold")
    _draw_pillars(svg, doc, lang, 80, 120, 100)
    rows = _rows(doc, lang)
    # the value column starts after the widest label (an English label such as "月將 (monthly general)" is
    # wider than a Chinese one; 13 px text: a wide character ~13 px, a narrow one ~7 px)
    value_x = 30 + max((_px(k) for k, _ in rows), default=100) + 14
    height = 222 + 18 * len(rows) + 10
    svg.height = max(svg.height, height)
    for i, (k, v) in enumerate(rows):
        svg.text(30, 222 + 18 * i, k, font_size=13, fill=MUTED)
        svg.text(value_x, 222 + 18 * i, v, font_size=13)
    return svg.render()


#: width of the narrow (phone) drawing
NARROW_WIDTH = 360


def render_calendar_narrow(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """The calendar drawn for a narrow screen: the pillars closer together, and a value that does not fit
    beside its label on the line under it."""
    w = NARROW_WIDTH
    rows = _rows(doc, lang)
    value_x = 16 + min(max((_px(k) for k, _ in rows), default=100), 140) + 12
    lines: list[tuple[float, str, bool]] = []  # (x, text, is_label)
    y_rows = []
    for k, v in rows:
        if 16 + _px(k) + 12 <= value_x and value_x + text_width(v, 13) <= w - 8:
            lines.append((16, k, True))
            lines.append((value_x, v, False))
            y_rows.append(2)
        else:
            lines.append((16, k, True))
            lines.append((28, v, False))
            y_rows.append(1)
    y = 222
    svg = Svg(w, 0, label("method.calendar", lang))
    svg.text(12, 34, label("method.calendar", lang), font_size=22, font_weight="bold")
    _draw_pillars(svg, doc, lang, 48, 88, 80)
    it = iter(lines)
    for same_line in y_rows:
        x, k, _ = next(it)
        svg.text(x, y, k, font_size=13, fill=MUTED)
        if same_line == 1:
            y += 18
        x, v, _ = next(it)
        svg.text(x, y, v, font_size=13)
        y += 18
    svg.height = int(y + 10)
    return svg.render()


def _px(text: str) -> int:
    """Width of *text* at 13 px, estimated (wide characters 13 px, others 7 px)."""
    import unicodedata

    return sum(13 if unicodedata.east_asian_width(c) in "WF" else 7 for c in text)
