"""The one document envelope (issue 26, part 4): every method's document — and the calendar's — carries what
the cast was given under the top-level ``inputs`` and what a reader should check under the top-level
``warnings``, each warning ``{code, params, text}`` with a code of the message catalogue
(``i18n/data/messages.toml``) worded in all four languages and its text in the document's language.

The warnings are raised for real, by instants chosen from the rules that state them (``time/calendar.py``):
within a minute of 立春 (the 節 that opens the year), a wall time on summer time (New York in July), a polar
day (latitude 80° N at the June solstice, 晝夜 by the Sun), a date before the Gregorian reform."""

from __future__ import annotations

from typing import Any

import pytest

from xuanheng import SCHEMA_VERSION
from xuanheng.i18n import messages
from xuanheng.methods import registry
from xuanheng.reading import LANGS

#: (instant, zone, place and options, codes the calendar must raise for it)
CASES: list[tuple[str, str, dict[str, Any], set[str]]] = [
    # 立春 2024: 2024-02-04 16:27 +08:00 (Hong Kong Observatory's table), so within a minute of it
    ("2024-02-04T16:27:20", "Asia/Shanghai", {}, {"warn.near_lichun"}),
    # New York keeps summer time in July (EDT = UTC−4): the days are counted on that clock
    ("2025-07-15T12:00", "America/New_York", {"lon": -74.0, "lat": 40.7}, {"warn.dst_clock"}),
    (
        "2025-07-15T12:00",
        "America/New_York",
        {"lon": -74.0, "lat": 40.7, "dst": "standard"},
        {"warn.dst_standard"},
    ),
    # at 80° N the Sun does not set at the June solstice
    ("2026-06-21T12:00", "UTC", {"lon": 20.0, "lat": 80.0, "day_night": "sun"}, {"warn.polar_day"}),
    ("1500-03-01T12:00", "UTC", {"lon": 116.4, "lat": 39.9}, {"warn.julian"}),
]


def _documents() -> list[tuple[str, str, set[str], dict[str, Any]]]:
    out = []
    for name, method in registry().items():
        accepted = method.params.by_name()
        for at, tz, extra, codes in CASES:
            kw = {**method.example, "at": at, "tz": tz}
            kw.update({k: v for k, v in extra.items() if k in accepted})
            # a code stated by an option the method does not take (晝夜 by the Sun) is not asked of it
            wanted = codes if all(k in accepted for k in extra if k not in ("lon", "lat")) else set()
            for lang in LANGS:
                out.append((name, lang, wanted, method.document(method.params(**kw), lang)))
    return out


@pytest.fixture(scope="module")
def documents() -> list[tuple[str, str, set[str], dict[str, Any]]]:
    return _documents()


def _check_warning(w: Any, lang: str) -> None:
    assert isinstance(w, dict) and set(w) == {"code", "params", "text"}, w
    code, params = w["code"], w["params"]
    assert code in messages.codes(), code
    for each in ("en", "ko", "zh-Hant", "zh-Hans"):
        assert messages.template(code, each), (code, each)
        assert messages.render(code, params, each), (code, each, params)
    assert w["text"] == messages.render(code, params, lang), (lang, w)
    if lang != "en":
        assert w["text"] != messages.render(code, params, "en"), (lang, w)


def test_every_document_has_its_inputs_and_warnings_at_the_top(documents: list[Any]) -> None:
    names = set()
    for name, lang, _wanted, doc in documents:
        names.add(name)
        assert isinstance(doc["inputs"], dict) and doc["inputs"], (name, doc.keys())
        assert "input" not in doc, name
        assert isinstance(doc["warnings"], list), name
        assert doc["lang"] == lang and doc["schema_version"] == SCHEMA_VERSION, name
        # the instant the cast was given, with its offset, where every front end reads it
        assert str(doc["inputs"]["at"])[19:] in ("+08:00", "-04:00", "+00:00"), (name, doc["inputs"])
        for w in doc["warnings"]:
            _check_warning(w, lang)
        nested = doc.get("calendar")
        if isinstance(nested, dict) and "warnings" in nested:  # a calendar document inside a method's
            assert "input" not in nested, name
            for w in nested["warnings"]:
                _check_warning(w, lang)
    assert {"calendar", "jinkoujue", "liuren", "liuyao", "qizheng"} <= names


def test_the_warnings_are_raised_for_real(documents: list[Any]) -> None:
    for name, lang, wanted, doc in documents:
        got = {w["code"] for w in doc["warnings"]}
        assert wanted <= got, (name, lang, wanted, got)
    raised = {w["code"] for *_, doc in documents for w in doc["warnings"]}
    assert {
        "warn.near_lichun",
        "warn.dst_clock",
        "warn.dst_standard",
        "warn.polar_day",
        "warn.julian",
    } <= raised


def test_the_english_text_is_the_one_the_library_says() -> None:
    """``to_json()`` says a warning in English (the library default); ``str(warning)`` is that text."""
    from xuanheng.time import calendar

    cal = calendar("2024-02-04T16:27:20", tz="Asia/Shanghai")
    (w,) = [w for w in cal.warnings if w.code == "warn.near_lichun"]
    p = dict(w.params)
    assert set(p) == {"gap", "term", "at"} and p["term"] == "立春" and 0 <= p["gap"] < 60
    assert p["at"].startswith("2024-02-04T16:27:") and p["at"].endswith("+08:00")
    # the English wording the library wrote before warnings had codes
    said = (
        f"within {p['gap']} s of 立春 ({p['at']}): the year and month pillar changes there; "
        "check the input time"
    )
    assert str(w) == w.text("en") == said
    assert cal.to_json()["warnings"] == [w.to_json("en") for w in cal.warnings]
    assert "입력 시각을 확인하세요" in w.text("ko") and "請核對輸入時間" in w.text("zh-Hant")
    assert "请核对输入时间" in w.text("zh-Hans")


def test_a_warning_outside_the_catalogue_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="not in the message catalogue"):
        messages.warning("warn.no_such_warning")
    with pytest.raises(ValueError, match="lacks the parameters"):
        messages.warning("warn.near_jie", gap=3)


def test_the_methods_own_warnings_are_catalogued() -> None:
    """The warnings a method adds to the calendar's: 大六壬's 行年 without a sex, 六爻's leap month of the
    time cast, 七政's ascendant inside a polar circle and its 限 beyond a hundred years, 六爻's study mode."""
    from xuanheng import liuren, liuyao
    from xuanheng.qizheng import cast as qz_cast
    from xuanheng.qizheng import xian

    got = {w.code for w in liuren.cast("2026-03-10T21:00", tz="Asia/Shanghai", birth_year=1980).warnings}
    # 閏六月 of 2025 (2025-07-25 … 2025-08-22) in the 梅花 time cast
    got |= {w.code for w in liuyao.cast("2025-07-30T10:00", tz="Asia/Shanghai", time=True).warnings}
    got |= {w.code for w in liuyao.cast(day="甲子", month="寅", hour="子", lines="777777").warnings}
    got |= {w.code for w in qz_cast("2026-03-10T21:00", tz="UTC", lon=20.0, lat=80.0).warnings}
    old = qz_cast("1900-03-10T21:00", tz="Asia/Shanghai", lon=126.98, lat=37.57)
    got.add(xian.xian(old, "2030-01-01", with_liu_yao=False)["warning"]["code"])
    assert {
        "warn.xing_nian",
        "liuyao.warn_leap",
        "liuyao.warn_study",
        "qizheng.warn_polar_asc",
        "qizheng.warn_beyond_xian",
    } <= got
    for code in got:
        for lang in ("en", "ko", "zh-Hant", "zh-Hans"):
            assert messages.template(code, lang), (code, lang)
