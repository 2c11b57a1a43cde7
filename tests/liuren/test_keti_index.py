"""The 課體 meanings filed by the 課體 names they need (``ke_ti``'s ``needs``, the chart's names shown):
the index must let through every table that holds, which the evaluation of every table decides (the oracle
is the shared engine's ``holds`` on each table, not the index)."""

from __future__ import annotations

import random

from xuanheng.liuren import cast
from xuanheng.liuren.reading import CHART, _context, _keti_rules_data

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"


def test_index_lets_through_every_meaning_that_holds() -> None:
    tables = tuple(r.when for r in _keti_rules_data())
    index = CHART.index(tables)
    assert index.filed >= 60  # the meanings named by a 課體 alone
    rng = random.Random(5)
    held = spared = 0
    for _ in range(1500):
        d, yj, h = rng.randrange(60), rng.randrange(12), rng.randrange(12)
        month = rng.choice([None, *range(12)])
        ch = cast(day=GAN[d % 10] + ZHI[d % 12], yue_jiang=ZHI[yj], hour=ZHI[h], month_branch=month)
        c = _context(ch, None, None)
        may = index.may_hold(c)
        for i, when in enumerate(tables):
            if CHART.holds(when, c) is not None:
                assert may[i], (ch.day.name, yj, h, when)
                held += 1
            elif not may[i]:
                spared += 1
    assert held > 100 and spared > 1000
