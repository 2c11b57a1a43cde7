"""The committed term / new-moon table: structure, and samples re-derived from the ephemeris."""

from __future__ import annotations

import random

import pytest

from xuanheng.time import tables as tb
from xuanheng.time.search import new_moon_near, sun_longitude, term_crossing_precise


def test_structure() -> None:
    assert tb.FIRST_YEAR == 1600 and tb.FIRST_K == 21
    gaps = [b - a for a, b in zip(tb.TERMS, tb.TERMS[1:], strict=False)]
    assert min(gaps) > 14.0 * 86400 and max(gaps) < 16.0 * 86400
    moons = [b - a for a, b in zip(tb.NEW_MOONS, tb.NEW_MOONS[1:], strict=False)]
    assert min(moons) > 29.2 * 86400 and max(moons) < 29.9 * 86400
    assert tb.TERMS[-1] > 13_000_000_000  # into 2401


def test_sun_longitude_at_terms() -> None:
    rng = random.Random(1)
    for i in rng.sample(range(len(tb.TERMS)), 200):
        lon = sun_longitude(tb.TERMS[i])
        d = (lon - 15.0 * tb.term_k(i) + 180.0) % 360.0 - 180.0
        assert abs(d) < 3.5 / 86400  # Moshier vs the table's ERFA Sun: a few seconds of motion at most


def test_samples_regenerate_exactly() -> None:
    pytest.importorskip("erfa")
    rng = random.Random(2)
    for i in rng.sample(range(len(tb.TERMS)), 20):
        assert term_crossing_precise(tb.term_k(i), tb.TERMS[i] + 3600.0) == pytest.approx(
            tb.TERMS[i], abs=0.002
        )
    for i in rng.sample(range(len(tb.NEW_MOONS)), 20):
        assert new_moon_near(tb.NEW_MOONS[i] + 86400.0) == pytest.approx(tb.NEW_MOONS[i], abs=0.002)
