"""The calendar option ``dst`` reaches the 金口訣 and 大六壬 casts, the shared CLI flag and the web API.

Case: Asia/Seoul 1988-08-15T01:10 on summer time (UTC+10). On the clock the hour is 丑 (01:00–03:00);
with the summer hour taken off it is 00:10 standard time, the 子 hour (23:00–01:00). Same day either way.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from xuanheng.errors import OptionError

AT, TZ = "1988-08-15T01:10", "Asia/Seoul"


def test_jinkoujue_cast() -> None:
    from xuanheng.jinkoujue import JinKouJueOptions, cast

    clock = cast(AT, tz=TZ, difen="子")
    std = cast(AT, tz=TZ, difen="子", options={"dst": "standard"})
    assert clock.to_json()["options"]["dst"] == "clock"
    assert std.to_json()["options"]["dst"] == "standard"
    assert clock.to_json()["calendar"]["hour"][1] == "丑" and std.to_json()["calendar"]["hour"][1] == "子"
    with pytest.raises(OptionError) as e:
        JinKouJueOptions(dst="summer")
    assert e.value.field == "dst"


def test_liuren_cast() -> None:
    from xuanheng.liuren import cast, make_options

    clock = cast(AT, tz=TZ)
    std = cast(AT, tz=TZ, options={"dst": "standard"})
    assert clock.to_json()["options"]["dst"] == "clock"
    assert std.to_json()["options"]["dst"] == "standard"
    assert clock.to_json()["hour"] != std.to_json()["hour"]
    with pytest.raises(OptionError) as e:
        make_options(dst="summer")
    assert e.value.field == "dst"


def test_shared_cli_flag() -> None:
    """Every method whose Params hold the calendar options offers --dst; one without them does not."""
    from xuanheng.cli.method_cmd import add_arguments
    from xuanheng.methods import registry

    for name, method in registry().items():
        p = argparse.ArgumentParser()
        add_arguments(p, method)
        has = "dst" in method.params.by_name()
        assert ("--dst" in p.format_help()) == has, name
        if has:
            action = next(a for a in p._actions if "--dst" in a.option_strings)
            assert action.dest == "dst"


def test_web_calendar_parameter(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 48)
    with TestClient(create_app(settings)) as client:
        clock = client.post("/api/calendar", json={"at": AT, "tz": TZ}).json()
        std = client.post("/api/calendar", json={"at": AT, "tz": TZ, "dst": "standard"}).json()
        bad = client.post("/api/calendar", json={"at": AT, "tz": TZ, "dst": "summer"})
    assert clock["options"]["dst"] == "clock" and clock["pillars"]["hour"][1] == "丑"
    assert std["options"]["dst"] == "standard" and std["pillars"]["hour"][1] == "子"
    assert bad.status_code == 422


@pytest.mark.parametrize("command", [["calendar"], ["jinkoujue", "--difen", "子"], ["liuren"]])
def test_every_command_takes_dst(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from xuanheng.cli.main import main

    hours = {}
    for dst in ("clock", "standard"):
        assert main([*command, "--at", AT, "--tz", TZ, "--dst", dst, "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["options"]["dst"] == dst
        cal = doc.get("calendar", doc)
        hours[dst] = (cal.get("pillars") or cal)["hour"][-1]
    assert hours == {"clock": "丑", "standard": "子"}


@pytest.mark.parametrize("method", ["jinkoujue", "liuren"])
def test_web_methods_take_dst(method: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 48))
    params = {"at": AT, "tz": TZ, "dst": "standard", "no_reading": "true"}
    if method == "jinkoujue":
        params["difen"] = "子"
    with TestClient(app) as c:
        r = c.get(f"/api/{method}", params=params)
        assert r.status_code == 200, r.text
        assert r.json()["options"]["dst"] == "standard"
        bad = c.get(f"/api/{method}", params={**params, "dst": "summer"})
        assert bad.status_code == 422 and "dst" in bad.text
