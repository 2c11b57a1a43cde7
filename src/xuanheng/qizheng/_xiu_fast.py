"""Hot paths for :mod:`xuanheng.qizheng.xiu`: the boundaries from memoised mean positions, and many longitudes
placed among them at once.

The mean ecliptic position of date of a star (proper motion + precession) changes almost linearly with time,
so it is computed once per star at yearly nodes from J2000 (kept in a memo) and interpolated linearly between
the two nodes around the instant; nutation and aberration are then added exactly as the plain statement does.
The curvature of the mean position over one year is below 0.001″; ``tests/qizheng/test_xiu.py`` checks the
two paths against each other. Where the stars provably keep their ecliptic order through the year
(:func:`_held_order`), the starts are filled in that order without sorting; the same test checks those
years against the sorted result, and the years where a star crosses 0° take the checked path.

:func:`positions` is :meth:`Boundaries.locate` + :func:`du_whole` + :func:`du_text` for a list of
longitudes, with the lookups bound once; the same test compares it with the plain steps.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right
from collections.abc import Iterable
from functools import cache

from xuanheng.astro.bodies import nutation, tt_from_ut
from xuanheng.astro.stars import mean_ecliptic_of_date, stars
from xuanheng.core._frozen import maker, mirror
from xuanheng.qizheng.chart import XiuPosition
from xuanheng.qizheng.xiu import XIU, Boundaries, _make, du_text, du_whole, gu_offset, star_keys

_J2000 = 2451545.0
_YEAR = 365.25


_KAPPA = 20.49552 / 3600.0  # degrees


@cache
def _node(keys: tuple[str, ...], n: int) -> tuple[tuple[float, float], ...]:
    table = stars()
    jd_tt = _J2000 + n * _YEAR
    return tuple(mean_ecliptic_of_date(table[k], jd_tt) for k in keys)


def _unwrap(a: float, b: float) -> float:
    """b moved by ±360° to be within 180° of a."""
    return b + 360.0 * round((a - b) / 360.0)


@cache
def _segment(keys: tuple[str, ...], n: int) -> tuple[tuple[float, float, float, float], ...]:
    """Per star between nodes n and n+1: (lon at n, change over the year, cos λ / cos β, sin λ / cos β)."""
    out = []
    for (la, ba), (lb, _bb) in zip(_node(keys, n), _node(keys, n + 1), strict=True):
        c = math.cos(math.radians(ba))
        out.append((la, _unwrap(la, lb) - la, math.cos(math.radians(la)) / c, math.sin(math.radians(la)) / c))
    return tuple(out)


def boundaries(
    system: str, jd_ut: float, zi_shen: str, sun_lon: float, dpsi: float | None = None
) -> Boundaries:
    """Same result as :func:`xuanheng.qizheng.xiu.boundaries` (within 0.01″). *dpsi*: the nutation in
    longitude at *jd_ut* (degrees) when the caller has it.

    Aberration −κ cos(⊙ − λ) / cos β is expanded as −κ (cos ⊙ cos λ + sin ⊙ sin λ) / cos β with the factors
    of λ and β taken at the year's node (they change by 3·10⁻⁴ of themselves in a year: ≤ 0.006″).
    """
    if system == "jin":
        keys = star_keys(zi_shen)
        x = (tt_from_ut(jd_ut) - _J2000) / _YEAR
        n = math.floor(x)
        f = x - n
        if dpsi is None:
            dpsi = nutation(jd_ut)[2]
        s = math.radians(sun_lon)
        kc, ks = _KAPPA * math.cos(s), _KAPPA * math.sin(s)
        held = _held_order(keys, n)
        if held is not None and abs(dpsi) <= _DPSI_MAX:
            return _in_held_order(held, f, dpsi, kc, ks)
        starts = [(la + f * dl + dpsi - kc * a - ks * b) % 360.0 for la, dl, a, b in _segment(keys, n)]
        return _ordered(keys, starts)
    if system == "gu":
        return _GU
    off = gu_offset(jd_ut)
    return _make(system, [x.gu + off for x in XIU])


#: bound of |Δψ| (degrees) that :func:`_held_order` allows for: the nutation in longitude stays within 17.3″
#: + the smaller terms, under 19″ (Meeus ch. 22); a larger value takes the checked path
_DPSI_MAX = 25.0 / 3600.0
#: slack for rounding in the bounds of :func:`_held_order` (degrees; far above a double's error here)
_SLACK = 1e-9
_BOUNDARIES = maker(Boundaries)


@cache
def _held_order(
    keys: tuple[str, ...], n: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[float, float, float, float], ...]] | None:
    """(order, rank, the segments in that order) when the ecliptic order of the stars provably holds for
    the whole year of node *n*, whatever the Sun and the nutation (|Δψ| ≤ :data:`_DPSI_MAX`); else None.

    Star *i*'s start before ``% 360`` is la + f·dl + Δψ − κ (cos ⊙ · a + sin ⊙ · b) with f in [0, 1]: it
    lies in [min(la, la + dl) − m, max(la, la + dl) + m] with m = Δψ_max + κ·√(a² + b²) (= κ / cos β).
    When every such interval lies inside (0°, 360°), so that ``% 360`` leaves the value as it is, and the
    intervals of stars next in order do not overlap, sorting the starts gives the same order at every
    instant of the year, and :func:`boundaries` may fill them in that order without sorting."""
    segs = _segment(keys, n)
    spans = []
    for i, (la, dl, a, b) in enumerate(segs):
        m = _DPSI_MAX + _KAPPA * math.hypot(a, b) + _SLACK
        spans.append((min(la, la + dl) - m, max(la, la + dl) + m, i))
    spans.sort()
    if spans[0][0] <= 0.0 or spans[-1][1] >= 360.0:
        return None
    if any(hi >= lo for (_, hi, _), (lo, _, _) in itertools.pairwise(spans)):
        return None
    order = tuple(i for _, _, i in spans)
    rank = [0] * 28
    for k, x in enumerate(order):
        rank[x] = k
    return order, tuple(rank), tuple(segs[i] for i in order)


def _in_held_order(
    held: tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[float, float, float, float], ...]],
    f: float,
    dpsi: float,
    kc: float,
    ks: float,
) -> Boundaries:
    """The boundaries of :func:`boundaries` filled in the order *held* (:func:`_held_order`) proves: the same
    starts, computed the same way, and widths as ``_make`` writes them (b − a is its own ``% 360`` here)."""
    order, rank, segs = held
    starts = [(la + f * dl + dpsi - kc * a - ks * b) % 360.0 for la, dl, a, b in segs]
    widths = [b - a for a, b in itertools.pairwise(starts)]
    widths.append((starts[0] - starts[-1]) % 360.0)
    return _BOUNDARIES("jin", tuple(starts), order, tuple(widths), rank)


_GU = _make("gu", [x.gu for x in XIU])
_ORDER: dict[tuple[str, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _ordered(keys: tuple[str, ...], starts_by_xiu: list[float]) -> Boundaries:
    """``_make("jin", starts_by_xiu)`` without the sort when the stars keep the order of the last chart made
    with the same stars (the order changes once in centuries, where the equinox passes a star)."""
    got = _ORDER.get(keys)
    if got is not None:
        order, rank = got
        starts = [starts_by_xiu[i] for i in order]
        if all(a < b for a, b in itertools.pairwise(starts)):
            widths = [b - a for a, b in itertools.pairwise(starts)]
            widths.append((starts[0] - starts[-1]) % 360.0)
            return Boundaries(
                system="jin", starts=tuple(starts), order=order, widths=tuple(widths), rank=rank
            )
    made = _make("jin", starts_by_xiu)
    _ORDER[keys] = (made.order, made.rank)
    return made


_XIU_POSITION_SLOTS = mirror(XiuPosition)


@cache
def written(xiu: int, whole: int) -> str:
    """参水八度 for mansion *xiu* and *whole* degrees (``du_text`` of that whole degree, memoised)."""
    return du_text(xiu, float(whole), 0.0, "floor")


def positions(xb: Boundaries, lons: Iterable[float], display: str) -> list[XiuPosition]:
    """The :class:`XiuPosition` of each longitude in *lons* among the mansions *xb*, the degree written
    by *display* (``round`` or ``floor``, as :func:`du_whole`)."""
    if display == "round":
        half = 0.5
    elif display == "floor":
        half = 0.0
    else:
        du_whole(0.0, 0.0, display)  # raises the OptionError naming the accepted values
        raise AssertionError(display)
    starts, order, widths = xb.starts, xb.order, xb.widths
    new, slots, cls, text = object.__new__, _XIU_POSITION_SLOTS, XiuPosition, written
    out = []
    for lon in lons:
        lon %= 360.0
        k = bisect_right(starts, lon) - 1  # -1 wraps to the last mansion
        du = (lon - starts[k]) % 360.0
        x = order[k]
        # XiuPosition(x, du, widths[k], text), its slots filled as core._frozen.maker fills them (inline)
        o = new(slots)
        o.xiu = x
        o.du = du
        o.width = widths[k]
        o.text = text(x, int(du + half))
        o.__class__ = cls
        out.append(o)
    return out


__all__ = ["boundaries", "positions", "written"]
