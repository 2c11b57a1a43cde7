"""Searching a journal by date, method, tag, text, topic and outcome, with paging."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from xuanheng.errors import InputError
from xuanheng.journal import CaseIn, CaseQuery, Journal

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _seed(j: Journal) -> dict[str, str]:
    """Six cases a day apart; returns name → id."""
    me = j.local_user()
    spec = [
        ("a", "liuren", ["work"], "Will the contract be signed?", "", "事業"),
        ("b", "jinkoujue", ["work", "money"], "財 question", "100% sure_thing", "財"),
        ("c", "liuren", ["health"], "父親的病", "hospital visit", "病"),
        ("d", "jinkoujue", [], "lost cat", "Found it under the BED", ""),
        ("e", "liuren", ["money"], "投資", "stock 50_50", "財"),
        ("f", "qizheng", ["work"], "career", "", "事業"),
    ]
    ids = {}
    for i, (name, method, tags, q, notes, topic) in enumerate(spec):
        c = j.save_case(
            me,
            CaseIn(
                method=method,
                inputs={"n": name},
                chart={},
                question=q,
                notes=notes,
                tags=tags,
                topic=topic,
                cast_at=T0 - timedelta(days=10 * i),
            ),
            now=T0 + timedelta(days=i),
        )
        ids[name] = c.id
    return ids


def _names(j: Journal, q: CaseQuery, ids: dict[str, str]) -> list[str]:
    back = {v: k for k, v in ids.items()}
    return [back[c.id] for c in j.list_cases(j.local_user(), q).items]


def test_default_is_newest_first(journal: Journal) -> None:
    ids = _seed(journal)
    assert _names(journal, CaseQuery(), ids) == ["f", "e", "d", "c", "b", "a"]
    assert _names(journal, CaseQuery(order="oldest"), ids) == ["a", "b", "c", "d", "e", "f"]


def test_filters(journal: Journal) -> None:
    ids = _seed(journal)
    assert _names(journal, CaseQuery(method="liuren"), ids) == ["e", "c", "a"]
    assert _names(journal, CaseQuery(tag="work"), ids) == ["f", "b", "a"]
    assert _names(journal, CaseQuery(tag="money", method="jinkoujue"), ids) == ["b"]
    assert _names(journal, CaseQuery(topic="財"), ids) == ["e", "b"]
    assert _names(journal, CaseQuery(text="bed"), ids) == ["d"]  # case-insensitive, in notes
    assert _names(journal, CaseQuery(text="病"), ids) == ["c"]  # in question
    assert _names(journal, CaseQuery(text="%"), ids) == ["b"]  # wildcards are literal
    assert _names(journal, CaseQuery(text="_"), ids) == ["e", "b"]
    assert _names(journal, CaseQuery(text="   "), ids) == ["f", "e", "d", "c", "b", "a"]
    assert _names(journal, CaseQuery(tag="nope"), ids) == []


def test_date_range_is_half_open(journal: Journal) -> None:
    ids = _seed(journal)
    q = CaseQuery(since=T0 + timedelta(days=1), until=T0 + timedelta(days=3))
    assert _names(journal, q, ids) == ["c", "b"]
    q = CaseQuery(since=T0 - timedelta(days=25), date_field="cast_at", order="oldest")
    assert _names(journal, q, ids) == ["a", "b", "c"]


def test_outcome_filter(journal: Journal) -> None:
    ids = _seed(journal)
    me = journal.local_user()
    journal.record_outcome(me, ids["a"], "應驗")
    journal.record_outcome(me, ids["c"], "不驗", "did not happen")
    assert _names(journal, CaseQuery(outcome="應驗"), ids) == ["a"]
    assert _names(journal, CaseQuery(outcome="bu_yan"), ids) == ["c"]
    assert _names(journal, CaseQuery(outcome="pending"), ids) == ["f", "e", "d", "b"]
    assert _names(journal, CaseQuery(text="did not"), ids) == ["c"]  # outcome note is searched


def test_paging(journal: Journal) -> None:
    ids = _seed(journal)
    p1 = journal.list_cases(journal.local_user(), CaseQuery(limit=4))
    p2 = journal.list_cases(journal.local_user(), CaseQuery(limit=4, offset=4))
    assert p1.total == p2.total == 6
    assert len(p1.items) == 4 and len(p2.items) == 2
    assert {c.id for c in p1.items + p2.items} == set(ids.values())


@pytest.mark.parametrize(
    ("q", "field"),
    [
        (CaseQuery(limit=0), "limit"),
        (CaseQuery(limit=501), "limit"),
        (CaseQuery(offset=-1), "offset"),
        (CaseQuery(method="Bad Method"), "method"),
        (CaseQuery(outcome="maybe"), "outcome"),
        (CaseQuery(since=datetime(2026, 1, 1)), "since"),
        (CaseQuery(order="random"), "order"),  # type: ignore[arg-type]
        (CaseQuery(date_field="updated_at"), "date_field"),  # type: ignore[arg-type]
        (CaseQuery(text="x" * 201), "text"),
    ],
)
def test_bad_queries_name_their_field(journal: Journal, q: CaseQuery, field: str) -> None:
    with pytest.raises(InputError) as e:
        journal.list_cases(journal.local_user(), q)
    assert e.value.field == field
