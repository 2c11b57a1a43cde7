"""大六壬 chart as SVG: the 天地盤 as the traditional square (地盤 fixed, 巳午未申 along the top, south up),
each cell with its 天盤 branch, 地盤 branch and 天將; beside it the 四課 (read right to left, 一課 at the
right, as written in 《六壬大全》卷一) and the 三傳 with 六親, 遁干 and 天將.

:func:`render_liuren` lays the three side by side (a desktop); :func:`render_liuren_narrow` stacks them,
天地盤 over 四課 over 三傳, for a phone: it is narrow enough for a 390 px screen with no label under
11 px (its smallest font is 12, so it may be drawn at 0.92 of its size and still keep 11 px).
"""

from __future__ import annotations

from typing import Any

from xuanheng.core.ganzhi import BRANCH_ELEMENT, BRANCHES, ELEMENTS
from xuanheng.i18n import label, term
from xuanheng.render.svg import INK, LINE, MUTED, Svg, colour, text_width, wrap

#: (column, row) of each 地盤 branch in the 4×4 square, 子=0 … 亥=11
SQUARE: dict[int, tuple[int, int]] = {
    5: (0, 0), 6: (1, 0), 7: (2, 0), 8: (3, 0),
    9: (3, 1), 10: (3, 2), 11: (3, 3),
    0: (2, 3), 1: (1, 3), 2: (0, 3),
    3: (0, 2), 4: (0, 1),
}  # fmt: skip
CELL = 86
#: top-left of the square; the subtitle line (y 88) must clear the 四課 heading above the square's top
ORIGIN = (20, 128)
WIDTH = 780
#: the stacked layout: its width, margin, smallest font and the width of a 四課 column
NARROW_WIDTH = 360
NARROW_MARGIN = 8
NARROW_SMALL = 12
NARROW_KE = 80


def _el(branch: str) -> str:
    try:
        return ELEMENTS[BRANCH_ELEMENT[BRANCHES.index(branch)]]
    except ValueError:
        return ""


class _Draw:
    """The pieces of a 大六壬 chart, each drawn at a given place (shared by both layouts)."""

    def __init__(self, svg: Svg, doc: dict[str, Any], lang: str, small: int) -> None:
        self.svg, self.doc, self.lang, self.small = svg, doc, lang, small

    def t(self, v: object) -> str:
        return term(str(v), self.lang)

    def pillars(self) -> str:
        doc, t = self.doc, self.t
        cal = doc.get("calendar") or {}
        if isinstance(cal.get("pillars"), dict):
            cal = cal["pillars"]
        pillars = "  ".join(
            t(cal[k]) for k in ("year", "month", "day", "hour") if isinstance(cal.get(k), str)
        )
        if not pillars:
            pillars = f"{t(doc.get('day', ''))}日 {t(doc.get('hour_ganzhi', ''))}時"
        return pillars

    def info(self) -> list[str]:
        doc, t, lang = self.doc, self.t, self.lang
        return [
            f"{label('chart.yue_jiang', lang)} {t(doc.get('yue_jiang', ''))} "
            f"{t(doc.get('yue_jiang_name', ''))}",
            f"{label('chart.xun_kong', lang)} {t(''.join(doc.get('xun_kong') or []))}",
            f"{label('chart.ke_ti', lang)} {t(doc.get('method', ''))}·{t(doc.get('sub_method', ''))}",
        ]

    def square(self, ox: float, oy: float) -> None:
        svg, doc, t = self.svg, self.doc, self.t
        tian_pan = doc.get("tian_pan") or {}
        tian_jiang = doc.get("tian_jiang") or {}
        chuan_branches = {c.get("branch") for c in doc.get("san_chuan") or ()}
        kong = set(doc.get("xun_kong") or ())
        svg.open_group(class_="tian-di-pan")
        for d, (cx, cy) in SQUARE.items():
            x, y = ox + cx * CELL, oy + cy * CELL
            di = BRANCHES[d]
            up = str(tian_pan.get(di, ""))
            jiang = str(tian_jiang.get(up, ""))
            fill = "#fff4e0" if up in chuan_branches else "#fff"
            svg.rect(x, y, CELL, CELL, fill=fill, stroke=LINE, data_di=di)
            svg.text(x + 6, y + 18, t(jiang), font_size=13, fill=MUTED, class_="jiang")
            svg.text(x + CELL / 2, y + 56, t(up), font_size=32, fill=colour(_el(up)), text_anchor="middle",
                     font_weight="bold", class_="tian")  # fmt: skip
            if up in kong:
                svg.text(x + CELL - 6, y + 18, "空", font_size=self.small, fill="#c62828", text_anchor="end")
            svg.text(
                x + CELL - 6, y + CELL - 6, t(di), font_size=13, fill=INK, text_anchor="end", class_="di"
            )
        # centre: day and hour
        cx0, cy0 = ox + CELL, oy + CELL
        svg.rect(cx0, cy0, 2 * CELL, 2 * CELL, fill="#faf6ea", stroke=LINE)
        svg.text(cx0 + CELL, cy0 + 60, f"{t(doc.get('day', ''))}日", font_size=24, text_anchor="middle")
        svg.text(cx0 + CELL, cy0 + 96, f"{t(doc.get('hour', ''))}時", font_size=20, text_anchor="middle")
        gr = doc.get("gui_ren") or {}
        shun = "順" if gr.get("direction") == "shun" else "逆"
        gui = f"貴人 {t(gr.get('branch', ''))} {shun}"
        svg.text(cx0 + CELL, cy0 + 130, gui, font_size=13, fill=MUTED, text_anchor="middle")
        svg.close_group()

    def si_ke(self, kx: float, ky: float, cw: float) -> None:
        """四課: four columns, 四課 at the left … 一課 at the right (heading above *ky*)."""
        svg, t = self.svg, self.t
        svg.text(kx, ky - 8, label("chart.si_ke", self.lang), font_size=14, font_weight="bold")
        si_ke = list(self.doc.get("si_ke") or [])
        svg.open_group(class_="si-ke")
        for i, ke in enumerate(reversed(si_ke)):
            x = kx + i * cw
            svg.rect(x, ky, cw, 132, fill="#fff")
            svg.text(
                x + cw / 2,
                ky + 20,
                t(ke.get("tian_jiang", "")),
                font_size=13,
                fill=MUTED,
                text_anchor="middle",
            )
            up = str(ke.get("upper", ""))
            svg.text(
                x + cw / 2,
                ky + 62,
                t(up),
                font_size=28,
                fill=colour(_el(up)),
                text_anchor="middle",
                font_weight="bold",
            )
            svg.line(x + 8, ky + 76, x + cw - 8, ky + 76)
            low = str(ke.get("lower", ""))
            svg.text(x + cw / 2, ky + 110, t(low), font_size=24, fill=colour(_el(low)), text_anchor="middle")
            if ke.get("relation"):
                svg.text(
                    x + cw - 4,
                    ky + 128,
                    t(ke["relation"]),
                    font_size=self.small,
                    fill="#c62828",
                    text_anchor="end",
                )
        svg.close_group()

    def san_chuan(self, kx: float, sy: float, width: float) -> None:
        """三傳: three rows 初 中 末 (heading above *sy*)."""
        svg, t, lang = self.svg, self.t, self.lang
        svg.text(kx, sy - 8, label("chart.san_chuan", lang), font_size=14, font_weight="bold")
        svg.open_group(class_="san-chuan")
        for i, (c, key) in enumerate(
            zip(self.doc.get("san_chuan") or [], ("chu", "zhong", "mo"), strict=False)
        ):
            y = sy + i * 44
            svg.rect(kx, y, width, 40, fill="#fff")
            svg.text(kx + 8, y + 26, label(f"chart.{key}", lang), font_size=max(12, self.small), fill=MUTED)
            svg.text(kx + 70, y + 27, t(c.get("liu_qin", "")), font_size=14)
            svg.text(kx + 118, y + 27, t(c.get("dun_gan") or "　"), font_size=16, fill=MUTED)
            b = str(c.get("branch", ""))
            svg.text(kx + 150, y + 31, t(b), font_size=26, fill=colour(_el(b)), font_weight="bold")
            svg.text(kx + 186, y + 27, t(c.get("tian_jiang", "")), font_size=14)
            if c.get("kong"):
                svg.text(
                    kx + width - 4, y + 14, "空", font_size=self.small, fill="#c62828", text_anchor="end"
                )
        svg.close_group()

    def ke_ti_names(self) -> list[str]:
        return [str(k.get("name", "")) for k in self.doc.get("ke_ti") or []]


def render_liuren(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a 大六壬 chart document (``LiuRenChart.to_json()`` plus optional ``reading``)."""
    height = ORIGIN[1] + 4 * CELL + 60
    svg = Svg(WIDTH, height, label("method.liuren", lang))
    d = _Draw(svg, doc, lang, small=11)
    svg.text(20, 34, label("method.liuren", lang), font_size=22, font_weight="bold")
    svg.text(20, 62, f"{label('chart.pillars', lang)}: {d.pillars()}", font_size=16, class_="pillars")
    svg.text(20, 88, "  ·  ".join(d.info()), font_size=14, fill=MUTED)
    ox, oy = ORIGIN
    d.square(ox, oy)
    kx, ky = ox + 4 * CELL + 30, oy
    d.si_ke(kx, ky, 62)
    d.san_chuan(kx, ky + 170, 4 * 62)
    names = "、".join(d.ke_ti_names())
    svg.text(20, height - 20, f"{label('chart.ke_ti', lang)}: {d.t(names)}", font_size=13, fill=MUTED)
    return svg.render()


def render_liuren_narrow(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """The same chart stacked for a narrow screen: heading lines, 天地盤, 四課, 三傳, 課體, one under another,
    every line wrapped to the width (:data:`NARROW_WIDTH`)."""
    m, w = NARROW_MARGIN, NARROW_WIDTH
    inner = w - 2 * m
    probe = _Draw(Svg(w, 0, ""), doc, lang, small=NARROW_SMALL)
    pillars = wrap(
        probe.pillars().split("  "), "  ", 16, inner - text_width(label("chart.pillars", lang), 16)
    )
    info = wrap(probe.info(), "  ·  ", 14, inner)
    kt = [probe.t(n) for n in probe.ke_ti_names()] or [""]
    # the label leads the first name, so the first line is wrapped with the label in it (a phone cut it off)
    names = wrap([f"{label('chart.ke_ti', lang)}: {kt[0]}", *kt[1:]], "、", 13, inner)
    head = 30 + 24 * len(pillars) + 20 * len(info)
    oy = head + 8
    ky = oy + 4 * CELL + 34
    sy = ky + 132 + 34
    tail = sy + 3 * 44 + 14
    height = tail + 18 * len(names) + 8
    svg = Svg(w, height, label("method.liuren", lang))
    d = _Draw(svg, doc, lang, small=NARROW_SMALL)
    svg.text(m, 28, label("method.liuren", lang), font_size=22, font_weight="bold")
    y = 30
    for i, line in enumerate(pillars):
        y += 24
        svg.text(
            m,
            y,
            f"{label('chart.pillars', lang)}: {line}" if i == 0 else line,
            font_size=16,
            class_="pillars",
        )
    for line in info:
        y += 20
        svg.text(m, y, line, font_size=14, fill=MUTED)
    d.square(m, oy)
    kx = (w - 4 * NARROW_KE) / 2
    d.si_ke(kx, ky, NARROW_KE)
    d.san_chuan(kx, sy, 4 * NARROW_KE)
    y = tail
    for line in names:
        y += 18
        svg.text(m, y, line, font_size=13, fill=MUTED)
    return svg.render()
