"""七政四餘 chart as SVG: the round 星盤 drawn from the chart's JSON document, with the spirits beneath it.

The wheel, from the outside in:

* the twelve palaces of 30°, each with its branch and 人事 name (命宮 財帛 …); the branches stay where the
  compass puts them (子 at the bottom, 卯 on the left, 午 at the top, 酉 on the right, as the 地盤 of the
  charts is drawn with the south up), so the ecliptic longitude grows counter-clockwise; 命 and 身 are marked
  on their palaces and the 命度 by a tick;
* the 28 mansions of the chart's own system (the ``xiu`` list of the document: 今制, 古制 or 古制 + 歲差),
  their boundaries as spokes and their names in their spans;
* the eleven 曜, each a tick at its exact longitude and a label (the 曜, its whole degree in the mansion and
  its state when not 順) joined to the tick by a leader.

Labels never overlap: the labels of one ring are spread along it by :func:`spread`, which keeps any two of
them at least the angle whose chord is the diagonal of the largest label box (then no two boxes can
intersect, whatever their direction) and moves them as little as it can (least squares, by pooling adjacent
violators on the circle cut at its widest gap). Under the wheel: the ten 化曜, the spirits on each palace
and the spirits that fall to a 曜.

Sizes: the drawing is 600 units wide and every text is at least 19 units, so in the chart box of a phone's
390 px wide page (368 px inside its margins) no label is under 11 px (19 × 368 / 600 = 11.65 px) and the
wheel fits without scrolling.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.i18n import label, term
from xuanheng.qizheng.render_text import spirits_by_branch, spirits_by_yao
from xuanheng.render.svg import ELEMENT_COLOUR, INK, LINE, MUTED, PAPER, Svg
from xuanheng.render.text import width as display_width

WIDTH = 600
#: the smallest font size (units); 19 × 368 / 600 = 11.65 px in a 368 px wide chart box (a 390 px phone)
MIN_FONT = 19
CX = WIDTH / 2
TOP = 92  # height of the header above the wheel
R_OUT, R_GONG_IN = 294.0, 232.0  # palace ring
R_XIU_IN = 188.0  # mansion ring: R_XIU_IN … R_GONG_IN
R_GONG_LABEL, R_XIU_LABEL, R_YAO_LABEL = 263.0, 209.0, 148.0
R_CENTRE = 104.0
ACCENT = "#8b1e1e"
GAP = 2.0  # extra room between label boxes (units)

_YAO_CLASS: dict[str, str] = {
    y["name"]: y["qiyao"] for y in load_package_data("xuanheng.qizheng", "yao")["yao"]
}
_LIGHTS = {"日": "#c0392b", "月": "#4a6078"}
_STATE_MARK = {"逆": "逆", "留": "留", "伏": "伏"}


def yao_colour(name: str) -> str:
    """Colour of a 曜: the two lights their own, the planets and the 四餘 that of their 七曜's element."""
    cls = _YAO_CLASS.get(name, "")
    return _LIGHTS.get(cls) or ELEMENT_COLOUR.get(cls, INK)


def text_width(s: str, size: float) -> float:
    """Estimated width of *s* at font *size*: wide (CJK, Hangul) characters 1 em, the others 0.6 em."""
    wide = display_width(s) - len(s)  # number of wide characters
    return size * (wide + 0.6 * (len(s) - wide))


# ------------------------------------------------------------------------------------------- geometry
def screen_angle(lon: float) -> float:
    """Angle on the screen (degrees, counter-clockwise from the right) of ecliptic longitude *lon*: 0° 白羊
    (the 戌 palace, 0–30°) sits so that the 戌 palace is centred at 330°, i.e. 子 at the bottom."""
    return (315.0 + lon) % 360.0


def point(lon: float, r: float, cy: float) -> tuple[float, float]:
    a = math.radians(screen_angle(lon))
    return CX + r * math.cos(a), cy - r * math.sin(a)


def min_separation(r: float, boxes: Sequence[tuple[float, float]]) -> float:
    """The angle (degrees) at radius *r* whose chord is the diagonal of the largest box, plus :data:`GAP`:
    two boxes of these sizes centred that far apart on the circle cannot intersect."""
    w = max(b[0] for b in boxes) + GAP
    h = max(b[1] for b in boxes) + GAP
    chord = math.hypot(w, h)
    return math.degrees(2.0 * math.asin(min(1.0, chord / (2.0 * r))))


def _pava(z: list[float]) -> list[float]:
    """Least-squares non-decreasing fit of *z* (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [sum, count]
    for v in z:
        blocks.append([v, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            s, c = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += c
    out: list[float] = []
    for s, c in blocks:
        out += [s / c] * int(c)
    return out


def spread(angles: Sequence[float], sep: float) -> list[float]:
    """Positions (degrees, 0–360) for labels wanted at *angles*, any two at least *sep* apart on the circle,
    each as near its wanted angle as the others allow (see the module docstring). Order is kept."""
    n = len(angles)
    if n <= 1:
        return [a % 360.0 for a in angles]
    sep = min(sep, 360.0 / n)
    order = sorted(range(n), key=lambda i: angles[i] % 360.0)
    sorted_a = [angles[i] % 360.0 for i in order]
    gaps = [(sorted_a[(j + 1) % n] - sorted_a[j]) % 360.0 for j in range(n)]
    if n > 1 and all(g == 0.0 for g in gaps):
        gaps[-1] = 360.0
    cut = max(range(n), key=lambda j: gaps[j])  # the widest gap follows element `cut`
    seq = [(cut + 1 + j) % n for j in range(n)]
    t = [sorted_a[seq[0]]]
    for j in seq[1:]:
        a = sorted_a[j]
        while a < t[-1]:
            a += 360.0
        t.append(a)
    fitted = _pava([t[j] - j * sep for j in range(n)])
    phi = [fitted[j] + j * sep for j in range(n)]
    if phi[0] + 360.0 - phi[-1] < sep - 1e-9:  # too crowded to keep the widest gap: even spacing
        step = 360.0 / n
        offset = sum(t[j] - j * step for j in range(n)) / n
        phi = [offset + j * step for j in range(n)]
    out = [0.0] * n
    for j, s in enumerate(seq):
        out[order[s]] = phi[j] % 360.0
    return out


def angular_distance(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


# ---------------------------------------------------------------------------------------------- drawing
def _box(svg: Svg, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
    attrs.setdefault("fill", PAPER)
    attrs.setdefault("stroke", "none")
    svg.rect(x - w / 2, y - h / 2, w, h, class_="label-box", **attrs)


def _sector(svg: Svg, lon0: float, lon1: float, r0: float, r1: float, cy: float, **attrs: Any) -> None:
    """An annular sector from longitude *lon0* to *lon1* between radii *r0* < *r1*."""
    x0, y0 = point(lon0, r1, cy)
    x1, y1 = point(lon1, r1, cy)
    x2, y2 = point(lon1, r0, cy)
    x3, y3 = point(lon0, r0, cy)
    large = 1 if (lon1 - lon0) % 360.0 > 180.0 else 0
    d = (
        f"M{x0:.1f},{y0:.1f} A{r1:.1f},{r1:.1f} 0 {large} 0 {x1:.1f},{y1:.1f} "
        f"L{x2:.1f},{y2:.1f} A{r0:.1f},{r0:.1f} 0 {large} 1 {x3:.1f},{y3:.1f} Z"
    )
    svg.el("path", d=d, **attrs)


def _circle(svg: Svg, r: float, cy: float, **attrs: Any) -> None:
    attrs.setdefault("fill", "none")
    attrs.setdefault("stroke", LINE)
    svg.el("circle", cx=f"{CX:.1f}", cy=f"{cy:.1f}", r=f"{r:.1f}", **attrs)


def _branch_start(branch: str) -> float:
    """Ecliptic longitude where the palace of *branch* begins (戌 = 0°, the branches running backwards)."""
    b = "子丑寅卯辰巳午未申酉戌亥".index(branch)
    return 30.0 * ((10 - b) % 12)


def _wrap(names: Sequence[str], size: float, room: float) -> list[str]:
    """*names* joined by "、" into lines no wider than *room* at font *size*."""
    lines: list[str] = []
    cur = ""
    for n in names:
        cand = f"{cur}、{n}" if cur else n
        if cur and text_width(cand, size) > room:
            lines.append(cur)
            cur = n
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


def render_qizheng(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a 七政四餘 chart document (``QiZhengChart.to_json()``, with or without a reading)."""

    def t(v: object) -> str:
        return term(str(v), lang)

    cy = TOP + R_OUT + 6
    xian_parts, y_xian = _xian(doc, lang, t, cy + R_OUT + 24)
    parts_below = _spirits_table(doc, lang, t, y_xian)
    height = int(parts_below[1] + 16)
    title = label("method.qizheng", lang)
    svg = Svg(WIDTH, height, title)
    inputs = doc.get("inputs") or {}
    p = doc.get("pillars") or {}
    svg.text(16, 32, title, font_size=24, font_weight="bold")
    at = str(inputs.get("at", ""))
    svg.text(WIDTH - 16, 32, at[:16].replace("T", " ") + at[19:], font_size=MIN_FONT, text_anchor="end")
    pillars = " ".join(t(p[k]) for k in ("year", "month", "day", "hour") if p.get(k))
    sub = f"{label('chart.pillars', lang)} {pillars}"
    if inputs.get("sex"):
        sub += f"   {t(inputs['sex'])}"
    svg.text(16, 62, sub, font_size=MIN_FONT, class_="pillars")
    if inputs.get("lon") is not None and inputs.get("lat") is not None:
        lon, lat = float(inputs["lon"]), float(inputs["lat"])
        where = f"{abs(lon):.2f}°{'E' if lon >= 0 else 'W'} {abs(lat):.2f}°{'N' if lat >= 0 else 'S'}"
        svg.text(WIDTH - 16, 62, where, font_size=MIN_FONT, text_anchor="end", fill=MUTED)

    ming = doc.get("ming_gong") or {}
    shen = doc.get("shen_gong") or {}
    svg.open_group(class_="wheel")
    _circle(svg, R_OUT, cy, fill="#fff")
    _palaces(svg, doc, t, cy, ming, shen)
    _mansions(svg, doc, t, cy)
    _circle(svg, R_XIU_IN, cy, stroke=LINE)
    if isinstance(ming.get("lon"), int | float):
        x0, y0 = point(float(ming["lon"]), R_GONG_IN, cy)
        x1, y1 = point(float(ming["lon"]), R_GONG_IN - 14, cy)
        svg.line(x0, y0, x1, y1, stroke=ACCENT, stroke_width=3, class_="ming-du")
    _bodies(svg, doc, t, cy)
    # the centre: 命宮 and 身宮 with their degrees
    _circle(svg, R_CENTRE, cy, stroke=LINE, stroke_dasharray="3 3")
    rows = [
        (f"{label('qizheng.ming_gong', lang)} {t(ming.get('branch', ''))}", ACCENT, 19),
        (t(ming.get("xiu_text", "")), INK, MIN_FONT),
        (f"{label('qizheng.shen_gong', lang)} {t(shen.get('branch', ''))}", "#1f5f8b", 19),
        (t(shen.get("xiu_text", "")), INK, MIN_FONT),
    ]
    for k, (text, fill, size) in enumerate(rows):
        svg.text(CX, cy - 38 + 27 * k, text, font_size=size, fill=fill, text_anchor="middle", class_="centre")
    svg.close_group()
    svg.parts += xian_parts
    svg.parts += parts_below[0]
    return svg.render()


def _palaces(
    svg: Svg, doc: Mapping[str, Any], t: Any, cy: float, ming: Mapping[str, Any], shen: Mapping[str, Any]
) -> None:
    size_b, size_n = 24, MIN_FONT
    for g in doc.get("gong") or ():
        branch = str(g["branch"])
        lon0 = _branch_start(branch)
        is_ming, is_shen = branch == ming.get("branch"), branch == shen.get("branch")
        svg.open_group(class_="gong", data_branch=branch, data_gong=str(g["name"]))
        fill = "#f6e3dc" if is_ming else "#e3edf4" if is_shen else "none"
        _sector(svg, lon0, lon0 + 30.0, R_GONG_IN, R_OUT, cy, fill=fill, stroke=LINE)
        mid = lon0 + 15.0
        x, y = point(mid, R_GONG_LABEL, cy)
        name = t(g["name"])
        w = max(text_width(name, size_n), size_b) + 4
        h = size_b + size_n + 8
        _box(svg, x, y, w, h, fill="none")
        svg.text(x, y - 2, t(branch), font_size=size_b, text_anchor="middle", font_weight="bold")
        svg.text(x, y + size_n + 1, name, font_size=size_n, text_anchor="middle", fill=MUTED)
        svg.close_group()
        for mark, on, dlon, colour in (("命", is_ming, 12.0, ACCENT), ("身", is_shen, -12.0, "#1f5f8b")):
            if not on:
                continue
            mx, my = point(mid + dlon, R_GONG_LABEL, cy)
            svg.open_group(class_="mark", data_mark=mark)
            _box(svg, mx, my, 24, 24, fill=colour)
            svg.text(mx, my + 7, t(mark), font_size=19, fill="#fff", text_anchor="middle")
            svg.close_group()


def _mansions(svg: Svg, doc: Mapping[str, Any], t: Any, cy: float) -> None:
    xiu = [x for x in doc.get("xiu") or () if isinstance(x.get("start"), int | float)]
    size = 18
    for x in xiu:
        lon = float(x["start"])
        x0, y0 = point(lon, R_XIU_IN, cy)
        x1, y1 = point(lon, R_GONG_IN, cy)
        svg.line(x0, y0, x1, y1, class_="xiu-bound", data_xiu=str(x["name"]), stroke=LINE)
    if not xiu:
        return
    wanted = [float(x["start"]) + float(x["width"]) / 2.0 for x in xiu]
    boxes = [(text_width(t(x["name"]), size) + 2, size + 4) for x in xiu]
    placed = spread(wanted, min_separation(R_XIU_LABEL, boxes))
    for x, want, at, (w, h) in zip(xiu, wanted, placed, boxes, strict=True):
        px, py = point(at, R_XIU_LABEL, cy)
        svg.open_group(class_="xiu", data_xiu=str(x["name"]))
        if angular_distance(want, at) > float(x["width"]) / 2.0:  # pushed out of its own span: a leader
            qx, qy = point(want, R_XIU_IN + 3, cy)
            svg.line(qx, qy, px, py, stroke=MUTED, stroke_width=0.8, class_="leader")
        _box(svg, px, py, w, h)
        svg.text(px, py + size * 0.36, t(x["name"]), font_size=size, text_anchor="middle")
        svg.close_group()


def _bodies(svg: Svg, doc: Mapping[str, Any], t: Any, cy: float) -> None:
    yao = [y for y in doc.get("yao") or () if isinstance(y.get("lon"), int | float)]
    if not yao:
        return
    floor = (doc.get("options") or {}).get("du_display") == "floor"
    size_g, size_d = 24, MIN_FONT
    texts = []
    boxes = []
    for y in yao:
        du = float(y.get("xiu_du", 0.0))
        deg = f"{math.floor(du) if floor else round(du)}°{_STATE_MARK.get(str(y.get('state')), '')}"
        deg = t(deg)
        texts.append(deg)
        boxes.append((max(size_g, text_width(deg, size_d)) + 4, size_g + size_d + 6))
    placed = spread([float(y["lon"]) for y in yao], min_separation(R_YAO_LABEL, boxes))
    for y, at, deg, (w, h) in zip(yao, placed, texts, boxes, strict=True):
        lon = float(y["lon"])
        colour = yao_colour(str(y["name"]))
        svg.open_group(class_="yao", data_yao=str(y["name"]), data_lon=f"{lon:.4f}")
        x0, y0 = point(lon, R_XIU_IN, cy)
        x1, y1 = point(lon, R_XIU_IN - 9, cy)
        svg.line(x0, y0, x1, y1, stroke=colour, stroke_width=2.5, class_="tick")
        px, py = point(at, R_YAO_LABEL, cy)
        svg.line(x1, y1, px, py, stroke=colour, stroke_width=0.8, class_="leader")
        _box(svg, px, py, w, h, stroke=colour, stroke_width=0.8, rx=4)
        svg.text(px, py - 2, t(y["name"]), font_size=size_g, text_anchor="middle", fill=colour)
        svg.text(px, py + size_d + 1, deg, font_size=size_d, text_anchor="middle", fill=INK)
        svg.close_group()


_DA_FILL = ("#efe8d6", "#e0d6bd")
_YEAR_FILL = ("#faf7ef", "#f1ead9")
CURRENT = "#f4c542"


def _xian(doc: Mapping[str, Any], lang: str, t: Any, y0: float) -> tuple[list[str], float]:
    """The SVG parts of the 限 under the wheel (the document's ``timeline`` and what runs on ``on``), and the
    y where they end: the band of 大限 over the life (the one running on ``on`` marked), a grid of the 流年
    (ten a row; each a group ``g.liu-nian-year`` whose ``data-on`` is a date inside that year, which the
    page's script sends back as ``on``), then the 限 of ``on`` and the 流曜."""
    tl = doc.get("timeline")
    if not isinstance(tl, Mapping) or not tl.get("da_xian"):
        return [], y0
    sub = Svg(WIDTH, 0, "")
    size = MIN_FONT
    left, inner = 16.0, WIDTH - 32.0
    rows = list(tl["da_xian"])
    span = max(float(r["end_age"]) for r in rows)
    cur = tl.get("current_index")
    y = y0
    sub.open_group(class_="xian")
    sub.text(
        left,
        y,
        f"{label('qizheng.da_xian', lang)} · {label('qizheng.liu_nian', lang)}",
        font_size=19,
        font_weight="bold",
    )
    y += 12
    band_h = 40.0
    for r in rows:
        k = int(r["index"])
        x0 = left + float(r["start_age"]) / span * inner
        w = (float(r["end_age"]) - float(r["start_age"])) / span * inner
        is_cur = cur is not None and k == int(cur)
        sub.open_group(
            class_="da-xian current" if is_cur else "da-xian",
            data_gong=str(r["gong"]),
            data_branch=str(r["branch"]),
            data_start=str(r["start"]),
            data_ages=f"{float(r['start_age']):.1f}–{float(r['end_age']):.1f}",
        )
        sub.rect(
            x0,
            y,
            w,
            band_h,
            fill=CURRENT if is_cur else _DA_FILL[k % 2],
            stroke=ACCENT if is_cur else LINE,
            stroke_width=2 if is_cur else 1,
        )
        if w >= size + 2:
            sub.text(x0 + w / 2, y + 27, t(r["branch"]), font_size=size, text_anchor="middle")
        sub.close_group()
    y += band_h
    ages = [a for a in range(0, int(span) + 1, 20)]
    for a in ages:
        x = left + a / span * inner
        sub.line(x, y, x, y + 5, stroke=MUTED)
        sub.text(x, y + 24, str(a), font_size=size, fill=MUTED, text_anchor="start" if a == 0 else "middle")
    y += 34
    da = doc.get("da_xian")
    if isinstance(da, Mapping):
        line = (
            f"{label('qizheng.da_xian', lang)} {t(da['gong'])} {t(da['branch'])}  "
            f"{float(da['start_age']):.1f}–{float(da['end_age']):.1f} {label('qizheng.age', lang)}  "
            f"{str(da['start'])[:10]} – {str(da['end'])[:10]}"
        )
        y += 22
        sub.text(left, y, line, font_size=size, class_="da-xian-now")
        y += 8
    # the 流年, ten a row
    years = list(tl.get("liu_nian") or ())
    now = doc.get("liu_nian")
    now_start = now.get("start") if isinstance(now, Mapping) else None
    cols, cell_w, cell_h = 10, inner / 10, 46.0
    y += 8
    for i, yr in enumerate(years):
        cx = left + cell_w * (i % cols)
        cyy = y + cell_h * (i // cols)
        is_cur = now_start is not None and yr.get("start") == now_start
        dx = yr.get("da_xian")
        sub.open_group(
            class_="liu-nian-year current" if is_cur else "liu-nian-year",
            data_on=str(yr.get("link", "")),
            data_year=str(yr.get("year", "")),
            data_ganzhi=str(yr.get("ganzhi", "")),
            style="cursor:pointer",
        )
        fill = CURRENT if is_cur else _YEAR_FILL[int(dx) % 2 if isinstance(dx, int) else 0]
        sub.rect(cx + 1, cyy + 1, cell_w - 2, cell_h - 2, fill=fill, stroke=ACCENT if is_cur else "#e4dccb")
        sub.text(cx + cell_w / 2, cyy + 20, str(yr.get("year", "")), font_size=size, text_anchor="middle")
        sub.text(
            cx + cell_w / 2,
            cyy + 40,
            t(yr.get("ganzhi", "")),
            font_size=size,
            text_anchor="middle",
            fill=MUTED,
        )
        sub.close_group()
    y += cell_h * ((len(years) + cols - 1) // cols) + 12
    y = _on_panel(sub, doc, lang, t, y)
    sub.close_group()
    return sub.parts, y + 24


def _on_panel(sub: Svg, doc: Mapping[str, Any], lang: str, t: Any, y: float) -> float:
    """What runs on ``on`` (大限, 童限, 小限, 流年, 洞微) and the 流曜 table; the y where it ends."""
    on = (doc.get("inputs") or {}).get("on")
    if not on:
        return y
    size = MIN_FONT
    y += 30
    sub.open_group(class_="xian-on", data_on=str(on))
    sub.text(16, y, f"{label('qizheng.on', lang)} {str(on)[:10]}", font_size=19, font_weight="bold")
    lines = []
    da = doc.get("da_xian")
    if isinstance(da, Mapping):
        lines.append(f"{label('qizheng.da_xian', lang)}  {t(da['gong'])} {t(da['branch'])}")
    tx = doc.get("tong_xian")
    if isinstance(tx, Mapping):
        lines.append(f"{label('qizheng.tong_xian', lang)}  {t(tx['gong'])} {t(tx['branch'])}")
    xx = doc.get("xiao_xian")
    if isinstance(xx, Mapping):
        lines.append(
            f"{label('qizheng.xiao_xian', lang)}  {t(xx['gong'])} {t(xx['branch'])}  "
            f"({label('qizheng.age', lang)} {xx['age']})"
        )
    ln = doc.get("liu_nian")
    if isinstance(ln, Mapping):
        lines.append(
            f"{label('qizheng.liu_nian', lang)}  {t(ln['ganzhi'])}  {t(ln['gong'])} {t(ln['branch'])}"
        )
    dw = doc.get("dongwei")
    if isinstance(dw, Mapping):
        lines.append(f"{label('qizheng.dongwei', lang)}  {t(dw['xiu'])}  {float(dw['lon']):.1f}°")
    for text in lines:
        y += 26
        sub.text(16, y, text, font_size=size, class_="xian-line")
    ly = doc.get("liu_yao")
    if isinstance(ly, Sequence) and ly:
        y += 38
        sub.text(16, y, label("qizheng.liu_yao", lang), font_size=19, font_weight="bold")
        head = [
            label("qizheng.yao", lang),
            label("qizheng.gong", lang),
            label("qizheng.xiu", lang),
            "",
            label("qizheng.hua_yao", lang),
            label("qizheng.over", lang),
        ]
        rows = [_liu_yao_cells(r, t) for r in ly]
        # each column as wide as its widest cell or header; where the row would run past the drawing, the
        # widest headers are written on several lines (at their spaces), so no header runs over the next
        # one (issue 30)
        cell_w = [
            max([0.0, *(text_width(r[k], 20 if k == 0 else size) for r in rows)]) for k in range(len(head))
        ]
        head_lines = [[h] if h else [] for h in head]

        def col_w(k: int) -> float:
            return max([cell_w[k], *(text_width(h, size) for h in head_lines[k])])

        gap, room = 14.0, WIDTH - 16.0
        while 16 + sum(col_w(k) + gap for k in range(len(head))) > room:
            wrappable = [
                (col_w(k) - max(cell_w[k], _longest_word(head[k], size)), k)
                for k in range(len(head))
                if len(head_lines[k]) == 1
            ]
            gain, k = max(wrappable, default=(0.0, -1))
            if gain <= 0:
                break
            head_lines[k] = _header_lines(head[k], max(cell_w[k], _longest_word(head[k], size)), size)
        cols: list[float] = []
        x = 16.0
        for k in range(len(head)):
            cols.append(x)
            x += col_w(k) + gap
        depth = max(len(h) for h in head_lines)
        for k, (cx, lines_k) in enumerate(zip(cols, head_lines, strict=True)):
            for n, h in enumerate(lines_k):
                sub.text(
                    cx,
                    y + 26 * (n + 1 + depth - len(lines_k)),
                    h,
                    font_size=size,
                    fill=MUTED,
                    class_="liu-yao-head",
                    data_col=str(k),
                )
        y += 26 * depth
        for r, cells in zip(ly, rows, strict=True):
            y += 26
            name = str(r.get("name", ""))
            sub.open_group(class_="liu-yao", data_yao=name, data_branch=str(r.get("branch", "")))
            for k, (x, c) in enumerate(zip(cols, cells, strict=True)):
                if c:
                    sub.text(
                        x,
                        y,
                        c,
                        font_size=20 if k == 0 else size,
                        fill=yao_colour(name) if k == 0 else INK,
                        font_weight="bold" if k == 0 else None,
                    )
            sub.close_group()
    sub.close_group()
    return y


def _liu_yao_cells(r: Mapping[str, Any], t: Any) -> list[str]:
    """One row of the 流曜 table: the body, its palace, mansion and degree, state, 化曜 and the natal bodies
    it is over."""
    return [
        t(str(r.get("name", ""))),
        f"{t(r.get('gong', ''))} {t(r.get('branch', ''))}",
        t(r.get("xiu_text", "")),
        t(r.get("state", "")),
        t(r.get("hua") or ""),
        t(" ".join(r.get("over") or ())),
    ]


def _longest_word(h: str, size: float) -> float:
    return max([0.0, *(text_width(w, size) for w in h.split())])


def _header_lines(h: str, room: float, size: float) -> list[str]:
    """Header *h* on lines no wider than *room* (broken at its spaces; a word longer stays whole)."""
    lines: list[str] = []
    for word in h.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _spirits_table(doc: Mapping[str, Any], lang: str, t: Any, y0: float) -> tuple[list[str], float]:
    """The SVG parts of the spirits under the wheel, and the y where they end."""
    sub = Svg(WIDTH, 0, "")
    size = MIN_FONT
    y = y0
    hua = doc.get("hua_yao") or {}
    sub.open_group(class_="spirits")
    if hua:
        sub.text(16, y, label("qizheng.hua_yao", lang), font_size=19, font_weight="bold")
        y += 10
        items = list(hua.items())
        col = (WIDTH - 32) / 5
        for k, (title, yao) in enumerate(items):
            cx = 16 + col * (k % 5)
            cyy = y + 26 + 28 * (k // 5)
            sub.open_group(class_="hua", data_title=str(title), data_yao=str(yao))
            sub.text(cx, cyy, t(title), font_size=size, fill=MUTED)
            sub.text(cx + size + 6, cyy, t(yao), font_size=20, fill=yao_colour(str(yao)), font_weight="bold")
            sub.close_group()
        y += 26 + 28 * ((len(items) + 4) // 5) + 12
    by_branch = spirits_by_branch(doc)
    ming = (doc.get("ming_gong") or {}).get("branch")
    shen = (doc.get("shen_gong") or {}).get("branch")
    sub.text(16, y, label("qizheng.palace_spirits", lang), font_size=19, font_weight="bold")
    y += 8
    name_col = 112
    room = WIDTH - 16 - (16 + name_col)
    for g in doc.get("gong") or ():
        branch = str(g["branch"])
        lines = _wrap([t(n) for n in by_branch.get(branch, ())], size, room) or ["—"]
        sub.open_group(class_="spirit-row", data_branch=branch, data_gong=str(g["name"]))
        sub.line(16, y + 6, WIDTH - 16, y + 6, stroke="#e4dccb")
        mark = ("命" if branch == ming else "") + ("身" if branch == shen else "")
        sub.text(16, y + 28, f"{t(g['name'])} {t(branch)}", font_size=size, fill=ACCENT if mark else INK)
        if mark:
            sub.text(16 + text_width("命宮 酉 ", size), y + 28, t(mark), font_size=size, fill=ACCENT)
        for k, line in enumerate(lines):
            sub.text(16 + name_col, y + 28 + 24 * k, line, font_size=size)
        sub.close_group()
        y += 10 + 24 * len(lines)
    by_yao = spirits_by_yao(doc)
    if by_yao:
        y += 34
        sub.text(16, y, label("qizheng.yao_spirits", lang), font_size=19, font_weight="bold")
        y += 8
        for name in [str(v.get("name")) for v in doc.get("yao") or ()]:
            if name not in by_yao:
                continue
            lines = _wrap([t(n) for n in by_yao[name]], size, room)
            sub.open_group(class_="spirit-row", data_yao=name)
            sub.line(16, y + 6, WIDTH - 16, y + 6, stroke="#e4dccb")
            sub.text(16, y + 28, t(name), font_size=20, fill=yao_colour(name), font_weight="bold")
            for k, line in enumerate(lines):
                sub.text(16 + name_col, y + 28 + 24 * k, line, font_size=size)
            sub.close_group()
            y += 10 + 24 * len(lines)
    sub.close_group()
    return sub.parts, y + 12


__all__ = [
    "MIN_FONT",
    "WIDTH",
    "angular_distance",
    "min_separation",
    "render_qizheng",
    "screen_angle",
    "spread",
    "text_width",
    "yao_colour",
]
