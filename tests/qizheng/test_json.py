"""The JSON of a chart: the keys of issue 10's example, unrounded longitudes, echoes and versions."""

from __future__ import annotations

import json

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.qizheng import DEFAULTS, cast
from xuanheng.qizheng.spirits import DEFAULT_OPTIONS as SPIRIT_DEFAULTS


def test_keys_of_the_issue_example() -> None:
    c = cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9, sex="男")
    j = c.to_json()
    json.dumps(j, ensure_ascii=False)  # serialisable
    assert {
        "yao",
        "ming_gong",
        "shen_gong",
        "gong",
        "hua_yao",
        "shensha",
        "pillars",
        "options",
        "warnings",
    } <= set(j)
    assert j["engine_version"] == __version__ and j["schema_version"] == SCHEMA_VERSION
    assert j["inputs"]["sex"] == "男" and j["inputs"]["lon"] == 116.383333
    sun = j["yao"][0]
    assert {"name", "lon", "lat", "gong", "xiu", "xiu_du", "speed", "state"} <= set(sun)
    assert sun["name"] == "日" and sun["gong"] == "卯" and sun["xiu"] == "角" and sun["state"] == "順"
    assert sun["lon"] == c.yao[0].lon and round(sun["lon"], 4) == 213.4300  # unrounded in the JSON
    assert round(sun["xiu_du"], 2) == 9.83 and round(sun["speed"], 2) == 1.00
    assert (
        j["ming_gong"]["branch"] == "酉"
        and j["ming_gong"]["xiu"] == "奎"
        and round(j["ming_gong"]["xiu_du"], 2) == 11.28
    )
    assert len(j["gong"]) == 12 and j["gong"][0] == {
        **j["gong"][0],
        "name": "命宮",
        "branch": "酉",
        "zhu": "金",
    }
    assert j["pillars"] == {"year": "癸亥", "month": "壬戌", "day": "戊子", "hour": "辛酉"}
    assert j["options"] == {**DEFAULTS, **SPIRIT_DEFAULTS}
    assert len(j["xiu"]) == 28 and j["time_rules"]["hou"]["name"]


def test_chart_is_frozen() -> None:
    import dataclasses

    c = cast("2000-01-01T00:00", tz="UTC")
    try:
        c.jd_ut = 0.0  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:  # pragma: no cover
        raise AssertionError("chart is mutable")
    try:
        c.options["xiu"] = "gu"  # type: ignore[index]
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("options echo is mutable")
