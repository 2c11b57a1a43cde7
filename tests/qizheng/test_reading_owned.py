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

from xuanheng.qizheng import cast
from xuanheng.qizheng.memo import clear
from xuanheng.qizheng.reading import reading


def _holders(x: Any) -> list[Any]:
    return [r for r in gc.get_referrers(x) if not isinstance(r, types.FrameType)]


def _check_tree(x: Any, parent: Any, where: str) -> int:
    """Every container under *x* (and *x*) is held by its parent alone; the number of containers."""
    holders = _holders(x)
    assert len(holders) == 1 and holders[0] is parent, (where, type(x).__name__, len(holders))
    n = 1
    for k in list(x) if isinstance(x, dict) else range(len(x)):  # no (key, value) pairs: they would hold
        if isinstance(x[k], (dict, list, tuple)):
            n += _check_tree(x[k], x, f"{where}/{k}")
    return n


def test_fired_rules_and_their_facts_are_the_callers_own() -> None:
    clear()
    chart = cast("1961-04-12T09:07", tz="+03:00", lon=37.6, lat=55.75, sex="男")
    for call in ("made", "kept", "from the memo"):
        fired = reading(chart, on="2001-04-12")
        assert len(fired) > 20, call
        containers = 0
        for f in fired:
            holders = _holders(f)
            assert len(holders) == 1 and holders[0] is fired, (call, f.id)
            containers += _check_tree(f.facts, f, f"{call} {f.id}")
        assert containers > 2 * len(fired)
        del fired
