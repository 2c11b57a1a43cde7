"""Issue 30 — the command line, the API and the MCP tools as a practitioner meets them (the page's part is
``tests/web/test_browser_issue30.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli

from xuanheng.methods import registry
from xuanheng.reading import LANGS
from xuanheng.rules.variants import entries, rule_key, split_key, with_variants

QZ = {"at": "1983-10-27T18:30", "tz": "Asia/Shanghai", "lon": 116.4, "lat": 39.9, "sex": "男"}
QZ_CLI = ["qizheng", "--at", QZ["at"], "--tz", QZ["tz"], "--lon", "116.4", "--lat", "39.9", "--sex", "男"]


run = run_cli  # xuanheng ARGV… in this process: (exit status, stdout, stderr)


@pytest.fixture(scope="module")
def qz_docs() -> dict[str, dict[str, Any]]:
    m = registry()["qizheng"]
    p = m.make_params(QZ)
    return {lang: m.document(p, lang) for lang in LANGS}


# ------------------------------------------------------------------ 1. statistics by the variant that fired


def test_variant_keys() -> None:
    assert rule_key("003-038", 2) == "003-038#2" and rule_key("003-038", None) == "003-038"
    assert split_key("003-038#2") == ("003-038", 2) and split_key("002-005.ke") == ("002-005.ke", None)


def test_the_fired_variant_is_found_in_every_language(qz_docs: dict[str, dict[str, Any]]) -> None:
    pkg = registry()["qizheng"].package
    assert len(entries(pkg)["003-038"]) == 2
    found = {}
    for lang, doc in qz_docs.items():
        fired = with_variants(pkg, doc["reading"], lang)
        found[lang] = [(r["id"], r.get("variant")) for r in fired]
        assert ("003-038", 2) in found[lang]  # 天蔭 in a 絕 palace: a sickly wife
        # every fired rule of an id with several entries is matched to one of them
        assert all(r.get("variant") for r in fired if len(entries(pkg).get(r["id"], ())) > 1)
    assert len({tuple(v) for v in found.values()}) == 1  # the same variants whatever the language


def test_api_rules_name_a_variant_by_its_own_text(client: Any) -> None:
    r = client.get("/api/rules", params={"ids": "003-038#2,003-038#1,003-038#9", "lang": "ko"}).json()
    assert set(r["rules"]) == {"003-038#1", "003-038#2"}
    assert "사·절" in r["rules"]["003-038#2"]["text"] and "장생" not in r["rules"]["003-038#2"]["text"]
    assert "장생" in r["rules"]["003-038#1"]["text"]
    assert r["rules"]["003-038#2"]["id"] == "003-038" and r["rules"]["003-038#2"]["variant"] == 2


def test_saved_case_counts_the_variant_and_cli_stats_name_it(client: Any, tmp_path: Path) -> None:
    r = client.post("/api/journal/cases", json={"method": "qizheng", "inputs": {**QZ, "lang": "ko"}})
    assert r.status_code == 201, r.text
    assert "003-038#2" in r.json()["rule_ids"] and "003-038" not in r.json()["rule_ids"]
    client.put(f"/api/journal/cases/{r.json()['id']}/outcome", json={"result": "應驗"})
    by_rule = client.get("/api/journal/statistics").json()["by_rule"]
    assert by_rule["003-038#2"]["ying_yan"] == 1 and "003-038#1" not in by_rule
    # the command line: --save keys the variant, and `journal stats` names it by the text that fired
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    rc, _out, err = run([*QZ_CLI, "--lang", "ko", "--save", "--db", db])
    assert rc == 0, err
    rc, out, err = run(["journal", "--db", db, "stats", "--lang", "ko"])
    assert rc == 0, err
    line = next(x for x in out.splitlines() if "003-038" in x)
    assert "사·절" in line and "장생" not in line, line


# ------------------------------------------------------------------ 2. a source that can be read


def test_api_source_names_book_chapter_and_statement(client: Any) -> None:
    r = client.get("/api/sources/003-038", params={"lang": "ko"}).json()
    src = r["source"]
    assert src["book"].startswith("칠정사여") and src["chapter"] == "天蔭" and src["item_kind"] == "judgment"
    assert any("사·절" in t for t in src["statement"]) and "summary" not in src
    # an entry's citations without the English notes beside them
    star = next(e for e in r["entries"] if e["file"] == "data/params.toml")
    assert star["cites"] == ["003-038", "003-053", "003-059"]
    en = client.get("/api/sources/003-038", params={"lang": "en"}).json()["source"]
    assert en["statement"][0].startswith("Read together with 妻妾")  # the inventory's own summary
    ids = "004-017,《六壬大全》卷一〈六親〉,nothing"
    titles = client.get("/api/sources", params={"ids": ids, "lang": "zh-Hant"})
    got = titles.json()["sources"]
    assert got["004-017"]["label"] == "六爻 · 六親發動" and got["004-017"]["chapter"] == "六親發動"
    assert got["《六壬大全》卷一〈六親〉"]["book"] == "六壬大全" and "nothing" not in got


def test_shipped_inventory_matches_its_ids() -> None:
    from xuanheng.rules.sources import inventory_ids, inventory_item

    assert all(inventory_item(i) is not None for i in inventory_ids())


# ------------------------------------------------------------------ 6. errors a practitioner can act on


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "does not exist: 2026-02 has 28 days"),
        ("ko", "달력에 없는 날짜"),
        ("zh-Hant", "並不存在"),
        ("zh-Hans", "并不存在"),
    ],
)
def test_a_day_that_does_not_exist(client: Any, lang: str, words: str) -> None:
    rc, _out, err = run(["liuren", "--at", "2026-02-30T10:00", "--tz", "Asia/Seoul", "--lang", lang])
    assert rc == 2 and words in err and "ISO" not in err, err
    r = client.get("/api/liuren", params={"at": "2026-02-30T10:00", "tz": "Asia/Seoul", "lang": lang})
    assert r.status_code == 422 and words in r.text
    rc, _out, err = run(["liuren", "--at", "2025-02-29T10:00", "--tz", "Asia/Seoul", "--lang", lang])
    assert rc == 2 and "2025-02-29" in err


@pytest.mark.parametrize("lang", ["en", "ko", "zh-Hant", "zh-Hans"])
def test_cli_dst_message_names_the_flag_and_both_times(lang: str) -> None:
    for at, times in (
        ("2026-03-08T02:30", ("2026-03-08T03:30:00-04:00", "2026-03-08T01:30:00-05:00")),
        ("2026-11-01T01:30", ("2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00")),
    ):
        rc, _out, err = run(["liuren", "--at", at, "--tz", "America/New_York", "--lang", lang])
        assert rc == 2 and "--fold 0" in err and "--fold 1" in err, err
        assert all(t in err for t in times), err
        assert "아래" not in err and "below" not in err


def test_mcp_errors_honour_lang() -> None:
    from xuanheng.mcp.server import run_tool
    from xuanheng.mcp.tools import ToolSet

    tools = ToolSet()
    args = {"at": "2026-02-30T10:00", "tz": "Asia/Seoul"}
    ko = run_tool(tools, "liuren", {**args, "lang": "ko"})
    assert ko.is_error and "달력에 없는 날짜" in ko.structured_content["error"]["message"]
    en = run_tool(tools, "liuren", args)
    assert en.is_error and "does not exist" in en.structured_content["error"]["message"]
    zone = run_tool(tools, "liuren", {"at": "2026-03-10T10:00", "tz": "Mars/Base", "lang": "zh-Hant"})
    assert "無法識別的時區" in zone.structured_content["error"]["message"]


# ------------------------------------------------------------------ 7. 七政 without a place: one behaviour


NO_PLACE = [
    ("ko", "태어난 곳이 없어"),
    ("zh-Hant", "未給出生地"),
    ("zh-Hans", "未给出生地"),
    ("en", "no birthplace given"),
]


@pytest.mark.parametrize(("lang", "words"), NO_PLACE)
def test_qizheng_without_a_place_casts_and_says_so(client: Any, lang: str, words: str) -> None:
    argv = ["qizheng", "--at", QZ["at"], "--tz", QZ["tz"], "--sex", "男", "--no-reading", "--width", "0"]
    rc, out, err = run([*argv, "--lang", lang])
    assert rc == 0 and words in out, err
    doc = client.get(
        "/api/qizheng", params={"at": QZ["at"], "tz": QZ["tz"], "sex": "男", "lang": lang}
    ).json()
    assert [w["code"] for w in doc["warnings"]].count("qizheng.warn_no_place") == 1
    assert doc["ascendant"] is None and doc["ming_gong"]["branch"]
    # with a place: the ascendant, and no such warning
    placed = client.get("/api/qizheng", params={**QZ, "lang": lang}).json()
    assert "qizheng.warn_no_place" not in [w["code"] for w in placed["warnings"]]
    # one moment in every method casts it too, with the same warning (it used to demand the place)
    rc, out, err = run(["all", "--at", QZ["at"], "--tz", QZ["tz"], "--lang", lang, "--width", "0"])
    assert rc == 0 and words in out and "--lon" not in out.split(words)[0].rsplit("==", 1)[-1], out
