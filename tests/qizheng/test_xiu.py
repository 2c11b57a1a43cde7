"""The three mansion systems, where a longitude falls among them, and how degrees are written."""

from __future__ import annotations

import pytest
import swisseph as swe

from xuanheng.errors import OptionError
from xuanheng.qizheng.xiu import GU_DEGREE, NAMES, boundaries, chinese_number, du_text, gu_offset, star_keys


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
