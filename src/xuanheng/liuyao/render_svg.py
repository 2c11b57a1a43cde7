"""六爻 chart as SVG: the 本卦 and the 變卦 side by side, drawn from the chart's JSON document.

The six lines are drawn top (上爻) to bottom (初爻), as practitioners write a chart. Beside each line of the
本卦: its 六神, 六親 and 納甲 (in the element's colour), the 世/應 mark, the moving mark (○ 老陽, × 老陰) and
under it the 伏神 hidden beneath it (its 飛神) and the line's marks (空, 月破, 日破, 暗動, 身; the day's
驛馬 馬, 祿神 祿 and 羊刃 刃). Beside each
line of the 變卦: its 六親 (by the 本卦's palace) and 納甲, 世/應 of the 變卦, and under a changed line what
it changes into (回頭生, 化進神 …). A header gives the pillars, 月建, 日辰, 旬空 and 月破; a footer the
卦身, 互/錯/綜 and how the hexagram was cast.

The drawing is 390 px wide (a phone held upright) and no text is smaller than 13 px, so it stays legible
(≥ 11 px) when the page scales it down to fit a phone's screen. Every text is XML-escaped
(:mod:`xuanheng.render.svg`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.i18n import label, term
from xuanheng.render.svg import INK, LINE, MUTED, Svg, colour

WIDTH = 390
#: the smallest font size used (px); tests hold the drawing to it
MIN_FONT = 13
ROW = 40
ROWS_TOP = 140
MOVING = "#c62828"
CHANGED = "#c62828"
STILL_BIAN = "#8d8d8d"
POSITION_NAMES = ("初", "二", "三", "四", "五", "上")
#: drawn for a 爻位 item the seed text has lost (004-113 prints □ for the 疾病 table's 三 and 四): an empty
#: item would read as if the line meant nothing
LOST = "□"
#: the moving marks of 老陽 (9) and 老陰 (6)
MARKS = {9: "○", 6: "×"}
#: the still line's marks shown under it: (JSON key, mark)
LINE_FLAGS = (("kong", "空"), ("yue_po", "月破"), ("ri_po", "日破"), ("an_dong", "暗動"), ("shen", "身"))
#: the day's spirits the chart marks (``marks``), shown on the lines that carry them: (name, mark)
DAY_MARKS = (("驛馬", "馬"), ("祿神", "祿"), ("羊刃", "刃"))


def day_marks(doc: Any, position: int) -> list[str]:
    """The marks (馬 祿 刃) of the day's spirits that line *position* carries (from the document's
    ``marks``)."""
    held = {m.get("name"): m.get("positions") or () for m in doc.get("marks") or () if isinstance(m, dict)}
    return [mark for name, mark in DAY_MARKS if position in held.get(name, ())]


# columns (x in px)
X_SHEN, X_QIN, X_NAJIA = 8, 36, 62
X_FU = 22
X_BAR, BAR_W = 100, 60
X_MARK, X_SHI = 167, 183
X_BIAN, BIAN_W = 210, 50
X_BQIN, X_BNAJIA, X_BSHI = 268, 294, 326


def _lines(gua: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    lines = (gua or {}).get("lines") or []
    return [ln for ln in lines if isinstance(ln, Mapping)]


def _bar(svg: Svg, x: float, y: float, w: float, yang: bool, fill: str) -> None:
    """One line of a hexagram: a solid bar (yang) or a bar broken in the middle (yin)."""
    h = 9
    if yang:
        svg.rect(x, y - h / 2, w, h, fill=fill, stroke="none", rx=1.5)
        return
    gap = w * 0.18
    half = (w - gap) / 2
    svg.rect(x, y - h / 2, half, h, fill=fill, stroke="none", rx=1.5)
    svg.rect(x + half + gap, y - h / 2, half, h, fill=fill, stroke="none", rx=1.5)


def _shi_ying(svg: Svg, x: float, y: float, line: Mapping[str, Any], lang: str) -> None:
    mark = "世" if line.get("shi") else "應" if line.get("ying") else ""
    if not mark:
        return
    svg.rect(x - 1, y - 12, 16, 16, rx=3, stroke=INK if mark == "世" else MUTED, fill="#fff")
    svg.text(x + 7, y + 1, term(mark, lang), font_size=13, text_anchor="middle", class_=f"mark-{mark}")


def _title(gua: Mapping[str, Any] | None) -> str:
    if not gua:
        return ""
    return str(gua.get("full_name") or gua.get("name") or "")


def _palace(gua: Mapping[str, Any], lang: str) -> str:
    bits = []
    if gua.get("palace"):
        bits.append(f"{gua['palace']}宮")
    if gua.get("type"):
        bits.append(str(gua["type"]))
    bits += [str(x) for x in gua.get("labels") or () if x]
    return term(" ".join(bits), lang)


def _cast_lines(doc: Mapping[str, Any], lang: str) -> list[str]:
    """How the hexagram was cast, in the language of the page (the way's own label, from the params), the
    seed of a random cast, and the faces of the coin throws (or the yarrow counts), 初爻 first."""
    from xuanheng.liuyao.params import LiuYaoParams

    cast = doc.get("cast") or {}
    inputs = doc.get("inputs") or {}
    method = str(cast.get("method") or "")
    way = {
        "manual": "hexagram" if inputs.get("hexagram") else "lines",
        "coins": "coins" if cast.get("seed") is not None else "throws",
        "yarrow": "yarrow",
        "time": "time",
        "numbers": "numbers",
    }.get(method)
    spec = LiuYaoParams.by_name()
    head = f"{label('chart.cast_by', lang)}: {spec[way].label.get(lang) if way in spec else method}"
    if cast.get("numbers"):
        head += "  " + "·".join(str(n) for n in cast["numbers"])
    out = [head]
    if cast.get("seed") is not None:
        out.append(f"{label('chart.seed', lang)}: {cast['seed']}")
    throws = [
        term(x, lang) if isinstance(x, str) else "-".join(map(str, x)) for x in cast.get("throws") or ()
    ]
    if throws:
        out.append(" ".join(throws))
    return out


def _reading_facts(doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The facts of the reading's 用神 rule (``yong.select``) and of its 爻位 table rule, when present."""
    yong: dict[str, Any] = {}
    table: dict[str, Any] = {}
    for r in doc.get("reading") or ():
        if not isinstance(r, dict) or not isinstance(r.get("facts"), dict):
            continue
        if r.get("id") == "yong.select" and not yong:
            yong = r["facts"]
        elif r.get("kind") == "爻位" and r["facts"].get("table") and not table:
            table = r["facts"]
    return yong, table


def _reading_lines(doc: dict[str, Any], lang: str) -> list[str]:
    """Under the cast record: the 用神 (and its kin) and the question's 爻位 table, from the reading."""
    yong, table = _reading_facts(doc)
    out = []
    if yong.get("liu_qin"):
        pos = yong.get("position")
        where = f" {POSITION_NAMES[pos - 1]}爻" if isinstance(pos, int) and 1 <= pos <= 6 else ""
        if yong.get("fu_shen"):
            where = f" 伏 {yong['fu_shen']}"
        kin = [
            f"{k} {yong[v]}"
            for k, v in (("原", "yuan_shen"), ("忌", "ji_shen"), ("仇", "chou_shen"))
            if yong.get(v)
        ]
        out.append(term(" · ".join([f"用神 {yong['liu_qin']}{where}", *kin]), lang))
    items = [
        x for x in table.get("lines") or () if isinstance(x, dict) and isinstance(x.get("position"), int)
    ]
    if items:
        row = " ".join(f"{POSITION_NAMES[x['position'] - 1]}{x.get('item') or LOST}" for x in items)
        out.append(term(f"{table['table']}: {row}", lang))
    return out


def render_liuyao(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a 六爻 chart document (``LiuYaoChart.to_json()``, plus the reading when there is one: the
    用神 line is framed and named under the cast record, with the question's 爻位 table)."""

    def t(v: object) -> str:
        return term(str(v), lang)

    ben = doc.get("ben_gua") or {}
    bian = doc.get("bian_gua") or None
    ben_lines = _lines(ben)
    bian_lines = _lines(bian)
    notes = [*_cast_lines(doc, lang), *_reading_lines(doc, lang)]
    yong_at = _reading_facts(doc)[0].get("position")
    height = ROWS_TOP + 6 * ROW + 30 + 20 * len(notes)
    name = label("method.liuyao", lang)
    pair = _title(ben) + (f" → {_title(bian)}" if bian else "")
    svg = Svg(WIDTH, height, f"{name}: {t(pair)}" if pair else name)

    # header: method and instant, pillars, 月建 日辰 旬空 月破
    inputs = doc.get("inputs") or {}
    svg.text(8, 22, name, font_size=16, font_weight="bold")
    when = str(inputs.get("at") or "").replace("T", " ")[:16]
    if when:
        svg.text(WIDTH - 8, 22, f"{when} {inputs.get('tz') or ''}".strip(), font_size=13, fill=MUTED,
                 text_anchor="end")  # fmt: skip
    pillars = doc.get("pillars") or {}
    pil = "  ".join(
        f"{t(pillars[k])}{t(suffix)}"
        for k, suffix in (("year", "年"), ("month", "月"), ("day", "日"), ("hour", "時"))
        if pillars.get(k)
    )
    if pil:
        svg.text(8, 44, pil, font_size=14, class_="pillars")
    bits = []
    for key, lab in (("yue_jian", "chart.yue_jian"), ("ri_chen", "chart.ri_chen")):
        if doc.get(key):
            bits.append(f"{label(lab, lang)} {t(doc[key])}")
    if doc.get("xun_kong"):
        bits.append(f"{label('chart.xun_kong', lang)} {t(''.join(doc['xun_kong']))}")
    if doc.get("yue_po"):
        bits.append(f"{label('chart.yue_po', lang)} {t(doc['yue_po'])}")
    svg.text(8, 64, "  ".join(bits), font_size=13, fill=MUTED, class_="time")

    # the two hexagrams' names, palace, type and labels
    svg.text(8, 88, label("chart.ben_gua", lang), font_size=13, fill=MUTED)
    svg.text(8, 107, t(_title(ben)), font_size=16, font_weight="bold", class_="gua-name ben")
    svg.text(8, 124, _palace(ben, lang), font_size=13, fill=MUTED)
    svg.text(X_BIAN, 88, label("chart.bian_gua", lang), font_size=13, fill=MUTED)
    if bian:
        svg.text(X_BIAN, 107, t(_title(bian)), font_size=16, font_weight="bold", class_="gua-name bian")
        svg.text(X_BIAN, 124, _palace(bian, lang), font_size=13, fill=MUTED)
    else:
        svg.text(X_BIAN, 107, label("chart.static_gua", lang), font_size=13, fill=MUTED, class_="static")
    svg.line(8, ROWS_TOP - 6, WIDTH - 8, ROWS_TOP - 6, stroke=LINE)

    # 本卦, top (上爻) to bottom (初爻)
    svg.open_group(class_="gua ben", data_gua="ben", data_name=_title(ben))
    for ln in reversed(ben_lines):
        pos = int(ln.get("position") or 0)
        top = ROWS_TOP + (6 - pos) * ROW
        mid = top + 13
        value = int(ln.get("value") or 0)
        moving = bool(ln.get("moving"))
        svg.open_group(class_="line", data_position=pos, data_value=value, data_moving=str(moving).lower())
        if pos == yong_at:  # the reading's 用神
            svg.rect(X_QIN - 3, mid - 10, X_BAR - X_QIN - 2, 19, stroke=MOVING, rx=3, class_="yong-shen")
        svg.text(X_SHEN, mid + 4, t(ln.get("liu_shen") or ""), font_size=13, class_="liu-shen")
        svg.text(X_QIN, mid + 4, t(ln.get("liu_qin") or ""), font_size=13, class_="liu-qin")
        svg.text(X_NAJIA, mid + 4, t(ln.get("najia") or ""), font_size=13, fill=colour(ln.get("element")),
                 class_="najia")  # fmt: skip
        _bar(svg, X_BAR, mid, BAR_W, ln.get("yin_yang") == "陽", MOVING if moving else INK)
        if moving and value in MARKS:
            svg.text(X_MARK, mid + 5, MARKS[value], font_size=14, fill=MOVING, font_weight="bold",
                     class_="mark-moving")  # fmt: skip
        _shi_ying(svg, X_SHI, mid + 4, ln, lang)
        if ln.get("fu_shen"):  # the 伏神 under its 飛神
            svg.text(X_FU, mid + 21, f"{t('伏')} {t(ln['fu_shen'])}", font_size=13, fill=MUTED,
                     class_="fu-shen")  # fmt: skip
        flags = [t(mark) for key, mark in LINE_FLAGS if ln.get(key)] + [t(m) for m in day_marks(doc, pos)]
        if flags:
            svg.text(X_BAR, mid + 21, " ".join(flags), font_size=13, fill=MOVING, class_="flags")
        svg.close_group()
    svg.close_group()

    # 變卦 beside it, the changed lines in colour and what each moving line changes into
    if bian:
        hua = {int(ln.get("position") or 0): (ln.get("bian") or {}).get("hua") or () for ln in ben_lines}
        svg.open_group(class_="gua bian", data_gua="bian", data_name=_title(bian))
        for ln in reversed(bian_lines):
            pos = int(ln.get("position") or 0)
            mid = ROWS_TOP + (6 - pos) * ROW + 13
            changed = bool(ln.get("changed"))
            svg.open_group(class_="line", data_position=pos, data_changed=str(changed).lower())
            _bar(svg, X_BIAN, mid, BIAN_W, ln.get("yin_yang") == "陽", CHANGED if changed else STILL_BIAN)
            ink = INK if changed else MUTED
            svg.text(X_BQIN, mid + 4, t(ln.get("liu_qin") or ""), font_size=13, fill=ink, class_="liu-qin")
            svg.text(X_BNAJIA, mid + 4, t(ln.get("najia") or ""), font_size=13,
                     fill=colour(ln.get("element")) if changed else MUTED, class_="najia")  # fmt: skip
            _shi_ying(svg, X_BSHI, mid + 4, ln, lang)
            names = [t(h) for h in hua.get(pos, ()) if isinstance(h, str)]
            if changed and names:
                svg.text(X_BIAN, mid + 21, " ".join(names[:3]), font_size=13, fill=CHANGED, class_="hua")
            svg.close_group()
        svg.close_group()

    # footer: 卦身, 互 錯 綜, the cast
    foot = ROWS_TOP + 6 * ROW + 8
    svg.line(8, foot - 8, WIDTH - 8, foot - 8, stroke=LINE)
    extra = []
    shen = doc.get("shen") or {}
    yue = shen.get("yue_gua_shen") or {}
    if shen.get("rule") == "yue_gua_shen" and yue.get("branch"):
        extra.append(f"{label('chart.gua_shen', lang)} {t(yue['branch'])}")
    elif shen.get("positions"):
        where = "、".join(POSITION_NAMES[p - 1] for p in shen["positions"])
        extra.append(f"{label('chart.gua_shen', lang)} {t(where)}")
    for key in ("hu_gua", "cuo_gua", "zong_gua"):
        if doc.get(key):
            extra.append(f"{label('chart.' + key, lang)} {t(doc[key])}")
    svg.text(8, foot + 10, "  ".join(extra), font_size=13, fill=MUTED, class_="extra")
    cast_n = len(_cast_lines(doc, lang))
    for i, text in enumerate(notes):
        svg.text(8, foot + 30 + 20 * i, text, font_size=13, fill=MUTED if i < cast_n else INK,
                 class_="cast" if i < cast_n else "reading-note")  # fmt: skip
    return svg.render()


__all__ = ["MIN_FONT", "WIDTH", "render_liuyao"]
