"""Every command-line failure is one line on stderr, in the language of ``--lang``, and exit status 2 —
never a traceback (issue 31): a sweep of malformed calls over the four methods, ``calendar``, ``journal``
and ``all``, in English and Korean, run in-process through :func:`xuanheng.cli.main.main`.

It failed before on 11 of its calls: ``all`` with an unreadable instant, an unknown zone or a longitude out
of range printed one error card per method on standard output and nothing on stderr; ``all --with difen``
said its refusal in English only; ``journal stats`` and ``journal list`` took a ``--method`` that names no
method and no case and answered an empty table with status 0."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xuanheng.cli.main import main

AT = ["--at", "2026-03-10T21:30", "--tz", "Asia/Seoul"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")

#: malformed calls of every command (the journal's are completed with --db by the test)
CALLS: dict[str, list[str]] = {
    # the shared instant and place, on each method and the calendar
    **{
        f"{m}-{what}": [m, *argv]
        for m in ("jinkoujue", "liuren", "liuyao", "qizheng", "calendar")
        for what, argv in {
            "bad-date": ["--at", "2026-13-45T25:00", "--tz", "UTC"],
            "not-a-date": ["--at", "yesterday", "--tz", "UTC"],
            "bad-zone": ["--at", "2026-03-10T21:30", "--tz", "Mars/Olympus"],
            "bad-offset": ["--at", "2026-03-10T21:30", "--tz", "+25:00"],
            "bad-fold": [*AT, "--fold", "7"],
            "bad-lon": [*AT, "--lon", "abc", "--lat", "30"],
            "lat-out-of-range": [*AT, "--lon", "120", "--lat", "95"],
            "unknown-option": [*AT, "--frobnicate"],
            "bad-choice": [*AT, "--day-boundary", "12:00"],
            "bad-width": [*AT, "--width", "wide"],
            "at-and-now": [*AT, "--now"],
        }.items()
    },
    "calendar-no-instant": ["calendar"],
    # each method's own inputs
    "jinkoujue-bad-difen": ["jinkoujue", *AT, "--difen", "寅寅"],
    "jinkoujue-no-difen": ["jinkoujue", *AT],
    "jinkoujue-bad-day": ["jinkoujue", "--day", "甲子子", "--difen", "1"],
    "liuren-bad-day": ["liuren", "--day", "xx", "--hour", "子"],
    "liuren-bad-hour": ["liuren", "--day", "甲子", "--hour", "九"],
    "liuyao-bad-lines": ["liuyao", *AT, "--lines", "12345"],
    "liuyao-lines-too-long": ["liuyao", *AT, "--lines", "8878689"],
    "liuyao-bad-hexagram": ["liuyao", *AT, "--hexagram", "nothing"],
    "liuyao-bad-moving": ["liuyao", *AT, "--hexagram", "乾", "--moving", "9"],
    "liuyao-bad-throws": ["liuyao", *AT, "--coins", "--throws", "7"],
    "liuyao-bad-numbers": ["liuyao", *AT, "--numbers", "a,b"],
    "liuyao-bad-seed": ["liuyao", *AT, "--coins", "--seed", "x"],
    "liuyao-coins-and-yarrow": ["liuyao", *AT, "--coins", "--yarrow"],
    "qizheng-bad-years": ["qizheng", *AT, "--years", "-3"],
    "qizheng-bad-on": ["qizheng", *AT, "--on", "someday"],
    "qizheng-bad-sex": ["qizheng", *AT, "--sex", "x"],
    # all
    "all-bad-date": ["all", "--at", "abc", "--tz", "UTC"],
    "all-bad-zone": ["all", "--at", "2026-03-10T21:30", "--tz", "Nowhere/City"],
    "all-no-instant": ["all", "--tz", "UTC"],
    "all-bad-with": ["all", *AT, "--with", "difen"],
    "all-bad-lon": ["all", *AT, "--lon", "999", "--lat", "0"],
    "all-unknown-option": ["all", *AT, "--frobnicate"],
    # journal
    "journal-show-missing": ["journal", "show", "deadbeefdeadbeef"],
    "journal-show-short": ["journal", "show", "ab"],
    "journal-show-no-id": ["journal", "show"],
    "journal-outcome-missing": ["journal", "outcome", "deadbeefdeadbeef", "應驗"],
    "journal-outcome-bad-result": ["journal", "outcome", "deadbeefdeadbeef", "maybe"],
    "journal-list-bad-limit": ["journal", "list", "--limit", "x"],
    "journal-list-limit-range": ["journal", "list", "--limit", "0"],
    "journal-list-bad-outcome": ["journal", "list", "--outcome", "maybe"],
    "journal-export-missing-folder": ["journal", "export", "-o", "/nonexistent/dir/f"],
    "journal-export-unwritable": ["journal", "export", "-o", "/proc/xuanheng-export.json"],
    "journal-export-to-a-folder": ["journal", "export", "-o", "/"],
    "journal-export-missing-user": ["journal", "export", "--user", "nobody"],
    "journal-import-missing": ["journal", "import", "/nonexistent/cases.json"],
    "journal-import-malformed": ["journal", "import", "{malformed}"],
    "journal-import-not-an-export": ["journal", "import", "{not_export}"],
    "journal-import-a-folder": ["journal", "import", "/"],
    "journal-import-bad-conflict": ["journal", "import", "{malformed}", "--on-conflict", "merge"],
    "journal-stats-bad-method": ["journal", "stats", "--method", "tarot"],
    "journal-list-bad-method": ["journal", "list", "--method", "liuyo"],
    "journal-unknown-action": ["journal", "frobnicate"],
    "journal-remove-missing-user": ["journal", "remove-user", "nobody"],
    "journal-bad-db": ["journal", "list", "--db", "nosuchdriver://x"],
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("sweep")
    (d / "malformed.json").write_text("{ this is not json", encoding="utf-8")
    (d / "not_export.json").write_text('{"cases": 3, "format": "something else"}', encoding="utf-8")
    return {
        "malformed": str(d / "malformed.json"),
        "not_export": str(d / "not_export.json"),
        "db": f"sqlite:///{d / 'j.sqlite3'}",
    }


def _argv(name: str, lang: str, files: dict[str, str]) -> list[str]:
    argv = [a.format(**files) if a.startswith("{") else a for a in CALLS[name]]
    if argv[0] == "journal" and "--db" not in argv:
        argv[1:1] = ["--db", files["db"]]
    return [*argv, "--lang", lang]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("name", list(CALLS))
def test_failure_is_one_line_and_status_2(
    name: str,
    lang: str,
    files: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115
    try:
        rc = main(_argv(name, lang, files))
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    assert rc == 2, (rc, out[:300], err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("xuanheng"), err
    if lang == "ko":
        assert HANGUL.search(lines[0]), err
