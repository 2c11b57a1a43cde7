"""`xuanheng calendar --lang`: row labels in each language from the i18n catalogue; default bilingual."""

from __future__ import annotations

import pytest

from xuanheng.cli.main import main
from xuanheng.i18n import label
from xuanheng.reading import LANGS

ARGS = ["calendar", "--at", "2024-02-10T12:00", "--tz", "Asia/Shanghai", "--lon", "116.4", "--lat", "39.9"]
KEYS = [
    "cal.time",
    "cal.solar_time",
    "chart.pillars",
    "cal.prev_jie",
    "cal.next_qi",
    "chart.lunar",
    "cal.sun",
]


@pytest.mark.parametrize("lang", LANGS)
def test_labels_in_the_language_asked(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = [ln.split("  ")[0] for ln in lines]
    for key in KEYS:
        assert label(key, lang) in starts, (key, lang)


def test_korean_table_is_korean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--lang", "KO"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("시각") and "일출/일몰" in out and "甲辰年 丙寅月 甲辰日 庚午時" in out


def test_default_is_bilingual(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGS) == 0
    out = capsys.readouterr().out
    assert out.startswith("時刻 time") and "四柱 pillars" in out


def test_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--lang", "xx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown language 'xx'" in err[0] and "ko" in err[0]
