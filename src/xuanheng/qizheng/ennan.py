"""恩 難 仇 用: the stars that help or harm a star by the 生剋 of the five elements (``data/en_nan.toml``).

For a star of element *e* (indices 木 0 火 1 土 2 金 3 水 4, generating order): 恩 generates it (e − 1),
難 overcomes it (e − 2), 用 is what it generates (e + 1, which overcomes the 難), 仇 what it overcomes
(e + 2, which overcomes the 恩). Each role names every 曜 of that element (``aspects.toml`` [element]):
the planet first, then 日/月 and the 四餘 of that element in chart order.

:func:`en_nan` gives the four roles of one star; :func:`chart_en_nan` those of the 命主, 身主, 度主 and of
each palace's 宮主 as the chart JSON carries them (``en_nan``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from xuanheng.core._data import load_package_data
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS
from xuanheng.qizheng.chart import YAO_NAMES
from xuanheng.qizheng.gong import GONG_NAMES, PALACES, gong_branch
from xuanheng.qizheng.xiu import XIU

_D = load_package_data("xuanheng.qizheng", "en_nan")
_A = load_package_data("xuanheng.qizheng", "aspects")

#: the role names in the order the JSON gives them
ROLES: tuple[str, ...] = ("en", "nan", "chou", "yong")
#: role → offset from the star's element in the generating order
OFFSET: dict[str, int] = {k: int(_D["offset"][k]) for k in ROLES}
SRC: tuple[str, ...] = tuple(_D["src"])
#: the element (index) of each 曜
ELEMENT: dict[str, int] = {y: ELEMENTS.index(e) for y, e in _A["element"]["yao"].items()}


@cache
def stars_of(element: int) -> tuple[str, ...]:
    """The 曜 of *element*: its planet first, then the others in chart order."""
    planet = ELEMENTS[element]
    rest = tuple(y for y in YAO_NAMES if ELEMENT[y] == element and y != planet)
    return (planet, *rest)


@cache
def role_element(star: str, role: str) -> int:
    """The element (index) that stands in *role* (en nan chou yong) to *star*."""
    return (ELEMENT[star] + OFFSET[role]) % 5


@cache
def en_nan(star: str) -> dict[str, Any]:
    """The 恩 難 仇 用 of *star*: ``{star, element, en, nan, chou, yong}`` (each role a list of 曜)."""
    out: dict[str, Any] = {"star": star, "element": ELEMENTS[ELEMENT[star]]}
    for role in ROLES:
        out[role] = list(stars_of(role_element(star, role)))
    return out


@cache
def role_of(star: str, other: str) -> str | None:
    """Which role *other* plays for *star* (``en`` ``nan`` ``chou`` ``yong``), or None (same element);
    kept per pair (eleven 曜 each way)."""
    e = ELEMENT[other]
    for role in ROLES:
        if role_element(star, role) == e:
            return role
    return None


@cache
def _chart_en_nan(ming: int, shen: int, du: str) -> dict[str, Any]:
    gong = []
    for k, name in enumerate(GONG_NAMES):
        b = gong_branch(ming, k)
        gong.append({"gong": name, "branch": BRANCHES[b], **en_nan(PALACES[b].zhu)})
    return {
        "ming_zhu": en_nan(PALACES[ming].zhu),
        "shen_zhu": en_nan(PALACES[shen].zhu),
        "du_zhu": en_nan(du),
        "gong": gong,
        "src": list(SRC),
    }


def chart_en_nan(chart: Any) -> dict[str, Any]:
    """The chart JSON's ``en_nan``: the four roles of the 命主, 身主, 度主 and each palace's 宮主 (a fresh
    copy each call; the table behind it is kept per 命宮, 身宮 and 度主)."""
    got = _chart_en_nan(chart.ming_gong.branch, chart.shen_gong.branch, XIU[chart.ming_gong.xiu.xiu].qiyao)
    return {
        "ming_zhu": _copy(got["ming_zhu"]),
        "shen_zhu": _copy(got["shen_zhu"]),
        "du_zhu": _copy(got["du_zhu"]),
        "gong": [_copy(g) for g in got["gong"]],
        "src": list(got["src"]),
    }


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in d.items()}


__all__ = [
    "ELEMENT",
    "OFFSET",
    "ROLES",
    "SRC",
    "chart_en_nan",
    "en_nan",
    "role_element",
    "role_of",
    "stars_of",
]
