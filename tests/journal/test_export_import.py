"""Export → import into an empty journal → export gives the identical document, on both backends and across
them; imports are validated and all-or-nothing."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from xuanheng.errors import InputError
from xuanheng.journal import CaseIn, CasePatch, ConflictError, Journal, LimitError

T0 = datetime(2026, 2, 4, 3, 4, 5, 678901, tzinfo=UTC)


def _fill(j: Journal) -> dict[str, object]:
    me = j.local_user()
    a = j.save_case(
        me,
        CaseIn(
            method="liuren",
            inputs={"at": "2026-02-04T11:04", "tz": "Asia/Taipei", "lon": 121.5, "options": {"gui_ren": "a"}},
            chart={"x": [1, 2.5, -0.0, 1e-300, 12345678901234567890], "t": "天地盤", "k": {"z": 1, "a": 2}},
            question="<b>問</b> 이직?",
            topic="事業",
            tags=["z-last", "a-first"],
            notes="多行\n筆記",
            rule_ids=["000-2", "000-1"],
            keys={"yong_yao": ["將神"], "ke_ti": ["元首課", "三光課"]},
            cast_at=datetime(2026, 2, 4, 11, 4, tzinfo=timezone(timedelta(hours=8))),
        ),
        now=T0,
    )
    j.save_case(me, CaseIn(method="jinkoujue", inputs={}, chart={}), now=T0 + timedelta(seconds=1))
    j.record_outcome(me, a.id, "部分", "half", now=T0 + timedelta(days=3))
    j.update_case(me, a.id, CasePatch(notes="edited"), now=T0 + timedelta(days=4))
    return j.export_json(me)


def test_export_shape(journal: Journal) -> None:
    doc = _fill(journal)
    assert doc["format"] == "xuanheng-journal" and doc["version"] == 1
    cases = doc["cases"]
    assert isinstance(cases, list) and len(cases) == 2
    first = cases[0]
    assert first["method"] == "liuren"
    assert first["tags"] == ["z-last", "a-first"]
    assert first["rule_ids"] == ["000-2", "000-1"]
    assert list(first["keys"]) == ["ke_ti", "yong_yao"]
    assert first["created_at"] == "2026-02-04T03:04:05.678901+00:00"
    assert first["cast_at"] == "2026-02-04T03:04:00+00:00"
    assert first["outcome"] == {"result": "部分", "note": "half", "at": "2026-02-07T03:04:05.678901+00:00"}
    assert "user_id" not in first
    json.dumps(doc, allow_nan=False)  # plain JSON


def test_round_trip_is_exact(journal: Journal, tmp_path: Path) -> None:
    doc = _fill(journal)
    text = json.dumps(doc, ensure_ascii=False)
    with Journal.open(f"sqlite:///{tmp_path / 'other.sqlite3'}") as other:
        assert other.import_json(other.local_user(), json.loads(text)) == 2
        again = other.export_json(other.local_user())
    assert again == doc
    assert json.dumps(again, ensure_ascii=False) == text  # same text, key order included


def test_round_trip_across_backends(journal: Journal, db_url: str, tmp_path: Path) -> None:
    """Export from this backend, import into a fresh SQLite file, export again: identical."""
    doc = _fill(journal)
    with Journal.open(f"sqlite:///{tmp_path / 'x.sqlite3'}") as other:
        other.import_json(other.local_user(), doc)
        assert other.export_json(other.local_user()) == doc


def test_conflicts(journal: Journal) -> None:
    doc = _fill(journal)
    me = journal.local_user()
    with pytest.raises(ConflictError):
        journal.import_json(me, doc)
    assert journal.count_cases(me) == 2
    assert journal.import_json(me, doc, on_conflict="skip") == 0
    assert journal.import_json(me, doc, on_conflict="new_id") == 2
    assert journal.count_cases(me) == 4
    with pytest.raises(InputError):
        journal.import_json(me, doc, on_conflict="merge")  # type: ignore[arg-type]


def _bad(doc: dict[str, object], path: list[object], value: object) -> dict[str, object]:
    out = copy.deepcopy(doc)
    cur: object = out
    for p in path[:-1]:
        cur = cur[p]  # type: ignore[index]
    if value is KeyError:
        del cur[path[-1]]  # type: ignore[attr-defined]
    else:
        cur[path[-1]] = value  # type: ignore[index]
    return out


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["format"], "other", "format"),
        (["version"], 2, "version"),
        (["cases"], {}, "cases"),
        (["cases", 1, "created_at"], "yesterday", "cases[1].created_at"),
        (["cases", 1, "created_at"], "2026-01-01T00:00:00", "cases[1].created_at"),
        (["cases", 1, "created_at"], KeyError, "cases[1].created_at"),
        (["cases", 1, "id"], "bad id!", "cases[1].id"),
        (["cases", 1, "method"], "Bad", "cases[1].method"),
        (["cases", 1, "question"], "x" * 2001, "cases[1].question"),
        (["cases", 1, "chart"], "not an object", "cases[1].chart"),
        (["cases", 1, "surprise"], 1, "cases[1]"),
        (["cases", 1, "outcome"], {"result": "maybe", "note": "", "at": "2026-01-01T00:00:00+00:00"},
         "cases[1].outcome"),
        (["cases", 1, "outcome"], {"result": "應驗"}, "cases[1].outcome.at"),
        (["cases", 1], "not a case", "cases[1]"),
    ],
)  # fmt: skip
def test_malformed_import_is_refused_whole(
    journal: Journal, tmp_path: Path, path: list[object], value: object, field: str
) -> None:
    doc = _fill(journal)
    bad = _bad(doc, path, value)
    with Journal.open(f"sqlite:///{tmp_path / 'empty.sqlite3'}") as other:
        me = other.local_user()
        with pytest.raises(InputError) as e:
            other.import_json(me, bad)
        assert e.value.field == field, str(e.value)
        assert other.count_cases(me) == 0  # nothing half-imported


def test_duplicate_ids_inside_one_import(journal: Journal, tmp_path: Path) -> None:
    doc = _fill(journal)
    doc["cases"][1]["id"] = doc["cases"][0]["id"]  # type: ignore[index]
    with Journal.open(f"sqlite:///{tmp_path / 'e.sqlite3'}") as other, pytest.raises(InputError) as e:
        other.import_json(other.local_user(), doc)
    assert e.value.field == "cases[1].id"


def test_import_size_limit(tmp_path: Path) -> None:
    from xuanheng.journal import Limits

    with Journal.open(f"sqlite:///{tmp_path / 'l.sqlite3'}", limits=Limits(import_cases=1)) as j:
        doc = {"format": "xuanheng-journal", "version": 1, "cases": [{}, {}]}
        with pytest.raises(LimitError):
            j.import_json(j.local_user(), doc)


# --- property: any valid content round-trips exactly ------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=20,
)
_label = _text.map(str.strip).filter(bool)
_time = st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC))
_case = st.fixed_dictionaries(
    {
        "chart": st.dictionaries(_text, _json, max_size=5),
        "inputs": st.dictionaries(_text, _json, max_size=3),
        "question": _text,
        "notes": st.text(
            st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t"), max_size=40
        ),
        "tags": st.lists(_label, max_size=4),
        "rule_ids": st.lists(_label, max_size=4),
        "ke_ti": st.lists(_label, max_size=3),
        "created": _time,
        "outcome": st.none() | st.tuples(st.sampled_from(["應驗", "不驗", "部分"]), _text, _time),
    }
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cases=st.lists(_case, min_size=1, max_size=4))
def test_any_valid_journal_round_trips(tmp_path_factory: pytest.TempPathFactory, cases: list[dict]) -> None:  # type: ignore[type-arg]
    d = tmp_path_factory.mktemp("rt")
    with Journal.open(f"sqlite:///{d / 'a.sqlite3'}") as j:
        me = j.local_user()
        for c in cases:
            saved = j.save_case(
                me,
                CaseIn(
                    method="liuren",
                    inputs=c["inputs"],
                    chart=c["chart"],
                    question=c["question"],
                    notes=c["notes"],
                    tags=c["tags"],
                    rule_ids=c["rule_ids"],
                    keys={"ke_ti": c["ke_ti"]},
                ),
                now=c["created"],
            )
            assert saved.chart == c["chart"] and saved.inputs == c["inputs"]
            if c["outcome"]:
                result, note, at = c["outcome"]
                j.record_outcome(me, saved.id, result, note, now=at)
        doc = j.export_json(me)
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False)
    with Journal.open(f"sqlite:///{d / 'b.sqlite3'}") as k:
        k.import_json(k.local_user(), json.loads(text))
        assert json.dumps(k.export_json(k.local_user()), ensure_ascii=False) == text


@pytest.mark.postgres
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cases=st.lists(_case, min_size=1, max_size=3))
def test_any_valid_journal_survives_postgresql(
    pg_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    cases: list[dict],  # type: ignore[type-arg]
) -> None:
    """Random content stored in PostgreSQL reads back exactly (checked by export → SQLite → export)."""
    import uuid

    with Journal.open(pg_url, multi_user=True) as j:
        me = j.create_user(f"u{uuid.uuid4().hex[:12]}", "a long password")
        for c in cases:
            saved = j.save_case(
                me,
                CaseIn(
                    method="liuren",
                    inputs=c["inputs"],
                    chart=c["chart"],
                    question=c["question"],
                    notes=c["notes"],
                    tags=c["tags"],
                    rule_ids=c["rule_ids"],
                    keys={"ke_ti": c["ke_ti"]},
                ),
                now=c["created"],
            )
            assert j.get_case(me, saved.id).chart == c["chart"]
        doc = j.export_json(me)
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False)
    with Journal.open(f"sqlite:///{tmp_path_factory.mktemp('pg') / 'b.sqlite3'}") as k:
        k.import_json(k.local_user(), json.loads(text))
        assert json.dumps(k.export_json(k.local_user()), ensure_ascii=False) == text
