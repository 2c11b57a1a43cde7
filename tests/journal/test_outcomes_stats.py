"""Outcomes and statistics. Expected tallies are counted by hand (first test) or by a naive recount written
here independently of the service (property test)."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xuanheng.errors import InputError
from xuanheng.journal import CaseIn, Journal, Tally

T0 = datetime(2026, 5, 1, tzinfo=UTC)


def test_record_and_clear_outcome(journal: Journal) -> None:
    me = journal.local_user()
    c = journal.save_case(me, CaseIn(method="liuren", inputs={}, chart={}), now=T0)
    later = T0 + timedelta(days=7)
    r = journal.record_outcome(me, c.id, "部分", "half of it came true", now=later)
    assert r.outcome is not None
    assert (r.outcome.result, r.outcome.note, r.outcome.at) == ("部分", "half of it came true", later)
    assert r.updated_at == later
    assert journal.get_case(me, c.id).outcome == r.outcome
    r2 = journal.record_outcome(me, c.id, "ying_yan", now=later)
    assert r2.outcome is not None and r2.outcome.result == "應驗"
    assert journal.clear_outcome(me, c.id).outcome is None
    with pytest.raises(InputError) as e:
        journal.record_outcome(me, c.id, "maybe")
    assert e.value.field == "outcome" and "應驗" in str(e.value)
    with pytest.raises(InputError):
        journal.record_outcome(me, c.id, "應驗", "x" * 5001)


def test_statistics_hand_counted(journal: Journal) -> None:
    me = journal.local_user()
    spec = [
        # method, rules, keys, topic, outcome
        ("liuren", ["R1", "R2"], {"ke_ti": ["元首課", "三光"]}, "財", "應驗"),
        ("liuren", ["R1"], {"ke_ti": ["元首課"]}, "財", "不驗"),
        ("liuren", ["R2"], {"ke_ti": ["重審課"]}, "病", "部分"),
        ("liuren", ["R1"], {"ke_ti": ["元首課"]}, "", None),
        ("jinkoujue", ["J1", "R1"], {"yong_yao": ["將神"]}, "財", "應驗"),
        ("jinkoujue", ["J1"], {"yong_yao": ["地分"]}, "", "應驗"),
    ]
    for method, rules, keys, topic, outcome in spec:
        c = journal.save_case(
            me, CaseIn(method=method, inputs={}, chart={}, rule_ids=rules, keys=keys, topic=topic)
        )
        if outcome:
            journal.record_outcome(me, c.id, outcome)
    s = journal.statistics(me)
    assert s.overall == Tally(ying_yan=3, bu_yan=1, bu_fen=1, pending=1)
    assert s.by_method == {"liuren": Tally(1, 1, 1, 1), "jinkoujue": Tally(2, 0, 0, 0)}
    assert s.by_rule == {"R1": Tally(2, 1, 0, 1), "R2": Tally(1, 0, 1, 0), "J1": Tally(2, 0, 0, 0)}
    assert s.by_ke_ti == {"元首課": Tally(1, 1, 0, 1), "三光": Tally(1, 0, 0, 0), "重審課": Tally(0, 0, 1, 0)}
    assert s.by_yong_yao == {"將神": Tally(1, 0, 0, 0), "地分": Tally(1, 0, 0, 0)}
    assert s.by_topic == {"財": Tally(2, 1, 0, 0), "病": Tally(0, 0, 1, 0)}
    r1 = s.by_rule["R1"]
    assert (r1.judged, r1.total) == (3, 4)
    assert r1.rate == pytest.approx(2 / 3) and r1.strict_rate == pytest.approx(2 / 3)
    r2 = s.by_rule["R2"]
    assert r2.rate == pytest.approx(0.75) and r2.strict_rate == pytest.approx(0.5)
    assert Tally(pending=2).rate is None
    j = s.to_json()
    assert j["by_rule"]["R1"] == {
        "ying_yan": 2,
        "bu_yan": 1,
        "bu_fen": 0,
        "pending": 1,
        "judged": 3,
        "total": 4,
        "rate": pytest.approx(2 / 3),
        "strict_rate": pytest.approx(2 / 3),
        # issue 14: the 95% Wilson interval (roots of (n+z²)p² − (2np̂+z²)p + np̂² = 0, n = 3, p̂ = 2/3),
        # too few cases to compare with the base rate
        "interval": [pytest.approx(0.20766, abs=1e-4), pytest.approx(0.93851, abs=1e-4)],
        "enough": False,
        "vs_base": None,
        "methods": ["jinkoujue", "liuren"],  # R1 fired in cases of both methods
    }
    assert s.rule_methods["J1"] == ("jinkoujue",)
    assert set(j["by_key"]) == {"ke_ti", "yong_yao"}


_case = st.tuples(
    st.sampled_from(["liuren", "jinkoujue", "liuyao"]),
    st.lists(st.sampled_from(["A", "B", "C", "D"]), max_size=4),
    st.lists(st.sampled_from(["元首課", "重審課", "知一課"]), max_size=3),
    st.sampled_from([None, "應驗", "不驗", "部分"]),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cases=st.lists(_case, max_size=12))
def test_statistics_equal_a_naive_recount(tmp_path_factory, cases) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path_factory.mktemp('stats') / 'j.sqlite3'}"
    with Journal.open(url) as j:
        me = j.local_user()
        for method, rules, ke_ti, outcome in cases:
            c = j.save_case(
                me, CaseIn(method=method, inputs={}, chart={}, rule_ids=rules, keys={"ke_ti": ke_ti})
            )
            if outcome:
                j.record_outcome(me, c.id, outcome)
        s = j.statistics(me)
    want: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    col = {"應驗": 0, "不驗": 1, "部分": 2, None: 3}
    for method, rules, ke_ti, outcome in cases:
        want["method"][method][col[outcome]] += 1
        for r in set(rules):
            want["rule"][r][col[outcome]] += 1
        for k in set(ke_ti):
            want["ke_ti"][k][col[outcome]] += 1

    def as_lists(d: dict[str, Tally]) -> dict[str, list[int]]:
        return {k: [t.ying_yan, t.bu_yan, t.bu_fen, t.pending] for k, t in d.items()}

    assert as_lists(s.by_method) == dict(want["method"])
    assert as_lists(s.by_rule) == dict(want["rule"])
    assert as_lists(s.by_ke_ti) == dict(want["ke_ti"])
    assert s.overall.total == len(cases)


def test_statistics_of_a_query(journal: Journal) -> None:
    from xuanheng.journal import CaseQuery

    me = journal.local_user()
    for i, (method, outcome) in enumerate([("liuren", "應驗"), ("liuren", "不驗"), ("jinkoujue", "應驗")]):
        c = journal.save_case(
            me,
            CaseIn(method=method, inputs={}, chart={}, rule_ids=["R"], tags=["even"] if i % 2 == 0 else []),
            now=T0 + timedelta(days=i),
        )
        journal.record_outcome(me, c.id, outcome)
    assert journal.statistics(me, CaseQuery(method="liuren")).by_rule == {"R": Tally(1, 1, 0, 0)}
    assert journal.statistics(me, CaseQuery(tag="even")).by_method == {
        "liuren": Tally(1, 0, 0, 0),
        "jinkoujue": Tally(1, 0, 0, 0),
    }
    assert journal.statistics(me, CaseQuery(since=T0 + timedelta(days=1))).overall == Tally(1, 1, 0, 0)
    assert journal.statistics(me, CaseQuery(method="liuyao")).overall == Tally()
