"""Every JSON document the engine writes carries the one package schema version, as the same type."""

from __future__ import annotations

import xuanheng
from xuanheng import jinkoujue, liuren
from xuanheng.time import calendar, parse_instant


def test_one_schema_version_everywhere() -> None:
    when = parse_instant("2026-03-10T21:00", tz="Asia/Shanghai")
    docs = {
        "calendar": calendar(when).to_json(),
        "jinkoujue": jinkoujue.cast("2026-03-10T21:00", tz="Asia/Shanghai", difen="申").to_json(),
        "liuren": liuren.cast("2026-03-10T21:00", tz="Asia/Shanghai").to_json(),
    }
    assert isinstance(xuanheng.SCHEMA_VERSION, int)
    for name, doc in docs.items():
        assert doc["schema_version"] == xuanheng.SCHEMA_VERSION, name
        assert type(doc["schema_version"]) is int, name
        assert doc["engine_version"] == xuanheng.__version__, name
