"""A tiny SVG writer: every attribute and text node is escaped, so user text can never inject markup."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

#: colours of the five elements (木 火 土 金 水), after the five colours 青 赤 黃 白 黑 but chosen to stay
#: apart for readers with protanopia, deuteranopia or tritanopia (CIELAB ΔE ≥ 20 between every pair under
#: the simulations of Machado et al. 2009), in grey-scale print (L* at least 8 apart) and readable on the
#: paper colour (contrast ≥ 3:1); tests/web/test_colours.py checks all three with its own simulation. The
#: element's name is always written beside its colour, so colour is never the only cue.
ELEMENT_COLOUR: dict[str, str] = {
    "木": "#31a76d",
    "火": "#9b1723",
    "土": "#b8630e",
    "金": "#5d665d",
    "水": "#0e1121",
}
INK = "#222"
MUTED = "#666"
PAPER = "#fffdf7"
LINE = "#8a7f6a"
FONT = "'Noto Serif CJK TC','Noto Serif CJK SC','Noto Sans CJK TC','Noto Sans CJK KR',serif"


def colour(element: str | None) -> str:
    return ELEMENT_COLOUR.get(element or "", INK)


def text_width(text: str, size: float) -> float:
    """About how wide *text* is drawn at font *size* (a CJK or Hangul character a full em, others 0.6)."""
    return sum(size if ord(ch) >= 0x2E80 else 0.6 * size for ch in text)


def wrap(parts: list[str], sep: str, size: float, width: float) -> list[str]:
    """*parts* joined by *sep* into lines no wider than *width* at *size* (a part longer stays whole);
    used by the narrow (phone) drawings."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + sep + part, size) <= width:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return lines or [""]


class Svg:
    """Collects SVG elements; :meth:`text` and :meth:`el` escape everything they are given."""

    def __init__(self, width: int, height: int, title: str) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []
        self.title = title

    @staticmethod
    def _attrs(attrs: dict[str, Any]) -> str:
        out = []
        for k, v in attrs.items():
            if v is None or v is False:
                continue
            out.append(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}")
        return "".join(out)

    def el(self, tag: str, **attrs: Any) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}/>")

    def text(self, x: float, y: float, content: Any, **attrs: Any) -> None:
        attrs.setdefault("fill", INK)
        self.parts.append(f'<text x="{x:.1f}" y="{y:.1f}"{self._attrs(attrs)}>{escape(str(content))}</text>')

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        attrs.setdefault("fill", "none")
        attrs.setdefault("stroke", LINE)
        self.el("rect", x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}", height=f"{h:.1f}", **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        attrs.setdefault("stroke", LINE)
        self.el("line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}", **attrs)

    def open_group(self, **attrs: Any) -> None:
        self.parts.append(f"<g{self._attrs(attrs)}>")

    def close_group(self) -> None:
        self.parts.append("</g>")

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family="{FONT}" role="img">'
            f"<title>{escape(self.title)}</title>"
            f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="{PAPER}"/>'
        )
        return head + "".join(self.parts) + "</svg>"
