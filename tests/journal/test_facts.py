"""Statistics keys read off chart JSON: each method's ``METHOD.facts`` (課體 for 大六壬, 用爻 for 金口訣),
rule ids from a reading, and the journal storing whatever keys the caller gives."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from xuanheng.journal import Journal, case_from_chart, rule_ids_of
from xuanheng.methods import get
from xuanheng.reading import FiredRule, Text

# shaped like LiuRenChart.to_json() (only the fields the journal reads)
LIUREN = {
    "method": "賊剋",
    "sub_method": "元首",
    "ke_ti": [
        {"name": "賊剋", "kind": "jiu_zong_men", "src": "x"},
        {"name": "元首課", "kind": "ke_ti", "src": "y"},
        {"name": "元首課", "kind": "ke_ti", "src": "z"},
    ],
    "inputs": {"instant": "2026-03-10T21:00:00+08:00"},
}
# shaped like JinKouJueChart.to_json()
JINKOUJUE = {"yong_yao": "jiang_shen", "dong": ["賊動", "兄弟動"], "calendar": {"instant": "not a time"}}


def facts_from_chart(method: str, chart: dict) -> dict:  # type: ignore[type-arg]
    return get(method).facts(chart)


def test_liuren_keys() -> None:
    assert facts_from_chart("liuren", LIUREN) == {"ke_ti": ["賊剋", "元首課"], "jiu_zong_men": ["賊剋"]}


def test_jinkoujue_keys() -> None:
    assert facts_from_chart("jinkoujue", JINKOUJUE) == {"yong_yao": ["將神"], "dong": ["賊動", "兄弟動"]}


def test_missing_fields_give_nothing() -> None:
    assert facts_from_chart("calendar", LIUREN) == {}
    assert facts_from_chart("liuren", {}) == {}
    assert facts_from_chart("jinkoujue", {"yong_yao": 3}) == {}


def test_rule_ids_from_objects_and_dicts() -> None:
    t = Text(ko="k", zh_hant="z", en="e")
    fired = [
        FiredRule(id="000-101", src=("000-101",), facts={}, text=t),
        {"id": "000-102"},
        {"id": "000-101"},
    ]
    assert rule_ids_of(fired) == ["000-101", "000-102"]
    assert rule_ids_of(None) == []


def test_case_from_chart_saves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c = case_from_chart(
        "liuren",
        {"at": "2026-03-10T21:00"},
        LIUREN,
        [{"id": "R"}],
        question="q",
        tags=["a"],
        keys=facts_from_chart("liuren", LIUREN),
    )
    assert c.cast_at == datetime(2026, 3, 10, 13, 0, tzinfo=UTC)
    assert case_from_chart("jinkoujue", {}, JINKOUJUE).cast_at is None
    nested = {"calendar": {"input": {"at": "2026-03-10T21:00:00+09:00"}}}
    assert case_from_chart("liuren", {}, nested).cast_at == datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    with Journal.open(f"sqlite:///{tmp_path / 'f.sqlite3'}") as j:
        saved = j.save_case(j.local_user(), c)
        assert saved.keys == {"jiu_zong_men": ("賊剋",), "ke_ti": ("賊剋", "元首課")}
        assert saved.rule_ids == ("R",)


def test_real_jinkoujue_chart() -> None:
    """The doc example of xuanheng.jinkoujue: its 用爻 key maps to a classical label."""
    jk = pytest.importorskip("xuanheng.jinkoujue")
    try:
        chart = jk.cast(
            day="癸未", hour="亥", month_branch="卯", year="丙午", yue_jiang="戌", is_day=False, difen="申"
        ).to_json()
    except Exception as e:  # a failure of the method package is reported by its own tests, not here
        pytest.skip(f"xuanheng.jinkoujue cannot cast its doc example right now: {e!r}")
    keys = facts_from_chart("jinkoujue", chart)
    assert keys["yong_yao"][0] in {"人元", "貴神", "將神", "地分"}
    assert keys["dong"] == ["賊動", "兄弟動"]


def test_the_cast_instant_is_read_from_the_documents_inputs() -> None:
    """A document of the one envelope (schema 2) has its instant in ``inputs``; a case saved before it
    (schema 1: the calendar's ``input``, 大六壬's ``calendar.input``) still gives its cast time."""
    from xuanheng.journal.facts import cast_instant

    at = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    assert cast_instant({"inputs": {"at": "2026-03-10T21:00:00+09:00"}}) == at
    assert cast_instant({"schema_version": 1, "input": {"at": "2026-03-10T21:00:00+09:00"}}) == at
    old_liuren = {"schema_version": 1, "calendar": {"input": {"at": "2026-03-10T21:00:00+09:00"}}}
    assert cast_instant(old_liuren) == at
    # the saved parameters come first when they carry an offset; a wall time without one is passed over
    assert cast_instant({"inputs": {"at": "2026-03-10T22:00:00+09:00"}}, {"at": "2026-03-10T21:00"}) == (
        datetime(2026, 3, 10, 13, 0, tzinfo=UTC)
    )
    assert cast_instant({"warnings": [], "inputs": {"day": "甲子"}}) is None
