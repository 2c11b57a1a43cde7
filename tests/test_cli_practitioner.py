"""The command line of issue 14: ``--save [--question …]`` on every cast command, ``xuanheng journal
list|show|outcome|stats`` on the same database as the page, ``xuanheng all``, ``serve`` on a port in use,
a 月將 fixed by hand in every command, and the 金口訣 生剋 line naming its positions."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import run_cli

from xuanheng.frontend import flags, hints, needed
from xuanheng.methods import registry

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai"]


run = run_cli  # xuanheng ARGV… in this process: (exit status, stdout, stderr)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user data directory of its own: the default journal of the CLI and of the page lives there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("XUANHENG_DB_URL", raising=False)
    return tmp_path


def _inputs_for(name: str) -> list[str]:
    """The flags a cast of *name* at AT needs besides the moment (from its Params, as `all` does)."""
    out: list[str] = []
    m = registry()[name]
    spec = m.params.by_name()
    for k, v in hints(m).moment.items():  # what a cast at one moment gives it (六爻: --time; issue 30)
        p = spec[k]
        out += [flags(m, p)[0]] if p.kind == "bool" and v is True else [flags(m, p)[0], str(v)]
    for p in needed(m):
        v = m.example.get(p.name, "申" if p.kind in ("text", "choice") else "1")
        out += [flags(m, p)[0], str(v)]
    return out


@pytest.mark.parametrize("name", list(registry()))
def test_every_cast_command_saves(home: Path, name: str) -> None:
    rc, out, err = run([name, *AT, *_inputs_for(name), "--save", "--question", f"問 {name}", "--tag", "t1"])
    assert rc == 0, err
    assert out.strip()  # the chart is still printed
    m = re.search(r": ([0-9a-f]{8}) \(sqlite:///(.+)\)", err)
    assert m, err
    assert Path(m.group(2)) == home / "xuanheng" / "journal.sqlite3"
    rc, out, _ = run(["journal", "list", "--json"])
    items = json.loads(out)["items"]
    assert [(c["method"], c["question"], c["tags"]) for c in items] == [(name, f"問 {name}", ["t1"])]
    assert items[0]["cast_time"].startswith("2026-03-10 21:00 +08:00")


def test_save_flags_need_save(home: Path) -> None:
    rc, _, err = run(["liuren", *AT, "--question", "q"])
    assert rc == 2 and "--question belongs to --save" in err


def test_journal_list_show_outcome_stats(home: Path) -> None:
    assert run(["liuren", *AT, "--save", "--question", "財運如何", "--json"])[0] == 0
    assert run(["jinkoujue", *AT, "--difen", "申", "--save", "--question", "出行"])[0] == 0
    rc, out, _ = run(["journal", "list", "--lang", "zh-Hant"])
    assert rc == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["id", "起課時間", "占法"] or "起課時間" in lines[0]
    assert len(lines) == 3 and "六壬金口訣" in lines[1] and "出行" in lines[1] and "大六壬" in lines[2]
    assert "2026-03-10 21:00 +08:00" in lines[1]
    short = lines[2].split()[0]
    assert len(short) == 8
    rc, out, _ = run(["journal", "show", short, "--lang", "ko"])
    assert rc == 0 and "財運如何" in out and "점친 시각: 2026-03-10 21:00 +08:00" in out
    assert "大六壬" in out  # the chart itself follows
    rc, out, _ = run(["journal", "outcome", short, "應驗", "--note", "果然"])
    assert rc == 0 and "應驗" in out
    rc, out, _ = run(["journal", "show", short, "--json"])
    assert json.loads(out)["outcome"]["result"] == "應驗"
    rc, out, _ = run(["journal", "stats", "--lang", "en"])
    assert rc == 0 and "Base rate of the journal: 100% (n = 1" in out and "too few cases" in out
    rc, out, _ = run(["journal", "outcome", short, "--clear"])
    assert rc == 0
    rc, _, err = run(["journal", "show", "zzzz"])
    assert rc == 2 and "no case with id zzzz" in err
    rc, _, err = run(["journal", "show", "zzzz", "--lang", "ko"])
    assert rc == 2 and "사례가 없습니다" in err


def test_the_page_sees_the_cases_the_cli_saved(home: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    assert run(["liuren", *AT, "--save", "--question", "從命令列"])[0] == 0
    settings = Settings.from_env()  # what `xuanheng serve` uses without --db
    with TestClient(create_app(settings)) as c:
        items = c.get("/api/journal/cases").json()["items"]
    assert [i["question"] for i in items] == ["從命令列"]


def test_all_casts_every_method_and_asks_for_what_is_missing() -> None:
    rc, out, _ = run(["all", *AT, "--lang", "en", "--json"])
    assert rc == 0
    parts = {p["name"]: p for p in json.loads(out)["methods"]}
    assert list(parts) == list(registry())
    for name, m in registry().items():
        if needed(m):
            assert [n["name"] for n in parts[name]["needs"]] == [p.name for p in needed(m)]
        else:
            assert "document" in parts[name], parts[name]
    given = [f"{p.name}={m.example.get(p.name, '申')}" for m in registry().values() for p in needed(m)]
    rc, out, _ = run(["all", *AT, *[a for g in dict.fromkeys(given) for a in ("--with", g)]])
    assert rc == 0
    for m in registry().values():
        assert f"== {m.label.get('zh-Hant')} ==" in out
        assert f"xuanheng {m.name} --at 2026-03-10T21:00 --tz Asia/Shanghai" in out  # the full chart


def test_all_says_what_a_registered_method_needs() -> None:
    """A toy method with a required input and one that declares a birth place: both are asked for."""
    from dataclasses import replace

    from xuanheng.frontend import Hints, set_hints
    from xuanheng.methods import register, unregister

    base = registry()["calendar"]
    jk = registry()["jinkoujue"]
    toy = replace(jk, name="toy_needs")
    set_hints(toy, Hints(needs=("lon", "lat")))
    register(toy)
    try:
        rc, out, _ = run(["all", *AT, "--lang", "ko"])
        assert rc == 0
        block = out.split("== ")[-1]
        assert "더 입력할 것" in block and "--difen" in block and "--lon" in block and "--lat" in block
        rc, out, _ = run(["all", *AT, "--lon", "121.5", "--lat", "31.2", "--with", "difen=申"])
        assert rc == 0 and "xuanheng toy_needs --at" in out
    finally:
        unregister("toy_needs")
    assert base is registry()["calendar"]


def test_serve_on_a_port_in_use_is_a_usage_error(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        p = subprocess.run(
            [
                sys.executable,
                "-m",
                "xuanheng",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp_path / 'j.db'}",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": "/usr/bin:/bin", "XUANHENG_SECRET": "s" * 40, "HOME": str(tmp_path)},
        )
    assert p.returncode == 2
    assert "serving" not in p.stdout
    assert p.stderr.strip() == (
        f"xuanheng serve: port {port} on 127.0.0.1 is in use: stop the program that holds it, "
        "or give another --port (0 = any free port)"
    )


@pytest.mark.parametrize("name", [n for n, m in registry().items() if "yue_jiang_rule" in m.params.by_name()])
def test_a_fixed_yue_jiang_in_every_command(name: str) -> None:
    extra = _inputs_for(name)
    rc, out, err = run(
        [name, *AT, *extra, "--jiang", "亥", "--json", "--no-reading"]
        if registry()[name].has_reading
        else [name, *AT, *extra, "--jiang", "亥", "--json"]
    )
    assert rc == 0, err
    rc, out, err = run([name, *AT, *extra, "--yue-jiang-rule", "0", "--json"])
    assert rc == 0, err
    assert '"子"' in out  # 0 is 子, and the chart has it
    rc, _, err = run([name, *AT, *extra, "--yue-jiang-rule", "13"])
    assert rc == 2 and "'13'" in err  # the message quotes what was typed


def test_jinkoujue_relations_say_which_positions() -> None:
    _rc, out, _ = run(["jinkoujue", *AT, "--difen", "申", "--no-reading", "--width", "0"])  # one line
    line = next(x for x in out.splitlines() if x.startswith("生剋"))
    assert "三刑 申刑寅（無恩）(貴神/將神)" in line and "三刑 申刑寅（無恩）(貴神/地分)" in line
    for kind in ("三刑 申刑寅（無恩）", "沖 寅申"):  # each pair of positions once, none without positions
        assert line.count(kind) == 2 and line.count(f"{kind}(") == 2


def _help_paths() -> list[list[str]]:
    """Every command and sub-command of the real parser (``journal stats`` …)."""
    import argparse

    from xuanheng.cli.main import build_parser

    def subs(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                return dict(a.choices)
        return {}

    out: list[list[str]] = []
    for name, p in subs(build_parser()).items():
        out.append([name])
        out += [[name, act] for act in subs(p)]
    return out


@pytest.mark.parametrize("path", _help_paths(), ids=" ".join)
def test_every_help_prints(path: list[str]) -> None:
    """``--help`` of every command and action prints its usage (a stray ``%`` in a help text was a
    traceback)."""
    rc, out, err = run([*path, "--help"])
    assert rc == 0 and out.startswith("usage: xuanheng") and "Traceback" not in err


def test_journal_keeps_the_judgment_and_counts_verdicts_in_ko(home: Path) -> None:
    """``--save`` keeps the 六爻 judgment in the stored document; ``journal stats`` has a table by verdict
    (polarity in the asked language, counts, rate and the Wilson interval of the counts)."""
    from xuanheng.journal.model import wilson

    ids = []
    for lines in ("887868", "887868", "888888"):  # 財: 成 (good), 成 (good), 不成 (bad)
        rc, _, err = run(["liuyao", *AT, "--lines", lines, "--topic", "財", "--save", "--lang", "ko"])
        assert rc == 0, err
        ids.append(re.search(r": ([0-9a-f]{8}) \(", err).group(1))  # type: ignore[union-attr]
    rc, out, _ = run(["journal", "show", ids[0], "--json"])
    chart = json.loads(out)["chart"]
    assert chart["judgment"]["verdict"]["polarity"] == "good"
    assert chart["judgment"]["verdict"]["key"] == "cheng"
    assert json.loads(out)["keys"]["verdict"] == ["good"]
    for cid, result in zip(ids, ("應驗", "不驗", "應驗"), strict=True):
        assert run(["journal", "outcome", cid, result])[0] == 0
    rc, out, _ = run(["journal", "stats", "--lang", "ko"])
    assert rc == 0
    section = out.split("판단별\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert section[0].split() == ["판정", "수", "응험률", "95%", "구간", "전체와", "비교"]
    good, bad = section[1].split(), section[2].split()
    lo, hi = wilson(1, 2)
    assert good[:4] == ["길", "2", "50%", f"{round(lo * 100)}–{round(hi * 100)}%"]
    lo, hi = wilson(1, 1)
    assert bad[:4] == ["흉", "1", "100%", f"{round(lo * 100)}–{round(hi * 100)}%"]
    assert "사례가 너무 적음" in section[1]
    rc, out, _ = run(["journal", "stats", "--json"])
    assert list(json.loads(out)["by_verdict"]) == ["good", "bad"]
