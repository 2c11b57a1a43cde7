"""The 神煞 of a 金口訣 cast against the rule statement, written here (issue 28's speed round, perf-doc).

``cast.shensha`` reads what each spirit occupies from the table's precompiled groups and finds the positions
by a mask of what they hold, and shares the entries it makes between charts. Here the same entries are
computed the plain way, from the table's own statement: ``evaluate_all`` on the cast's context, then each
spirit's ``on`` positions (all four when it names none, in that order) that hold one of its branches, stems
or 天將; ``applies`` for a 干支 spirit on its day, and for a day-count spirit on its count when the days since
the 節 are known. Every field of every table entry must agree, over study casts and casts from instants.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.jinkoujue.chart import POSITION_KEYS
from xuanheng.shensha import evaluate_all, load_table

TABLE = load_table("jinkoujue")
#: the module (the package exports its function ``cast`` under the same name)
cast_mod = importlib.import_module("xuanheng.jinkoujue.cast")


def _expected(positions: Any, ctx: Any, cal: Any) -> list[tuple[Any, ...]]:
    occ = evaluate_all(TABLE, ctx)
    days = cast_mod._days(cal)
    out = []
    for sp in TABLE:
        o = occ.get(sp.key)
        if o is None:
            continue
        where = []
        for k in sp.on or POSITION_KEYS:
            p = positions[k]
            if (
                (p.branch is not None and p.branch in o.branches)
                or (p.stem is not None and p.stem in o.stems)
                or (p.jiang is not None and p.jiang in o.jiang)
            ):
                where.append(k)
        applies = cal.day.index in o.ganzhi if o.ganzhi else False
        if o.numbers:
            applies = days is not None and days in o.numbers
        unknown = bool(o.numbers) and days is None
        out.append((sp.key, o.branches, o.stems, o.jiang, tuple(where), applies, unknown))
    return out


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    seen: list[tuple[Any, ...]] = []
    plain = cast_mod.shensha

    def spy(positions: Any, elements: Any, ctx: Any, cal: Any) -> Any:
        hits = plain(positions, elements, ctx, cal)
        seen.append((positions, ctx, cal, hits))
        return hits

    monkeypatch.setattr(cast_mod, "shensha", spy)
    return seen


def test_the_spirits_of_each_cast_are_the_table_read_plainly(recorded: list[tuple[Any, ...]]) -> None:
    rnd = random.Random(28)
    cast_mod._clear_caches()
    for _ in range(150):  # study casts, with and without a year
        cast_mod.cast(
            difen=BRANCHES[rnd.randrange(12)],
            day=GanZhi(rnd.randrange(60)),
            hour=BRANCHES[rnd.randrange(12)],
            month_branch=BRANCHES[rnd.randrange(12)],
            yue_jiang=BRANCHES[rnd.randrange(12)],
            is_day=rnd.random() < 0.5,
            year=GanZhi(rnd.randrange(60)) if rnd.random() < 0.7 else None,
        )
    for _ in range(100):  # casts from instants (the days since the 節 known)
        y, m, d, h = rnd.randrange(1950, 2050), rnd.randrange(1, 13), rnd.randrange(1, 29), rnd.randrange(24)
        at = f"{y}-{m:02d}-{d:02d}T{h:02d}:30"
        cast_mod.cast(at, tz="Asia/Seoul", difen=BRANCHES[rnd.randrange(12)])
    assert len(recorded) == 250
    for positions, ctx, cal, hits in recorded:
        want = _expected(positions, ctx, cal)
        got = [
            (h.key, h.branches, h.stems, h.jiang, h.positions, h.applies, h.note == cast_mod._NO_DAYS)
            for h in hits[: len(want)]
        ]
        assert got == want, (ctx, cal.day)
        # a spirit whose days are known keeps its table note
        notes = {sp.key: sp.note for sp in TABLE}
        for h, w in zip(hits, want, strict=False):
            if not w[-1]:
                assert h.note == notes[h.key]
