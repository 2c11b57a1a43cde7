"""節氣 and new moons against a second, independent backend: skyfield + JPL DE421 (1900–2050).

skyfield runs here, in the test: its own vectorised root finding (``find_discrete``) on the apparent
longitude of the Sun in the true ecliptic and equinox of date. Its TT instants are turned into UT with
the engine's ΔT (swisseph) so that the comparison measures the astronomy; ΔT itself is compared in
``test_delta_t_agrees``.
"""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np
import pytest

from xuanheng.astro.ephemeris import unix_from_jd
from xuanheng.astro.erfa_sun import ut_from_tt
from xuanheng.time import tables
from xuanheng.time._data import TERM_NAMES
from xuanheng.time.search import term_crossing

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sky_terms(sky: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every term 1900-01-01 … 2050-12-31 by skyfield: (k, TT JD, UT1 JD)."""
    from skyfield import almanac
    from skyfield.framelib import ecliptic_frame

    ts, eph = sky["ts"], sky["eph"]
    earth, sun = eph["earth"], eph["sun"]

    def k_of(t: Any) -> Any:
        lon = earth.at(t).observe(sun).apparent().frame_latlon(ecliptic_frame)[1].degrees
        return (lon // 15).astype(int)

    k_of.step_days = 12  # type: ignore[attr-defined]
    t, k = almanac.find_discrete(ts.utc(1900, 1, 1), ts.utc(2050, 12, 31), k_of, epsilon=1e-4 / 86400)
    return np.asarray(k), np.asarray(t.tt), np.asarray(t.ut1)


def test_every_term_within_one_second(sky_terms: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    ks, tts, _ = sky_terms
    assert len(ks) == 151 * 24  # every term of 151 years, none missing
    worst = 0.0
    for k, tt in zip(ks, tts, strict=True):
        expected = unix_from_jd(ut_from_tt(float(tt)))
        i = bisect.bisect_left(tables.TERMS, expected - 86400.0)
        got = tables.TERMS[i]
        assert tables.term_k(i) == int(k), f"term order differs near {TERM_NAMES[int(k)]}"
        worst = max(worst, abs(got - expected))
    print(f"terms 1900–2050: worst {worst:.3f} s")
    assert worst <= 1.0, f"worst term error {worst:.3f} s"


def test_root_finding_fallback_within_three_seconds(
    sky_terms: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """The Moshier root finder (used outside the table) is the documented ≤ 3 s path."""
    ks, tts, _ = sky_terms
    worst = 0.0
    for k, tt in list(zip(ks, tts, strict=True))[::7]:
        expected = unix_from_jd(ut_from_tt(float(tt)))
        worst = max(worst, abs(term_crossing(int(k), expected + 3600.0) - expected))
    print(f"fallback: worst {worst:.3f} s")
    assert worst <= 3.0, f"worst fallback error {worst:.3f} s"


def test_delta_t_agrees(sky_terms: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    """Where ΔT is observed (1900–2020) swisseph and skyfield agree within a second."""
    _, tts, ut1s = sky_terms
    sel = ut1s < 2458849.5  # 2020-01-01
    diffs = [abs(ut_from_tt(float(tt)) - ut) * 86400.0 for tt, ut in zip(tts[sel], ut1s[sel], strict=True)]
    print(f"delta T: worst {max(diffs):.3f} s")
    assert max(diffs) <= 1.0


def test_new_moons(sky: dict[str, Any]) -> None:
    from skyfield import almanac

    ts, eph = sky["ts"], sky["eph"]
    t, phase = almanac.find_discrete(ts.utc(1900, 1, 1), ts.utc(2050, 12, 31), almanac.moon_phases(eph))
    new = t[phase == 0]
    ours = tables.NEW_MOONS
    worst = 0.0
    for tt in new.tt:
        expected = unix_from_jd(ut_from_tt(float(tt)))
        i = bisect.bisect_left(ours, expected)
        worst = max(worst, min(abs(ours[i] - expected), abs(ours[i - 1] - expected)))
    print(f"new moons: worst {worst:.3f} s")
    assert len(new) >= 1860
    assert worst <= 8.0, f"worst new-moon error {worst:.2f} s"
