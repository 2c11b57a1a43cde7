"""A reading's fired rules are the caller's own: nothing but the returned list holds them, and nothing but
their rule holds their facts (every dict and list of the facts is held by its parent alone), whether the
reading was made for the call, kept on the second call of a chart or taken from the memo on the third. The
method's document relies on it (``Method.reads_own``: it takes the reading's JSON without copying the facts).
The holders are found by the garbage collector's ``get_referrers``, which sees every dict, list, tuple and
slotted object: a memo or a table that kept a fact would be found."""

from __future__ import annotations

import gc
import types
from typing import Any

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng.memo import clear
from xuanheng.qizheng.reading import reading


def _tree(x: Any, parent: Any, where: str, out: list[tuple[Any, Any, str]]) -> None:
    """(container, its parent, where) for *x* and every dict, list and tuple under it."""
    out.append((x, parent, where))
    for k in list(x) if isinstance(x, dict) else range(len(x)):  # no (key, value) pairs: they would hold
        if isinstance(x[k], (dict, list, tuple)):
            _tree(x[k], x, f"{where}/{k}", out)


def _holders(objs: list[Any], mine: list[Any]) -> dict[int, list[Any]]:
    """id → the objects that hold it, for every object of *objs*, found in one pass of the collector over
    the heap (``get_referrers`` of them all, then which of them each referrer refers to); the list *objs*
    itself, the call's argument tuple, frames and the test's own containers *mine* are not holders."""
    wanted = {id(o) for o in objs}
    skip = {id(objs)} | {id(m) for m in mine}
    held: dict[int, list[Any]] = {i: [] for i in wanted}
    for r in gc.get_referrers(*objs):
        if id(r) in skip or isinstance(r, types.FrameType):
            continue
        if isinstance(r, tuple) and len(r) == len(objs) and all(a is b for a, b in zip(r, objs, strict=True)):
            continue
        for ref in gc.get_referents(r):
            if id(ref) in wanted:
                held[id(ref)].append(r)
    return held


@pytest.mark.slow  # gc.get_referrers over the whole heap: with the slow sweeps
def test_fired_rules_and_their_facts_are_the_callers_own() -> None:
    clear()
    chart = cast("1961-04-12T09:07", tz="+03:00", lon=37.6, lat=55.75, sex="男")
    for call in ("made", "kept", "from the memo"):
        fired = reading(chart, on="2001-04-12")
        assert len(fired) > 20, call
        nodes: list[tuple[Any, Any, str]] = [(f, fired, f"{call} {f.id}") for f in fired]
        for f in fired:
            _tree(f.facts, f, f"{call} {f.id}", nodes)
        objs = [n[0] for n in nodes]
        held = _holders(objs, [nodes, *nodes])
        for x, parent, where in nodes:
            got = held[id(x)]
            assert len(got) == 1 and got[0] is parent, (where, type(x).__name__, len(got))
        assert len(nodes) > 3 * len(fired)
        del fired, nodes, objs, held
