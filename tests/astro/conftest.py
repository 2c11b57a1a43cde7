"""Fixtures for tests/astro: the skyfield + DE421 second backend (skyfield-data package), no network."""

from __future__ import annotations

import warnings
from typing import Any

import pytest


@pytest.fixture(scope="session")
def sky() -> dict[str, Any]:
    """skyfield timescale and DE421 loaded from skyfield-data."""
    skyfield_data = pytest.importorskip("skyfield_data")
    api = pytest.importorskip("skyfield.api")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loader = api.Loader(skyfield_data.get_skyfield_data_path())
        ts = loader.timescale(builtin=True)
        eph = loader("de421.bsp")
    return {"ts": ts, "eph": eph}
