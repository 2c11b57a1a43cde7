"""The kept documents of a method that keeps (``Method.kept``, ``Method.documents``: 七政四餘's).

A document asked again is a copy of the one made the first time: it must equal a document made with every
memo emptied (the oracle: the same inputs cast and read from nothing), in every language, with and without a
topic or a reading, and it must share no dict or list with the one handed out before
(tests/test_documents_fresh.py checks that by poisoning; here by identity).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest

from xuanheng.method import KeptDocuments
from xuanheng.methods import get
from xuanheng.qizheng.memo import clear

BIRTH = {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.38, "lat": 39.9, "sex": "男"}
BIRTH["on"] = "2026-06-01"


def _containers(o: Any) -> Iterator[dict[str, Any] | list[Any]]:
    if isinstance(o, dict):
        yield o
        for v in o.values():
            yield from _containers(v)
    elif isinstance(o, list):
        yield o
        for v in o:
            yield from _containers(v)


def _made_anew(values: dict[str, Any], lang: str, with_reading: bool = True) -> dict[str, Any]:
    method = get("qizheng")
    clear()
    assert len(method.documents) == 0
    out = method.document(method.make_params(values), lang, with_reading=with_reading)
    clear()  # the oracle is not kept: the documents asked after it are made by the other keys first
    return out


@pytest.mark.parametrize(
    ("extra", "lang", "with_reading"),
    [
        ({}, "zh-Hant", True),
        ({}, "ko", True),
        ({}, "en", True),
        ({"topic": "財"}, "zh-Hans", True),
        ({"topic": "婚"}, "ko", True),
        ({}, "zh-Hant", False),
        ({"years": 100}, "zh-Hant", True),
        ({"on": "2040-02-03"}, "zh-Hant", True),
        ({"qiang_ruo": "xitian", "stage_of": "star"}, "zh-Hant", True),
    ],
)
def test_a_kept_document_equals_one_made_anew(
    extra: dict[str, Any], lang: str, with_reading: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    method = get("qizheng")
    values = {**BIRTH, **extra}
    oracle = _made_anew(values, lang, with_reading)
    # the documents of other keys first, each asked twice (so kept): one key must never answer for another
    for _ in range(2):
        for other_lang in ("ko", "zh-Hant", "en"):
            method.document(method.make_params(BIRTH), other_lang)
            method.document(method.make_params({**BIRTH, "topic": "官"}), other_lang, with_reading=False)
            method.document(method.make_params({**BIRTH, "stage_of": "star"}), other_lang)
    made = []
    build = type(method)._document
    monkeypatch.setattr(type(method), "_document", lambda *a: made.append(1) or build(*a))
    docs = [method.document(method.make_params(values), lang, with_reading=with_reading) for _ in range(4)]
    # made the first time (unless a key above was this one), made and kept the second, copied after
    assert len(made) <= 2
    for doc in docs:
        assert doc == oracle
        assert json.dumps(doc, ensure_ascii=False) == json.dumps(oracle, ensure_ascii=False)
    seen: set[int] = set()
    for doc in docs:
        ids = {id(c) for c in _containers(doc)}
        assert not ids & seen
        seen |= ids


def test_the_same_inputs_give_the_same_cast_and_other_inputs_another() -> None:
    method = get("qizheng")
    clear()
    one = method.cast(method.make_params(BIRTH))
    assert method.cast(method.make_params(dict(BIRTH))) is one
    for change in ({"on": "2030-01-01"}, {"years": 5}, {"first_term": "ten"}, {"sex": "女"}):
        assert method.cast(method.make_params({**BIRTH, **change})) is not one


def test_only_plain_json_is_kept_and_the_store_is_bounded() -> None:
    kept = KeptDocuments(size=3)
    cast = object()
    for _ in range(3):
        kept.put(cast, "proxy", {"a": MappingProxyType({"b": 1})})
    assert kept.get(cast, "proxy") is None
    for _ in range(3):
        kept.put(cast, ("unhashable", []), {"a": 1})  # type: ignore[arg-type]
    assert kept.get(cast, ("unhashable", [])) is None  # type: ignore[arg-type]
    doc = {"a": [1, 2.5, "x", None, True], "b": {"c": (1, 2)}}
    kept.put(cast, "k", doc)
    assert kept.get(cast, "k") is None  # made once: noted, not kept
    kept.put(cast, "k", doc)
    got = kept.get(cast, "k")
    assert got == doc and got is not doc and got["a"] is not doc["a"]
    assert len(kept) == 1
    assert kept.get(object(), "k") is None  # another cast, even at a reused id, is never answered
    kept.put(cast, "k2", doc)
    kept.put(cast, "k3", doc)  # full: everything before is forgotten
    assert len(kept) == 0 and kept.get(cast, "k") is None


def test_the_copying_json_equals_a_copy_of_the_json() -> None:
    """``to_json(lang, copy=True)`` of a judgment and of a fired rule is :func:`fresh` of their plain JSON,
    types and all (a tuple left a tuple would not equal the list ``fresh`` makes), and shares no container
    with a second one."""
    from xuanheng.reading import fresh
    from xuanheng.reading.judgment import Question

    method = get("qizheng")
    assert method.judge is not None and method.read is not None
    for extra in ({}, {"topic": "財"}, {"on": "2040-02-03", "sex": "女"}):
        clear()
        params = method.make_params({**BIRTH, **extra})
        chart = method.cast(params)
        for lang in ("zh-Hant", "ko", "en"):
            fired = method.read(chart, params.get("topic"), lang)
            judged = method.judge(chart, Question(params.get("topic")), fired=fired)
            one, two = judged.to_json(lang, True), judged.to_json(lang, True)
            assert one == fresh(judged.to_json(lang)) == two
            assert not {id(c) for c in _containers(one)} & {id(c) for c in _containers(two)}
            for r in fired:
                a, b = r.to_json(lang, True), r.to_json(lang, True)
                assert a == fresh(r.to_json(lang)) == b
                assert not {id(c) for c in _containers(a)} & {id(c) for c in _containers(b)}
