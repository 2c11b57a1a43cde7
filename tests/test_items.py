"""The thing asked about (``item``, issue 28): the table against its statements, the judges' choice of 類神,
and every front end (command line, HTTP API, page hints, MCP) accepting a name and refusing a bad one.

Oracles: the twelve animals of the branches as every almanac lists them (子鼠 丑牛 寅虎 卯兔 辰龍 巳蛇 午馬
未羊 申猴 酉雞 戌犬 亥豬), written out here; the seed ids a class cites, read in INVENTORY.tsv (their summary
must name the thing); the rule statements of the judges (the 類神 is the thing's own branch, found in the
三傳 before the 四課; in 金口訣 the position on that branch) re-derived from the chart in the test.
"""

from __future__ import annotations

import csv
import json
import tomllib
from pathlib import Path

import pytest

from xuanheng import jinkoujue, liuren
from xuanheng.errors import InputError
from xuanheng.i18n.messages import localize_error
from xuanheng.reading.judgment import Question

ROOT = Path(__file__).resolve().parents[1]
TABLE = tomllib.loads((ROOT / "src/xuanheng/rules/data/items.toml").read_text("utf-8"))
#: branch → animal, as the almanacs pair them
ANIMALS = dict(zip("子丑寅卯辰巳午未申酉戌亥", "鼠牛虎兔龍蛇馬羊猴雞犬豬", strict=True))
#: the English word the seed's summary uses for each seed-cited thing
SEED_WORDS = {
    "雞": "chicken",
    "鳥": "bird",
    "犬": "dog",
    "豬": "pig",
    "婢": "maid",
    "奴": "servant",
    "金銀": "gold",
    "首飾": "jewellery",
    "鏡": "mirror",
    "刀": "knife",
    "酒": "wine",
    "穀": "grain",
    "印": "seal",
    "鞋": "shoes",
    "鎖鑰": "lock",
    "傘": "umbrella",
    "筆墨": "brush",
    "帽": "hat",
    "衣服": "clothing",
}


def _inventory() -> dict[str, dict[str, str]]:
    path = Path("/work/shared/seeds/INVENTORY.tsv")
    if not path.exists():
        path = ROOT / "src/xuanheng/rules/data/inventory.tsv"
    with path.open(encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f, delimiter="\t")}


def test_animals_sit_on_their_branch() -> None:
    """Each animal of the twelve that the table holds sits on the branch the almanacs give it."""
    by_animal = {a: b for b, a in ANIMALS.items()}
    seen = 0
    for key, e in TABLE["item"].items():
        if key in by_animal:
            assert e["branch"] == by_animal[key], key
            seen += 1
    assert seen >= 9  # 鼠 牛 兔 馬 羊 猴 雞 犬 豬


def test_seed_ids_name_the_thing_and_its_branch() -> None:
    """A class cited to seed 002 (or 000) is one the seed's entry states: the entry names the thing, and an
    entry of seed 002 sits in the section of that branch (登明 亥, 河魁 戌, 從魁 酉)."""
    inv = _inventory()
    section_branch = {"登明(亥)": "亥", "河魁(戌)": "戌", "從魁(酉)": "酉"}
    for key, e in TABLE["item"].items():
        seeds = [s for s in e["src"] if s[:4] in ("002-", "000-")]
        if not seeds:
            assert all("《" in s for s in e["src"]), key  # beyond the seeds: a book and chapter
            continue
        assert all(s in inv for s in seeds), key
        text = " ".join(inv[s]["summary_en"].lower() for s in seeds)
        assert SEED_WORDS[key] in text, (key, seeds)
        for s in seeds:
            if s.startswith("002-") and e.get("branch"):
                assert section_branch[inv[s]["section"]] == e["branch"], (key, s)


def test_names_in_every_language_and_refusal() -> None:
    from xuanheng.rules.items import ITEM_TOPICS, check_item_topic, normalise_item

    typed = {"말": "馬", "Horse": "馬", "马": "馬", " 양 ": "羊", "dog": "犬", "狗": "犬", "귀걸이": "首飾",
             "silver": "金銀", "편지": "書信", "猪": "豬"}  # fmt: skip
    for name, key in typed.items():
        assert normalise_item(name) == key
    with pytest.raises(InputError) as e:
        normalise_item("unicorn")
    assert e.value.code == "item.unknown" and e.value.field == "item"
    assert "물건" in localize_error(e.value, "ko") and "所問之物" in localize_error(e.value, "zh-Hant")
    assert "所问之物" in localize_error(e.value, "zh-Hans")
    assert set(ITEM_TOPICS) == set(TABLE["accept"]["topics"])
    with pytest.raises(InputError) as e:
        check_item_topic("馬", "病")
    assert e.value.code == "item.topic"
    check_item_topic("馬", "失物")
    check_item_topic(None, "病")


# ── the judges ───────────────────────────────────────────────────────────────────────────────────
_CHARTS = [
    ("丁丑", "亥", "申"),
    ("戊子", "酉", "寅"),
    ("甲辰", "戌", "寅"),
    ("庚辰", "酉", "辰"),
    ("甲子", "子", "子"),
]


@pytest.mark.parametrize("coords", _CHARTS)
@pytest.mark.parametrize("name", ["馬", "羊", "犬", "金銀", "鼠"])
def test_liuren_reads_the_things_branch(coords: tuple[str, str, str], name: str) -> None:
    """The 類神 is the thing's branch; where it stands is the first 三傳 holding it, else the first 四課
    upper holding it, else the 天地盤 — re-derived from the chart."""
    from xuanheng.liuren.judgment import judge

    day, yj, hour = coords
    chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
    want = TABLE["item"][name]["branch"]
    j = judge(chart, Question("失物", "自己", name))
    assert j.focus.branch == want
    chuan = [liuren_b(c.branch) for c in chart.san_chuan]
    ke = [liuren_b(k.upper) for k in chart.si_ke]
    if want in chuan:
        where = ("初傳", "中傳", "末傳")[chuan.index(want)]
    elif want in ke:
        where = ("一課", "二課", "三課", "四課")[ke.index(want)]
    else:
        where = "天地盤"
    assert j.focus.facts["place"] == where
    assert j.steps[0].key == "lei.item" and j.steps[0].effect == "="
    assert j.question.item == name and j.to_json("ko")["question"]["item"] == name
    assert 3 <= len(j.steps) <= 9


def liuren_b(b: int) -> str:
    return "子丑寅卯辰巳午未申酉戌亥"[b]


def test_liuren_item_needs_a_topic_that_takes_it() -> None:
    from xuanheng.liuren.judgment import judge

    chart = liuren.cast(day="丁丑", yue_jiang="亥", hour="申")
    with pytest.raises(InputError):
        judge(chart, Question("病", "自己", "馬"))
    # without an item the question and its JSON are as before
    assert "item" not in judge(chart, Question("失物")).to_json("en")["question"]


def test_liuren_money_reads_its_liuqin() -> None:
    """錢 is read as 妻財 (what the day stem overcomes) or 青龍: the focus is a 妻財 branch or carries
    青龍."""
    from xuanheng.core.ganzhi import BRANCH_ELEMENT, STEM_ELEMENT
    from xuanheng.core.guiren import TIAN_JIANG
    from xuanheng.liuren.judgment import judge

    for day, yj, hour in _CHARTS:
        chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
        j = judge(chart, Question("失物", "自己", "錢"))
        b = "子丑寅卯辰巳午未申酉戌亥".index(j.focus.branch)
        cai = (STEM_ELEMENT[chart.day.stem] + 2) % 5  # 木剋土, 火剋金 … (the element order 木火土金水)
        assert BRANCH_ELEMENT[b] == cai or TIAN_JIANG[chart.jiang_on[b]] == "青龍", (day, j.focus)


@pytest.mark.parametrize("difen", list("子丑寅卯辰巳午未申酉戌亥"))
def test_jinkoujue_reads_the_position_on_the_things_branch(difen: str) -> None:
    """金口訣: the 將神 on the thing's branch, else the 地分 on it, is where the thing is read; else the first
    step says it shows nowhere."""
    from xuanheng.jinkoujue.judgment import judge

    chart = jinkoujue.cast(day="丁丑", hour="申", month_branch="寅", year="丙午", yue_jiang="亥", is_day=True,
                           difen=difen)  # fmt: skip
    for name in ("馬", "羊", "犬"):
        want = TABLE["item"][name]["branch"]
        j = judge(chart, Question("六畜", "自己", name))
        first = j.steps[0]
        js = chart.to_json()
        if js["jiang_shen"]["branch"] == want:
            assert (first.key, first.facts["position"]) == ("item.found", "jiang_shen")
        elif difen == want:
            assert (first.key, first.facts["position"]) == ("item.found", "di_fen")
        else:
            assert first.key == "item.absent"


# ── the front ends ───────────────────────────────────────────────────────────────────────────────
def test_cli_accepts_and_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.main import main

    base = ["--day", "丁丑", "--yue-jiang", "亥", "--hour", "申", "--topic", "失物"]
    assert main(["liuren", *base, "--item", "말", "--json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["judgment"]["question"]["item"] == "馬" and js["reading_options"]["item"] == "馬"
    assert js["judgment"]["yong_shen"]["branch"] == "午"
    assert main(["liuren", *base, "--item", "유니콘", "--lang", "ko"]) == 2
    assert "알 수 없는 물건" in capsys.readouterr().err
    jk = ["--day", "丁丑", "--hour", "申", "--month", "寅", "--yue-jiang", "亥", "--year", "丙午",
          "--day-night", "day", "--difen", "午", "--topic", "六畜"]  # fmt: skip
    assert main(["jinkoujue", *jk, "--item", "horse", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["judgment"]["question"]["item"] == "馬"


def test_api_and_page_hints() -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app

    c = TestClient(create_app())
    q = {"day": "丁丑", "yue_jiang": "亥", "hour": "申", "topic": "失物", "item": "sheep", "lang": "en"}
    r = c.get("/api/liuren", params=q)
    assert r.status_code == 200 and r.json()["judgment"]["yong_shen"]["branch"] == "未"
    r = c.get("/api/liuren", params={**q, "item": "unicorn", "lang": "zh-Hant"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "item"
    assert "所問之物" in r.json()["error"]["text"]
    r = c.get("/api/liuren", params={**q, "topic": "病"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "item.topic"
    methods = {m["name"]: m for m in c.get("/api/methods").json()["methods"]}
    for name in ("liuren", "jinkoujue"):
        hint = methods[name]["form"]["item"]
        assert hint["with_question"] and hint["topics"] == TABLE["accept"]["topics"]
        assert {s["value"] for s in hint["suggest"]} == set(TABLE["item"])
        assert all(s["label"]["ko"] for s in hint["suggest"])
    page = (ROOT / "src/xuanheng/web/static/app.js").read_text("utf-8")
    assert "function showTopicFields" in page


def test_mcp_accepts_and_refuses() -> None:
    from xuanheng.mcp.tools import ToolSet

    ts = ToolSet()
    args = {"day": "丁丑", "yue_jiang": "亥", "hour": "申", "topic": "失物", "lang": "ko"}
    doc = ts.call("liuren", {**args, "item": "개"})
    assert doc["judgment"]["question"]["item"] == "犬" and doc["judgment"]["yong_shen"]["branch"] == "戌"
    assert "item" in ts.tools()["liuren"].input_schema["properties"]
    with pytest.raises(InputError):
        ts.call("liuren", {**args, "item": "??"})
