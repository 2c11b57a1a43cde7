"""A toy method written in the test (tests/toy_method.py) appears in the command line, the HTTP API and its
OpenAPI, the page's method list and the journal, without a change to any of them: a method is one package and
one line (here: one registration)."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import toy_method

from xuanheng import methods
from xuanheng.cli.main import main

HERE = Path(__file__).parent


@pytest.fixture
def toy() -> Iterator[None]:
    methods.register(toy_method.METHOD)
    yield
    methods.unregister("toy")


def _cli(*argv: str) -> tuple[Any, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc: Any = main(list(argv))
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


def test_the_command_line_has_the_toy(toy: None) -> None:
    rc, out, _ = _cli("--help")
    assert rc in (0, None) and "toy" in out and "a toy method of the tests" in out
    rc, out, _ = _cli("toy", "--help")
    assert "--colour" in out and "--n" in out and "red|blue" in out
    rc, out, _ = _cli("toy", "--n", "3", "--colour", "blue", "--json")
    doc = json.loads(out)
    assert rc == 0 and (doc["n"], doc["colour"], doc["lang"]) == (3, "blue", "zh-Hant")
    assert doc["reading"][0]["text"] == "玩具"
    rc, out, _ = _cli("toy", "--n", "3", "--lang", "en")
    assert rc == 0 and out.strip().startswith("toy 3 red")
    rc, _, err = _cli("toy", "--n", "3", "--colour", "green")
    assert rc == 2 and "unknown value 'green' for option colour" in err
    rc, _, err = _cli("toy", "--n", "12")
    assert rc == 2 and "n 12 is out of range" in err


def test_the_api_openapi_and_journal_have_the_toy(toy: None, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="t" * 40))
    with TestClient(app) as c:
        paths = c.get("/openapi.json").json()["paths"]
        assert {"/api/toy", "/api/toy/svg", "/api/toy/render"} <= set(paths)
        listed = {m["name"]: m for m in c.get("/api/methods").json()["methods"]}
        assert listed["toy"]["label"]["ko"] == "장난감" and listed["toy"]["options"] == ["colour"]
        got = c.get("/api/toy", params={"n": 3, "colour": "blue", "lang": "en"}).json()
        _, out, _ = _cli("toy", "--n", "3", "--colour", "blue", "--lang", "en", "--json")
        assert got == json.loads(out)
        assert "toy 3" in c.get("/api/toy/svg", params={"n": 3}).text
        assert c.get("/api/toy", params={"n": 3, "colour": "green"}).status_code == 422
        saved = c.post(
            "/api/journal/cases",
            json={"method": "toy", "inputs": {"n": 4, "colour": "blue"}, "question": "?"},
        )
        assert saved.status_code == 201, saved.text
        case = saved.json()
        assert case["keys"] == {"colour": ["blue"]} and case["rule_ids"] == ["toy-1"]
        stats = c.get("/api/journal/statistics").json()
        assert "toy" in json.dumps(stats)


@pytest.mark.slow  # a browser run: with the slow sweeps in CI
def test_the_page_lists_and_casts_the_toy(tmp_path: Path, serve_app: Any, browser: Any) -> None:
    env = {
        "XUANHENG_METHODS": "toy_method:METHOD",
        "PYTHONPATH": f"{HERE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
    }
    server = serve_app(tmp_path, **env)
    url = next(server)
    try:
        page = browser.new_page(locale="zh-TW")  # the page opens in the browser's language
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        options = page.eval_on_selector_all("#method option", "els => els.map(e => [e.value, e.textContent])")
        assert ["toy", "玩具"] in options
        page.select_option("#method", "toy")
        page.fill("#f-n", "5")
        page.click("#cast-btn")
        page.wait_for_selector("#chart svg text:has-text('toy 5')", state="attached")
        page.close()
    finally:
        server.close()
