"""A document never shares a container with the next one.

Methods keep what they compute from a frozen chart (the 七政 chart, reading and judgment memos of
``xuanheng.qizheng.memo``; the 六爻 hexagram tables; the 大六壬 and 金口訣 課 geometry), and a front end asks
again for the chart it has just cast. A caller that edits a document it was given (adds a key, appends to a
list) must not change the next document of the same chart: every dict and list handed out is new (a method
that keeps its readings and judgments says so, ``Method.kept``, and its document copies their JSON with
``xuanheng.reading.fresh``; 七政's chart JSON copies its kept time rules and spirits). The test poisons every
container of a first document and looks for the poison in a second one of the same inputs; it failed on the
七政 document (259 dicts shared: the reading's and the judgment's facts, the 置閏 schematic) before the
copies were made.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from xuanheng.methods import get

CASTS: dict[str, dict[str, Any]] = {
    "calendar": {"at": "2026-03-10T21:30", "tz": "UTC"},
    "jinkoujue": {"at": "2026-03-10T21:30", "tz": "UTC", "difen": "申", "topic": "財"},
    "liuren": {"at": "2026-03-10T21:30", "tz": "UTC", "topic": "財"},
    "liuyao": {"day": "甲子", "month": "寅", "lines": "887868", "topic": "財"},
    "qizheng": {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.38, "lat": 39.9, "on": "2026-06-01"},
}
MARK = "__poisoned__"


def _containers(o: Any) -> Iterator[dict[str, Any] | list[Any]]:
    if isinstance(o, dict):
        yield o
        for v in list(o.values()):
            yield from _containers(v)
    elif isinstance(o, list):
        yield o
        for v in list(o):
            yield from _containers(v)


def _poisoned(o: Any) -> bool:
    if isinstance(o, dict):
        return MARK in o or any(_poisoned(v) for v in o.values())
    if isinstance(o, list):
        return MARK in o or any(_poisoned(v) for v in o)
    return False


@pytest.mark.parametrize("name", list(CASTS))
def test_a_document_shares_no_container_with_the_next(name: str) -> None:
    method = get(name)
    params = method.make_params(CASTS[name])
    first = method.document(params, "zh-Hant")
    seen = list(_containers(first))
    assert len(seen) > 10
    for c in seen:
        if isinstance(c, dict):
            c[MARK] = True
        else:
            c.append(MARK)
    second = method.document(params, "zh-Hant")
    assert not _poisoned(second)


def test_a_qizheng_document_shares_no_container_with_the_next_in_any_language() -> None:
    """The 七政 reading made, kept, then taken from its memo (a document in another language reads the kept
    reading; the method takes the reading's JSON without copying it, ``Method.reads_own``): each document
    poisoned, the next one clean."""
    from xuanheng.qizheng.memo import clear

    clear()
    method = get("qizheng")
    params = method.make_params({**CASTS["qizheng"], "at": "1971-02-03T04:05"})
    for lang in ("zh-Hant", "zh-Hant", "ko", "en", "ko"):
        doc = method.document(params, lang)
        assert doc["reading"] and not _poisoned(doc), lang
        for c in list(_containers(doc)):
            if isinstance(c, dict):
                c[MARK] = True
            else:
                c.append(MARK)
