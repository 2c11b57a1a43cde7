"""Saving, reading, editing and deleting cases; every refused input names its field."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta, timezone

import pytest

from xuanheng.errors import InputError, XuanhengError
from xuanheng.journal import CaseIn, CasePatch, Journal, LimitError, NotFoundError

T0 = datetime(2026, 3, 10, 13, 0, tzinfo=UTC)

CHART = {
    "day": "甲子",
    "si_ke": [{"upper": "寅", "lower": "甲"}],
    "ke_ti": [{"name": "元首課", "kind": "ke_ti", "src": "000-001"}],
    "float": 0.1 + 0.2,
    "neg_zero": -0.0,
    "big": 2**70,
    "nested": {"a": [1, [2, [3, {"b": None, "c": True}]]]},
    "unicode": "甲子 갑자 \u2028 \U0001f600",
}


def _case(**kw: object) -> CaseIn:
    base: dict[str, object] = {
        "method": "liuren",
        "inputs": {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"},
        "chart": CHART,
        "question": "問：這次考試能過嗎？",
        "topic": "考試",
        "tags": ["exam", "考"],
        "notes": "line 1\nline 2\ttab",
        "rule_ids": ["000-101", "000-102"],
        "keys": {"ke_ti": ["元首課"]},
        "cast_at": T0,
    }
    base.update(kw)
    return CaseIn(**base)  # type: ignore[arg-type]


def test_save_and_get_round_trip(journal: Journal) -> None:
    me = journal.local_user()
    saved = journal.save_case(me, _case(), now=T0)
    got = journal.get_case(me, saved.id)
    assert got == saved
    assert got.chart == CHART
    assert math.copysign(1.0, got.chart["neg_zero"]) == -1.0
    assert got.chart["float"] == 0.1 + 0.2
    assert got.tags == ("exam", "考")
    assert got.rule_ids == ("000-101", "000-102")
    assert got.keys == {"ke_ti": ("元首課",)}
    assert got.created_at == T0 and got.updated_at == T0
    assert got.created_at.tzinfo is not None and got.created_at.utcoffset() == timedelta(0)
    assert got.cast_at == T0
    assert got.outcome is None


def test_times_are_normalised_to_utc(journal: Journal) -> None:
    me = journal.local_user()
    seoul = timezone(timedelta(hours=9))
    local = datetime(2026, 3, 10, 22, 0, 0, 123456, tzinfo=seoul)
    c = journal.save_case(me, _case(cast_at=local), now=local)
    got = journal.get_case(me, c.id)
    assert got.cast_at == local and got.cast_at.utcoffset() == timedelta(0)
    assert got.created_at == datetime(2026, 3, 10, 13, 0, 0, 123456, tzinfo=UTC)


def test_tuples_become_lists_and_tags_are_deduplicated(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(me, _case(chart={"t": (1, 2)}, tags=[" a ", "b", "a"]))
    assert journal.get_case(me, c.id).chart == {"t": [1, 2]}
    assert c.tags == ("a", "b")


def test_html_and_script_are_stored_verbatim(journal: Journal) -> None:
    """The journal never alters text; escaping is the renderer's job (and is tested there)."""
    me = journal.local_user()
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)> & \' "'
    c = journal.save_case(me, _case(question=evil, notes=evil, tags=["<b>"]))
    got = journal.get_case(me, c.id)
    assert got.question == evil and got.notes == evil and got.tags == ("<b>",)


def test_update_changes_only_given_fields(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(me, _case(), now=T0)
    later = T0 + timedelta(days=1)
    u = journal.update_case(me, c.id, CasePatch(notes="new notes", tags=["x"]), now=later)
    assert u.notes == "new notes" and u.tags == ("x",)
    assert u.question == c.question and u.topic == c.topic and u.chart == c.chart
    assert u.created_at == T0 and u.updated_at == later
    assert journal.get_case(me, c.id) == u
    u2 = journal.update_case(me, c.id, CasePatch(tags=[]), now=later)
    assert u2.tags == ()


def test_delete(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(me, _case())
    journal.delete_case(me, c.id)
    with pytest.raises(NotFoundError) as e:
        journal.get_case(me, c.id)
    assert e.value.field == "id"
    with pytest.raises(NotFoundError):
        journal.delete_case(me, c.id)
    assert journal.count_cases(me) == 0


def test_unknown_and_malformed_ids(journal: Journal) -> None:
    me = journal.local_user()
    with pytest.raises(NotFoundError):
        journal.get_case(me, "0" * 32)
    with pytest.raises(NotFoundError):
        journal.get_case(me, "'; DROP TABLE journal_case; --")


@pytest.mark.parametrize(
    ("kw", "field", "kind"),
    [
        ({"question": "x" * 2001}, "question", LimitError),
        ({"notes": "x" * 20001}, "notes", LimitError),
        ({"topic": "x" * 65}, "topic", LimitError),
        ({"tags": [f"t{i}" for i in range(33)]}, "tags", LimitError),
        ({"tags": ["x" * 65]}, "tags[0]", LimitError),
        ({"tags": [""]}, "tags[0]", InputError),
        ({"tags": "not-a-list"}, "tags", InputError),
        ({"question": "nul\x00byte"}, "question", InputError),
        ({"question": "lone \ud800 surrogate"}, "question", InputError),
        ({"chart": {"s": "\udfff"}}, "chart.s", InputError),
        ({"tags": ["\ud83d"]}, "tags[0]", InputError),
        ({"notes": "bell\x07"}, "notes", InputError),
        ({"topic": "two\nlines"}, "topic", InputError),
        ({"method": "Liu Ren"}, "method", InputError),
        ({"method": ""}, "method", InputError),
        ({"chart": {"x": float("nan")}}, "chart.x", InputError),
        ({"chart": {"x": float("inf")}}, "chart.x", InputError),
        ({"chart": {1: "int key"}}, "chart", InputError),
        ({"chart": {"s": {1, 2}}}, "chart.s", InputError),
        ({"chart": {"s": "nul\x00"}}, "chart.s", InputError),
        ({"chart": {"big": "x" * (2 * 1024 * 1024)}}, "chart", LimitError),
        ({"inputs": {"big": "x" * (64 * 1024)}}, "inputs", LimitError),
        ({"chart": []}, "chart", InputError),
        ({"rule_ids": [f"r{i}" for i in range(1001)]}, "rule_ids", LimitError),
        ({"keys": {"Ke Ti": ["x"]}}, "keys", InputError),
        ({"keys": {"ke_ti": "元首課"}}, "keys.ke_ti", InputError),
        ({"cast_at": datetime(2026, 1, 1)}, "cast_at", InputError),
    ],
)
def test_bad_input_is_refused_with_its_field(
    journal: Journal, kw: dict[str, object], field: str, kind: type[XuanhengError]
) -> None:
    me = journal.local_user()
    with pytest.raises(kind) as e:
        journal.save_case(me, _case(**kw))
    assert e.value.field == field
    assert str(e.value)
    assert journal.count_cases(me) == 0


def test_deeply_nested_chart_is_refused(journal: Journal) -> None:
    deep: dict[str, object] = {}
    cur = deep
    for _ in range(100):
        cur["d"] = {}
        cur = cur["d"]  # type: ignore[assignment]
    with pytest.raises(LimitError):
        journal.save_case(journal.local_user(), _case(chart=deep))


def test_limits_at_the_boundary_are_accepted(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(
        me, _case(question="問" * 2000, notes="n" * 20000, tags=[f"{i:02d}" + "t" * 62 for i in range(32)])
    )
    got = journal.get_case(me, c.id)
    assert len(got.question) == 2000 and len(got.notes) == 20000 and len(got.tags) == 32


def test_naive_now_is_refused(journal: Journal) -> None:
    with pytest.raises(InputError) as e:
        journal.save_case(journal.local_user(), _case(), now=datetime(2026, 1, 1))
    assert e.value.field == "now"


def test_update_refuses_oversized_and_keeps_the_case(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(me, _case())
    with pytest.raises(LimitError):
        journal.update_case(me, c.id, CasePatch(notes="x" * 20001))
    assert journal.get_case(me, c.id) == c
