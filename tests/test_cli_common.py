"""The shared command-line arguments (generated for every method from the shared parameters,
``xuanheng.params``): one spelling, one conversion, one error style for every command. Each test below failed
before the shared module (QA findings of the three separately written commands)."""

from __future__ import annotations

import json
import time

import pytest

from xuanheng.cli.main import main
from xuanheng.errors import InputError
from xuanheng.reading import LANGS, Text, check_lang

AT = ["--at", "2026-03-10T21:30", "--tz", "UTC"]
COMMANDS = {
    "calendar": ["calendar", *AT],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "1", "--no-reading"],
    "liuren": ["liuren", *AT, "--no-reading"],
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        rc = main(argv)
    except SystemExit as e:  # argparse errors exit from inside parse_args
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


# ------------------------------------------------------------------ place: bad numbers name the range


@pytest.mark.parametrize("name", list(COMMANDS))
def test_bad_longitude_names_field_and_range(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """jinkoujue used argparse ``type=float``: "invalid float value: 'abc'" without the accepted range."""
    rc, _, err = run([*COMMANDS[name], "--lon", "abc", "--lat", "3"], capsys)
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith(f"xuanheng {name}: lon 'abc'") and "−180 … 180" in err


def test_full_width_longitude_in_jinkoujue(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([*COMMANDS["jinkoujue"], "--lon", "１２１．５", "--lat", "31", "--json"], capsys)
    assert rc == 0 and json.loads(out)["inputs"]["lon"] == 121.5


# ------------------------------------------------------------------ no argparse prefix matching


def test_day_is_not_an_ambiguous_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    """``--day`` was read as a prefix of --day-night / --day-boundary ("ambiguous option"); since issue 28
    it is 金口訣's own study input, read in full (and a command without it refuses it as unrecognized)."""
    rc, _, err = run(["jinkoujue", "--day", "甲丑", "--difen", "1"], capsys)
    assert rc == 2 and "ambiguous" not in err and "study mode needs --day" in err
    rc, _, err = run(["calendar", "--day", "甲丑"], capsys)
    assert rc == 2 and "ambiguous" not in err and "unrecognized arguments: --day 甲丑" in err


@pytest.mark.parametrize("name", list(COMMANDS))
def test_abbreviated_flags_are_refused(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--day-b 00:00`` used to be taken silently as --day-boundary."""
    rc, _, err = run([*COMMANDS[name], "--day-b", "00:00"], capsys)
    assert rc == 2 and "unrecognized arguments: --day-b" in err


# ------------------------------------------------------------------ language in any letter case


CASES = [("KO", "ko"), ("zh-hant", "zh-Hant"), ("ZH_HANS", "zh-Hans"), (" en ", "en"), ("zh-Hant", "zh-Hant")]


@pytest.mark.parametrize(("given", "canonical"), CASES)
def test_check_lang_returns_canonical(given: str, canonical: str) -> None:
    assert check_lang(given) == canonical


@pytest.mark.parametrize("bad", ["kr", "", "zh", "x" * 500])
def test_check_lang_refuses(bad: str) -> None:
    with pytest.raises(InputError) as e:
        check_lang(bad)
    assert e.value.field == "lang" and "ko, zh-Hant, zh-Hans, en" in str(e.value) and len(str(e.value)) < 150


def test_text_get_uses_the_canonical_code() -> None:
    t = Text(ko="가", zh_hant="甲", en="a")
    assert [t.get(x.upper()) for x in LANGS] == ["가", "甲", "甲", "a"]


@pytest.mark.parametrize("name", ["jinkoujue", "liuren"])
def test_lang_upper_case_on_the_command_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang KO`` was refused."""
    argv = [a for a in COMMANDS[name] if a != "--no-reading"]
    rc, out, _ = run([*argv, "--lang", "KO", "--json"], capsys)
    j = json.loads(out)
    assert rc == 0 and j["lang"] == "ko"
    assert j["reading"] and all(any("\uac00" <= c <= "\ud7a3" for c in r["text"]) for r in j["reading"])


# ------------------------------------------------------------------ argparse echoes are capped


def test_choice_error_caps_the_echo(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run([*COMMANDS["liuren"], "--shehai", "x" * 5000], capsys)
    assert rc == 2 and err.count("\n") == 1 and len(err) < 200
    assert "…" in err and "depth, mengzhongji" in err


def test_unrecognized_argument_echo_is_capped(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run([*COMMANDS["calendar"], "y" * 5000], capsys)
    assert rc == 2 and len(err) < 200 and "…" in err


@pytest.mark.parametrize("name", list(COMMANDS))
def test_fold_is_checked_like_other_inputs(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run([*COMMANDS[name], "--fold", "2"], capsys)
    assert rc == 2 and err.startswith(f"xuanheng {name}: fold '2'") and "0 (" in err and "1 (" in err


# ------------------------------------------------------------------ one name for the 月將 rule


def _options_json(name: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    rc, out, err = run([*COMMANDS[name], *argv, "--json"], capsys)
    assert rc == 0, err
    j = json.loads(out)
    opts = j["options"]
    assert isinstance(opts, dict)
    return opts


def test_yue_jiang_rule_aliases_calendar(capsys: pytest.CaptureFixture[str]) -> None:
    seen = [_options_json("calendar", [flag, "jie"], capsys)["yue_jiang"] for flag in
            ("--yue-jiang", "--jiang", "--yue-jiang-rule")]  # fmt: skip
    assert seen == ["jie", "jie", "jie"]


@pytest.mark.parametrize("name", ["jinkoujue", "liuren"])
def test_yue_jiang_rule_alias_methods(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    a = _options_json(name, ["--jiang", "jie"], capsys)
    b = _options_json(name, ["--yue-jiang-rule", "jie"], capsys)
    assert a == b and a != _options_json(name, [], capsys)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_shared_flags_in_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([name, "--help"], capsys)
    assert rc == 0
    for flag in ("--at", "--now", "--tz", "--fold", "--lon", "--lat", "--true-solar", "--day-boundary",
                 "--day-night", "--yue-jiang-rule", "--jiang", "--json"):  # fmt: skip
        assert flag in out, flag
    if name == "liuren":  # --yue-jiang is the study-mode 月將 here, and its help says where the rule went
        assert "study mode" in out and "--yue-jiang-rule (= --jiang)" in " ".join(out.split())


# ------------------------------------------------------------------ --now: this computer's zone


def test_jinkoujue_now_uses_the_computers_zone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``jinkoujue --now`` alone charted the UTC wall clock, unlike calendar and liuren."""
    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    try:
        rc, out, _ = run(["jinkoujue", "--now", "--difen", "1", "--json", "--no-reading"], capsys)
    finally:
        monkeypatch.undo()
        time.tzset()
    j = json.loads(out)
    assert rc == 0 and j["calendar"]["tz"] == "+09:00" and j["calendar"]["instant"].endswith("+09:00")


def test_full_width_difen_number(capsys: pytest.CaptureFixture[str]) -> None:
    """``--difen １`` (full width) was refused, though ``--difen 1`` means 子 (報數, 子 = 1)."""
    rc, out, _ = run(["jinkoujue", *AT, "--difen", "１", "--json", "--no-reading"], capsys)
    assert rc == 0 and json.loads(out)["inputs"]["difen"] == "子"


# ------------------------------------------------------------------ one method's command imports that method

_PROBE = """
import contextlib, io, json, sys
from xuanheng.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    rc = main(sys.argv[1:])
loaded = sorted({m.split(".")[1] for m in sys.modules if m.count(".") >= 1 and m.startswith("xuanheng.")})
print(json.dumps({"rc": rc, "loaded": loaded, "json": out.getvalue().startswith("{")}))
"""


@pytest.mark.parametrize(
    ("argv", "method"),
    [
        (["calendar", *AT, "--json"], "calendar"),
        (["jinkoujue", *AT, "--difen", "1", "--json"], "jinkoujue"),
        (["liuren", *AT, "--json"], "liuren"),
        (["liuyao", *AT, "--lines", "887868", "--json"], "liuyao"),
        (["qizheng", *AT, "--lon", "116.4", "--lat", "39.9", "--json"], "qizheng"),
    ],
)
def test_a_method_command_imports_no_other_method(argv: list[str], method: str) -> None:
    """The command line used to import all five methods to list their names (0.2–0.4 s of CPU before
    every command); a method's own command now imports that method's package and no other."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    assert got["rc"] == 0 and got["json"]
    others = {"calendar", "jinkoujue", "liuren", "liuyao", "qizheng"} - {method}
    assert method in got["loaded"]
    assert not others & set(got["loaded"]), got["loaded"]


# ------------------------------------------------------------------ --svg: the drawing from the command line

SVG_CASTS = {
    "calendar": ["calendar", *AT],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "申"],
    "liuren": ["liuren", *AT, "--topic", "財"],
    "liuyao": ["liuyao", "--day", "甲子", "--month", "寅", "--lines", "887868", "--topic", "財"],
    "qizheng": ["qizheng", *AT, "--lon", "116.4", "--lat", "39.9", "--on", "2026-06-01"],
}


@pytest.mark.parametrize("name", list(SVG_CASTS))
def test_svg_prints_the_drawing_of_the_document(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--svg`` prints what the page draws: the method's SVG view of the very document ``--json`` prints
    (issue 29 item 6: the wheel with its 流曜 ring for ``--on DATE`` reached only the page and the API)."""
    from xuanheng.methods import get

    rc, out, err = run([*SVG_CASTS[name], "--svg", "--lang", "ko"], capsys)
    assert rc == 0, err
    assert out.startswith("<svg") and out.rstrip().endswith("</svg>")
    rc, js, err = run([*SVG_CASTS[name], "--json", "--lang", "ko"], capsys)
    assert rc == 0, err
    assert out.rstrip("\n") == get(name).views["svg"](json.loads(js), "ko")
    if name == "qizheng":  # the transit ring of the date asked (流曜), drawn only with --on
        assert out.count('class="transit-ring"') == 1
        rc, plain, err = run([*SVG_CASTS[name][:-2], "--svg", "--lang", "ko"], capsys)
        assert rc == 0 and 'class="transit-ring"' not in plain


def test_svg_with_json_is_refused_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run([*SVG_CASTS["liuyao"], "--svg", "--json", "--lang", "ko"], capsys)
    assert rc == 2 and not out and err.count("\n") == 1
    assert "--svg" in err and "--json" in err and "함께" in err
