"""Issue 30, item 9 — the terminal as a practitioner meets it: every text view wrapped to the terminal's width
(``--width N``; the terminal's own, else 80), no code words on Korean output (the way of casting in words,
rule ids only with ``--ids``) and, with ``--ascii``, no character of ambiguous width (━ ° ′ ″ · → ○ × take
two columns in a CJK terminal)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from tests.conftest import run_cli

from xuanheng.render.text import ascii_safe, fit, width, wrap

AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]
COMMANDS = {
    "liuren": ["liuren", *AT],
    "jinkoujue": ["jinkoujue", *AT, "--difen", "子"],
    "calendar": ["calendar", *AT],
    "liuyao-coins": ["liuyao", *AT, "--coins", "--seed", "850701796"],
    "liuyao-lines": ["liuyao", *AT, "--lines", "789678", "--topic", "財"],
    "liuyao-numbers": ["liuyao", *AT, "--numbers", "3,5"],
    "qizheng": [
        "qizheng",
        "--at",
        "1983-10-27T18:30",
        "--tz",
        "Asia/Shanghai",
        "--lon",
        "116.4",
        "--lat",
        "39.9",
        "--sex",
        "男",
    ],
    "all": ["all", *AT, "--lon", "126.9", "--lat", "37.5"],
}


run = run_cli  # xuanheng ARGV… in this process: (exit status, stdout, stderr)


@pytest.fixture(scope="module")
def outputs() -> dict[tuple[str, str, str], str]:
    """(command, lang, flags) → the text printed."""
    got: dict[tuple[str, str, str], str] = {}
    for name, argv in COMMANDS.items():
        for lang in ("ko", "zh-Hant", "en"):
            for flags in ("", "--ascii", "--ids"):
                if (flags and lang == "zh-Hant") or (flags == "--ids" and name == "all"):
                    continue
                rc, out, err = run([*argv, "--lang", lang, *flags.split()])
                assert rc == 0, (name, lang, err)
                got[(name, lang, flags)] = out
    return got


def test_wrapped_to_80_columns_by_default(outputs: dict[tuple[str, str, str], str]) -> None:
    for key, out in outputs.items():
        too_wide = [ln for ln in out.splitlines() if width(ln) > 80]
        assert not too_wide, (key, too_wide[:3])


def test_width_option(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run([*COMMANDS["qizheng"], "--lang", "ko", "--width", "60"])
    assert rc == 0 and max(width(ln) for ln in out.splitlines()) <= 60
    rc, out, _ = run([*COMMANDS["qizheng"], "--lang", "ko", "--width", "0"])
    assert rc == 0 and max(width(ln) for ln in out.splitlines()) > 200  # 0: as drawn, not wrapped
    monkeypatch.setenv("COLUMNS", "100")  # the terminal's width when none is given
    rc, out, _ = run([*COMMANDS["qizheng"], "--lang", "ko"])
    widths = [width(ln) for ln in out.splitlines()]
    assert max(widths) <= 100 and max(widths) > 80
    rc, _out, err = run([*COMMANDS["liuren"], "--width", "5"])
    assert rc == 2 and "--width" in err


def test_no_code_words_on_korean_output(outputs: dict[tuple[str, str, str], str]) -> None:
    for (name, lang, flags), out in outputs.items():
        if lang != "ko" or flags == "--ids":
            continue
        for ln in out.splitlines():
            if "xuanheng " in ln or ln.lstrip().startswith("--"):  # a command to type, with its flags
                continue
            words = re.findall(
                r"[A-Za-z_]{2,}",
                re.sub(r"Asia/\w+|[+-]\d\d:\d\d|\d+T\d|[\d.]+(?:°|d)[EWNS]|--[\w-]+", "", ln),
            )
            assert not words, (name, ln)
            assert not re.search(r"\[[\w.\-]*\d[\w.\-]*\]", ln), (name, ln)  # [004-023.1], [ge-018]
    assert "기괘 동전" in outputs[("liuyao-coins", "ko", "")]
    assert "시드" in outputs[("liuyao-coins", "ko", "")]


def test_ids_on_request(outputs: dict[tuple[str, str, str], str]) -> None:
    for name in ("liuren", "jinkoujue", "qizheng", "liuyao-lines"):
        shown = outputs[(name, "ko", "--ids")]
        assert re.search(r"\[[\w.\-]*\d[\w.\-]*\]", shown), name
    assert "[003-038]" in outputs[("qizheng", "ko", "--ids")]


def test_ascii_has_no_ambiguous_width(outputs: dict[tuple[str, str, str], str]) -> None:
    for (name, lang, flags), out in outputs.items():
        if flags != "--ascii":
            continue
        odd = {c for c in out if unicodedata.east_asian_width(c) == "A"}
        assert not odd, (name, lang, odd)
    ly = outputs[("liuyao-lines", "ko", "--ascii")]
    assert "=====" in ly and "== ==" in ly and "━" not in ly
    assert "d" in outputs[("qizheng", "en", "--ascii")] and "°" not in outputs[("qizheng", "en", "--ascii")]
    # without --ascii the lines keep their drawing
    assert "━━━━━" in outputs[("liuyao-lines", "ko", "")]


def test_fit_helpers() -> None:
    assert ascii_safe("213°25′48″ ━━ ○ ×") == "213d25'48\" == o x"
    assert wrap("  " + "가" * 50, 40) == ["  " + "가" * 19, "    " + "가" * 18, "    " + "가" * 13]
    assert wrap("short", 40) == ["short"]
    lines = wrap("  alpha beta gamma delta epsilon zeta eta theta iota kappa", 24)
    assert all(width(x) <= 24 for x in lines) and lines[1].startswith("    ")
    assert fit("a\n" + "b " * 60, 30).count("\n") >= 4
    assert fit("x" * 100, 0) == "x" * 100
