"""The calendar option ``lunar_calendar`` (``chinese`` default, ``korean``) reaches the lunar date of every
front end and every lunar-date-driven rule; 節氣, pillars and 月將 do not move.

Case: 2023-05-19 12:00 in Seoul. The new moon of 2023-05-19 15:53 UTC is 23:53 in China and 00:53 the next
day in Korea (docs/time.md, the table of months where the calendars differ), so the civil day 05-19 is
四月初一 in the Chinese calendar and 三月三十 in the Korean one. The oracles are the peer packages: the
Korean date from ``korean-lunar-calendar`` (KASI's tables), the Chinese one from ``lunar-python``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from xuanheng.errors import OptionError
from xuanheng.time import CalendarOptions, calendar

AT, TZ = "2023-05-19T12:00", "Asia/Seoul"
Y, M, D = 2023, 5, 19


def kasi(y: int, m: int, d: int) -> tuple[int, int, int, bool]:
    kl = pytest.importorskip("korean_lunar_calendar")
    k = kl.KoreanLunarCalendar()
    assert k.setSolarDate(y, m, d)
    return k.lunarYear, k.lunarMonth, k.lunarDay, bool(k.isIntercalation)


def chinese_peer(y: int, m: int, d: int) -> tuple[int, int, int, bool]:
    lp = pytest.importorskip("lunar_python")
    lu = lp.Solar.fromYmd(y, m, d).getLunar()
    return lu.getYear(), abs(lu.getMonth()), lu.getDay(), lu.getMonth() < 0


def lunar_of(doc: dict[str, Any]) -> tuple[int, int, int, bool]:
    lu = doc["lunar"]
    return lu["year"], lu["month"], lu["day"], lu["leap"]


def test_the_case_is_one_where_the_systems_differ() -> None:
    assert kasi(Y, M, D) == (2023, 3, 30, False)
    assert chinese_peer(Y, M, D) == (2023, 4, 1, False)


def test_calendar_follows_the_option_and_nothing_else_moves() -> None:
    cn = calendar(AT, tz=TZ)
    kr = calendar(AT, tz=TZ, options=CalendarOptions(lunar_calendar="korean"))
    assert lunar_of(cn.to_json()) == chinese_peer(Y, M, D)
    assert lunar_of(kr.to_json()) == kasi(Y, M, D)
    assert cn.options.lunar_calendar == "chinese" and kr.to_json()["options"]["lunar_calendar"] == "korean"
    a, b = cn.to_json(), kr.to_json()
    for key in ("pillars", "jieqi", "zhongqi", "yue_jiang", "xun_kong", "day_night", "inputs"):
        assert a[key] == b[key], key
    # a dict of options is accepted too
    assert calendar(AT, tz=TZ, options={"lunar_calendar": "korean"}).lunar == kr.lunar


def test_unknown_system_names_the_field() -> None:
    with pytest.raises(OptionError) as e:
        CalendarOptions(lunar_calendar="japanese")
    assert e.value.field == "lunar_calendar" and "korean" in str(e.value)
    with pytest.raises(OptionError) as e:
        calendar(AT, tz=TZ, options={"lunar_calendar": "x" * 500})
    assert e.value.field == "lunar_calendar" and len(str(e.value)) < 200


def test_override_warning_names_the_clock_of_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2057-09-28 is a Chinese override (new moon 00:00:35 UTC+8 next day; the tables begin the month here)
    cn = calendar("2057-09-28T12:00", tz="Asia/Shanghai")
    assert any("China time" in str(w) for w in cn.warnings)
    kr = calendar("2057-09-28T12:00", tz="Asia/Shanghai", options={"lunar_calendar": "korean"})
    assert not any("published observatory tables" in str(w) for w in kr.warnings)
    # a Korean override (none is needed yet) would warn on Korean standard time, never "China time"
    import sys
    from datetime import date

    cal_mod = sys.modules["xuanheng.time.calendar"]  # the module (the package exports the function)
    day, when = kr.lunar, kr.when
    assert day is not None and when is not None
    start = (when.date().toordinal() - date(1970, 1, 1).toordinal()) - day.day + 1
    monkeypatch.setattr(cal_mod, "month_start_overrides", lambda system: {start: start})
    warned = calendar("2057-09-28T12:00", tz="Asia/Shanghai", options={"lunar_calendar": "korean"})
    msgs = [w for w in warned.warnings if w.code == "warn.lunar_override"]
    assert msgs and all(dict(w.params) == {"clock": "Korean standard time"} for w in msgs)
    assert all("Korean standard time" in str(w) and "China" not in str(w) for w in msgs)
    # the clock's name is said in the reader's language too (a catalogued phrase)
    assert all("한국 표준시" in w.text("ko") and "韓國標準時間" in w.text("zh-Hant") for w in msgs)


def test_the_shared_param_lists_the_systems_with_sources() -> None:
    from xuanheng.frontend import flags
    from xuanheng.methods import registry
    from xuanheng.time.lunar import LUNAR_SYSTEMS

    for method in registry().values():
        p = method.params.param("lunar_calendar")
        assert p.values == LUNAR_SYSTEMS and p.default == "chinese" and p.option
        assert flags(method, p) == ("--lunar-calendar",)
        assert all(c.src and c.label.ko and c.label.zh_hant and c.label.en for c in p.choices)


@pytest.mark.parametrize("command", [["calendar"], ["liuren"], ["jinkoujue", "--difen", "子"]])
def test_every_command_takes_the_flag(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.main import main

    docs = {}
    for system in ("chinese", "korean"):
        assert main([*command, "--at", AT, "--tz", TZ, "--lunar-calendar", system, "--json"]) == 0
        docs[system] = json.loads(capsys.readouterr().out)
    for system, doc in docs.items():
        assert doc["options"]["lunar_calendar"] == system
    if command[0] != "jinkoujue":  # 金口訣 counts no lunar date; its options echo the choice
        cal = {s: (d if command[0] == "calendar" else d["calendar"]) for s, d in docs.items()}
        assert lunar_of(cal["chinese"]) == chinese_peer(Y, M, D)
        assert lunar_of(cal["korean"]) == kasi(Y, M, D)
        assert cal["chinese"]["options"]["lunar_calendar"] == "chinese"
    assert main([*command, "--at", AT, "--tz", TZ, "--lunar-calendar", "japanese"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "lunar_calendar" in err and "korean" in err


def test_text_view_shows_the_korean_date(capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.main import main

    assert main(["calendar", "--at", AT, "--tz", TZ, "--lunar-calendar", "korean"]) == 0
    out = capsys.readouterr().out
    assert "三月三十" in out and "lunar_calendar=korean" in out


def test_web_api(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 48)
    with TestClient(create_app(settings)) as client:
        got = client.get("/api/calendar", params={"at": AT, "tz": TZ, "lunar_calendar": "korean"}).json()
        lr = client.post("/api/liuren", json={"at": AT, "tz": TZ, "lunar_calendar": "korean"}).json()
        default = client.post("/api/calendar", json={"at": AT, "tz": TZ}).json()
        bad = client.post("/api/calendar", json={"at": AT, "tz": TZ, "lunar_calendar": "lunar"})
        described = client.get("/api/methods").json()
    assert lunar_of(got) == kasi(Y, M, D) and got["options"]["lunar_calendar"] == "korean"
    assert lunar_of(lr["calendar"]) == kasi(Y, M, D) and lr["options"]["lunar_calendar"] == "korean"
    assert lunar_of(default) == chinese_peer(Y, M, D)
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "lunar_calendar"
    assert len(described["methods"]) >= 3
    for m in described["methods"]:
        p = next(x for x in m["params"] if x["name"] == "lunar_calendar")
        assert [c["value"] for c in p["choices"]] == ["chinese", "korean"] and all(
            c["src"] for c in p["choices"]
        )


# 梅花 time cast of 六爻 (seed 004; docs/liuyao.md): year branch number + lunar month + lunar day → upper
# trigram, + hour branch number → lower trigram and moving line. Written here from the rule statement.
XIANTIAN_LINES = {  # 先天 number → trigram lines 初 → 上 (1 = yang)
    1: (1, 1, 1),  # 乾
    2: (1, 1, 0),  # 兌
    3: (1, 0, 1),  # 離
    4: (1, 0, 0),  # 震
    5: (0, 1, 1),  # 巽
    6: (0, 1, 0),  # 坎
    7: (0, 0, 1),  # 艮
    8: (0, 0, 0),  # 坤
}


def meihua_values(year_branch: int, month: int, day: int, hour_branch: int) -> str:
    y, h = year_branch + 1, hour_branch + 1  # 子 = 1 … 亥 = 12
    upper = (y + month + day) % 8 or 8
    lower = (y + month + day + h) % 8 or 8
    moving = (y + month + day + h) % 6 or 6
    lines = XIANTIAN_LINES[lower] + XIANTIAN_LINES[upper]
    return "".join(
        ("9" if yang else "6") if i + 1 == moving else ("7" if yang else "8") for i, yang in enumerate(lines)
    )


@pytest.mark.parametrize("system", ["chinese", "korean"])
def test_liuyao_time_cast_counts_the_chosen_lunar_date(system: str) -> None:
    from xuanheng import liuyao

    chart = liuyao.cast(AT, tz=TZ, time=True, lunar_calendar=system)
    doc = chart.to_json()
    year, month, day, leap = kasi(Y, M, D) if system == "korean" else chinese_peer(Y, M, D)
    assert not leap
    # 2023 is a 卯 year (branch 3); 12:00 is the 午 hour (branch 6)
    assert doc["cast"]["lunar"] == {"year": year, "month": month, "day": day, "leap": False}
    assert doc["cast"]["numbers"] == [4, month, day, 7]
    assert doc["cast"]["values"] == meihua_values(3, month, day, 6)
    assert doc["options"]["lunar_calendar"] == system


def test_liuyao_the_two_systems_give_different_hexagrams() -> None:
    from xuanheng import liuyao

    cn = liuyao.cast(AT, tz=TZ, time=True).to_json()
    kr = liuyao.cast(AT, tz=TZ, time=True, options={"lunar_calendar": "korean"}).to_json()
    assert cn["cast"]["values"] != kr["cast"]["values"]
    # a cast that counts no lunar date is the same in both systems (fast path and plain path alike)
    a = liuyao.cast(AT, tz=TZ, lines="787878").to_json()
    b = liuyao.cast(AT, tz=TZ, lines="787878", lunar_calendar="korean").to_json()
    a.pop("options"), b.pop("options")
    assert a == b
    with pytest.raises(OptionError) as e:
        liuyao.cast(AT, tz=TZ, time=True, lunar_calendar="kr")
    assert e.value.field == "lunar_calendar"


def test_qizheng_time_rules_follow_the_lunar_date() -> None:
    from xuanheng import qizheng

    cn = qizheng.cast(AT, tz=TZ, lon=126.98, lat=37.57, sex="male").to_json()
    kr = qizheng.cast(
        AT, tz=TZ, lon=126.98, lat=37.57, sex="male", calendar_options={"lunar_calendar": "korean"}
    ).to_json()
    assert lunar_of(cn["calendar"]) == chinese_peer(Y, M, D)
    assert lunar_of(kr["calendar"]) == kasi(Y, M, D)
    assert cn["time_rules"]["moonrise"]["lunar_day"] == 1 and kr["time_rules"]["moonrise"]["lunar_day"] == 30
