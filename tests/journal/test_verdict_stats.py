"""The judgment in the journal: a saved case keeps the document's ``judgment``, its verdict's polarity and key
become statistics keys (read off the document, whatever the method), and ``Stats.by_verdict`` counts how
often a verdict of each polarity was borne out, with the Wilson interval recomputed here from the counts."""

from __future__ import annotations

from typing import Any

import pytest

from xuanheng.frontend import cast_params
from xuanheng.journal import POLARITIES, CaseIn, CaseQuery, Journal, Tally, case_from_chart, verdict_keys
from xuanheng.journal.model import wilson
from xuanheng.liuyao import METHOD

AT = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}


def _first_of_each_polarity() -> tuple[str, str, str]:
    """The first line patterns (in 6789 order) whose 財 question the 六爻 judgment answers good, bad and
    mixed at AT: found, not typed, so a change of the judgment's weighing does not void the fixtures."""
    import itertools

    found: dict[str, str] = {}
    for values in itertools.product("6789", repeat=6):
        lines = "".join(values)
        doc = METHOD.document(cast_params(METHOD, {**AT, "lines": lines, "topic": "財"}), "en")
        found.setdefault(doc["judgment"]["verdict"]["polarity"], lines)
        if len(found) == 3:
            return found["good"], found["bad"], found["mixed"]
    raise AssertionError(f"no chart of each polarity: {found}")


#: line patterns whose 財 question the 六爻 judgment answers with each polarity at AT
GOOD, BAD, MIXED = _first_of_each_polarity()


def _doc(lines: str, topic: str = "財", lang: str = "ko") -> dict[str, Any]:
    return METHOD.document(cast_params(METHOD, {**AT, "lines": lines, "topic": topic}), lang)


def _save(journal: Journal, lines: str, outcome: str | None, topic: str = "財") -> str:
    me = journal.local_user()
    doc = _doc(lines, topic)
    case_in = case_from_chart(
        "liuyao",
        {**AT, "lines": lines, "topic": topic},
        doc,
        doc["reading"],
        keys=METHOD.facts(doc),
        topic=topic,
    )
    c = journal.save_case(me, case_in)
    if outcome:
        journal.record_outcome(me, c.id, outcome)
    return c.id


def test_the_fixtures_have_the_polarities_they_are_named_for() -> None:
    got = {lines: _doc(lines)["judgment"]["verdict"] for lines in (GOOD, BAD, MIXED)}
    assert [(v["polarity"], v["key"]) for v in got.values()] == [
        ("good", "cheng"),
        ("bad", "bu_cheng"),
        ("mixed", "chi_cheng"),
    ]


def test_saved_case_keeps_the_judgment_and_its_verdict_keys(journal: Journal) -> None:
    doc = _doc(GOOD)
    cid = _save(journal, GOOD, None)
    case = journal.get_case(journal.local_user(), cid)
    assert case.chart["judgment"] == doc["judgment"]
    assert case.chart["judgment"]["question"]["topic"] == "財"
    assert case.keys["verdict"] == ("good",)
    assert case.keys["verdict_key"] == ("cheng",)
    # the method's own keys are still there
    assert case.keys["ben_gua"] == tuple(METHOD.facts(doc)["ben_gua"])


def test_verdict_keys_read_any_document() -> None:
    judged = {"judgment": {"verdict": {"key": "wei", "kind": "bing", "polarity": "bad"}}}
    assert verdict_keys(judged) == {"verdict": ["bad"], "verdict_key": ["wei"]}
    assert verdict_keys({"judgment": {"verdict": {"polarity": "mixed"}}}) == {"verdict": ["mixed"]}
    for doc in ({}, {"judgment": None}, {"judgment": {"verdict": None}}, {"judgment": {"verdict": {}}}):
        assert verdict_keys(doc) == {}
    assert verdict_keys({"judgment": {"verdict": {"key": "x", "polarity": "maybe"}}}) == {}
    # a method that gives no judgment (or a reading asked for without one) saves as before
    c = case_from_chart("toy", {}, {"reading": []}, keys={"kind": ["a"]})
    assert dict(c.keys) == {"kind": ["a"]}


def test_by_verdict_counts_and_wilson(journal: Journal) -> None:
    for lines, outcome in [
        (GOOD, "應驗"),
        (GOOD, "應驗"),
        (GOOD, "不驗"),
        (GOOD, "部分"),
        (BAD, "應驗"),  # a bad verdict borne out: what was feared happened
        (BAD, "部分"),
        (MIXED, None),
    ]:
        _save(journal, lines, outcome)
    # a case without a judgment counts in the journal, not in by_verdict
    me = journal.local_user()
    other = journal.save_case(me, CaseIn(method="liuren", inputs={}, chart={}))
    journal.record_outcome(me, other.id, "不驗")

    s = journal.statistics(me)
    assert list(s.by_verdict) == ["good", "bad", "mixed"]
    assert s.by_verdict == {"good": Tally(2, 1, 1, 0), "bad": Tally(1, 0, 1, 0), "mixed": Tally(0, 0, 0, 1)}
    assert s.by_key["verdict_key"] == {
        "cheng": Tally(2, 1, 1, 0),
        "bu_cheng": Tally(1, 0, 1, 0),
        "chi_cheng": Tally(0, 0, 0, 1),
    }
    assert s.overall == Tally(3, 2, 2, 1)

    js = s.to_json()["by_verdict"]
    assert list(js) == ["good", "bad", "mixed"]
    # good: 2 borne out + ½ of one partly, of 4 judged
    assert js["good"]["judged"] == 4
    assert js["good"]["rate"] == pytest.approx(2.5 / 4)
    assert js["good"]["interval"] == pytest.approx(list(wilson(2.5, 4)))
    assert js["bad"]["rate"] == pytest.approx(1.5 / 2)
    assert js["bad"]["interval"] == pytest.approx(list(wilson(1.5, 2)))
    assert (js["mixed"]["judged"], js["mixed"]["pending"], js["mixed"]["rate"], js["mixed"]["interval"]) == (
        0,
        1,
        None,
        None,
    )
    assert js["good"]["enough"] is False and js["good"]["vs_base"] is None


def test_by_verdict_only_the_polarities_saved_and_filtered(journal: Journal) -> None:
    _save(journal, BAD, "不驗")
    _save(journal, GOOD, "應驗", topic="病")
    me = journal.local_user()
    ill = _doc(GOOD, "病")["judgment"]["verdict"]["polarity"]
    s = journal.statistics(me)
    assert list(s.by_verdict) == [p for p in POLARITIES if p in {"bad", ill}]
    assert s.by_verdict[ill].ying_yan == 1
    only = journal.statistics(me, CaseQuery(topic="財"))
    assert only.by_verdict == {"bad": Tally(0, 1, 0, 0)}
    assert journal.statistics(me, CaseQuery(method="liuren")).to_json()["by_verdict"] == {}
