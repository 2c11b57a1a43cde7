"""``xuanheng.mcp`` through the SDK's in-memory client: the tools are made from the registry and each
method's ``Params``; casts answer the JSON of the command line and the HTTP API; bad arguments are tool
errors naming the field; a method registered at run time appears without a change to the MCP code; the
journal tools appear only with a journal.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

mcp = pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

from xuanheng.mcp.server import build_server  # noqa: E402
from xuanheng.mcp.tools import ToolSet  # noqa: E402
from xuanheng.methods import register, registry, unregister  # noqa: E402

Session = Callable[[Client], Awaitable[None]]


def run(body: Session, toolset: ToolSet | None = None, mode: str = "auto") -> None:
    async def go() -> None:
        async with Client(build_server(toolset), mode=mode, raise_exceptions=False) as client:
            await body(client)

    anyio.run(go)


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    text = json.loads(result.content[0].text)
    assert text == result.structured_content  # the text block is the same JSON
    out: dict[str, Any] = result.structured_content
    return out


def test_tools_are_made_from_the_registry() -> None:
    names: list[str] = []

    async def body(c: Client) -> None:
        names.extend(t.name for t in (await c.list_tools()).tools)

    run(body)
    methods = list(registry())
    assert names[: len(methods)] == methods
    assert "reading" in names
    assert {n for n in names if n.startswith("enumerate_")} == {
        f"enumerate_{n}" for n, m in registry().items() if m.enumerate is not None
    }
    assert "enumerate_liuren" in names and "calendar" in names
    assert not [n for n in names if n.startswith("journal_")]  # no journal given


def test_input_schema_is_the_params_declaration() -> None:
    tools: dict[str, Any] = {}

    async def body(c: Client) -> None:
        tools.update({t.name: t for t in (await c.list_tools()).tools})

    run(body)
    for name, method in registry().items():
        tool = tools[name]
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        props = schema["properties"]
        spec = method.params.SPEC
        assert [p.name for p in spec] == [k for k in props if k not in ("lang", "now", "no_reading")]
        assert props["lang"]["enum"] == ["ko", "zh-Hant", "zh-Hans", "en"]
        assert ("no_reading" in props) == method.has_reading
        assert sorted(schema.get("required", [])) == sorted(p.name for p in spec if p.required)
        for p in spec:
            prop = props[p.name]
            assert prop["title"] == p.label.en and p.help in prop["description"]
            assert p.label.ko in prop["description"] and p.label.zh_hant in prop["description"]
            assert prop.get("default") == p.default
            if p.choices:
                entries = prop.get("oneOf") or [e for e in prop["anyOf"] if "const" in e]
                assert [e["const"] for e in entries] == list(p.values)
                for e, c in zip(entries, p.choices, strict=True):
                    assert e["title"] == c.label.en and c.label.ko in e["description"]
                    assert c.src in e["description"]
        assert tool.annotations.read_only_hint is True
    # the Korean calendar option reaches every method's tool, with its source
    for name in registry():
        lc = tools[name].input_schema["properties"]["lunar_calendar"]
        entries = lc.get("oneOf") or [e for e in lc["anyOf"] if "const" in e]  # anyOf: also by name (한국)
        assert [e["const"] for e in entries] == ["chinese", "korean"]
        assert "KASI" in entries[1]["description"] and lc["default"] == "chinese"
    # 大六壬's study parameters say which mode uses them
    assert tools["liuren"].input_schema["properties"]["day"]["x-modes"] == ["study", "enumerate"]


def test_casts_answer_the_cli_and_api_json(
    tmp_path: Path, cli_json: Callable[..., Any], cli_flags: Callable[[dict[str, Any]], list[str]]
) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    cases: list[tuple[str, dict[str, Any]]] = [(n, dict(m.example)) for n, m in registry().items()]
    cases += [
        ("liuren", {"day": "丁卯", "yue_jiang": "亥", "hour": "丑", "lang": "en"}),
        ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申", "lang": "ko"}),
        ("calendar", {"at": "2023-05-19T12:00", "tz": "Asia/Seoul", "lunar_calendar": "korean"}),
        ("liuren", {"at": "2026-03-10T21:30", "tz": "Asia/Shanghai", "topic": "病", "shehai": "mengzhongji"}),
    ]
    got: list[dict[str, Any]] = []

    async def body(c: Client) -> None:
        for name, args in cases:
            got.append(structured(await c.call_tool(name, args)))

    run(body)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 48)
    with TestClient(create_app(settings)) as api:
        for (name, args), doc in zip(cases, got, strict=True):
            assert doc == cli_json(name, *cli_flags(args)), name
            r = api.post(f"/api/{name}", json=args)
            assert r.status_code == 200 and r.json() == doc, name


def test_bad_arguments_are_tool_errors_naming_the_field() -> None:
    calls = [
        ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "x"}, "difen"),
        ("jinkoujue", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}, "difen"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "colour": "red"}, "colour"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "Mars/Olympus"}, "tz"),
        ("calendar", {"at": "not a date", "tz": "UTC"}, "at"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "lon": "east"}, "lon"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "lon": 500, "lat": 0}, "lon"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "lunar_calendar": "japanese"}, "lunar_calendar"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "lang": "fr"}, "lang"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "now": True}, "at"),
        ("calendar", {"at": "2026-03-10T21:00", "tz": "UTC", "now": "yes"}, "now"),
        ("calendar", {"at": ["2026"], "tz": "UTC"}, "at"),
        ("liuren", {"day": "丁卯", "yue_jiang": "亥", "hour": "丑", "tz": "UTC"}, "tz"),
        ("liuren", {"day": "丁卯", "yue_jiang": "亥"}, "hour"),
        ("liuren", {"at": "2026-03-10T21:00", "tz": "UTC", "shehai": "deep"}, "shehai"),
        ("enumerate_liuren", {"at": "2026-03-10T21:00"}, "at"),
        ("enumerate_liuren", {"limit": 0}, "limit"),
        ("reading", {"method": "calendar", "params": {}}, "method"),
        ("reading", {"method": "liuren", "params": "丁卯"}, "params"),
        (
            "reading",
            {"method": "liuren", "params": {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"}, "x": 1},
            "x",
        ),
        ("reading", {"method": "liuren", "params": {"lang": "ko"}}, "params.lang"),
    ]
    results: list[Any] = []

    async def body(c: Client) -> None:
        for name, args, _ in calls:
            results.append(await c.call_tool(name, args))
        with pytest.raises(MCPError) as e:
            await c.call_tool("no_such_tool", {})
        assert "unknown tool" in str(e.value)
        # the server is still there after all that
        assert structured(await c.call_tool("calendar", {"at": "2026-03-10T21:00", "tz": "UTC"}))

    run(body)
    for (name, args, field), r in zip(calls, results, strict=True):
        assert r.is_error, (name, args)
        err = r.structured_content["error"]
        assert err["field"] == field, (name, args, err)
        assert r.content[0].text.startswith(f"{field}: ") and "Traceback" not in r.content[0].text
        assert err["type"] in ("InputError", "OptionError", "OutOfRangeError", "AmbiguousTimeError")


def test_reading_and_enumerate(
    cli_json: Callable[..., Any], cli_flags: Callable[[dict[str, Any]], list[str]]
) -> None:
    out: dict[str, Any] = {}
    params = {"at": "2026-03-10T21:30", "tz": "Asia/Shanghai"}

    async def body(c: Client) -> None:
        out["reading"] = structured(
            await c.call_tool("reading", {"method": "liuren", "params": params, "topic": "病", "lang": "ko"})
        )
        out["jk"] = structured(
            await c.call_tool(
                "reading",
                {"method": "jinkoujue", "params": {**params, "difen": "申"}, "topic": "財", "lang": "en"},
            )
        )
        out["all"] = structured(await c.call_tool("enumerate_liuren", {}))
        out["page"] = structured(await c.call_tool("enumerate_liuren", {"offset": 700, "limit": 50}))
        out["day"] = structured(
            await c.call_tool("enumerate_liuren", {"day": "丁卯", "shehai": "mengzhongji"})
        )

    run(body)
    cli = cli_json("liuren", *cli_flags(params), "--topic", "病", "--lang", "ko")
    assert out["reading"]["reading"] == cli["reading"] and out["reading"]["reading"]
    assert out["reading"]["lang"] == "ko" and out["reading"]["facts"]["ke_ti"]
    jk = cli_json("jinkoujue", *cli_flags(params), "--difen", "申", "--topic", "財", "--lang", "en")
    assert out["jk"]["reading"] == jk["reading"]
    rows = cli_json("liuren", "--enumerate")
    assert out["all"]["total"] == 720 and out["all"]["rows"] == rows
    assert out["page"]["rows"] == rows[700:] and out["page"]["total"] == 720
    one = cli_json("liuren", "--enumerate", "--day", "丁卯", "--shehai", "mengzhongji")
    assert out["day"]["rows"] == one and len(one) == 12


def test_random_draw_records_its_seed() -> None:
    docs: list[dict[str, Any]] = []
    base = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "random"}

    async def body(c: Client) -> None:
        docs.append(structured(await c.call_tool("jinkoujue", base)))
        seed = docs[0]["inputs"]["seed"]
        docs.append(structured(await c.call_tool("jinkoujue", {**base, "seed": seed})))

    run(body)
    assert isinstance(docs[0]["inputs"]["seed"], int)
    assert docs[0] == docs[1]


def test_legacy_handshake_clients_work_too() -> None:
    """The initialize-handshake era over JSON-RPC streams (what today's desktop clients speak)."""
    seen: dict[str, Any] = {}

    async def body(c: Client) -> None:
        seen["names"] = [t.name for t in (await c.list_tools()).tools]
        seen["doc"] = structured(
            await c.call_tool("calendar", {"at": "2024-02-10T12:00", "tz": "Asia/Shanghai"})
        )
        seen["err"] = await c.call_tool("calendar", {"at": "2024-02-10T12:00", "tz": "Nowhere/Land"})

    run(body, mode="legacy")
    assert "liuren" in seen["names"] and seen["doc"]["pillars"]["day"] == "甲辰"
    assert seen["err"].is_error and seen["err"].structured_content["error"]["field"] == "tz"


# ------------------------------------------------------------------------------ a toy method
def toy_method() -> Any:
    from xuanheng.method import Method
    from xuanheng.params import Choice, Param, Params
    from xuanheng.reading import Text

    class ToyParams(Params):
        SPEC = (
            Param(
                "n", "int", Text(ko="수", zh_hant="數", en="number"), "a number 1–9", default=1, ge=1, le=9
            ),
            Param(
                "school",
                "choice",
                Text(ko="학파", zh_hant="家法", en="school"),
                "which school",
                default="a",
                choices=(
                    Choice("a", Text(ko="가", zh_hant="甲家", en="school A"), "《Toy》卷一"),
                    Choice("b", Text(ko="나", zh_hant="乙家", en="school B"), "《Toy》卷二"),
                ),
                option=True,
            ),
        )

    class Chart:
        def __init__(self, p: Any) -> None:
            self.p = p

        def to_json(self) -> dict[str, Any]:
            return {"n": self.p.n, "square": self.p.n**2, "options": {"school": self.p.school}}

    return Method(
        name="toy",
        label=Text(ko="장난감", zh_hant="玩具", en="toy"),
        summary=Text(ko="장난감", zh_hant="玩具", en="a toy method"),
        params=ToyParams,
        cast=Chart,
        facts=lambda doc: {},
        views={"svg": lambda doc, lang: "<svg/>", "text": lambda doc, lang: str(doc)},
        enumerate=lambda p: [{"n": n} for n in range(1, 10)],
    )


def test_a_registered_method_appears_without_touching_the_mcp_code() -> None:
    register(toy_method())
    try:
        seen: dict[str, Any] = {}

        async def body(c: Client) -> None:
            tools = {t.name: t for t in (await c.list_tools()).tools}
            seen["schema"] = tools["toy"].input_schema
            seen["enum"] = "enumerate_toy" in tools
            seen["doc"] = structured(await c.call_tool("toy", {"n": 3, "school": "b"}))
            seen["err"] = await c.call_tool("toy", {"n": 30})
            seen["rows"] = structured(await c.call_tool("enumerate_toy", {"limit": 2}))

        run(body)
        props = seen["schema"]["properties"]
        assert props["n"]["type"] == "integer" and props["n"]["maximum"] == 9 and props["n"]["default"] == 1
        assert [e["const"] for e in props["school"]["oneOf"]] == ["a", "b"]
        assert "《Toy》卷二" in props["school"]["oneOf"][1]["description"]
        assert seen["enum"] and seen["rows"] == {
            "method": "toy",
            "total": 9,
            "offset": 0,
            "rows": [{"n": 1}, {"n": 2}],
        }
        # every document says its language (the one envelope, issue 26)
        assert seen["doc"] == {"n": 3, "square": 9, "options": {"school": "b"}, "lang": "zh-Hant"}
        assert seen["err"].is_error and seen["err"].structured_content["error"]["field"] == "n"
    finally:
        unregister("toy")

    async def after(c: Client) -> None:
        assert "toy" not in [t.name for t in (await c.list_tools()).tools]

    run(after)


# --------------------------------------------------------------------------------- journal
def test_journal_tools_only_with_a_journal(tmp_path: Path) -> None:
    from xuanheng.journal import Journal

    journal = Journal.open(f"sqlite:///{tmp_path / 'j.sqlite3'}", multi_user=False)
    seen: dict[str, Any] = {}
    params = {"at": "2026-03-10T21:30", "tz": "Asia/Shanghai", "lang": "en"}

    async def body(c: Client) -> None:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        seen["names"] = sorted(n for n in tools if n.startswith("journal_"))
        seen["save_hint"] = tools["journal_save"].annotations.read_only_hint
        seen["saved"] = structured(
            await c.call_tool(
                "journal_save",
                {"method": "liuren", "params": params, "question": "病?", "topic": "病", "tags": ["test"]},
            )
        )
        cid = seen["saved"]["id"]
        seen["outcome"] = structured(
            await c.call_tool("journal_outcome", {"case_id": cid, "result": "ying_yan"})
        )
        seen["found"] = structured(await c.call_tool("journal_search", {"tag": "test", "with_chart": True}))
        seen["none"] = structured(await c.call_tool("journal_search", {"outcome": "不驗"}))
        seen["bad_since"] = await c.call_tool("journal_search", {"since": "2026-01-01"})
        seen["bad_case"] = await c.call_tool(
            "journal_outcome", {"case_id": "nope-nope-nope", "result": "應驗"}
        )
        seen["bad_result"] = await c.call_tool("journal_outcome", {"case_id": cid, "result": "maybe"})
        seen["bad_method"] = await c.call_tool("journal_save", {"method": "tarot", "params": {}})
        seen["recast"] = structured(await c.call_tool("liuren", seen["saved"]["inputs"]))

    try:
        run(body, ToolSet(journal))
    finally:
        journal.close()
    assert seen["names"] == ["journal_outcome", "journal_save", "journal_search", "journal_stats"]
    assert seen["save_hint"] is False
    saved = seen["saved"]
    assert saved["method"] == "liuren" and saved["question"] == "病?" and saved["keys"]["ke_ti"]
    assert seen["outcome"]["outcome"]["result"] == "應驗"
    assert seen["found"]["total"] == 1 and seen["none"]["total"] == 0
    stored_chart = seen["found"]["items"][0]["chart"]
    assert stored_chart == seen["recast"]  # the saved inputs recreate the saved chart
    for key, field in (("bad_since", "since"), ("bad_result", "outcome"), ("bad_method", "method")):
        assert seen[key].is_error and seen[key].structured_content["error"]["field"] == field, key
    assert (
        seen["bad_case"].is_error and seen["bad_case"].structured_content["error"]["type"] == "NotFoundError"
    )


def test_journal_save_keeps_the_judgment_and_stats_count_verdicts(tmp_path: Path) -> None:
    """journal_save stores the 六爻 document with its judgment; journal_stats reports by_verdict (an outcome
    says whether the verdict came true, so 應驗 on a bad verdict counts for the bad verdict)."""
    from xuanheng.journal import Journal
    from xuanheng.journal.model import wilson

    journal = Journal.open(f"sqlite:///{tmp_path / 'j.sqlite3'}", multi_user=False)
    seen: dict[str, Any] = {}
    params = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "topic": "財", "lang": "ko"}

    async def body(c: Client) -> None:
        seen["stats_hint"] = {t.name: t for t in (await c.list_tools()).tools}["journal_stats"].annotations
        for lines, result in (("887868", "應驗"), ("887868", "部分"), ("888888", "應驗")):
            saved = structured(
                await c.call_tool(
                    "journal_save", {"method": "liuyao", "params": {**params, "lines": lines}, "topic": "財"}
                )
            )
            await c.call_tool("journal_outcome", {"case_id": saved["id"], "result": result})
        seen["found"] = structured(
            await c.call_tool("journal_search", {"with_chart": True, "order": "oldest"})
        )
        seen["recast"] = structured(await c.call_tool("liuyao", {**params, "lines": "887868"}))
        seen["stats"] = structured(await c.call_tool("journal_stats", {}))
        seen["other"] = structured(await c.call_tool("journal_stats", {"method": "liuren"}))
        seen["bad"] = await c.call_tool("journal_stats", {"when": "now"})

    try:
        run(body, ToolSet(journal))
    finally:
        journal.close()
    assert seen["stats_hint"].read_only_hint is True
    first = seen["found"]["items"][0]
    assert first["chart"]["judgment"] == seen["recast"]["judgment"]
    assert first["keys"]["verdict"] == ["good"] and first["keys"]["verdict_key"] == ["cheng"]
    by = seen["stats"]["by_verdict"]
    assert list(by) == ["good", "bad"]
    assert (by["good"]["ying_yan"], by["good"]["bu_fen"], by["good"]["judged"]) == (1, 1, 2)
    assert by["good"]["interval"] == pytest.approx(list(wilson(1.5, 2)))
    assert (by["bad"]["ying_yan"], by["bad"]["judged"]) == (1, 1)
    assert by["bad"]["interval"] == pytest.approx(list(wilson(1, 1)))
    assert seen["other"]["by_verdict"] == {} and seen["other"]["overall"]["total"] == 0
    assert seen["bad"].is_error


def test_journal_search_at_the_calendars_limits_is_a_tool_error_in_the_callers_language(
    tmp_path: Path,
) -> None:
    from xuanheng.journal import Journal
    from xuanheng.mcp.server import run_tool

    journal = Journal.open(f"sqlite:///{tmp_path / 'j.sqlite3'}", multi_user=False)
    try:
        tools = ToolSet(journal)
        for args in (
            {"since": "0001-01-01T00:00:00+14:00", "lang": "ko"},
            {"until": "9999-12-31T23:59:59-12:00", "date_field": "cast_at", "lang": "ko"},
        ):
            r = run_tool(tools, "journal_search", args)
            err = r.structured_content["error"]  # type: ignore[index]
            assert r.is_error and err["code"] == "journal.time_range" and err["field"] in ("since", "until")
            assert "날짜 범위를 벗어났습니다" in err["text"]
        r = run_tool(tools, "journal_search", {"until": "0.5"})
        assert r.is_error and r.structured_content["error"]["code"] == "journal.bad_timestamp"  # type: ignore[index]
        assert not run_tool(tools, "journal_search", {"lang": "zh-Hant"}).is_error
        # a retried save with the same key stores one case
        save = {"method": "liuren", "params": {"at": "2026-03-10T21:30", "tz": "Asia/Shanghai"}}
        a = run_tool(tools, "journal_save", {**save, "idempotency_key": "k1"}).structured_content
        b = run_tool(tools, "journal_save", {**save, "idempotency_key": "k1"}).structured_content
        assert a["id"] == b["id"] and journal.count_cases(journal.local_user()) == 1  # type: ignore[index]
    finally:
        journal.close()
