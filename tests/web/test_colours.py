"""The five element colours stay apart for colour-blind readers and in grey-scale print (issue 14: 金 and 土
shared a yellow-brown). Simulated here, independently of the code: Machado, Oliveira & Fernandes (2009,
IEEE TVCG 15(6): 1291–1298) full-severity matrices in linear sRGB, then CIELAB (D65) and CIE76 ΔE."""

from __future__ import annotations

import itertools
import math

import pytest

from xuanheng.render.svg import ELEMENT_COLOUR, PAPER

MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _linear(hex_colour: str) -> tuple[float, float, float]:
    def one(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return one(r), one(g), one(b)


def _simulate(
    rgb: tuple[float, float, float], m: tuple[tuple[float, ...], ...]
) -> tuple[float, float, float]:
    out = [sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3)]
    return (min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2])))


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _luminance(hex_colour: str) -> float:
    r, g, b = _linear(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("vision", list(MACHADO))
def test_elements_stay_apart(vision: str) -> None:
    labs = {e: _lab(_simulate(_linear(c), MACHADO[vision])) for e, c in ELEMENT_COLOUR.items()}
    for a, b in itertools.combinations(labs, 2):
        assert math.dist(labs[a], labs[b]) >= 20, (vision, a, b)


def test_elements_stay_apart_in_grey_print() -> None:
    light = {e: _lab(_linear(c))[0] for e, c in ELEMENT_COLOUR.items()}
    for a, b in itertools.combinations(light, 2):
        assert abs(light[a] - light[b]) >= 8, (a, b, light)


def test_elements_are_readable_on_the_paper() -> None:
    paper = _luminance(PAPER)
    for e, c in ELEMENT_COLOUR.items():
        assert (paper + 0.05) / (_luminance(c) + 0.05) >= 3.0, e  # WCAG contrast for large text


def test_the_old_palette_failed() -> None:
    """The palette the issue saw: 火 and 土 merge for deuteranopes, 金 and 土 share a yellow-brown."""
    old = {"木": "#2e7d32", "火": "#c62828", "土": "#8d6e1f", "金": "#b8860b", "水": "#1565c0"}
    labs = {e: _lab(_simulate(_linear(c), MACHADO["deuteranopia"])) for e, c in old.items()}
    assert math.dist(labs["火"], labs["土"]) < 20
