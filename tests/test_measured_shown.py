"""How far each method's verdict can be trusted, shown where the verdict is read (issues 27, 28, 29).

``src/xuanheng/reading/data/measured.toml`` is written by scripts/accuracy.py from the casebooks (its
staleness is checked with docs/accuracy.md in tests/test_accuracy_page.py). These tests read that file
themselves and look for its figures where a reader meets the verdict: the command line's text view (the
line right under the verdict, in Korean and Chinese), ``/api/methods`` (each method's ``measured``, through
FastAPI's TestClient) and the MCP cast tools' descriptions. The percentages are re-derived here from the
file's counts. The page is tested in a browser in tests/web/test_browser_measured.py.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
with (ROOT / "src" / "xuanheng" / "reading" / "data" / "measured.toml").open("rb") as _f:
    FIGURES: dict[str, dict[str, Any]] = tomllib.load(_f)

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul", "--width", "400"]
#: a cast with a question of each method, as a user types it
CASTS = {
    "liuyao": ["liuyao", *AT, "--lines", "887868", "--topic", "財"],
    "liuren": ["liuren", *AT, "--topic", "財"],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "申", "--topic", "財"],
    "qizheng": ["qizheng", *AT[2:], "--at", "1990-01-01T10:00", "--lon", "127", "--lat", "37.5"],
}
#: the verdict each method's line names as the always-this baseline, as the file keys it, in each language
BASE_WORDS = {
    "ko": {
        "good": "길",
        "bad": "흉",
        "mixed": "반길반흉",
        "shang_ge": "상격",
        "zhong_ge": "중격",
        "xia_ge": "하격",
    },
    "zh-Hant": {
        "good": "吉",
        "bad": "凶",
        "mixed": "吉凶參半",
        "shang_ge": "上格",
        "zhong_ge": "中格",
        "xia_ge": "下格",
    },
}


def _pct(agreed: int, cases: int) -> int:
    return round(100 * agreed / cases)


def _figures_in(line: str, m: dict[str, Any], lang: str) -> None:
    """Every figure of method *m* appears in *line*: the verdict's cases, agreed and share, the baseline's
    share with the verdict it always gives, and each [agreed, cases] figure."""
    assert str(m["cases"]) in line and str(m["agreed"]) in line, line
    assert f"{_pct(m['agreed'], m['cases'])}%" in line, line
    assert f"{_pct(m['baseline_agreed'], m['cases'])}%" in line, line
    assert BASE_WORDS[lang][m["baseline"]] in line, line
    for key in ("yong_shen", "yong_yao", "ying_qi", "ge_ju", "xian"):
        if key in m:
            assert f"{m[key][0]}/{m[key][1]}" in line, (key, line)


def test_the_file_measures_each_method_on_its_split() -> None:
    """Blind where that split is big enough, else holdout (金口訣's blind split holds one case, 七政's
    four)."""
    assert set(FIGURES) == {"liuyao", "liuren", "jinkoujue", "qizheng"}
    assert FIGURES["liuyao"]["split"] == FIGURES["liuren"]["split"] == "blind"
    assert FIGURES["jinkoujue"]["split"] == FIGURES["qizheng"]["split"] == "holdout"
    for m in FIGURES.values():
        assert 0 <= m["agreed"] <= m["cases"] and 0 <= m["baseline_agreed"] <= m["cases"]


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
@pytest.mark.parametrize("method", list(CASTS))
def test_the_text_view_shows_the_measure_under_the_verdict(method: str, lang: str) -> None:
    rc, out, err = run_cli([*CASTS[method], "--lang", lang])
    assert rc == 0, err
    lines = out.splitlines()
    at = next(i for i, s in enumerate(lines) if s.lstrip().startswith("▶"))
    _figures_in(lines[at + 1], FIGURES[method], lang)
    split_words = {
        "ko": {"blind": "처음 보는", "holdout": "조정에 쓰지 않은"},
        "zh-Hant": {"blind": "未曾研讀", "holdout": "未用於調校"},
    }
    assert split_words[lang][FIGURES[method]["split"]] in lines[at + 1]


def test_api_methods_gives_each_method_its_measure(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    with TestClient(create_app(make_settings(tmp_path))) as client:
        got = {m["name"]: m for m in client.get("/api/methods").json()["methods"]}
    for name, m in FIGURES.items():
        measured = got[name]["measured"]
        assert {k: v for k, v in measured.items() if k != "text"} == m
        assert set(measured["text"]) == {"ko", "zh-Hant", "zh-Hans", "en"}
        for lang in ("ko", "zh-Hant"):
            _figures_in(measured["text"][lang], m, lang)
    assert got["calendar"]["measured"] is None


def test_the_mcp_cast_tools_say_the_measure() -> None:
    from xuanheng.mcp.tools import ToolSet

    tools = ToolSet().tools()
    for name, m in FIGURES.items():
        text = tools[name].description
        assert f"{m['agreed']} of {m['cases']}" in text and f"({_pct(m['agreed'], m['cases'])}%)" in text
