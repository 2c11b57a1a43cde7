"""六壬金口訣 chart as SVG: the four positions in one column, top to bottom 人元, 貴神, 將神, 地分 (000-096).

Each row shows the position's glyph (stem, 天將 or branch, with its 遁干), its element in the element's
colour, 陰陽, the three layers of 旺衰 (四位 / 季 / 日, 000-123), the 用 mark of the 用爻, the 動 marks
(賊動 … from ``dong_detail``) and the 神煞 that fall on it. A header gives the four pillars, 月將, 晝夜
and 旬空.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xuanheng.i18n import label, term
from xuanheng.render.svg import INK, LINE, MUTED, Svg, colour, text_width, wrap

POSITIONS = ("ren_yuan", "gui_shen", "jiang_shen", "di_fen")
WIDTH = 640
ROW_H = 96
#: left edge of the 神煞 column: the widest 旺衰 line (English "4-pos 旺 season 囚 day 相", 14 px) ends by 430
SHENSHA_X = 452
TOP = 118


def _glyphs(key: str, pos: dict[str, Any]) -> tuple[str, str]:
    """(small stem, main glyph) of a position as practitioners write it."""
    if key == "ren_yuan":
        return "", str(pos.get("stem") or pos.get("name") or "")
    if key == "gui_shen":
        return str(pos.get("stem") or ""), str(pos.get("jiang") or pos.get("name") or "")
    if key == "jiang_shen":
        return str(pos.get("stem") or ""), str(pos.get("branch") or "")
    return str(pos.get("stem") or ""), str(pos.get("branch") or pos.get("name") or "")


def _sub(key: str, pos: dict[str, Any]) -> str:
    if key == "gui_shen":
        return f"{pos.get('branch', '')}" + (f" 臨{pos['on_branch']}" if pos.get("on_branch") else "")
    if key == "jiang_shen":
        return str(pos.get("name") or "")
    return ""


def _marks(doc: dict[str, Any]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The 神煞 names on each position, and its 動 names (from ``dong_detail``, each once), untranslated."""
    shensha_by_pos: dict[str, list[str]] = {k: [] for k in POSITIONS}
    for s in doc.get("shensha") or ():
        for p in s.get("positions") or ():
            if p in shensha_by_pos:
                shensha_by_pos[p].append(str(s.get("name", "")))
    dong_by_pos: dict[str, list[str]] = {k: [] for k in POSITIONS}
    for d in doc.get("dong_detail") or ():
        for p in (d.get("target"), d.get("actor")):
            if p in dong_by_pos and str(d.get("name", "")) not in dong_by_pos[p]:
                dong_by_pos[p].append(str(d.get("name", "")))
    return shensha_by_pos, dong_by_pos


def _draw_glyphs(
    svg: Svg, key: str, pos: dict[str, Any], x: float, dx: float, base: float, t: Callable[[object], str]
) -> str:
    """Draw a position's small stem at (*x*, *base*) and its main glyph *dx* units right of it, 2 lower, in
    their elements' colours; return the main glyph (the caller places the line under or beside it)."""
    small, main = _glyphs(key, pos)
    if small:
        svg.text(
            x, base, t(small), font_size=22, fill=colour(pos.get("element") if key == "ren_yuan" else None)
        )
    svg.text(
        x + dx,
        base + 2,
        t(main),
        font_size=40 if len(main) <= 1 else 30,
        fill=colour(str(pos.get("element") or "")),
        font_weight="bold",
    )
    return main


def _draw_badges(
    svg: Svg, x: float, top: float, yong: bool, dong: list[str], t: Callable[[object], str]
) -> None:
    """The 用 badge (when the position is the 用爻) and up to three 動 badges in a row from (*x*, *top*)."""
    mx = x
    if yong:
        svg.rect(mx, top, 26, 18, rx=3, fill="#c62828", stroke="none")
        svg.text(mx + 13, top + 14, "用", font_size=13, fill="#fff", text_anchor="middle", class_="mark-yong")
        mx += 32
    for name in dong[:3]:
        w = 14 * len(name) + 10
        svg.rect(mx, top, w, 18, rx=3, fill="none", stroke="#c62828")
        svg.text(
            mx + w / 2,
            top + 14,
            t(name),
            font_size=12,
            fill="#c62828",
            text_anchor="middle",
            class_="mark-dong",
        )
        mx += w + 6


def render_jinkoujue(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a 金口訣 chart document (``JinKouJueChart.to_json()`` plus optional ``reading``)."""
    shensha_by_pos, dong_by_pos = _marks(doc)
    height = TOP + ROW_H * 4 + 40
    svg = Svg(WIDTH, height, f"{label('method.jinkoujue', lang)}")

    def t(v: object) -> str:
        return term(str(v), lang)

    # header: method, pillars, 月將, 晝夜, 旬空
    cal = doc.get("calendar") or {}
    svg.text(20, 34, label("method.jinkoujue", lang), font_size=22, font_weight="bold")
    pillars = "  ".join(  # 丙午年 in Chinese and Korean; 丙午 Year in English (a word needs a space)
        f"{t(cal[k])}{' ' + label('chart.' + k, lang) if lang == 'en' else ''}"
        for k in ("year", "month", "day", "hour")
        if cal.get(k)
    )
    svg.text(20, 64, f"{label('chart.pillars', lang)}: {pillars}", font_size=16, class_="pillars")
    bits = []
    if cal.get("yue_jiang"):
        bits.append(
            f"{label('chart.yue_jiang', lang)} {t(cal['yue_jiang'])} {t(cal.get('yue_jiang_name', ''))}"
        )
    if cal.get("day_night"):
        bits.append(f"{label('chart.day_night', lang)} {t(cal['day_night'])}")
    if doc.get("xun_kong"):
        bits.append(f"{label('chart.xun_kong', lang)} {t(''.join(doc['xun_kong']))}")
    svg.text(20, 90, "  ·  ".join(bits), font_size=14, fill=MUTED)

    yong = doc.get("yong_yao")
    # column header
    y0 = TOP - 8
    for x, key in ((70, "chart.position"), (250, "chart.state"), (SHENSHA_X, "chart.shensha")):
        svg.text(x, y0, label(key, lang), font_size=12, fill=MUTED)
    for i, key in enumerate(POSITIONS):
        pos = doc.get(key) or {}
        y = TOP + i * ROW_H
        element = str(pos.get("element") or "")
        svg.open_group(class_=f"position {key}", data_position=key)
        svg.rect(16, y, WIDTH - 32, ROW_H - 8, rx=6, stroke=LINE, fill="#fff" if key != yong else "#fff4e0")
        svg.text(28, y + 26, label(f"chart.{key}", lang), font_size=13, fill=MUTED)
        main = _draw_glyphs(svg, key, pos, 34, 32, y + 66, t)
        sub = _sub(key, pos)
        if sub:  # clear of the main glyph (40 px for one character, 30 px each for a 天將 name)
            main_w = 40 if len(main) <= 1 else 30 * len(main)
            svg.text(66 + main_w + 12, y + 66, t(sub), font_size=14, fill=MUTED)
        # element and yin/yang
        svg.text(
            250, y + 34, f"{t(element)} {t(pos.get('yin_yang', ''))}", font_size=16, fill=colour(element)
        )
        ws = pos.get("wang_shuai") or {}
        if ws:
            layers = "  ".join(
                f"{label(f'chart.ws_{k}', lang)} {t(ws.get(k, ''))}" for k in ("si_wei", "season", "day")
            )
            svg.text(250, y + 60, layers, font_size=14)
        # 用 / 動 marks
        _draw_badges(svg, 250, y + 68, key == yong, dong_by_pos[key], t)
        # 神煞 on this position, wrapped in lines of three (a column of its own, clear of the 旺衰 layers)
        names = shensha_by_pos[key]
        for j in range(0, min(len(names), 12), 3):
            svg.text(
                SHENSHA_X, y + 28 + 18 * (j // 3), t("、".join(names[j : j + 3])), font_size=13, fill=INK
            )
        svg.close_group()
    foot = height - 14
    gr = doc.get("gui_ren") or {}
    svg.text(
        20,
        foot,
        f"貴人 {t(gr.get('branch', ''))} {t(gr.get('direction', ''))}   日祿 {t(doc.get('ri_lu', ''))}   "
        f"驛馬 {t(doc.get('yi_ma', ''))}   旺 {t(doc.get('wang_element', ''))}",
        font_size=12,
        fill=MUTED,
    )
    return svg.render()


#: the narrow (phone) drawing: its width, and the left edge of the 旺衰 / marks column in a row
NARROW_WIDTH = 360
NARROW_STATE_X = 150


def render_jinkoujue_narrow(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """The same chart drawn for a narrow screen: the header wrapped, and in each row the 旺衰 layers and
    the 神煞 on lines of their own under the glyph (smallest font 12)."""
    w = NARROW_WIDTH
    inner = w - 24

    def t(v: object) -> str:
        return term(str(v), lang)

    shensha_by_pos, dong_by_pos = _marks(doc)
    cal = doc.get("calendar") or {}
    pillars = [
        f"{t(cal[k])}{' ' + label('chart.' + k, lang) if lang == 'en' else ''}"
        for k in ("year", "month", "day", "hour")
        if cal.get(k)
    ]
    head = wrap(pillars, "  ", 16, inner - text_width(label("chart.pillars", lang) + ": ", 16))
    bits = []
    if cal.get("yue_jiang"):
        bits.append(
            f"{label('chart.yue_jiang', lang)} {t(cal['yue_jiang'])} {t(cal.get('yue_jiang_name', ''))}"
        )
    if cal.get("day_night"):
        bits.append(f"{label('chart.day_night', lang)} {t(cal['day_night'])}")
    if doc.get("xun_kong"):
        bits.append(f"{label('chart.xun_kong', lang)} {t(''.join(doc['xun_kong']))}")
    info = wrap(bits, "  ·  ", 14, inner)
    gr = doc.get("gui_ren") or {}
    foot = wrap(
        [
            f"貴人 {t(gr.get('branch', ''))} {t(gr.get('direction', ''))}",
            f"日祿 {t(doc.get('ri_lu', ''))}",
            f"驛馬 {t(doc.get('yi_ma', ''))}",
            f"旺 {t(doc.get('wang_element', ''))}",
        ],
        "   ",
        12,
        inner,
    )
    rows: list[tuple[str, list[str], list[str]]] = []
    for key in POSITIONS:
        pos = doc.get(key) or {}
        ws = pos.get("wang_shuai") or {}
        layers = [f"{label(f'chart.ws_{k}', lang)} {t(ws.get(k, ''))}" for k in ("si_wei", "season", "day")]
        rows.append(
            (
                key,
                wrap(layers, "  ", 14, inner) if ws else [],
                wrap([t(n) for n in shensha_by_pos[key]], "、", 13, inner),
            )
        )
    top = 30 + 24 * len(head) + 20 * len(info) + 14
    heights = [110 + 20 * len(ly) + 18 * len(ss) for _, ly, ss in rows]
    height = top + sum(heights) + 18 * len(foot) + 10
    svg = Svg(w, height, f"{label('method.jinkoujue', lang)}")
    svg.text(12, 30, label("method.jinkoujue", lang), font_size=22, font_weight="bold")
    y = 30
    for i, line in enumerate(head):
        y += 24
        svg.text(
            12,
            y,
            f"{label('chart.pillars', lang)}: {line}" if i == 0 else line,
            font_size=16,
            class_="pillars",
        )
    for line in info:
        y += 20
        svg.text(12, y, line, font_size=14, fill=MUTED)
    yong = doc.get("yong_yao")
    y = top
    # clear of the widest position label (English "地分 (earth position)")
    sx = max(NARROW_STATE_X, 18 + max(text_width(label(f"chart.{k}", lang), 13) for k in POSITIONS) + 14)
    for (key, layers_lines, shensha_lines), h in zip(rows, heights, strict=True):
        pos = doc.get(key) or {}
        element = str(pos.get("element") or "")
        svg.open_group(class_=f"position {key}", data_position=key)
        svg.rect(8, y, w - 16, h - 8, rx=6, stroke=LINE, fill="#fff" if key != yong else "#fff4e0")
        svg.text(18, y + 22, label(f"chart.{key}", lang), font_size=13, fill=MUTED)
        _draw_glyphs(svg, key, pos, 22, 28, y + 62, t)
        sub = _sub(key, pos)
        if sub:
            svg.text(22, y + 84, t(sub), font_size=13, fill=MUTED)
        svg.text(sx, y + 28, f"{t(element)} {t(pos.get('yin_yang', ''))}", font_size=16, fill=colour(element))
        _draw_badges(svg, sx, y + 42, key == yong, dong_by_pos[key], t)
        ly = y + 88
        for line in layers_lines:
            ly += 20
            svg.text(18, ly, line, font_size=14)
        for line in shensha_lines:
            ly += 18
            svg.text(18, ly, line, font_size=13, fill=INK)
        svg.close_group()
        y += h
    for line in foot:
        y += 18
        svg.text(12, y - 4, line, font_size=12, fill=MUTED)
    return svg.render()
