"""六爻 and 七政四餘 through MCP (the SDK's in-memory client): both methods joined the registry after the MCP
server was written and appear as tools with no change to ``xuanheng.mcp``; their casts are checked against
oracles written here from the rule statements — the trigrams of the lines (《周易·說卦》), the 梅花 time cast
on the lunar date of peer calendars (lunar-python for China, korean-lunar-calendar for KASI's tables), and the
Sun's longitude from a low-precision solar formula — and equal the library's keyword API and the CLI JSON.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client

from xuanheng.cli.main import main
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.mcp.server import build_server

#: trigrams by their lines from the bottom (1 = yang), 《周易·說卦》; 先天 numbers of the 梅花 cast
TRIGRAM = {
    (1, 1, 1): "乾",
    (1, 1, 0): "兌",
    (1, 0, 1): "離",
    (1, 0, 0): "震",
    (0, 1, 1): "巽",
    (0, 1, 0): "坎",
    (0, 0, 1): "艮",
    (0, 0, 0): "坤",
}
XIANTIAN = {"乾": 1, "兌": 2, "離": 3, "震": 4, "巽": 5, "坎": 6, "艮": 7, "坤": 8}


def calls(*batch: tuple[str, dict[str, Any]]) -> list[Any]:
    out: list[Any] = []

    async def go() -> None:
        async with Client(build_server(), raise_exceptions=False) as c:
            for name, args in batch:
                out.append(await c.call_tool(name, args))

    anyio.run(go)
    return out


def doc(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    assert json.loads(result.content[0].text) == result.structured_content
    out: dict[str, Any] = result.structured_content
    return out


def test_both_methods_are_tools_with_their_options() -> None:
    tools: dict[str, Any] = {}

    async def go() -> None:
        async with Client(build_server()) as c:
            tools.update({t.name: t for t in (await c.list_tools()).tools})

    anyio.run(go)
    from xuanheng.liuyao import METHOD as LIUYAO
    from xuanheng.qizheng import METHOD as QIZHENG

    for m in (LIUYAO, QIZHENG):
        props = tools[m.name].input_schema["properties"]
        assert [p.name for p in m.params.SPEC] == [k for k in props if k not in ("lang", "now", "no_reading")]
        for p in m.params.SPEC:
            if p.choices:
                entries = props[p.name].get("oneOf") or [e for e in props[p.name]["anyOf"] if "const" in e]
                assert [e["const"] for e in entries] == list(p.values), (m.name, p.name)
                assert all(c.src in e["description"] for e, c in zip(entries, p.choices, strict=True))
        assert props["lunar_calendar"]["default"] == "chinese"
    assert tools["liuyao"].input_schema["properties"]["day"]["x-modes"] == ["study"]
    assert tools["qizheng"].input_schema["properties"]["xiu"]["default"] == "jin"


def _trigrams(values: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """(upper, lower) of the 本卦 and of the 變卦: 7 and 9 are yang, 6 and 8 yin; 6 and 9 move."""
    ben = [1 if v in "79" else 0 for v in values]
    bian = [1 - b if v in "69" else b for v, b in zip(values, ben, strict=True)]
    return (
        (TRIGRAM[tuple(ben[3:])], TRIGRAM[tuple(ben[:3])]),
        (TRIGRAM[tuple(bian[3:])], TRIGRAM[tuple(bian[:3])]),
    )


def test_liuyao_lines_give_the_trigrams_of_the_rule() -> None:
    rng = random.Random(15)
    cases = ["887868", "999999", "666666", "787878"] + [
        "".join(rng.choice("6789") for _ in range(6)) for _ in range(12)
    ]
    results = calls(
        *(("liuyao", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "lines": v}) for v in cases)
    )
    for v, r in zip(cases, results, strict=True):
        d = doc(r)
        (bu, bl), (vu, vl) = _trigrams(v)
        assert (d["ben_gua"]["upper"], d["ben_gua"]["lower"]) == (bu, bl), v
        if any(c in "69" for c in v):
            assert (d["bian_gua"]["upper"], d["bian_gua"]["lower"]) == (vu, vl), v
        else:
            assert d["bian_gua"] is None, v
    first = doc(results[0])  # 《周易》: 坤 over 艮 is 地山謙; its 六五 moving gives 水山蹇
    assert first["ben_gua"]["full_name"] == "地山謙" and first["bian_gua"]["full_name"] == "水山蹇"


def _meihua(year_branch: int, month: int, day: int, hour_branch: int) -> tuple[str, str, int]:
    """The 梅花 time cast from the rule statement: upper (year + month + day) mod 8, lower with the hour,
    moving line (the whole sum) mod 6; 0 counts as 8 / 6; year and hour by branch number (子 = 1)."""
    s = year_branch + 1 + month + day
    t = s + hour_branch + 1
    by_number = {n: name for name, n in XIANTIAN.items()}
    return by_number[s % 8 or 8], by_number[t % 8 or 8], t % 6 or 6


def _chart_part(document: dict[str, Any], chart_json: dict[str, Any]) -> dict[str, Any]:
    """The keys of *document* that the keyword API's chart JSON has (the method's document adds its reading
    and, for 七政四餘, the 限 and timeline)."""
    return {k: document[k] for k in chart_json if k in document}


def test_liuyao_time_cast_follows_the_lunar_calendar(cli_json: Callable[..., Any]) -> None:
    from korean_lunar_calendar import KoreanLunarCalendar
    from lunar_python import Solar

    import xuanheng.liuyao

    at = {"at": "2023-05-19T12:00", "tz": "Asia/Seoul", "time": True}
    cn, ko = calls(("liuyao", at), ("liuyao", {**at, "lunar_calendar": "korean"}))
    cn_doc, ko_doc = doc(cn), doc(ko)
    k = KoreanLunarCalendar()
    k.setSolarDate(2023, 5, 19)
    c = Solar.fromYmd(2023, 5, 19).getLunar()
    year_branch = (2023 - 4) % 12  # 癸卯: the lunar year that began in 2023 (both dates are after 正月)
    hour_branch = 6  # 12:00 is 午時
    for d, (month, day) in ((cn_doc, (c.getMonth(), c.getDay())), (ko_doc, (k.lunarMonth, k.lunarDay))):
        lunar = d["cast"]["lunar"]
        assert (lunar["month"], lunar["day"]) == (month, day)
        upper, lower, moving = _meihua(year_branch, month, day, hour_branch)
        assert (d["ben_gua"]["upper"], d["ben_gua"]["lower"]) == (upper, lower)
        assert [i + 1 for i, v in enumerate(d["cast"]["values"]) if v in "69"] == [moving]
    assert (c.getMonth(), c.getDay()) != (k.lunarMonth, k.lunarDay)  # the day the two calendars differ
    # the same documents as the library's keyword API and the command line
    lib = xuanheng.liuyao.cast("2023-05-19T12:00", tz="Asia/Seoul", time=True, lunar_calendar="korean")
    assert _chart_part(ko_doc, lib.to_json()) == lib.to_json()  # the document adds the reading
    flags = [
        "liuyao",
        "--at",
        "2023-05-19T12:00",
        "--tz",
        "Asia/Seoul",
        "--time",
        "--lunar-calendar",
        "korean",
    ]
    assert ko_doc == cli_json(*flags)


def test_liuyao_random_draws_record_their_seed() -> None:
    base = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
    first = doc(calls(("liuyao", {**base, "coins": True}))[0])
    seed = first["cast"]["seed"]
    assert isinstance(seed, int) and first["cast"]["method"] == "coins"
    again, yarrow = calls(
        ("liuyao", {**base, "coins": True, "seed": seed}), ("liuyao", {**base, "yarrow": True, "seed": 7})
    )
    assert doc(again) == first
    assert doc(yarrow)["cast"]["seed"] == 7 and all(v in "6789" for v in doc(yarrow)["cast"]["values"])


def _sun_longitude(when: datetime) -> float:
    """Apparent ecliptic longitude of the Sun, low-precision formula of the Astronomical Almanac (C5;
    about 0.01° in 1950–2050)."""
    n = (when - datetime(2000, 1, 1, 12, tzinfo=UTC)).total_seconds() / 86400.0
    mean = 280.460 + 0.9856474 * n
    g = math.radians(357.528 + 0.9856003 * n)
    return (mean + 1.915 * math.sin(g) + 0.020 * math.sin(2 * g)) % 360.0


def test_qizheng_casts_the_sky(cli_json: Callable[..., Any]) -> None:
    import xuanheng.qizheng

    cases = [
        {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9, "sex": "男"},
        {
            "at": "2023-05-19T12:00",
            "tz": "Asia/Seoul",
            "lon": 126.98,
            "lat": 37.57,
            "lunar_calendar": "korean",
        },
        {"at": "2001-01-01T00:00", "tz": "UTC", "lon": 0.0, "lat": 51.48, "xiu": "gu"},
    ]
    utc = [
        datetime(1983, 10, 27, 10, 30, tzinfo=UTC),
        datetime(2023, 5, 19, 3, tzinfo=UTC),
        datetime(2001, 1, 1, tzinfo=UTC),
    ]
    results = calls(*(("qizheng", c) for c in cases))
    for args, when, r in zip(cases, utc, results, strict=True):
        d = doc(r)
        sun = next(y for y in d["yao"] if y["name"] == "日")
        lon = _sun_longitude(when)
        assert abs((sun["lon"] - lon + 180) % 360 - 180) < 0.02, (args, sun["lon"], lon)
        # the twelve 宮 of the 十二次: 春分 (0°) opens 戌, and the branches run back as the longitude grows
        assert sun["gong"] == BRANCHES[(10 - int(sun["lon"] // 30)) % 12]
        argv = ["qizheng"]
        for k, v in args.items():
            argv += [f"--{k.replace('_', '-')}", str(v)]
        assert d == cli_json(*argv)
    # the Korean calendar reaches the chart's lunar date (三月三十 in Korea, 四月初一 in China)
    assert (
        doc(results[1])["calendar"]["lunar"]["month"] == 3
        and doc(results[1])["calendar"]["lunar"]["day"] == 30
    )
    lib = xuanheng.qizheng.cast("1983-10-27T18:30", tz="+08:00", lon=116.383333, lat=39.9, sex="男")
    natal, life = lib.to_json(), doc(results[0])  # the document adds the reading, the 限 and the timeline,
    for key in ("options", "inputs"):  # and the reading's and 限's options and inputs (on, topic)
        assert natal.pop(key).items() <= life.pop(key).items()
    assert _chart_part(life, natal) == natal


def test_bad_arguments_name_their_field() -> None:
    base = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
    bad = [
        ("liuyao", {**base, "lines": "12345"}, "lines"),
        ("liuyao", {**base, "lines": "887868", "coins": True}, "cast"),
        ("liuyao", base, "cast"),
        ("liuyao", {**base, "lines": "887868", "day": "甲子"}, "day"),
        ("liuyao", {**base, "lines": "887868", "kong": "never"}, "kong"),
        ("liuyao", {**base, "hexagram": "謙", "moving": "9"}, "moving"),
        ("qizheng", {**base, "sex": "x"}, "sex"),
        ("qizheng", {**base, "xiu": "babylonian"}, "xiu"),
        ("qizheng", {"tz": "UTC"}, "at"),
    ]
    for (name, args, field), r in zip(bad, calls(*((n, a) for n, a, _ in bad)), strict=True):
        assert r.is_error, (name, args)
        assert r.structured_content["error"]["field"] == field, (name, args, r.structured_content)
        assert "Traceback" not in r.content[0].text


def _jing_fang_palaces() -> dict[tuple[int, ...], tuple[str, str]]:
    """(palace, type) of every hexagram by 京房's 八宮 rule: from the pure hexagram of a trigram, change
    the lines 初, 二, 三, 四, 五 in turn (一世 … 五世), then change 四 back (遊魂), then restore the inner
    trigram of the palace (歸魂)."""
    out: dict[tuple[int, ...], tuple[str, str]] = {}
    for bits, name in TRIGRAM.items():
        lines = list(bits + bits)
        out[tuple(lines)] = (name, "八純")
        for i, kind in enumerate(("一世", "二世", "三世", "四世", "五世")):
            lines[i] = 1 - lines[i]
            out[tuple(lines)] = (name, kind)
        lines[3] = 1 - lines[3]
        out[tuple(lines)] = (name, "遊魂")
        lines[:3] = bits
        out[tuple(lines)] = (name, "歸魂")
    return out


def test_enumerate_liuyao_is_the_64_gua(
    cli_json: Callable[..., Any], capsys: pytest.CaptureFixture[str]
) -> None:
    every, page, bad, bad_at = calls(
        ("enumerate_liuyao", {}),
        ("enumerate_liuyao", {"offset": 60, "limit": 10}),
        ("enumerate_liuyao", {"lines": "787878"}),
        ("enumerate_liuyao", {"at": "2026-03-10T21:00"}),
    )
    rows = doc(every)["rows"]
    assert doc(every)["total"] == 64 and [r["number"] for r in rows] == list(range(1, 65))
    palaces = _jing_fang_palaces()
    assert len(palaces) == 64
    shi_of_type = {"八純": 6, "一世": 1, "二世": 2, "三世": 3, "四世": 4, "五世": 5, "遊魂": 4, "歸魂": 3}
    for r in rows:
        bits = tuple(1 if line["value"] == 7 else 0 for line in r["lines"])
        assert (r["upper"], r["lower"]) == (TRIGRAM[bits[3:]], TRIGRAM[bits[:3]]), r["full_name"]
        assert (r["palace"], r["type"]) == palaces[bits], r["full_name"]
        assert r["shi"] == shi_of_type[r["type"]] and (r["ying"] - r["shi"]) % 6 == 3, r["full_name"]
        assert not any(line["moving"] for line in r["lines"])
    assert doc(page)["rows"] == rows[60:] and doc(page)["total"] == 64
    assert rows == cli_json("liuyao", "--enumerate")
    for r, field in ((bad, "lines"), (bad_at, "at")):
        assert r.is_error and r.structured_content["error"]["field"] == field
    assert main(["liuyao", "--enumerate"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert len(text) == 64 and text[0].split()[:2] == ["1", "乾為天"]


def test_tool_results_carry_the_envelopes_warnings() -> None:
    """A cast tool answers the document (inputs and warnings at the top, warnings {code, params, text} in
    the asked language); the reading tool passes the same warnings on (issue 26)."""
    from xuanheng.i18n.messages import render
    from xuanheng.mcp.tools import ToolSet

    tools = ToolSet()
    at = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}  # within a minute of the 亥 hour's start
    doc = tools.call("liuren", {**at, "lang": "ko"})
    assert doc["inputs"]["at"] == "2026-03-10T21:00:00+08:00" and doc["inputs"]["tz"] == "Asia/Shanghai"
    assert doc["warnings"] == [
        {"code": "warn.near_hour", "params": {}, "text": render("warn.near_hour", {}, "ko")}
    ]
    read = tools.call("reading", {"method": "liuren", "params": at, "lang": "zh-Hant"})
    assert [w["code"] for w in read["warnings"]] == ["warn.near_hour"]
    assert read["warnings"][0]["text"] == render("warn.near_hour", {}, "zh-Hant")


def test_liuyao_judgment_through_mcp_equals_the_cli() -> None:
    """Issue 27: the 六爻 tool answers the judgment (verdict, 用神, steps, 應期) for the question and whom it
    concerns (about), the same as the command line's --json; a question about a parent reads 父母."""
    args = {
        "at": "2026-03-10T21:00",
        "tz": "Asia/Shanghai",
        "lines": "887868",
        "topic": "病",
        "about": "父母",
    }
    (res,) = calls(("liuyao", {**args, "lang": "ko"}))
    got = doc(res)["judgment"]
    assert got["question"] == {"topic": "病", "about": "父母"}
    assert got["yong_shen"]["liu_qin"] == "父母"
    assert got["verdict"]["polarity"] in ("good", "bad", "mixed") and got["verdict"]["kind"] == "bing"
    assert got["steps"] and got["ying_qi"] and all(k["date"] for k in got["ying_qi"] if k["unit"] == "day")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(["liuyao", "--at", args["at"], "--tz", args["tz"], "--lines", "887868", "--topic", "病",
                   "--about", "父母", "--lang", "ko", "--json"])  # fmt: skip
    assert rc == 0 and json.loads(out.getvalue())["judgment"] == got


def test_qizheng_months_through_mcp_equal_the_cli(cli_json: Callable[..., Any]) -> None:
    """Issue 29 item 1: the 七政 tool with a date answers the twelve 流月 of that year (the document's
    liu_yue and the judgment's month sections), the same as the command line's --json."""
    args = {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.383333, "lat": 39.9, "on": "2026-06-01"}
    (res,) = calls(("qizheng", {**args, "lang": "ko"}))
    got = doc(res)
    assert [r["month"] for r in got["liu_yue"]] == list(range(1, 13))
    months = [s for s in got["judgment"]["sections"] if s["key"].startswith("liu_yue.")]
    assert [s["facts"]["branch"] for s in months] == [r["branch"] for r in got["liu_yue"]]
    argv = ["qizheng", "--lang", "ko"]
    for k, v in args.items():
        argv += [f"--{k}", str(v)]
    cli = cli_json(*argv)
    assert cli["liu_yue"] == got["liu_yue"] and cli["judgment"] == got["judgment"]
