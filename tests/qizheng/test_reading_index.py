"""The index of the reading's chart rules (``Vocabulary.index``, the words' ``needs`` and the chart facts of
``_reading_vocab._shown``) spares only rules that cannot fire.

Two checks over real charts cast from seeded random instants: each word that declares ``needs``, with every
value the rule files give it, holds on a chart only where the chart shows one of the facts it needs (the word
itself is the oracle: a necessary condition written wrong fails here on the first chart where the word
holds and the fact is missing); and every chart rule the index rules out on a chart does not hold there.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng._reading_vocab import VOCAB, _shown
from xuanheng.qizheng.reading import context, rules

R = sys.modules["xuanheng.qizheng.reading"]


@pytest.fixture(scope="module")
def contexts() -> list[Any]:
    rng = random.Random(29)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    out = []
    for _ in range(150):
        at = start + timedelta(minutes=rng.randint(0, 140 * 365 * 1440))
        out.append(context(cast(at, lon=116.4, lat=39.9, sex=rng.choice("男女"))))
    return out


def _word_values() -> list[tuple[str, Any]]:
    """(word, value) of every word with ``needs`` as the rule files give it, ``any`` tables included."""
    out: list[tuple[str, Any]] = []

    def walk(when: Any) -> None:
        for k, v in when.items():
            if k == "any":
                for sub in v:
                    walk(sub)
            elif VOCAB.specs[k].needs is not None:
                out.append((k, v))

    for r in rules():
        walk(r.when)
    return out


def test_a_word_holds_only_where_a_fact_it_needs_is_shown(contexts: list[Any]) -> None:
    pairs = _word_values()
    assert {k for k, _ in pairs} >= {"yao_in", "xiu_in", "same_gong", "yao_dignity", "ming", "day_night"}
    held = 0
    for ctx in contexts:
        shown = set(_shown(ctx))
        for k, v in pairs:
            needs = VOCAB.specs[k].needs
            assert needs is not None
            facts = needs(v)
            if facts is None:
                continue
            if VOCAB.fn(k)(ctx, v, {k: v}) is not None:
                held += 1
                assert shown & set(facts), (k, v, ctx.chart.when)
    assert held > 1000  # the words hold often enough for the check to mean something


def test_the_index_rules_out_only_rules_that_do_not_fire(contexts: list[Any]) -> None:
    plans = R._plans()
    index = R._index()
    assert index.filed > 150
    spared = 0
    for ctx in contexts:
        may = index.may_hold(ctx)
        for i, (r, kind, *_rest) in enumerate(plans):
            if kind != R._CHART:
                assert may[i]
                continue
            got = VOCAB.holds(r.when, ctx)
            if r.kind == "格局" and got is not None:  # what 003-019/003-020's ge_ju word reads
                ctx.patterns.append((r.get("name"), r.get("grade"), got))
            if not may[i]:
                spared += 1
                assert got is None, (r.id, ctx.chart.when)
    assert spared > 100 * len(contexts)
