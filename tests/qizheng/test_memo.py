"""The memos of xuanheng.qizheng.memo keep what a document computes and never change it: a document, a
reading and a judgment are the same with every memo emptied first; a chart is kept for the same inputs only
(an instant written in another zone is another chart); a kept value is never given for another chart that
took a dead chart's id; a caller that changes the list it was given does not change the next one."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from xuanheng.qizheng import METHOD
from xuanheng.qizheng.memo import ChartMemo, clear
from xuanheng.qizheng.params import cast_chart
from xuanheng.qizheng.reading import reading
from xuanheng.qizheng.xian import liu_yao

BIRTHS = ("1983-10-27T18:30", "1950-02-04T06:10", "2001-07-15T23:59")


def _params(at: str, **more: Any) -> Any:
    return METHOD.make_params(
        {"at": at, "tz": "+08:00", "lon": 116.38, "lat": 39.9, "on": "2026-06-01", **more}
    )


def _bytes(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False, sort_keys=True, default=str).encode()


def test_documents_are_the_same_with_the_memos_and_without() -> None:
    asks = [
        (at, lang, extra)
        for at in BIRTHS
        for lang in ("zh-Hant", "ko")
        for extra in ({}, {"topic": "財"}, {"on": "2030-01-01"}, {"qiang_ruo": "xitian"})
    ]
    fresh = {}
    for at, lang, extra in asks:
        clear()
        fresh[(at, lang, *extra.items())] = _bytes(METHOD.document(_params(at, **extra), lang))
    for at, lang, extra in asks:  # one after another, each memo filled by the asks before
        assert _bytes(METHOD.document(_params(at, **extra), lang)) == fresh[(at, lang, *extra.items())]


def test_the_chart_is_kept_for_the_same_inputs_only() -> None:
    clear()
    a = cast_chart(_params(BIRTHS[0]))
    assert cast_chart(_params(BIRTHS[0])) is a
    assert cast_chart(_params(BIRTHS[0], sex="男")) is not a
    # the same instant written in another zone: equal datetimes, not the same chart
    at = datetime(1983, 10, 27, 18, 30, tzinfo=timezone(timedelta(hours=8)))
    other = at.astimezone(timezone(timedelta(hours=9)))
    assert at == other
    p8 = METHOD.make_params({"at": at.isoformat(), "tz": "+08:00"})
    p9 = METHOD.make_params({"at": other.isoformat(), "tz": "+09:00"})
    c8, c9 = cast_chart(p8), cast_chart(p9)
    assert c8 is not c9 and c8.when.utcoffset() != c9.when.utcoffset()
    assert c8.when.utcoffset() == timedelta(hours=8) and c9.when.utcoffset() == timedelta(hours=9)


def test_the_transits_of_a_date_in_two_zones_are_cast_for_each() -> None:
    clear()
    chart = cast_chart(_params(BIRTHS[0]))
    at = datetime(2026, 6, 1, 12, 0, tzinfo=timezone(timedelta(hours=8)))
    rows8 = liu_yao(chart, at)
    rows0 = liu_yao(chart, at.astimezone(UTC))
    assert [r["lon"] for r in rows8] == [r["lon"] for r in rows0]  # one instant, one sky


def test_a_reading_given_back_is_a_copy() -> None:
    clear()
    chart = cast_chart(_params(BIRTHS[1]))
    first = reading(chart, None, "zh-Hant")
    n = len(first)
    first.clear()
    assert len(reading(chart, None, "zh-Hant")) == n > 0


def test_a_kept_value_is_not_given_for_another_object_with_the_same_id() -> None:
    memo: ChartMemo[str] = ChartMemo(4)

    class Chart:
        pass

    a = Chart()
    memo.put(a, "k", "of a")
    assert memo.get(a, "k") == "of a"
    b = Chart()
    memo._kept[(id(b), "k")] = (a, "of a")  # as if b had taken a dead chart's id
    assert memo.get(b, "k") is None
    for i in range(4):
        memo.put(Chart(), i, "x")
    assert memo.get(a, "k") is None  # a full memo forgets everything


def test_a_memo_that_keeps_the_second_time_only_notes_the_first() -> None:
    memo: ChartMemo[str] = ChartMemo(4, second=True)

    class Chart:
        pass

    a, b = Chart(), Chart()
    assert memo.put(a, "k", "one") == "one" and memo.get(a, "k") is None  # noted, not kept
    assert memo.put(a, "k", "two") == "two" and memo.get(a, "k") == "two"  # kept the second time
    assert memo.get(b, "k") is None and memo.get(a, "other") is None
    memo._kept[(id(b), "k")] = (a, "two")  # as if b had taken a dead chart's id: b's first put only notes
    memo.put(b, "k", "of b")
    assert memo.get(b, "k") is None


def test_the_reading_and_judgment_of_a_chart_are_kept_when_it_is_asked_again() -> None:
    """A new birth's reading and judgment state are not kept (most births are asked once: what a memo keeps
    costs the garbage collector's full collections); asked again, they are kept, and every answer is the
    same."""
    from xuanheng.qizheng import judgment as J

    read_memo = reading.__globals__["_READ"]
    clear()
    p = _params(BIRTHS[2])
    chart = METHOD.cast(p).chart
    first = _bytes(METHOD.document(p, "zh-Hant"))
    assert read_memo._kept and all(read_memo.get(chart, k[1]) is None for k in read_memo._kept)
    assert J._STATE._kept and all(J._STATE.get(chart, k[1]) is None for k in J._STATE._kept)
    second = _bytes(METHOD.document(p, "ko"))
    assert any(read_memo.get(chart, k[1]) is not None for k in read_memo._kept)
    assert any(J._STATE.get(chart, k[1]) is not None for k in J._STATE._kept)
    assert _bytes(METHOD.document(p, "zh-Hant")) == first and _bytes(METHOD.document(p, "ko")) == second
