"""The three mansion systems, the fast path against the plain statement, and how degrees are written."""

from __future__ import annotations

import random

import pytest
import swisseph as swe

from xuanheng.astro.bodies import seven_governors
from xuanheng.errors import OptionError
from xuanheng.qizheng import _xiu_fast
from xuanheng.qizheng.xiu import GU_DEGREE, NAMES, boundaries, chinese_number, du_text, gu_offset, star_keys


def test_fast_agrees_with_plain() -> None:
    rng = random.Random(2)
    for _ in range(60):
        jd = rng.uniform(2378496.5, 2524593.5)
        sun = seven_governors(jd)[0].lon
        for system in ("jin", "gu", "gu_precessed"):
            for zs in ("lambda_zeta", "phi_delta"):
                a = boundaries(system, jd, zs, sun)
                b = _xiu_fast.boundaries(system, jd, zs, sun)
                assert a.order == b.order
                assert (
                    max(abs((x - y + 180) % 360 - 180) for x, y in zip(a.starts, b.starts, strict=True))
                    < 0.01 / 3600
                )


@pytest.mark.parametrize("system", ["jin", "gu", "gu_precessed"])
def test_widths_and_locate(system: str) -> None:
    b = boundaries(system, 2451545.0, "lambda_zeta", 280.0)
    assert sum(b.width(k) for k in range(28)) == pytest.approx(360.0, abs=1e-9)
    assert all(b.width(k) > 0 for k in range(28))
    for k in range(28):
        x, du = b.locate(b.starts[k] + 1e-7)
        assert x == b.order[k] and du < 1e-6


def test_gu_precession_equals_moiras_ayanamsa() -> None:
    """Moira: swe_set_sid_mode(SE_SIDM_USER, JD(1300-01-01), 4.0); swe_get_ayanamsa_ut(t)."""
    t0 = swe.julday(1300, 1, 1, 0.0, swe.GREG_CAL)
    swe.set_sid_mode(swe.SIDM_USER, t0, 4.0)
    try:
        for jd in (2378496.5, 2446302.5, 2524593.5):
            assert gu_offset(jd) == pytest.approx(swe.get_ayanamsa_ut(jd), abs=1.0 / 3600)
    finally:
        swe.set_sid_mode(swe.SIDM_FAGAN_BRADLEY, 0, 0)
    # in 1985 the list moved by 13.55°: 井 (81.8) lands near μ Gem of date (95.19)
    assert 81.8 + gu_offset(2446302.5) == pytest.approx(95.35, abs=0.05)


def test_zi_shen_order() -> None:
    jd = 2446302.5
    lz = boundaries("jin", jd, "lambda_zeta", 150.0)
    pd = boundaries("jin", jd, "phi_delta", 150.0)
    names = lambda b: "".join(NAMES[i] for i in b.order)  # noqa: E731
    assert "畢觜參井" in names(lz)
    assert "畢參觜井" in names(pd)  # with δ Ori 參 comes before 觜 (時憲 宿名 order)
    assert 0.5 < lz.width_of(NAMES.index("觜")) < 1.5
    assert star_keys("phi_delta")[NAMES.index("參")] == "del_Ori"
    with pytest.raises(OptionError):
        star_keys("other")
    with pytest.raises(OptionError):
        boundaries("modern", jd)


def test_degree_text() -> None:
    assert [chinese_number(n) for n in (0, 1, 9, 10, 11, 20, 21, 30)] == [
        "初",
        "一",
        "九",
        "十",
        "十一",
        "二十",
        "二十一",
        "三十",
    ]
    assert du_text(NAMES.index("參"), 8.029, 10.6) == "參水八度"
    assert du_text(NAMES.index("井"), 10.704, 30.5) == "井木十一度"
    assert du_text(NAMES.index("井"), 10.704, 30.5, "floor") == "井木十度"
    assert du_text(0, 0.3, 10.0) == "角木初度"
    assert pytest.approx(365.25 / 360) == GU_DEGREE


def test_positions_are_the_plain_steps() -> None:
    """_xiu_fast.positions (how the chart places its longitudes) gives, for every system and both displays,
    what the plain steps give: Boundaries.locate, the mansion's width, and du_text of the degree."""
    import random

    from xuanheng.qizheng import _xiu_fast
    from xuanheng.qizheng.xiu import du_text

    rng = random.Random(2)
    for system in ("jin", "gu", "gu_precessed"):
        xb = _xiu_fast.boundaries(system, rng.uniform(2378496.5, 2524593.5), "lambda_zeta", 213.4)
        lons = [rng.uniform(-30, 390) for _ in range(700)] + [xb.starts[k] for k in range(28)] + [0.0, 360.0]
        for display in ("round", "floor"):
            for lon, p in zip(lons, _xiu_fast.positions(xb, lons, display), strict=True):
                k, du = xb.locate(lon)
                assert (p.xiu, p.du, p.width) == (k, du, xb.width_of(k))
                assert p.text == du_text(k, du, xb.width_of(k), display)
    with pytest.raises(OptionError):
        _xiu_fast.positions(xb, [1.0], "nearest")


def test_ordered_boundaries_equal_the_sorted_ones() -> None:
    """_xiu_fast reuses the last ecliptic order of the stars when it still holds: the same Boundaries as
    sorting them (xiu._make), including across the centuries where the order changes."""
    import random

    from xuanheng.qizheng import _xiu_fast
    from xuanheng.qizheng.xiu import _make

    rng = random.Random(9)
    for _ in range(300):
        starts = [rng.uniform(0, 360) for _ in range(28)] if rng.random() < 0.2 else None
        if starts is None:
            b = _xiu_fast.boundaries(
                "jin", rng.uniform(2378496.5, 2524593.5), "lambda_zeta", rng.uniform(0, 360)
            )
            starts = [b.starts[b.rank[x]] for x in range(28)]
        assert _xiu_fast._ordered(("k",), list(starts)) == _make("jin", list(starts))


def test_held_order_boundaries_equal_the_sorted_ones() -> None:
    """Where _xiu_fast._held_order says the stars keep their order for a whole year, filling the starts in
    that order gives what sorting them gives (xiu._make), at the year's ends, with the largest nutation and
    any Sun; a year in which a star's mean longitude crosses 0° (found here from astro.stars, the plain
    statement, at the yearly nodes from J2000) must be refused, not filled."""
    import math
    import random

    from xuanheng.astro.stars import mean_ecliptic_of_date, stars
    from xuanheng.qizheng import _xiu_fast
    from xuanheng.qizheng.xiu import _make

    def lon_at(key: str, n: int) -> float:
        return mean_ecliptic_of_date(stars()[key], 2451545.0 + n * 365.25)[0] % 360.0

    def crossing_years(keys: tuple[str, ...]) -> set[int]:
        """Years n (node n to n + 1) in which some star passes 0°: a scan by 50 years, then year by year."""
        out = set()
        for k in set(keys):
            for n0 in range(-2000, 1000, 50):
                if lon_at(k, n0) <= lon_at(k, n0 + 50):
                    continue  # no wrap in these 50 years (the longitudes grow by about 0.7° in them)
                out |= {n for n in range(n0, n0 + 50) if lon_at(k, n) > lon_at(k, n + 1)}
        return out

    rng = random.Random(12)
    kappa = 20.49552 / 3600.0
    for zs in ("lambda_zeta", "phi_delta"):
        keys = star_keys(zs)
        crossing = crossing_years(keys)
        assert len(crossing) >= 3  # the scan is not empty: stars pass 0° three times in these 3,000 years
        for n in crossing:
            assert _xiu_fast._held_order(keys, n) is None, (zs, n)
        for n in [rng.randint(-2000, 999) for _ in range(40)] + [min(crossing) - 3, max(crossing) + 3]:
            segs = _xiu_fast._segment(keys, n)
            held = _xiu_fast._held_order(keys, n)
            if held is None:
                continue
            for f in [k / 50 for k in range(50)] + [1.0 - 1e-12]:
                for dpsi in (-_xiu_fast._DPSI_MAX, _xiu_fast._DPSI_MAX, rng.uniform(-1, 1) / 3600.0):
                    sun = math.radians(rng.uniform(0.0, 360.0))
                    kc, ks = kappa * math.cos(sun), kappa * math.sin(sun)
                    by_xiu = [(la + f * dl + dpsi - kc * a - ks * b) % 360.0 for la, dl, a, b in segs]
                    assert _xiu_fast._in_held_order(held, f, dpsi, kc, ks) == _make("jin", by_xiu)
