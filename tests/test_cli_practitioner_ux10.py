"""A practitioner's defects left by branch ux9, each through a real user path (the command line by conftest's
``run_cli``, the HTTP API by FastAPI's TestClient, the MCP tools in memory); every test failed before its fix
(branch ux10).

- a judgment's sources (``--ids``) showed their English glosses to a Korean or Chinese reader, where the page
  already showed the book and chapter alone;
- the refusal of an unknown thing asked about (``--item``) listed the things in hanja only, also to a
  Korean reader;
- a short Hangul hexagram name that several hexagrams share (곤: 坤 and 困) was refused as "not a hexagram
  name", without saying which hexagrams it could mean;
- the 金口訣 text view named a drawn 地分 and its seed in English (``地分 random seed 5``);
- the 七政四餘 judgment's focus line named the 命主 in hanja where its steps say 명주;
- the 金口訣 document's 神煞 carried the developers' English notes to every reader (API, MCP, ``--json``);
- a 六爻 cast without a way of casting (the page's cast pressed before throwing the coins) listed the ways
  by the API's keys alone to a Korean or Chinese reader.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]
LATIN_WORDS = re.compile(r"[A-Za-z]{3,} [A-Za-z]{2,}")


def _client(tmp_path: Path) -> Any:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    return TestClient(create_app(make_settings(tmp_path)))


# ---------------------------------------------------------------------------------- sources' glosses

#: casts whose judgment cited a source with an English gloss before every src was a citation: 金口訣's void
#: 用爻 (〈旬空章〉, read here for the 用爻), 大六壬's question of illness (〈疾病章〉's verse on the horse,
#: read by 占驗七 and 八) and 六爻's question of wealth (the shop of 〈千金賦章〉 whose 世 turned into the 鬼)
GLOSSED = {
    "jinkoujue": ["jinkoujue", *AT, "--difen", "申", "--topic", "財"],
    "liuyao": ["liuyao", *AT, "--hexagram", "天風姤", "--moving", "2", "--topic", "財"],
    "liuren": ["liuren", "--day", "戊辰", "--yue-jiang", "亥", "--hour", "寅", "--topic", "病"],
}


def _step_sources(argv: list[str], lang: str) -> list[str]:
    rc, out, err = run_cli([*argv, "--json", "--lang", lang])
    assert rc == 0, err
    return [s for step in json.loads(out)["judgment"]["steps"] for s in step["src"]]


@pytest.mark.parametrize("method", sorted(GLOSSED))
@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans"])
def test_the_sources_of_a_judgment_show_no_english_gloss(method: str, lang: str) -> None:
    """With ``--ids`` the steps name their sources; to a reader of Korean or Chinese the book and chapter
    without the English note the developers once wrote beside them. Since every ``src`` is a citation alone
    (the note moved to the data's ``note``; tests/test_citations_every_src.py), these casts, chosen when their
    sources carried such a gloss, cite none, and the text view names the book and chapter."""
    from xuanheng.i18n import label

    argv = GLOSSED[method]
    sources = _step_sources(argv, lang)
    assert sources and not [s for s in sources if LATIN_WORDS.search(s)]
    rc, out, err = run_cli([*argv, "--ids", "--lang", lang, "--width", "400"])
    assert rc == 0, err
    # the judgment, between its heading and the commentary's (the labels the text view prints)
    judgment = out.split(f"\n{label('chart.judgment', lang)}\n")[1].split(label("chart.commentary", lang))[0]
    assert not LATIN_WORDS.search(judgment), judgment
    book = next(s for s in sources if s.startswith("《"))
    assert book in judgment  # the book and chapter are named


def test_the_page_and_the_command_line_drop_the_same_glosses() -> None:
    """The page's ``sourceLink`` and the text views drop one pattern (written twice, in two languages)."""
    from xuanheng.i18n import ENGLISH_GLOSS

    app = (Path(__file__).parents[1] / "src/xuanheng/web/static/app.js").read_text("utf-8")
    m = re.search(r"const ENGLISH_GLOSS = /(.+)/g;", app)
    assert m and m.group(1) == ENGLISH_GLOSS.pattern


# ---------------------------------------------------------------------------------- items in Korean

#: a few things and their Korean names, written here from the words a Korean reader uses, not read from the
#: table: the refusal must name each beside its hanja
ITEMS_KO = {"馬": "말", "羊": "양", "犬": "개", "錢": "돈", "鏡": "거울"}
ITEM_REFUSALS = {
    "liuren": ["liuren", *AT, "--topic", "失物", "--item", "자전거"],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "申", "--topic", "失物", "--item", "자전거"],
}


@pytest.mark.parametrize("method", sorted(ITEM_REFUSALS))
def test_an_unknown_item_is_named_in_korean_too(method: str) -> None:
    rc, _, err = run_cli([*ITEM_REFUSALS[method], "--lang", "ko"])
    assert rc == 2 and "자전거" in err, err
    for hanja, ko in ITEMS_KO.items():
        assert f"{hanja}({ko})" in err, err
    rc, _, err = run_cli([*ITEM_REFUSALS[method], "--lang", "zh-Hant"])
    assert rc == 2 and " 馬 羊 " in err and "(말)" not in err, err  # a Chinese reader: the names alone


def test_the_api_names_an_unknown_item_in_korean_too(tmp_path: Path) -> None:
    c = _client(tmp_path)
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "topic": "失物", "item": "자전거", "lang": "ko"}
    r = c.get("/api/liuren", params=q)
    assert r.status_code == 422 and "馬(말)" in r.json()["error"]["text"], r.text


# ---------------------------------------------------------------------------------- a shared Hangul name

#: short Hangul names several hexagrams are read by, and those hexagrams with a full Hangul name of each
#: (the readings of their hanja: 坤 곤, 困 곤; 比 비, 否 비, 賁 비; 乾 건, 蹇 건)
SHARED = {
    "곤": {"坤": "곤위지", "困": "택수곤"},
    "비": {"比": "수지비", "否": "천지비", "賁": "산화비"},
    "건": {"乾": "건위천", "蹇": "수산건"},
}


@pytest.mark.parametrize("short", sorted(SHARED))
def test_a_shared_hangul_name_lists_the_hexagrams_it_may_mean(short: str) -> None:
    rc, _, err = run_cli(["liuyao", *AT, "--hexagram", short, "--lang", "ko"])
    assert rc == 2, err
    for hanja, full in SHARED[short].items():
        assert f"{hanja}({full})" in err, err
        rc2, out, err2 = run_cli(["liuyao", *AT, "--hexagram", full, "--json"])  # the one offered casts
        assert rc2 == 0 and json.loads(out)["ben_gua"]["name"] == hanja, err2
    assert "괘 이름이 아닙니다" not in err  # it is a name: of more than one hexagram
    rc, _, err = run_cli(["liuyao", *AT, "--hexagram", short, "--lang", "zh-Hant"])
    assert rc == 2 and all(h in err for h in SHARED[short]) and "不是卦名" not in err, err
    assert not re.search(r"[가-힣]{2,}", err.replace(short, "")), err  # no Hangul name to a Chinese reader


def test_the_api_and_mcp_list_the_hexagrams_of_a_shared_name(tmp_path: Path) -> None:
    c = _client(tmp_path)
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "hexagram": "곤", "lang": "ko"}
    r = c.get("/api/liuyao", params=q)
    assert r.status_code == 422 and "坤(곤위지)" in r.json()["error"]["text"], r.text
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client

    from xuanheng.mcp.server import build_server

    seen: list[Any] = []

    async def go() -> None:
        async with Client(build_server(), raise_exceptions=False) as cl:
            seen.append(await cl.call_tool("liuyao", q))

    anyio.run(go)
    assert seen[0].is_error and "困(택수곤)" in seen[0].structured_content["error"]["message"], seen[0]


# ---------------------------------------------------------------------------------- the drawn 地分


def test_the_drawn_difen_and_its_seed_are_named_in_the_readers_words() -> None:
    rc, out, err = run_cli(["jinkoujue", *AT, "--difen", "random", "--seed", "5", "--lang", "ko"])
    assert rc == 0, err
    assert "random seed" not in out and "시드" in out and "지분" in out, out
    rc, out, err = run_cli(["jinkoujue", *AT, "--difen", "random", "--seed", "5", "--lang", "zh-Hant"])
    assert rc == 0 and "random" not in out and "種子" in out, out


# ---------------------------------------------------------------------------------- 七政's focus in Korean

BIRTH = ["qizheng", "--at", "1990-01-01T10:00", "--tz", "Asia/Seoul", "--lon", "126.98", "--lat", "37.57"]


@pytest.mark.parametrize(("topic", "ko", "hanja"), [(None, "명주", "命主"), ("財", "주성", "主星")])
def test_the_life_reading_names_what_it_rests_on_in_korean(topic: str | None, ko: str, hanja: str) -> None:
    """The 七政四餘 judgment's focus line named the 命主 (or a topic's 主星) in hanja where its steps say
    명주 (주성) to a Korean reader, as the other methods' focus lines say 용신, 유신, 용효."""
    argv = [*BIRTH, *(["--topic", topic] if topic else [])]
    rc, out, err = run_cli([*argv, "--lang", "ko"])
    assert rc == 0, err
    assert _focus_line(out).startswith(f"  {ko} "), out
    rc, out, err = run_cli([*argv, "--lang", "zh-Hant"])
    assert rc == 0 and _focus_line(out).startswith(f"  {hanja} "), out


def _focus_line(view: str) -> str:
    """The line under the verdict (``  ▶ …``) and its measure (indented further): what the judgment rests on,
    and why."""
    lines = view.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  ▶ "))
    return next(line for line in lines[at + 1 :] if not line.startswith("    "))


# ---------------------------------------------------------------------------------- 金口訣 神煞 notes


def _notes(doc: Any) -> list[str]:
    """Every ``note`` of the document's 神煞."""
    return [h["note"] for h in doc["shensha"] if "note" in h]


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
def test_the_jinkoujue_spirits_carry_no_english_note(lang: str) -> None:
    """The 金口訣 document's 神煞 carried the developers' English notes ("the branch clashing the 月建 …",
    "counted as five steps …") to every reader; they stay in the data file, as the other methods' do."""
    rc, out, err = run_cli(["jinkoujue", *AT, "--difen", "申", "--topic", "財", "--json", "--lang", lang])
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["shensha"] and not _notes(doc), _notes(doc)[:3]


def test_the_api_spirits_carry_no_english_note(tmp_path: Path) -> None:
    c = _client(tmp_path)
    q = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "difen": "申", "lang": "ko"}
    r = c.get("/api/jinkoujue", params=q)
    assert r.status_code == 200 and r.json()["shensha"] and not _notes(r.json()), r.text[:300]


# ---------------------------------------------------------------------------------- no way of casting


@pytest.mark.parametrize(
    ("lang", "words"),
    [("ko", ["손으로 던진 동전", "동전 세 닢", "괘 이름"]), ("zh-Hant", ["親手擲錢", "擲錢", "卦名"])],
)
def test_a_cast_without_a_way_names_the_ways_as_the_page(tmp_path: Path, lang: str, words: list[str]) -> None:
    """A newcomer who picks 六爻 on the page and presses cast before throwing the coins got the API's keys
    alone (``throws=FACES``, ``coins=true [seed=N]``); the refusal now names each way as the page's picker
    does, the key beside it for the API's user. (The command line keeps its flags.)"""
    c = _client(tmp_path)
    r = c.get("/api/liuyao", params={"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "lang": lang})
    text = r.json()["error"]["text"]
    assert r.status_code == 422 and all(w in text for w in words) and "throws=FACES" in text, text
    rc, _, err = run_cli(["liuyao", *AT, "--lang", lang])
    assert rc == 2 and "--throws FACES" in err, err


# ---------------------------------------------------------------------------------- rule ids in the words

RULE_ID = re.compile(r"\b\d{3}-\d{3}\b")


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "en"])
def test_the_life_reading_weighs_its_rules_without_naming_their_ids(lang: str) -> None:
    """The 大象 says which of two conflicting rules prevails (귀격 over 천격, 합격 over the weak 祿主); its
    words named them by inventory id (귀격(003-019、003-020)과 천격 …) where a reader asked for no ids.
    Without ``--ids`` the judgment shows no rule id; with it the ids stand beside the step as its sources."""
    rc, out, err = run_cli([*BIRTH, "--lang", lang, "--width", "400"])
    assert rc == 0, err
    judgment = out.split(f"\n{label_of('chart.judgment', lang)}\n")[1]
    judgment = judgment.split(label_of("chart.commentary", lang))[0]
    assert not RULE_ID.search(judgment), [line for line in judgment.splitlines() if RULE_ID.search(line)]
    rc, out, err = run_cli([*BIRTH, "--lang", lang, "--width", "400", "--ids"])
    assert rc == 0 and "← 003-019; 003-020" in out, out


def label_of(key: str, lang: str) -> str:
    from xuanheng.i18n import label

    return label(key, lang)


# ---------------------------------------------------------------------------------- 六爻's groups in Korean


def test_the_liuyao_commentary_names_its_groups_as_the_page_does() -> None:
    """The 六爻 text view headed the folded commentary's groups 〔用神〕 〔原神〕 … in hanja alone, where the
    page heads them 용신 (用神): 이 물음이 보는 효 …; a Korean reader of the command line reads the same
    words."""
    argv = ["liuyao", *AT, "--coins", "--seed", "699492943", "--topic", "財"]
    rc, out, err = run_cli([*argv, "--lang", "ko"])
    assert rc == 0, err
    assert "〔용신 (用神)" in out and "〔원신 (原神)" in out and "〔用神〕" not in out, out
    rc, out, err = run_cli([*argv, "--lang", "zh-Hant"])
    assert rc == 0 and "〔用神：" in out, out
