"""The 應期 of a 七政 question of one matter (branch ux6). A practitioner asking about 財 was told "大限
財帛 (92–97歲)" on every chart: the only candidate was the matter's palace's 大限, and 財帛's is always the
last of the twelve, where the 限 timeline ends (ages about 91–105). The 應期 are now the years whose 小限
stands on the matter's palace, from the year asked (else the first after the 童限), never past the end of
the 大限 timeline the document shows.

The oracle is the rule as 《星學大成》卷七〈論洞微行年小限〉 states it, re-derived here: the 小限 of 虛歲 n
stands on the (n − 1) mod 12-th palace counted from 命宮 in the order 命宮, 財帛, 兄弟 … (one palace a year),
changing at the birthday (the default of ``xiao_xian_change``)."""

from __future__ import annotations

import json
from datetime import date

import pytest
from tests.conftest import run_cli

#: the twelve palaces in the order the 小限 walks them, one a year from 命宮
ORDER = ("命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌")

BIRTHS = [
    ("1983-10-27T18:30", "Asia/Shanghai", "116.4", "39.9"),
    ("1970-10-18T04:30", "Asia/Seoul", "127.0", "37.5"),
    ("1989-12-01T21:30", "Asia/Seoul", "127.0", "37.5"),
    ("1945-05-25T00:30", "Asia/Taipei", "121.5", "25.0"),
]


def _xu_sui(birth: date, on: date) -> int:
    """虛歲 by birthdays: 1 until the first birthday."""
    years = on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))
    return years + 1


@pytest.mark.parametrize(("topic", "gong"), [("財", "財帛"), ("官", "官祿")])
@pytest.mark.parametrize("on", [None, "2026-12-07"])
@pytest.mark.parametrize(("at", "tz", "lon", "lat"), BIRTHS)
def test_ying_qi_are_the_years_the_xiao_xian_reaches_the_palace(
    at: str, tz: str, lon: str, lat: str, on: str | None, topic: str, gong: str
) -> None:
    argv = ["qizheng", "--at", at, "--tz", tz, "--lon", lon, "--lat", lat, "--sex", "男", "--topic", topic]
    argv += ["--json", *(["--on", on] if on else [])]
    rc, out, err = run_cli(argv)
    assert rc == 0, err
    doc = json.loads(out)
    birth = date.fromisoformat(at[:10])
    end_age = doc["timeline"]["da_xian"][-1]["end_age"]
    first = _xu_sui(birth, date.fromisoformat(on)) if on else 10
    ying = doc["judgment"]["ying_qi"]
    assert ying, "a question of one matter has its 應期"
    span = [n for n in range(first, 132) if n - 1 < end_age]
    wanted = [n for n in span if ORDER[(n - 1) % 12] == gong]
    # the palace's 大限, where it begins inside the window, stands among them by its first year
    da = next(r for r in doc["timeline"]["da_xian"] if r["gong"] == gong)
    da_age = _xu_sui(birth, date.fromisoformat(da["start"][:10]))
    if da_age >= first:
        wanted = sorted([*wanted, da_age])
    ages = [_xu_sui(birth, date.fromisoformat(y["date"])) for y in ying]
    assert ages == wanted[:3], (ages, wanted[:3])
    assert all(n - 1 < end_age for n in ages)  # inside the 限 timeline the document shows
    assert ages[0] < 90  # not where the timeline ends


@pytest.mark.parametrize(("at", "tz", "lon", "lat"), BIRTHS)
def test_life_ying_qi_with_a_date_are_periods_not_yet_over(at: str, tz: str, lon: str, lat: str) -> None:
    """The life reading's 應期 (the 大限 judged good, else bad) were counted from the birth even when a date
    was asked: the page asks today's, and a practitioner in 2026 read "大限命宮 (0–11歲)" dated 1983. With
    ``on`` they are the 大限 not over by then (the running one first), each the start of a timeline row."""
    on = "2026-12-07"
    argv = ["qizheng", "--at", at, "--tz", tz, "--lon", lon, "--lat", lat, "--sex", "男"]
    rc, out, err = run_cli([*argv, "--on", on, "--json"])
    assert rc == 0, err
    doc = json.loads(out)
    rows = {r["start"][:10]: r for r in doc["timeline"]["da_xian"]}
    for y in doc["judgment"]["ying_qi"]:
        row = rows[y["date"]]  # a 大限 begins on that day
        assert row["end"][:10] > on, (y, row["end"])
