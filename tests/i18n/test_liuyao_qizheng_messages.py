"""Every refusal and warning of 六爻 and 七政四餘 is said in the reader's language (issue 14).

A sweep over bad inputs of each way in (the command line, the HTTP API, the Python API): each error is known
to the message catalogue (a code and parameters whose English template gives back the library's English text
byte for byte), and in Korean and Chinese no English sentence is left in it. The warnings are cast so that
each fires."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.errors import XuanhengError
from xuanheng.i18n import messages

#: English words of a sentence (flags, option values and the user's own text are not words here)
ENGLISH = re.compile(
    r"\b(the|is|not|give|given|expected|accepted|needs|need|with|only|or|of|and|must|unknown|goes|does|use|"
    r"none|there|missing|study|mode|should|number|valid|input|cast|rule|date|instant|latitude|option)\b",
    re.IGNORECASE,
)
_NOT_WORDS = re.compile(
    r"\b[a-z]+(?:\.[a-z_]+)+|--?[a-z][a-z_-]*|'[^']*'|[a-z_]+=[A-Za-z_]*|\b[a-z]+_[a-z_]+\b|YYYY-MM-DD|ISO|JD"
)
LANGS = ("ko", "zh-Hant")
AT = ["--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai"]
SEOUL = ["--lon", "126.98", "--lat", "37.57"]
POLAR = ["--at", "2026-12-21T21:00", "--tz", "UTC", "--lon", "20", "--lat", "89"]

#: (method, argv) that each meet a different raise site
CLI_CASES: list[tuple[str, list[str]]] = [
    ("liuyao", AT),  # no way of casting
    ("liuyao", [*AT, "--lines", "887868", "--coins"]),  # two ways
    ("liuyao", [*AT, "--lines", "申"]),
    ("liuyao", [*AT, "--lines", "8878"]),
    ("liuyao", [*AT, "--lines", "887865"]),
    ("liuyao", [*AT, "--hexagram", "XX"]),
    ("liuyao", [*AT, "--hexagram", "乾", "--moving", "9"]),
    ("liuyao", [*AT, "--throws", "背背"]),
    ("liuyao", [*AT, "--numbers", "0,1"]),
    ("liuyao", [*AT, "--coins", "--seed", "-1"]),
    ("liuyao", [*AT, "--lines", "887868", "--seed", "3"]),
    ("liuyao", [*AT, "--lines", "887868", "--moving", "1"]),
    ("liuyao", [*AT, "--lines", "887868", "--day", "甲子"]),
    ("liuyao", ["--lines", "887868"]),
    ("liuyao", ["--lines", "887868", "--day", "甲子"]),
    ("liuyao", ["--lines", "887868", "--day", "XX", "--month", "寅"]),
    ("liuyao", ["--lines", "887868", "--day", "甲子", "--month", "XX"]),
    ("liuyao", ["--time", "--day", "甲子", "--month", "寅"]),
    ("liuyao", ["--numbers", "3,5", "--numbers-moving", "sum_and_hour", "--day", "甲子", "--month", "寅"]),
    ("qizheng", ["--lon", "126.98"]),  # no instant
    ("qizheng", [*AT, *SEOUL, "--sex", "x"]),
    ("qizheng", [*AT, *SEOUL, "--on", "xx"]),
    ("qizheng", [*AT, *SEOUL, "--on", "1900-01-01"]),
    ("qizheng", [*AT, *SEOUL, "--on", "3000-01-01"]),  # the ephemeris range
    ("qizheng", [*AT, "--lon", "20", "--lat", "80", "--ming-gong", "asc"]),  # polar ascendant
    ("qizheng", [*AT, "--ming-gong", "sunrise"]),  # needs the birthplace
    ("qizheng", [*POLAR, "--ming-gong", "sunrise"]),
    ("qizheng", [*POLAR, "--shen-gong", "sunset"]),
    ("qizheng", [*POLAR, "--shen-gong", "moonrise"]),
]

#: (method, query) of the HTTP API, each a different raise site or a malformed value
API_CASES: list[tuple[str, dict[str, str]]] = [
    ("liuyao", {"lines": "887865"}),
    ("liuyao", {"lines": "887868", "coins": "true"}),
    ("liuyao", {"coins": "xx"}),
    ("liuyao", {"coins": "true", "seed": "abc"}),
    ("liuyao", {"lines": "887868", "kong": "xx"}),
    ("liuyao", {"throws": "背背"}),
    ("liuyao", {"lines": "887868", "day": "甲子"}),
    ("qizheng", {"on": "xx", "lon": "126.98", "lat": "37.57"}),
    ("qizheng", {"lon": "1", "lat": "100"}),
    ("qizheng", {"lon": "abc", "lat": "1"}),
    ("qizheng", {"sex": "x"}),
    ("qizheng", {"ming_gong": "asc", "lon": "20", "lat": "80"}),
]


def _cli(argv: list[str]) -> tuple[int, str, str]:
    from xuanheng.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:
            rc = int(e.code or 0)
    return rc, out.getvalue(), err.getvalue()


def _english_words(text: str) -> list[str]:
    return ENGLISH.findall(_NOT_WORDS.sub(" ", text))


def _check(english: str, localized: dict[str, str]) -> None:
    found = messages.identify(english)
    assert found is not None, f"not in the catalogue: {english}"
    assert messages.render(found[0], found[1], "en") == english
    for lang, text in localized.items():
        assert text != english, (lang, english)
        assert not _english_words(text), (lang, text, _english_words(text))


@pytest.mark.parametrize(("method", "argv"), CLI_CASES, ids=[" ".join(a[-3:]) for _, a in CLI_CASES])
def test_cli_refusals_in_korean_and_chinese(method: str, argv: list[str]) -> None:
    rc, _, err = _cli([method, *argv, "--lang", "en"])
    assert rc == 2, err
    english = err.strip().split(": ", 1)[1]
    got = {}
    for lang in LANGS:
        rc, _, err = _cli([method, *argv, "--lang", lang])
        assert rc == 2
        got[lang] = err.strip().split(": ", 1)[1]
    _check(english, got)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from tests.web.conftest import make_settings

    from xuanheng.web.app import create_app

    path: Path = tmp_path_factory.mktemp("web")
    with TestClient(create_app(make_settings(path))) as c:
        yield c


def test_api_refusals_in_korean_and_chinese(client: TestClient) -> None:
    for method, q in API_CASES:
        query = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", **q}
        en = client.get(f"/api/{method}", params=query).json()["error"]
        assert en.get("code"), (method, q, en)
        # the English is the catalogue's (an error carrying its code may share its English with another
        # code's: the time core's value.out_of_range reads as value.int_out_of_range's template too)
        found = messages.identify(en["message"])
        assert found is not None and messages.render(found[0], found[1], "en") == en["message"], en
        assert found[0] == en["code"] or en["code"] in messages.codes(), en
        for lang in LANGS:
            e = client.get(f"/api/{method}", params={**query, "lang": lang}).json()["error"]
            assert e["code"] == en["code"] and e["message"] == en["message"]
            assert e["text"] != e["message"] and not _english_words(e["text"]), (lang, e["text"])


def _raises(fn: Callable[[], Any]) -> XuanhengError:
    try:
        fn()
    except XuanhengError as e:
        return e
    raise AssertionError("no error")


def _library_cases() -> list[Callable[[], Any]]:
    from xuanheng import liuyao
    from xuanheng.liuyao import ways
    from xuanheng.liuyao.options import make_options
    from xuanheng.liuyao.reading import reading
    from xuanheng.qizheng import cast as qz_cast
    from xuanheng.qizheng import spirits, xian
    from xuanheng.qizheng.options import validate

    at = "2026-03-10T21:00"
    chart = qz_cast(at, tz="Asia/Shanghai", lon=126.98, lat=37.57)
    return [
        lambda: liuyao.cast(at, tz="Asia/Shanghai"),
        lambda: liuyao.cast(at, tz="Asia/Shanghai", hexagram="乾", moving="1", lines="887868"),
        lambda: liuyao.cast(at, tz="Asia/Shanghai", lines="887868", moving="1"),
        lambda: liuyao.cast(at, tz="Asia/Shanghai", lines="887868", seed=1),
        lambda: liuyao.cast(at, tz="Asia/Shanghai", coins=True),
        lambda: liuyao.cast(day="XX", month="寅", lines="887868"),
        lambda: liuyao.cast(day="甲子", month="XX", lines="887868"),
        lambda: ways.coin_value("背背"),
        lambda: make_options(kong="xx"),
        lambda: make_options(nosuch="day"),
        lambda: make_options(options=3),  # type: ignore[arg-type]
        lambda: reading(3),  # type: ignore[arg-type]
        lambda: validate({"xiu": "xx"}),
        lambda: validate({"nosuch": "xx"}),
        lambda: xian.xian(chart, "xx"),
        lambda: xian.xian(chart, 3),  # type: ignore[arg-type]
        lambda: xian.timeline(chart, years=0),
        lambda: spirits.options_key({"nosuch": 1}),
        lambda: spirits.yao_index("X"),
    ]


def test_library_refusals_are_catalogued() -> None:
    for fn in _library_cases():
        e = _raises(fn)
        code, _params = messages.describe(e)
        assert code is not None, str(e)
        for lang in LANGS:
            text = messages.localize_error(e, lang)
            assert text != str(e) and not _english_words(text), (lang, text)


def test_warnings_of_both_methods_are_said_in_the_readers_language() -> None:
    from xuanheng import liuyao
    from xuanheng.qizheng import cast as qz_cast
    from xuanheng.qizheng import xian

    warnings: list[messages.ChartWarning] = []
    # a leap month (閏六月 of 2025) in the 梅花 time cast
    warnings += liuyao.cast("2025-07-30T10:00", tz="Asia/Shanghai", time=True).warnings
    polar = qz_cast("2026-03-10T21:00", tz="UTC", lon=20.0, lat=80.0)
    warnings += polar.warnings
    old = qz_cast("1900-03-10T21:00", tz="Asia/Shanghai", lon=126.98, lat=37.57)
    beyond = xian.xian(old, "2030-01-01", with_liu_yao=False)
    assert beyond["warning"]["code"] == "qizheng.warn_beyond_xian"
    warnings.append(messages.warning(beyond["warning"]["code"], **beyond["warning"]["params"]))
    from xuanheng.qizheng.spirits import _WARN_DAY

    warnings.append(_WARN_DAY)
    own = [w for w in warnings if w.code not in messages.codes()]
    assert not own, own
    assert any("閏" in str(w) for w in warnings) and any("polar" in str(w) for w in warnings)
    for w in warnings:
        for lang in LANGS:
            assert not _english_words(w.text(lang)), (lang, w)
