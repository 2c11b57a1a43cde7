"""七政四餘 chart as SVG: the round 星盤 drawn from the chart's JSON document, with the 限 and the spirits
beneath it.

The wheel, from the outside in (the ecliptic longitude grows counter-clockwise, 0° placed so that the
30° palaces from the equinox stand where the compass puts their branches: 子 at the bottom, 卯 on the left,
午 at the top, 酉 on the right, as the 地盤 of the charts is drawn with the south up; a palace frame fixed to
the stars moves the palaces, not the longitudes: :func:`palace_spans`):

* the **限 ring** (when the document has a ``timeline``): on each palace the ages of the 大限 that runs
  through it (``timeline.da_xian``: start and end age, rounded to whole years) and, when the document
  carries its ``judgment``, the verdict of that 大限's section (吉, 凶, 吉凶參半; the cell tinted to match);
  the 大限 running on ``on`` filled; with ``on``, before the ages, a mark on the palace of each of that
  date's 大限, 小限, 流年 and 流月 (:func:`xian_marks`: one glyph on the mark's own colour, read from the
  document's 限 of ``on``);
* the **palaces** of the chart's frame: each with its branch, its 人事 name (命宮 財帛 …), its 宮主 (the
  ruling 曜 of the palace, seed 003-012; the document's ``gong[].zhu``) boxed in that 曜's colour, and 命 and
  身 marked;
* the **28 mansions** of the chart's own system (the ``xiu`` list: 今制, 古制 or 古制 + 歲差), their
  boundaries as spokes, their names with their 七曜 beneath (角 over 木: 角木, the mansion's 度主, seed
  003-014; ``xiu[].qiyao``), and along the inner edge a **宿度 ruler**: a tick at every whole degree counted
  from the mansion's 距星 boundary, longer at every 5th and longest at every 10th, so a 曜's 入宿度 can be
  read off the wheel;
* a **line at the 命度** (``ming_gong.lon``) across the mansion ring, from the 曜 ticks to the palaces;
* the eleven **曜**, each a tick at its exact longitude and a label joined to it by a leader: the 曜, the
  化曜 it holds in small text beside it (``hua_yao`` read backwards), and beneath its whole degree in the
  mansion with its state when not 順;
* inside them, when the document has ``liu_yao`` (a date ``on`` was given), the **流曜 ring**: each body's
  position on ``on`` as a tick at the ring's edge and its name (over 逆 留 伏 when it is so), on the same
  longitudes as the natal wheel. It sits inside rather than around the wheel: on a phone the outside has
  no room left.

命宮 and 身宮 with their degrees are written above the wheel, and a key under it names the marks (宮主, the
命度 line, a 化曜, the 流曜 ring, the marks of the 限 of ``on``).

Labels never overlap. The palace, 限, mansion and 流曜 labels are written along their ring (turned to the
tangent, upright in the upper half and turned the other way in the lower half so none is upside down); the
labels of a ring are spread along it by :func:`spread`, which keeps the angular wedges that contain their
boxes apart and moves them as little as it can (least squares, by pooling adjacent violators on the circle
cut at its widest slack). A box written along the ring at radius r, a wide and h deep, lies inside the wedge
of half-angle atan(a/2 / (r − h/2)) (:func:`tangent_half_angle`); an upright 曜 label lies inside the disc of
its half-diagonal and so inside the wedge of half-angle asin(half-diagonal / r) (:func:`disc_half_angle`).
A palace's own line (branch, name, 宮主, 身) is laid by :func:`fit_gong_row`: the first layout whose
boxes stay inside the palace and apart: in a narrow palace of the sidereal frame the 身 mark goes onto the
branch, and in one narrower than any frame makes the sizes shrink (never under 18 units).
Under the wheel: the 限 band and the 流年, then the ten 化曜, the spirits on each palace and those of a 曜.

Sizes: the drawing is 600 units wide and no text is under 18 units, so in the chart box of a phone's 390 px
wide page no label is under 11 px (18 × 390 / 600 = 11.7 px) and the wheel fits without scrolling.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.i18n import label, term
from xuanheng.qizheng.render_text import (
    XIAN_MARKS,
    month_of,
    spirits_by_branch,
    spirits_by_yao,
    xian_marks,
)
from xuanheng.render.svg import ELEMENT_COLOUR, INK, LINE, MUTED, PAPER, Svg
from xuanheng.render.text import width as display_width

WIDTH = 600
#: the font size (units) of most texts: 19 × 368 / 600 = 11.65 px in a 368 px wide chart box (a 390 px phone)
MIN_FONT = 19
#: the smallest font size, of the mansions, their 七曜 and the 化曜 beside a 曜: 18 × 390 / 600 = 11.7 px
SMALL_FONT = 18
CX = WIDTH / 2
TOP = 110  # height of the header above the wheel
R_OUT = 294.0
XIAN_BAND = 22.0  # the 限 ring's depth
GONG_BAND = 30.0  # the palace ring's depth
XIU_BAND = 55.0  # the mansion ring's depth: the 宿度 ruler and the two-line labels
RULER = (3.0, 6.0, 9.0)  # tick lengths of the 宿度 ruler: every degree, every 5th, every 10th
YAO_TICK = 9.0
TRANSIT_BAND = 52.0  # the 流曜 ring's depth: the ticks and labels of one or two lines
TRANSIT_TICK = 6.0
ACCENT = "#8b1e1e"
SHEN = "#1f5f8b"
GAP = 2.0  # extra room between label boxes (units)

_YAO_CLASS: dict[str, str] = {
    y["name"]: y["qiyao"] for y in load_package_data("xuanheng.qizheng", "yao")["yao"]
}
_LIGHTS = {"日": "#c0392b", "月": "#4a6078"}


def state_mark(state: object) -> str:
    """What a label writes of a 曜's motion state: the state's 逆, 留 and 伏 (so 逆伏 and 留伏 whole), nothing
    for 順."""
    return "".join(c for c in str(state or "") if c in "逆留伏")


def yao_colour(name: str) -> str:
    """Colour of a 曜: the two lights their own, the planets and the 四餘 that of their 七曜's element."""
    cls = _YAO_CLASS.get(name, "")
    return _LIGHTS.get(cls) or ELEMENT_COLOUR.get(cls, INK)


def text_width(s: str, size: float) -> float:
    """Estimated width of *s* at font *size*: wide (CJK, Hangul) characters 1 em, the others 0.6 em."""
    wide = display_width(s) - len(s)  # number of wide characters
    return size * (wide + 0.6 * (len(s) - wide))


# ------------------------------------------------------------------------------------------- geometry
@dataclass(frozen=True, slots=True)
class Rings:
    """The radii of the wheel's rings (units), from the outside in; a ring the document does not give
    (no ``timeline``: no 限 ring; no ``liu_yao``: no 流曜 ring) takes no room."""

    xian: tuple[float, float] | None  # the 限 ring (outer, inner)
    gong_out: float
    gong_in: float
    xiu_in: float  # inner edge of the mansion ring: the 宿度 ruler stands on it, the 曜 ticks hang from it
    yao_label: float  # radius of the 曜 labels' centres
    transit: tuple[float, float] | None  # the 流曜 ring (outer, inner)


#: the largest half-diagonal of a 曜 label (units) the ring of 曜 labels leaves room for
YAO_LABEL_REACH = 40.0


def rings(has_xian: bool, has_transit: bool) -> Rings:
    """The :class:`Rings` of a document with or without the 限 ring and the 流曜 ring."""
    r = R_OUT
    xian = None
    if has_xian:
        xian = (r, r - XIAN_BAND)
        r -= XIAN_BAND
    gong_out, gong_in = r, r - GONG_BAND
    xiu_in = gong_in - XIU_BAND
    yao_label = xiu_in - YAO_TICK - YAO_LABEL_REACH
    transit = None
    if has_transit:
        t_out = yao_label - YAO_LABEL_REACH - 2.0
        transit = (t_out, t_out - TRANSIT_BAND)
    return Rings(xian, gong_out, gong_in, xiu_in, yao_label, transit)


def screen_angle(lon: float) -> float:
    """Angle on the screen (degrees, counter-clockwise from the right) of ecliptic longitude *lon*: 0° 白羊
    (the 戌 palace, 0–30°) sits so that the 戌 palace is centred at 330°, i.e. 子 at the bottom."""
    return (315.0 + lon) % 360.0


def point(lon: float, r: float, cy: float) -> tuple[float, float]:
    a = math.radians(screen_angle(lon))
    return CX + r * math.cos(a), cy - r * math.sin(a)


def tangent_rotation(lon: float) -> float:
    """The SVG rotation (degrees, clockwise) that lays a text along the ring at longitude *lon*: its top
    outwards in the upper half of the wheel, inwards in the lower half, so that it is never upside down."""
    a = screen_angle(lon)
    return 90.0 - a if a < 180.0 else 270.0 - a


def tangent_half_angle(r: float, w: float, h: float) -> float:
    """Half-angle (degrees) of the wedge from the centre that holds a box *w* along the ring and *h* across
    it, centred at radius *r* (its inner corners are the widest), with :data:`GAP` to spare."""
    return math.degrees(math.atan2(w / 2.0 + GAP / 2.0, r - h / 2.0))


def disc_half_angle(r: float, w: float, h: float) -> float:
    """Half-angle (degrees) of the wedge from the centre that holds an upright box *w* × *h* centred at
    radius *r*, whatever its direction: the wedge of the disc of its half-diagonal (+ :data:`GAP`/2)."""
    rho = math.hypot(w, h) / 2.0 + GAP / 2.0
    return math.degrees(math.asin(min(1.0, rho / r)))


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


def spread(angles: Sequence[float], sep: float | Sequence[float]) -> list[float]:
    """Positions (degrees, 0–360) for labels wanted at *angles*, each as near its wanted angle as the others
    allow (see the module docstring); order is kept. *sep* is either one angle that any two must keep apart,
    or for each label the half-angle of its wedge: then neighbours keep the sum of their half-angles apart,
    so no two wedges overlap. When the wedges need more than the circle they are shrunk to fit it."""
    n = len(angles)
    if n <= 1:
        return [a % 360.0 for a in angles]
    half = [sep / 2.0] * n if isinstance(sep, int | float) else [float(s) for s in sep]
    total = 2.0 * sum(half)
    if total > 360.0:
        half = [h * 360.0 / total for h in half]
    order = sorted(range(n), key=lambda i: angles[i] % 360.0)
    sorted_a = [angles[i] % 360.0 for i in order]
    sorted_h = [half[i] for i in order]
    gaps = [(sorted_a[(j + 1) % n] - sorted_a[j]) % 360.0 for j in range(n)]
    if all(g == 0.0 for g in gaps):
        gaps[-1] = 360.0
    slack = [gaps[j] - sorted_h[j] - sorted_h[(j + 1) % n] for j in range(n)]
    cut = max(range(n), key=lambda j: slack[j])  # the widest slack follows element `cut`
    seq = [(cut + 1 + j) % n for j in range(n)]
    t = [sorted_a[seq[0]]]
    for j in seq[1:]:
        a = sorted_a[j]
        while a < t[-1]:
            a += 360.0
        t.append(a)
    need = [0.0]  # cumulative separation of each label from the first
    for j in range(1, n):
        need.append(need[-1] + sorted_h[seq[j - 1]] + sorted_h[seq[j]])
    wrap = sorted_h[seq[-1]] + sorted_h[seq[0]]
    fitted = _pava([t[j] - need[j] for j in range(n)])
    phi = [fitted[j] + need[j] for j in range(n)]
    if phi[0] + 360.0 - phi[-1] < wrap - 1e-9:  # too crowded to keep the widest slack: as tight as allowed
        scale = 360.0 / (need[-1] + wrap)
        offset = sum(t[j] - need[j] * scale for j in range(n)) / n
        phi = [offset + need[j] * scale for j in range(n)]
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


class _Along:
    """A label written along a ring at longitude *lon* and radius *r*: its own frame has x along the ring
    (reading direction) and y down the text, both centred on the label; :meth:`box` and :meth:`text` take
    positions in that frame and draw them turned by :func:`tangent_rotation` about the label's centre."""

    def __init__(self, svg: Svg, lon: float, r: float, cy: float) -> None:
        self.svg = svg
        self.x, self.y = point(lon, r, cy)
        self.turn = f"rotate({tangent_rotation(lon):.2f} {self.x:.1f} {self.y:.1f})"

    def box(self, dx: float, dy: float, w: float, h: float, **attrs: Any) -> None:
        _box(self.svg, self.x + dx, self.y + dy, w, h, transform=self.turn, **attrs)

    def text(self, dx: float, baseline: float, content: str, size: float, **attrs: Any) -> None:
        attrs.setdefault("text_anchor", "middle")
        self.svg.text(self.x + dx, self.y + baseline, content, font_size=size, transform=self.turn, **attrs)


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


def hua_of(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """The 化曜 titles each 曜 holds (the document's ``hua_yao``, title → 曜, read backwards), in the
    document's order of titles."""
    out: dict[str, list[str]] = {}
    for title, yao in (doc.get("hua_yao") or {}).items():
        out.setdefault(str(yao), []).append(str(title))
    return out


@dataclass(frozen=True, slots=True)
class XianCell:
    """The 大限 of one palace as the 限 ring writes it."""

    start: int  # start age, rounded to whole years
    end: int  # end age, rounded
    current: bool  # the 大限 running on ``on``
    polarity: str | None  # the judgment's verdict on it (good, bad, mixed), None without a judgment


def xian_ages(doc: Mapping[str, Any]) -> dict[str, XianCell]:
    """Per palace branch the 大限 that runs through it, from the document's ``timeline``, with the polarity
    of the judgment's section ``da_xian.<index>`` on it when the document carries a judgment."""
    tl = doc.get("timeline")
    if not isinstance(tl, Mapping):
        return {}
    judged: dict[str, str] = {}
    judgment = doc.get("judgment")
    if isinstance(judgment, Mapping):
        for sec in judgment.get("sections") or ():
            verdict = sec.get("verdict") if isinstance(sec, Mapping) else None
            if isinstance(verdict, Mapping) and str(sec.get("key", "")).startswith("da_xian."):
                judged[str(sec["key"])] = str(verdict.get("polarity"))
    cur = tl.get("current_index")
    out: dict[str, XianCell] = {}
    for r in tl.get("da_xian") or ():
        k = int(r["index"])
        out.setdefault(
            str(r["branch"]),
            XianCell(
                round(float(r["start_age"])),
                round(float(r["end_age"])),
                cur is not None and k == int(cur),
                judged.get(f"da_xian.{k}"),
            ),
        )
    return out


#: the colour of each mark of a 限 of ``on`` (:func:`xian_marks`); the 限 (大, 小) drawn as squares, the 流
#: (年, 月) with rounder corners
MARK_COLOUR = {"da_xian": ACCENT, "xiao_xian": "#2e6b30", "liu_nian": "#5b3a99", "liu_yue": "#a35200"}
MARK_ROUND = frozenset({"liu_nian", "liu_yue"})
MARK_SIZE = SMALL_FONT + 2.0  # a mark's box: one glyph of SMALL_FONT with a unit to spare each side
MARK_STEP = MARK_SIZE + 1.0  # from one mark to the next along the ring


def _mark(svg: Svg, kind: str, x: float, y: float, glyph: str, transform: str | None = None) -> None:
    """One mark of a 限 of the date: its glyph in white on its colour, a square for 大限/小限, one with
    rounder corners for 流年/流月; centred at (*x*, *y*) (in the frame of *transform*)."""
    colour = MARK_COLOUR[kind]
    rx = 7.0 if kind in MARK_ROUND else 2.0
    _box(svg, x, y, MARK_SIZE, MARK_SIZE, fill=colour, rx=f"{rx:g}", transform=transform)
    svg.text(
        x,
        y + SMALL_FONT * 0.36,
        glyph,
        font_size=SMALL_FONT,
        fill="#fff",
        font_weight="bold",
        text_anchor="middle",
        transform=transform,
    )


def render_qizheng(doc: dict[str, Any], lang: str = "zh-Hant") -> str:
    """SVG of a 七政四餘 chart document (``QiZhengChart.to_json()`` or a ``QiZhengLife``'s, with or without a
    reading)."""

    def t(v: object) -> str:
        return term(str(v), lang)

    ages = xian_ages(doc)
    marks = xian_marks(doc)
    transits = [r for r in doc.get("liu_yao") or () if isinstance(r.get("lon"), int | float)]
    ring = rings(bool(ages), bool(transits))
    cy = TOP + R_OUT + 6
    legend_parts, y_legend = _legend(doc, lang, t, cy + R_OUT + 30, bool(transits), marks)
    xian_parts, y_xian = _xian(doc, lang, t, y_legend + 40)
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
    # 命宮 and 身宮 with their degrees
    for x, key, point_of, fill in (
        (16, "qizheng.ming_gong", ming, ACCENT),
        (WIDTH / 2, "qizheng.shen_gong", shen, SHEN),
    ):
        text = f"{label(key, lang)} {t(point_of.get('branch', ''))}  {t(point_of.get('xiu_text', ''))}"
        svg.text(x, 92, text, font_size=MIN_FONT, fill=fill, class_="centre")

    svg.open_group(class_="wheel")
    _circle(svg, R_OUT, cy, fill="#fff")
    if ring.xian:
        _xian_ring(svg, doc, ages, marks, ring, cy, lang)
    _palaces(svg, doc, t, ring, cy, ming, shen)
    if isinstance(ming.get("lon"), int | float):  # under the mansions' labels, which cover it
        lon = float(ming["lon"])
        x0, y0 = point(lon, ring.xiu_in - YAO_TICK, cy)
        x1, y1 = point(lon, ring.gong_in, cy)
        svg.line(x0, y0, x1, y1, stroke=ACCENT, stroke_width=2, class_="ming-du", data_lon=f"{lon:.4f}")
    _mansions(svg, doc, t, ring, cy)
    _circle(svg, ring.xiu_in, cy, stroke=LINE)
    _bodies(svg, doc, t, ring, cy)
    if ring.transit:
        _transits(svg, transits, t, ring, cy)
    svg.close_group()
    svg.parts += legend_parts
    svg.parts += xian_parts
    svg.parts += parts_below[0]
    return svg.render()


def _legend(
    doc: Mapping[str, Any],
    lang: str,
    t: Any,
    y0: float,
    transit: bool,
    marks: Mapping[str, Sequence[str]],
) -> tuple[list[str], float]:
    """The key under the wheel, each mark drawn as on the wheel with its name: the 宮主 (the 命宮's,
    boxed), the 命度 line, a 化曜 beside its 曜 and, with a date, the 流曜 ring and the marks of the 大限,
    小限, 流年 and 流月 of that date (those the wheel carries); on as many lines as it needs. The SVG parts
    and the y of its last line."""
    sub = Svg(WIDTH, 0, "")
    size = MIN_FONT
    ming = str((doc.get("ming_gong") or {}).get("branch") or "")
    zhu = next((str(g.get("zhu") or "") for g in doc.get("gong") or () if g.get("branch") == ming), "")
    hua = next(iter((doc.get("hua_yao") or {}).items()), None)
    items: list[tuple[str, str, float]] = []  # (kind, name, width of the mark)
    if zhu:
        items.append(("zhu", label("qizheng.zhu", lang), size + 4.0))
    if isinstance((doc.get("ming_gong") or {}).get("lon"), int | float):
        items.append(("ming_du", label("qizheng.ming_du", lang), 22.0))
    if hua:
        items.append(("hua", label("qizheng.hua_yao", lang), 22.0 + 2.0 + SMALL_FONT))
    if transit:
        items.append(("transit", label("qizheng.liu_yao", lang), 22.0))
    shown = {k for kinds in marks.values() for k in kinds}
    items += [(k, label(f"qizheng.{k}", lang), MARK_SIZE) for k in XIAN_MARKS if k in shown]
    x, y = 16.0, y0
    sub.open_group(class_="wheel-legend")
    for kind, name, mark_w in items:
        w = mark_w + 6.0 + text_width(name, size)
        if x > 16.0 and x + w > WIDTH - 16.0:
            x, y = 16.0, y + 30.0
        sub.open_group(class_="legend-item", data_kind=kind)
        mid = y - size * 0.36
        if kind == "zhu":
            sub.rect(
                x,
                mid - mark_w / 2,
                mark_w,
                mark_w,
                fill=PAPER,
                stroke=yao_colour(zhu),
                stroke_width=1.2,
                rx=3,
            )
            sub.text(x + mark_w / 2, y, t(zhu), font_size=size, fill=yao_colour(zhu), text_anchor="middle")
        elif kind == "ming_du":
            sub.line(x + mark_w / 2, mid - 11, x + mark_w / 2, mid + 11, stroke=ACCENT, stroke_width=2)
        elif kind == "hua" and hua:
            title, body = str(hua[0]), str(hua[1])
            sub.text(x, y, t(body), font_size=22, fill=yao_colour(body))
            sub.text(x + 24.0, y - 1, t(title), font_size=SMALL_FONT, fill=MUTED)
        elif kind in MARK_COLOUR:
            _mark(sub, kind, x + mark_w / 2.0, mid, label(f"qizheng.mark.{kind}", lang))
        else:
            sub.el("circle", cx=f"{x + 11:.1f}", cy=f"{mid:.1f}", r="10", fill="#fbf8f0", stroke=LINE)
            sub.el("circle", cx=f"{x + 11:.1f}", cy=f"{mid:.1f}", r="5", fill="none", stroke=LINE)
        sub.text(x + mark_w + 6.0, y, name, font_size=size, fill=MUTED)
        sub.close_group()
        x += w + 22.0
    sub.close_group()
    return sub.parts, y


#: the 限 ring's fill for the judgment's verdict on a 大限 (its word is written beside the ages too)
_VERDICT_FILL = {"good": "#e2efdf", "bad": "#f4dcd8", "mixed": "#f7f2e6"}


def _xian_ring(
    svg: Svg,
    doc: Mapping[str, Any],
    cells: Mapping[str, XianCell],
    marks: Mapping[str, Sequence[str]],
    ring: Rings,
    cy: float,
    lang: str,
) -> None:
    """The 限 ring: on each palace the ages of its 大限 and, when the document is judged, the verdict on it
    (吉 / 凶 / 吉凶參半 in the reader's words, its fill tinted); the running one filled. With a date, the
    palaces of its 大限, 小限, 流年 and 流月 (:func:`xian_marks`) carry their marks before that text, in one
    row along the ring; where the row (or, without marks, the text) would leave its palace the verdict's
    word gives way (the fill still says it), and in a palace too narrow even then, the ages (the band under
    the wheel still gives them)."""
    assert ring.xian is not None
    r_out, r_in = ring.xian
    size = SMALL_FONT
    r = (r_out + r_in) / 2.0
    h = size + 2.0
    spans = palace_spans(doc)
    svg.open_group(class_="xian-ring")
    for g in doc.get("gong") or ():
        branch = str(g["branch"])
        if branch not in cells:
            continue
        c = cells[branch]
        lon0, span = spans[branch]
        kinds = list(marks.get(branch, ()))
        svg.open_group(
            class_="xian-age current" if c.current else "xian-age",
            data_branch=branch,
            data_ages=f"{c.start}–{c.end}",
            data_verdict=c.polarity,
        )
        fill = CURRENT if c.current else _VERDICT_FILL.get(c.polarity or "", "#f7f2e6")
        _sector(svg, lon0, lon0 + span, r_in, r_out, cy, fill=fill, stroke=LINE)
        text = f"{c.start}–{c.end}"
        full = text + (f" {label(f'verdict.{c.polarity}', lang)}" if c.polarity in _VERDICT_FILL else "")
        marks_w = MARK_STEP * len(kinds) - 1.0 if kinds else 0.0
        room = 2.0 * (r - h / 2.0) * math.tan(math.radians(span / 2.0 - 0.5))
        gap = 3.0 if kinds else 0.0
        for candidate in (full, text, ""):
            text_w = text_width(candidate, size) + 4.0 if candidate else 0.0
            if marks_w + gap + text_w <= room or not candidate:
                break
        total = marks_w + (gap + text_w if candidate else 0.0)
        a = _Along(svg, lon0 + span / 2.0, r, cy)
        if candidate:
            x = total / 2.0 - text_w / 2.0
            a.box(x, 0.0, text_w, h, fill="none")
            a.text(x, size * 0.36, candidate, size, fill=ACCENT if c.current else INK)
        svg.close_group()
        for k, kind in enumerate(kinds):
            svg.open_group(class_="xian-mark", data_kind=kind, data_branch=branch)
            x0, y0 = a.x + (-total / 2.0 + MARK_SIZE / 2.0 + MARK_STEP * k), a.y
            _mark(svg, kind, x0, y0, label(f"qizheng.mark.{kind}", lang), a.turn)
            svg.close_group()
    svg.close_group()


def palace_spans(doc: Mapping[str, Any]) -> dict[str, tuple[float, float]]:
    """Per palace branch (the longitude where it begins, its width in degrees), as the document's palace
    frame lays them (option ``gong_frame``): each palace begins at its 過宮 point (``gong[].guo_gong``: its
    mansion's start in ``xiu`` plus the degree entered) and ends where the next begins, the branches running
    backwards as the longitude grows. A document without those points has the 30° palaces with 戌 at 0°."""
    starts = {
        x["name"]: float(x["start"]) for x in doc.get("xiu") or () if isinstance(x.get("start"), int | float)
    }
    begin: dict[str, float] = {}
    for g in doc.get("gong") or ():
        gg = g.get("guo_gong")
        if isinstance(gg, Mapping) and gg.get("xiu") in starts and isinstance(gg.get("xiu_du"), int | float):
            begin[str(g["branch"])] = (starts[gg["xiu"]] + float(gg["xiu_du"])) % 360.0
    branches = "子丑寅卯辰巳午未申酉戌亥"
    if len(begin) != 12:
        begin = {b: _branch_start(b) for b in branches}
    out: dict[str, tuple[float, float]] = {}
    for k, b in enumerate(branches):
        width = (begin[branches[(k - 1) % 12]] - begin[b]) % 360.0
        out[b] = (begin[b], width or 30.0)
    return out


#: the sizes (branch, name and 宮主, 身 mark) of a palace's line: the usual ones, and the compact ones a
#: palace too narrow for them takes (no text under :data:`SMALL_FONT`)
GONG_SIZES = (22, MIN_FONT, 19)
GONG_SIZES_COMPACT = (MIN_FONT, SMALL_FONT, SMALL_FONT)
#: the room (units) kept between two boxes of one palace's line
GONG_CLEAR = 1.0


@dataclass(frozen=True, slots=True)
class GongRow:
    """How the line of one palace is laid along its ring: the font sizes, each part's width (branch, name,
    宮主, 身 mark) and centre (0 at the palace's middle), the gap between parts, and where the 身 mark
    went. :meth:`boxes` gives the intervals the drawn boxes take along the ring."""

    size_b: int  # the branch's font size
    size_n: int  # the name's and the 宮主's
    size_m: int  # the 身 mark's (and the filled 命宮 box's height less 5)
    parts: tuple[float, ...]  # widths of branch, name[, 宮主][, 身]
    xs: tuple[float, ...]  # their centres
    gap: float
    total: float
    is_ming: bool
    shen_on_branch: bool  # the 身 mark drawn as the branch on a filled box
    shen_box: bool  # the 身 mark drawn as a box of its own after the 宮主
    zhu: bool  # the 宮主 box drawn

    def boxes(self) -> list[tuple[float, float]]:
        """(left, right) of every box the line draws, in the order drawn along the ring."""
        xs, parts = self.xs, self.parts
        out: list[tuple[float, float]] = []
        if self.shen_on_branch:
            out.append((xs[0] - parts[0] / 2.0, xs[0] + parts[0] / 2.0))
        else:
            head = parts[0] if self.is_ming else parts[0] + self.gap + parts[1]
            w = head + (0.0 if self.is_ming else 4.0)
            c = -self.total / 2.0 + head / 2.0
            out.append((c - w / 2.0, c + w / 2.0))
        if self.is_ming or self.shen_on_branch:
            w = parts[1] + (0.0 if self.is_ming else 2.0)
            out.append((xs[1] - w / 2.0, xs[1] + w / 2.0))
        out += [(x - w / 2.0, x + w / 2.0) for x, w in zip(xs[2:], parts[2:], strict=True)]
        return out

    def fits(self, room: float) -> bool:
        """Whether every box lies within *room* (centred) and keeps :data:`GONG_CLEAR` from the next."""
        bx = self.boxes()
        inside = all(-room / 2.0 - 1e-6 <= a and b <= room / 2.0 + 1e-6 for a, b in bx)
        apart = all(bx[k + 1][0] - bx[k][1] >= GONG_CLEAR - 1e-6 for k in range(len(bx) - 1))
        return inside and apart


def gong_row(
    room: float,
    name_w: float,
    is_ming: bool,
    is_shen: bool,
    has_zhu: bool,
    sizes: tuple[int, int, int] = GONG_SIZES,
    shen_on_branch: bool | None = None,
) -> GongRow:
    """The :class:`GongRow` of a palace whose line has *room* units along the ring, a name *name_w* ems
    wide, at font *sizes*: the branch, the name (on a filled box for 命宮), the 宮主 when *has_zhu*, the
    身 mark when *is_shen* — after the 宮主, or (*shen_on_branch*; by default when the parts would leave
    less than a unit between them) as the branch on a filled box. The gaps share the room left, up to 5."""
    size_b, size_n, size_m = sizes
    nw = name_w * size_n + (6.0 if is_ming else 0.0)
    zw = size_n + 4.0
    mw = size_m + 5.0
    bw = float(size_b)
    parts = [bw, nw] + ([zw] if has_zhu else []) + ([mw] if is_shen else [])
    if shen_on_branch is None:
        shen_on_branch = is_shen and sum(parts) + len(parts) - 1 > room
    if shen_on_branch:  # no room for the 身 box: the branch is drawn on it
        bw += 4.0
        parts = [bw, nw] + ([zw] if has_zhu else [])
    # the boxes wider than their parts (the branch and name's by 2 a side, a name's own by 1) keep that
    # margin out of the room the gaps share
    margin = 0.0 if is_ming else 2.0 if shen_on_branch else 4.0
    gap = max(1.0, min(5.0, (room - margin - sum(parts)) / (len(parts) - 1)))
    total = sum(parts) + gap * (len(parts) - 1)
    xs = []
    x = -total / 2.0
    for w in parts:
        xs.append(x + w / 2.0)
        x += w + gap
    return GongRow(
        size_b,
        size_n,
        size_m,
        tuple(parts),
        tuple(xs),
        gap,
        total,
        is_ming,
        shen_on_branch,
        is_shen and not shen_on_branch,
        has_zhu,
    )


def fit_gong_row(room: float, name_w: float, is_ming: bool, is_shen: bool, has_zhu: bool) -> GongRow:
    """The line of a palace laid to fit its *room*: the first of these whose boxes stay inside and apart
    (:meth:`GongRow.fits`) — the usual sizes (the 身 mark a box of its own while there is room, as every
    30° palace has); the usual sizes with the 身 mark on the branch; the compact sizes
    (:data:`GONG_SIZES_COMPACT`) with the 身 box, then with the 身 mark on the branch; last, in a palace
    narrower than any frame makes (the narrowest, about 24°, takes the compact line with room to spare:
    tests/qizheng/test_render_svg.py), the compact line without the 宮主 box."""
    tries: list[tuple[tuple[int, int, int], bool | None, bool]] = [(GONG_SIZES, None, has_zhu)]
    if is_shen:
        tries.append((GONG_SIZES, True, has_zhu))
    tries += [(GONG_SIZES_COMPACT, False, has_zhu)] if is_shen else []
    tries.append((GONG_SIZES_COMPACT, is_shen, has_zhu))
    tries.append((GONG_SIZES_COMPACT, is_shen, False))
    for sizes, on_branch, zhu in tries:
        row = gong_row(room, name_w, is_ming, is_shen, zhu, sizes, on_branch)
        if row.fits(room):
            return row
    return row


def _palaces(
    svg: Svg,
    doc: Mapping[str, Any],
    t: Any,
    ring: Rings,
    cy: float,
    ming: Mapping[str, Any],
    shen: Mapping[str, Any],
) -> None:
    """The palace ring: along the ring the branch, the 人事 name, the 宮主 boxed in its colour and the 命/身
    marks — 命 as the name 命宮 itself on a filled box (the name says it: no second glyph), 身 a filled box
    after the 宮主 (or, in a palace too narrow for one more box, the branch itself on a filled box). The
    gaps shrink when the line would leave its palace, and a palace too narrow for the line even so (only
    the sidereal frame's) writes it in the compact sizes (:func:`fit_gong_row`). The palaces are those of
    the document's frame (:func:`palace_spans`)."""
    r = (ring.gong_out + ring.gong_in) / 2.0
    h_room = GONG_SIZES[0] + 4.0  # the room is measured at the inner edge of the usual line's boxes
    spans = palace_spans(doc)
    for g in doc.get("gong") or ():
        branch = str(g["branch"])
        lon0, span = spans[branch]
        room = 2.0 * (r - h_room / 2.0) * math.tan(math.radians(span / 2.0 - 0.5))
        is_ming, is_shen = branch == ming.get("branch"), branch == shen.get("branch")
        name, zhu = t(g["name"]), str(g.get("zhu") or "")
        row = fit_gong_row(room, text_width(name, 1.0), is_ming, is_shen, bool(zhu))
        size_b, size_n, size_m = row.size_b, row.size_n, row.size_m
        h = size_b + 4.0
        xs, parts, gap, total = row.xs, row.parts, row.gap, row.total
        bw, nw = parts[0], parts[1]
        shen_on_branch = row.shen_on_branch
        svg.open_group(
            class_="gong",
            data_branch=branch,
            data_gong=str(g["name"]),
            data_compact="1" if size_b != GONG_SIZES[0] else None,
        )
        fill = "#f6e3dc" if is_ming else "#e3edf4" if is_shen else "none"
        _sector(svg, lon0, lon0 + span, ring.gong_in, ring.gong_out, cy, fill=fill, stroke=LINE)
        a = _Along(svg, lon0 + span / 2.0, r, cy)
        if shen_on_branch:
            svg.open_group(class_="mark", data_mark="身")
            a.box(xs[0], 0.0, bw, size_m + 5.0, fill=SHEN, rx=3)
            a.text(xs[0], size_b * 0.36, t(branch), size_b, font_weight="bold", fill="#fff")
            svg.close_group()
        else:
            head = parts[0] if is_ming else parts[0] + gap + parts[1]
            a.box(-total / 2.0 + head / 2.0, 0.0, head + (0.0 if is_ming else 4.0), h, fill="none")
            a.text(xs[0], size_b * 0.36, t(branch), size_b, font_weight="bold")
        if shen_on_branch and not is_ming:
            a.box(xs[1], 0.0, nw + 2.0, h, fill="none")
        if is_ming:
            svg.open_group(class_="mark", data_mark="命")
            a.box(xs[1], 0.0, nw, size_m + 5.0, fill=ACCENT, rx=3)
            a.text(xs[1], size_n * 0.36, name, size_n, fill="#fff")
            svg.close_group()
        else:
            a.text(xs[1], size_n * 0.36, name, size_n, fill=MUTED)
        svg.close_group()
        if row.zhu:
            zw = parts[2]
            svg.open_group(class_="gong-zhu", data_branch=branch, data_zhu=zhu)
            a.box(xs[2], 0.0, zw, zw, fill=PAPER, stroke=yao_colour(zhu), stroke_width=1.2, rx=3)
            a.text(xs[2], size_n * 0.36, t(zhu), size_n, fill=yao_colour(zhu))
            svg.close_group()
        if row.shen_box:
            mw = parts[-1]
            svg.open_group(class_="mark", data_mark="身")
            a.box(xs[-1], 0.0, mw, mw, fill=SHEN)
            a.text(xs[-1], size_m * 0.36, t("身"), size_m, fill="#fff")
            svg.close_group()


def _ruler(svg: Svg, doc: Mapping[str, Any], r: float, cy: float) -> None:
    """The 宿度 ruler on the circle of radius *r*: a tick outwards at every whole degree from each mansion's
    start (none within 0.3° of the next boundary), longer every 5th and every 10th; one path per length."""
    xiu = [x for x in doc.get("xiu") or () if isinstance(x.get("start"), int | float)]
    paths: dict[int, list[str]] = {1: [], 5: [], 10: []}
    for x in xiu:
        start, width = float(x["start"]), float(x["width"])
        for k in range(1, math.floor(width) + 1):
            if width - k < 0.3:
                break
            step = 10 if k % 10 == 0 else 5 if k % 5 == 0 else 1
            length = RULER[(1, 5, 10).index(step)]
            x0, y0 = point(start + k, r, cy)
            x1, y1 = point(start + k, r + length, cy)
            paths[step].append(f"M{x0:.1f},{y0:.1f}L{x1:.1f},{y1:.1f}")
    for step, segs in paths.items():
        if segs:
            svg.el(
                "path",
                d="".join(segs),
                class_="du-tick",
                data_step=str(step),
                stroke=MUTED if step == 1 else INK,
                stroke_width=0.6 if step == 1 else 0.9,
                fill="none",
            )


def _mansions(svg: Svg, doc: Mapping[str, Any], t: Any, ring: Rings, cy: float) -> None:
    """The mansion ring: boundaries, the 宿度 ruler, and along the ring each mansion's name over its 七曜."""
    xiu = [x for x in doc.get("xiu") or () if isinstance(x.get("start"), int | float)]
    for x in xiu:
        lon = float(x["start"])
        x0, y0 = point(lon, ring.xiu_in, cy)
        x1, y1 = point(lon, ring.gong_in, cy)
        svg.line(x0, y0, x1, y1, class_="xiu-bound", data_xiu=str(x["name"]), stroke=LINE)
    _ruler(svg, doc, ring.xiu_in, cy)
    if not xiu:
        return
    size = SMALL_FONT
    w, h = size + 4.0, 2 * size + 6.0
    r = ring.xiu_in + RULER[-1] + 2.0 + h / 2.0
    wanted = [float(x["start"]) + float(x["width"]) / 2.0 for x in xiu]
    placed = spread(wanted, [tangent_half_angle(r, w, h)] * len(xiu))
    for x, want, at in zip(xiu, wanted, placed, strict=True):
        qiyao = str(x.get("qiyao") or "")
        svg.open_group(class_="xiu", data_xiu=str(x["name"]), data_qiyao=qiyao)
        if angular_distance(want, at) > float(x["width"]) / 2.0:  # pushed out of its own span: a leader
            qx, qy = point(want, ring.xiu_in + RULER[-1], cy)
            px, py = point(at, r - h / 2.0, cy)
            svg.line(qx, qy, px, py, stroke=MUTED, stroke_width=0.8, class_="leader")
        a = _Along(svg, at, r, cy)
        a.box(0.0, 0.0, w, h)
        a.text(0.0, -3.0 - size * 0.12, t(x["name"]), size)
        if qiyao:
            a.text(0.0, size + 1.0 - size * 0.12, t(qiyao), size, fill=yao_colour(qiyao), class_="xiu-qiyao")
        svg.close_group()


def _bodies(svg: Svg, doc: Mapping[str, Any], t: Any, ring: Rings, cy: float) -> None:
    """The eleven 曜: a tick at the exact longitude, a leader, and an upright label — the 曜 with the 化曜 it
    holds beside it in small text, beneath its whole degree in the mansion and its state when not 順."""
    yao = [y for y in doc.get("yao") or () if isinstance(y.get("lon"), int | float)]
    if not yao:
        return
    floor = (doc.get("options") or {}).get("du_display") == "floor"
    hua = hua_of(doc)
    size_g, size_d, size_h = 22, MIN_FONT, SMALL_FONT
    texts, titles, boxes = [], [], []
    for y in yao:
        du = float(y.get("xiu_du", 0.0))
        deg = t(f"{math.floor(du) if floor else round(du)}°{state_mark(y.get('state'))}")
        held = "".join(t(h) for h in hua.get(str(y["name"]), ()))
        texts.append(deg)
        titles.append(held)
        top = size_g + (2.0 + text_width(held, size_h) if held else 0.0)
        boxes.append((max(top, text_width(deg, size_d)) + 4.0, size_g + size_d + 6.0))
    r = ring.yao_label
    placed = spread([float(y["lon"]) for y in yao], [disc_half_angle(r, w, h) for w, h in boxes])
    for y, at, deg, held, (w, h) in zip(yao, placed, texts, titles, boxes, strict=True):
        lon = float(y["lon"])
        colour = yao_colour(str(y["name"]))
        svg.open_group(class_="yao", data_yao=str(y["name"]), data_lon=f"{lon:.4f}", data_hua=held or None)
        x0, y0 = point(lon, ring.xiu_in, cy)
        x1, y1 = point(lon, ring.xiu_in - YAO_TICK, cy)
        svg.line(x0, y0, x1, y1, stroke=colour, stroke_width=2.5, class_="tick")
        px, py = point(at, r, cy)
        svg.line(x1, y1, px, py, stroke=colour, stroke_width=0.8, class_="leader")
        _box(svg, px, py, w, h, stroke=colour, stroke_width=0.8, rx=4)
        top = size_g + (2.0 + text_width(held, size_h) if held else 0.0)
        gx = px - top / 2.0 + size_g / 2.0
        svg.text(gx, py - 2, t(y["name"]), font_size=size_g, text_anchor="middle", fill=colour)
        if held:
            svg.text(gx + size_g / 2.0 + 2.0, py - 3, held, font_size=size_h, fill=MUTED, class_="hua-mark")
        svg.text(px, py + size_d + 1, deg, font_size=size_d, text_anchor="middle", fill=INK)
        svg.close_group()


def _transits(svg: Svg, rows: Sequence[Mapping[str, Any]], t: Any, ring: Rings, cy: float) -> None:
    """The 流曜 ring: each body's position on ``on`` as a tick at the ring's outer edge and its name (over
    its 逆 留 伏, :func:`state_mark`) written along the ring, joined to the tick by a leader when it had to
    move."""
    assert ring.transit is not None
    r_out, r_in = ring.transit
    size = MIN_FONT
    svg.open_group(class_="transit-ring")
    _circle(svg, r_out, cy, stroke=LINE, fill="#fbf8f0")
    _circle(svg, r_in, cy, stroke=LINE)
    top = r_out - TRANSIT_TICK - 2.0  # the labels' outer edge
    names, states, sizes = [], [], []
    for row in rows:
        names.append(t(str(row["name"])))
        states.append(t(state_mark(row.get("state"))))
        w = max(text_width(names[-1], size), text_width(states[-1], SMALL_FONT)) + 4.0
        sizes.append((w, 2 * size + 4.0 if states[-1] else size + 3.0))
    radii = [top - h / 2.0 for _, h in sizes]
    halves = [tangent_half_angle(r, w, h) for r, (w, h) in zip(radii, sizes, strict=True)]
    placed = spread([float(row["lon"]) for row in rows], halves)
    for row, at, name_t, state, r, (w, h) in zip(rows, placed, names, states, radii, sizes, strict=True):
        lon = float(row["lon"])
        name = str(row["name"])
        colour = yao_colour(name)
        svg.open_group(
            class_="transit", data_yao=name, data_lon=f"{lon:.4f}", data_state=str(row.get("state", ""))
        )
        x0, y0 = point(lon, r_out, cy)
        x1, y1 = point(lon, r_out - TRANSIT_TICK, cy)
        svg.line(x0, y0, x1, y1, stroke=colour, stroke_width=2.5, class_="tick")
        if angular_distance(lon, at) > 0.5:
            px, py = point(at, top, cy)
            svg.line(x1, y1, px, py, stroke=colour, stroke_width=0.8, class_="leader")
        a = _Along(svg, at, r, cy)
        a.box(0.0, 0.0, w, h, stroke=colour, stroke_width=0.8, rx=3)
        if state:  # the name over its state (in the lower half the frame is turned: the name stays on top)
            a.text(0.0, -2.0 - size * 0.12, name_t, size, fill=colour, font_weight="bold")
            a.text(0.0, size + 1.0 - size * 0.12, state, SMALL_FONT, fill=INK, class_="transit-state")
        else:
            a.text(0.0, size * 0.36, name_t, size, fill=colour, font_weight="bold")
        svg.close_group()
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
    lines: list[tuple[str | None, str]] = []  # (the mark drawn before the line, the line)
    da = doc.get("da_xian")
    if isinstance(da, Mapping):
        lines.append(("da_xian", f"{label('qizheng.da_xian', lang)}  {t(da['gong'])} {t(da['branch'])}"))
    tx = doc.get("tong_xian")
    if isinstance(tx, Mapping):
        lines.append((None, f"{label('qizheng.tong_xian', lang)}  {t(tx['gong'])} {t(tx['branch'])}"))
    xx = doc.get("xiao_xian")
    if isinstance(xx, Mapping):
        lines.append(
            (
                "xiao_xian",
                f"{label('qizheng.xiao_xian', lang)}  {t(xx['gong'])} {t(xx['branch'])}  "
                f"({label('qizheng.age', lang)} {xx['age']})",
            )
        )
    ln = doc.get("liu_nian")
    if isinstance(ln, Mapping):
        lines.append(
            (
                "liu_nian",
                f"{label('qizheng.liu_nian', lang)}  {t(ln['ganzhi'])}  {t(ln['gong'])} {t(ln['branch'])}",
            )
        )
    month = month_of(doc.get("liu_yue"), str(on))
    if month is not None:
        lines.append(
            (
                "liu_yue",
                f"{label('qizheng.liu_yue', lang)}  {t(month['name'])} {t(month['ganzhi'])}  "
                f"{t(month['gong'])} {t(month['branch'])}",
            )
        )
    dw = doc.get("dongwei")
    if isinstance(dw, Mapping):
        lines.append((None, f"{label('qizheng.dongwei', lang)}  {t(dw['xiu'])}  {float(dw['lon']):.1f}°"))
    for kind, text in lines:
        y += 26
        if kind is not None:
            _mark(sub, kind, 16 + MARK_SIZE / 2.0, y - size * 0.36, label(f"qizheng.mark.{kind}", lang))
        sub.text(16 + MARK_SIZE + 6.0, y, text, font_size=size, class_="xian-line", data_kind=kind)
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
    "xian_marks",
    "yao_colour",
]
