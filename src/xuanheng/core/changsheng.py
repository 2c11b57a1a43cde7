"""十二長生: the twelve life stages (長生 … 養) of a stem or element on a branch.

Tables are in ``data/changsheng.toml``. Two named options, each with a documented default:

* ``school`` — ``"yang_sheng_yin_si"`` (default, 陽生陰死: yin stems have their own 長生 and walk
  backward; 《三命通會》〈論天干陰陽生死〉) or ``"tong_sheng"`` (陰陽同生: a yin stem uses its element's
  stages forward; 《五行大義》卷二〈論生死所〉).
* ``tu`` — where 土 is born: ``"huo"`` (default, 寄寅 with 火) or ``"shui"`` (寄申 with 水);
  《三命通會》〈論五行旺相休囚死並寄生十二宮〉.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from xuanheng.core._data import load
from xuanheng.core.ganzhi import ELEMENTS, STEM_ELEMENT, STEMS, branch_index, stem_index
from xuanheng.errors import InputError, OptionError

_T = load("changsheng")

School = Literal["yang_sheng_yin_si", "tong_sheng"]
Tu = Literal["huo", "shui"]

#: the twelve stages in order, 長生 first
STAGES: tuple[str, ...] = tuple(_T["stages"]["names"])
SCHOOLS: tuple[str, ...] = tuple(_T["school"]["options"])
TU_OPTIONS: tuple[str, ...] = tuple(_T["tu"]["options"])
DEFAULT_SCHOOL: School = _T["school"]["default"]
DEFAULT_TU: Tu = _T["tu"]["default"]

_ELEMENT_IX = {name: i for i, name in enumerate(ELEMENTS)}
_ELEMENT_SHENG = {_ELEMENT_IX[e]: branch_index(b) for e, b in _T["element_sheng"].items() if e != "src"}
_YIN_SHENG = {stem_index(s): branch_index(b) for s, b in _T["yin_sheng"].items() if s != "src"}
_TU = {k: (branch_index(v["yang"]), branch_index(v["yin"])) for k, v in _T["tu"]["options"].items()}


def _check(school: str, tu: str) -> None:
    if school not in SCHOOLS:
        raise OptionError(
            f"unknown 長生 school {school!r}: expected one of {', '.join(SCHOOLS)}", field="school"
        )
    if tu not in TU_OPTIONS:
        raise OptionError(
            f"unknown 土 長生 option {tu!r}: expected one of {', '.join(TU_OPTIONS)}", field="tu"
        )


def sheng_of_element(element: int | str, *, tu: Tu = DEFAULT_TU) -> int:
    """長生 branch of an element (木 亥, 火 寅, 金 巳, 水 申; 土 寅 or 申 by ``tu``)."""
    _check(DEFAULT_SCHOOL, tu)
    e = _ELEMENT_IX[element] if isinstance(element, str) and element in _ELEMENT_IX else element
    if not isinstance(e, int) or isinstance(e, bool) or not 0 <= e < 5:
        raise InputError(
            f"unknown element {element!r}: expected one of {''.join(ELEMENTS)} or 0–4", field="element"
        )
    return _TU[tu][0] if e == 2 else _ELEMENT_SHENG[e]


def sheng_of_stem(
    stem: int | str, *, school: School = DEFAULT_SCHOOL, tu: Tu = DEFAULT_TU
) -> tuple[int, int]:
    """(長生 branch, direction ±1) of a stem under *school* and *tu*."""
    _check(school, tu)
    s = stem_index(stem)
    yin = s % 2 == 1
    if not yin or school == "tong_sheng":
        return sheng_of_element(STEM_ELEMENT[s], tu=tu), 1
    if STEM_ELEMENT[s] == 2:
        return _TU[tu][1], -1
    return _YIN_SHENG[s], -1


def stage_index(
    stem_or_element: int | str, branch: int | str, *, school: School = DEFAULT_SCHOOL, tu: Tu = DEFAULT_TU
) -> int:
    """Index into :data:`STAGES` of *stem_or_element* on *branch*.

    *stem_or_element* is a stem (``"甲"`` or 0–9) or an element name (``"木"`` … ``"水"``); element
    indices are not accepted here, because 0–4 would be ambiguous with stems — use
    :func:`element_stage`.
    """
    b = branch_index(branch)
    if isinstance(stem_or_element, str) and stem_or_element in _ELEMENT_IX:
        start, step = sheng_of_element(stem_or_element, tu=tu), 1
        _check(school, tu)
    elif isinstance(stem_or_element, str) and stem_or_element not in STEMS:
        raise InputError(
            f"unknown stem or element {stem_or_element!r}: expected one of "
            f"{''.join(STEMS)}, {''.join(ELEMENTS)} or a stem index 0–9",
            field="stem",
        )
    else:
        start, step = sheng_of_stem(stem_or_element, school=school, tu=tu)
    return (step * (b - start)) % 12


def stage(
    stem_or_element: int | str, branch: int | str, *, school: School = DEFAULT_SCHOOL, tu: Tu = DEFAULT_TU
) -> str:
    """The stage name (長生 … 養) of a stem or element on *branch*; e.g. ``stage("甲", "亥") == "長生"``."""
    return STAGES[stage_index(stem_or_element, branch, school=school, tu=tu)]


def element_stage(element: int | str, branch: int | str, *, tu: Tu = DEFAULT_TU) -> str:
    """Stage of an element (木=0 … 水=4, or its name) on *branch*; elements always walk forward."""
    start = sheng_of_element(element, tu=tu)
    return STAGES[(branch_index(branch) - start) % 12]


@lru_cache(maxsize=1024)  # a memo of the function itself (a few hundred stems, elements, stages and schools)
def branch_of_stage(
    stem_or_element: int | str, stage_name: str, *, school: School = DEFAULT_SCHOOL, tu: Tu = DEFAULT_TU
) -> int:
    """The branch where *stem_or_element* reaches *stage_name* (e.g. 甲's 臨官 is 寅). As in
    :func:`stage_index`, an index 0–9 is a stem: pass an element by its name (``"土"``) (not its index);
    kept per arguments."""
    if stage_name not in STAGES:
        raise InputError(f"unknown stage {stage_name!r}: expected one of {' '.join(STAGES)}", field="stage")
    k = STAGES.index(stage_name)
    for b in range(12):
        if stage_index(stem_or_element, b, school=school, tu=tu) == k:
            return b
    raise AssertionError("unreachable: every stage falls on exactly one branch")


__all__ = [
    "DEFAULT_SCHOOL",
    "DEFAULT_TU",
    "SCHOOLS",
    "STAGES",
    "TU_OPTIONS",
    "School",
    "Tu",
    "branch_of_stage",
    "element_stage",
    "sheng_of_element",
    "sheng_of_stem",
    "stage",
    "stage_index",
]
