"""The reading on the method contract, end to end: ``xuanheng liuyao`` prints it (``--topic``, ``--lang``,
``--no-reading``, the reading options as flags), ``--json`` and ``/api/liuyao`` answer the same document, the
options reach the reading and are echoed, errors name their field, and the journal indexes the 用神."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng import liuyao
from xuanheng.cli.main import main
from xuanheng.liuyao import METHOD
from xuanheng.liuyao._reading_data import READING_OPTION_NAMES, READING_OPTION_SPECS
from xuanheng.liuyao.reading import reading_json
from xuanheng.web.app import create_app
from xuanheng.web.settings import Settings

AT = ("--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai")
Q = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
#: 既濟 → 小過 on a 癸未 day in the 卯 month: 父母 戊申 on 四爻 (moving), 妻財 hidden under 三爻
LINES = "987698"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(["liuyao", *argv])
    return rc, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> dict[str, Any]:
    rc, out, err = run(*argv, "--json")
    assert rc == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 40, warm_up=False))
    with TestClient(app) as c:
        yield c


def chart() -> liuyao.LiuYaoChart:
    return liuyao.cast("2026-03-10T21:00", tz="Asia/Shanghai", lines=LINES)


# ------------------------------------------------------------------------------------------------ CLI
def test_table_prints_the_reading_around_the_yong_shen() -> None:
    rc, out, _ = run(*AT, "--lines", LINES, "--topic", "家宅", "--ids", "--width", "0")  # lines unwrapped
    assert rc == 0
    # the judgment first (斷: verdict, 用神, steps, 應期), then the fired rules as its commentary
    assert out.index("\n斷\n") < out.index("所據諸條")
    reading = out.split("所據諸條", 1)[1]
    # the 用神 of a house question is 父母 (004-337): 四爻 申 here, the only 父母 line
    assert "用神 父母 四爻 申 (唯一)" in reading and "原神 官鬼" in reading and "忌神 妻財" in reading
    # the 家宅 line table (004-108) laid on the six lines
    assert "爻位（家宅）: 初 井 · 二 灶 · 三 床 · 四 門戶 · 五 人口 · 上 棟宇" in reading
    # grouped as the page groups it: by 用神, 原神, 忌神, 仇神, then the rest of the hexagram, each group
    # once; in the 用神 group its own rules (which line, how strong) first; the question's rules tagged
    # (each heading names its group and, after "：", says what the group is, as the page's labels do)
    heads = [
        ln.strip().split("：")[0].rstrip("〕") + "〕" for ln in reading.splitlines() if ln.startswith(" 〔")
    ]
    order = ["〔用神〕", "〔原神〕", "〔忌神〕", "〔仇神〕", "〔全卦與其餘諸爻〕"]
    assert heads[0] == "〔用神〕" and heads == [h for h in order if h in heads]
    body = reading.split("〔用神", 1)[1].splitlines()[1:]
    assert body[0].startswith("  [yong.select] ")
    rules = reading_json(chart(), "家宅")
    own = [r["id"] for r in rules if r["group"] == "用神" and r["kind"] == "用神"]
    assert [ln.split("]")[0][3:].split()[0] for ln in body[: len(own)]] == own
    # every fired rule of the library's reading is printed once, with its id (and the topic when it is the
    # question's own)
    for r in rules:
        tag = f"[{r['id']} 家宅]" if r["asked"] else f"[{r['id']}]"
        assert reading.count(tag) == 1, r["id"]


def test_no_reading_and_languages() -> None:
    _, plain, _ = run(*AT, "--lines", LINES, "--no-reading")
    assert "斷語" not in plain and "[004-" not in plain
    assert run_json(*AT, "--lines", LINES, "--no-reading")["reading"] == []  # the contract: always the key
    _, ko, _ = run(*AT, "--lines", LINES, "--topic", "가택", "--lang", "ko")
    first_ko = reading_json(chart(), "家宅", "ko")[0]
    assert first_ko["text"] in ko
    _, hans, _ = run(*AT, "--lines", LINES, "--topic", "家宅", "--lang", "zh-Hans")
    assert "用神 父母" in hans and reading_json(chart(), "家宅", "zh-Hans")[0]["text"] in hans


def test_topic_chooses_the_yong_shen() -> None:
    def yong(*argv: str) -> dict[str, Any]:
        doc = run_json(*AT, "--lines", LINES, *argv)
        return next(r["facts"] for r in doc["reading"] if r["id"] == "yong.select")

    assert yong("--topic", "雨")["liu_qin"] == "父母"  # 《增刪卜易》〈天時章〉 父母為雨
    assert yong("--topic", "晴")["liu_qin"] == "子孫"  # 子孫為日月星斗
    assert yong("--topic", "晴", "--qing-yong", "qi_cai")["liu_qin"] == "妻財"  # 黃金策
    assert yong()["yong_shen"] == "世"  # no question: the asker's own line
    # 財 is hidden on this chart: the 伏神 under 三爻
    fu = yong("--topic", "財")
    assert fu["chosen_by"] == "伏神" and fu["under"] == 3 and fu["position"] is None


def test_reading_options_are_flags_reach_the_reading_and_are_echoed() -> None:
    spec = METHOD.params.by_name()
    for s in READING_OPTION_SPECS:
        p = spec[s.name]
        assert p.option and p.default == s.default and list(p.values) == list(s.values), s.name
        assert [c.src for c in p.choices] == [c.src for c in s.choices]
    doc = run_json(*AT, "--lines", LINES, "--topic", "婚", "--sex", "female", "--zhai-ren", "wai_zhai")
    assert set(doc["reading_options"]) == set(READING_OPTION_NAMES)
    assert doc["reading_options"]["sex"] == "female" and doc["reading_options"]["zhai_ren"] == "wai_zhai"
    c = chart()
    assert doc["reading"] == reading_json(c, "婚", "zh-Hant", sex="female", zhai_ren="wai_zhai")
    assert doc["reading"] != reading_json(c, "婚", "zh-Hant")
    sel = next(r["facts"] for r in doc["reading"] if r["id"] == "yong.select")
    assert sel["liu_qin"] == "官鬼"  # a woman asking about marriage reads 官鬼
    # the chart itself does not change with a reading option
    plain = run_json(*AT, "--lines", LINES, "--topic", "婚")
    skip = ("judgment", "reading", "reading_options", "engine_version")
    chart_part = {k: v for k, v in doc.items() if k not in skip}
    assert chart_part == {k: v for k, v in plain.items() if k not in skip}
    assert doc["judgment"]["yong_shen"]["liu_qin"] == "官鬼"  # the judgment reads the same 用神


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (("--sex", "other"), "sex"),
        (("--topic", "no such topic"), "topic"),
        (("--many-moving", "5"), "many_moving"),
    ],
)
def test_cli_errors_name_the_field(argv: tuple[str, ...], field: str) -> None:
    rc, out, err = run(*AT, "--lines", LINES, *argv)
    assert rc == 2 and not out
    assert field in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_installed_command_prints_the_reading() -> None:
    """``python -m xuanheng liuyao`` in a fresh process (what a user types)."""
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "xuanheng",
            "liuyao",
            *AT,
            "--lines",
            LINES,
            "--topic",
            "天時",
            "--lang",
            "en",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert got.returncode == 0, got.stderr
    assert "爻位（天時）" in got.stdout and "用神 父母" in got.stdout
    assert reading_json(chart(), "天時", "en")[0]["text"] in got.stdout


# ------------------------------------------------------------------------------------------------ HTTP
@pytest.mark.parametrize(
    "params",
    [
        {"lines": LINES, "topic": "家宅"},
        {"lines": LINES, "topic": "rain", "lang": "ko"},
        {"lines": LINES, "topic": "農", "shi_ke_ying": "verse_four", "tian_he_table": "tian_he_4"},
        {"day": "丙子", "month": "午", "lines": "887888", "topic": "家宅", "kun_gen_sha": "any_sha"},
    ],
)
def test_http_answers_the_cli_json(client: TestClient, params: dict[str, Any]) -> None:
    q = {**Q, **params} if "day" not in params else params
    argv = [x for k, v in q.items() for x in ("--" + k.replace("_", "-"), str(v))]
    expected = run_json(*argv)
    assert expected["reading"]
    got = client.get("/api/liuyao", params=q)
    assert got.status_code == 200, got.text
    assert got.json() == expected
    posted = client.post("/api/liuyao", json=q)
    assert posted.status_code == 200 and posted.json() == expected


def test_http_errors_and_no_reading(client: TestClient) -> None:
    r = client.get("/api/liuyao", params={**Q, "lines": LINES, "zhai_ren": "up"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "zhai_ren"
    r = client.get("/api/liuyao", params={**Q, "lines": LINES, "topic": "zzz"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "topic"


def test_methods_list_the_reading_options_and_topics(client: TestClient) -> None:
    m = {x["name"]: x for x in client.get("/api/methods").json()["methods"]}["liuyao"]
    text = json.dumps(m, ensure_ascii=False)
    for name in ("yong_shen", "sex", "shi_ke_ying", "zhai_ren", "tian_xi"):
        assert f'"{name}"' in text, name
    assert "《增刪卜易》〈用神章〉" in text  # a choice's source
    assert "天時" in text and "晴" in text  # topic suggestions


# ------------------------------------------------------------------------------------------------ journal
def test_journal_indexes_the_yong_shen(client: TestClient) -> None:
    r = client.post(
        "/api/journal/cases",
        json={"method": "liuyao", "inputs": {**Q, "lines": LINES, "topic": "家宅"}, "topic": "家宅"},
    )
    assert r.status_code == 201, r.text
    case = r.json()
    keys = case["keys"]
    assert keys["yong_shen"] == ["父母"] and keys["yong_shen_by"] == ["唯一"]
    assert {"六神", "家宅", "爻位"} <= set(keys["reading_kind"])
    assert "yong.select" in case["rule_ids"] and "004-108" in case["rule_ids"]
    r = client.post(
        "/api/journal/cases",
        json={"method": "liuyao", "inputs": {**Q, "lines": LINES, "topic": "財"}, "topic": "財"},
    )
    assert r.json()["keys"]["yong_shen"] == ["妻財"] and r.json()["keys"]["yong_shen_by"] == ["伏神"]


# ------------------------------------------------------------------------------------------------ SVG
def test_svg_frames_the_yong_shen_and_lists_the_line_table(client: TestClient) -> None:
    svg = client.get("/api/liuyao/svg", params={**Q, "lines": LINES, "topic": "家宅"}).text
    assert svg.count('class="yong-shen"') == 1
    line4 = svg.split('data-position="4"', 1)[1].split("</g>", 1)[0]
    assert 'class="yong-shen"' in line4  # 父母 戊申 on 四爻
    assert "用神 父母 四爻" in svg and "家宅: 初井 二灶 三床 四門戶 五人口 上棟宇" in svg
    hidden = client.get("/api/liuyao/svg", params={**Q, "lines": LINES, "topic": "財"}).text
    assert 'class="yong-shen"' not in hidden and "用神 妻財 伏 妻財戊午" in hidden
    bare = client.get("/api/liuyao/svg", params={**Q, "lines": LINES, "topic": "家宅", "no_reading": "true"})
    assert bare.status_code == 200 and 'class="yong-shen"' not in bare.text and "用神" not in bare.text
