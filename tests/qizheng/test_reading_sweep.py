"""Coverage: every seed-003 judgment rule fires somewhere in a seeded sweep of real charts (cast from random
instants, each read with a random date for the 限 judgments)."""

from __future__ import annotations

import random

import pytest

from xuanheng.qizheng import cast
from xuanheng.qizheng.reading import reading, rules


@pytest.mark.slow
def test_every_judgment_fires_in_a_seeded_sweep() -> None:
    want = {r.id for r in rules() if r.kind != "格局"}
    seen: set[str] = set()
    rnd = random.Random(2024)
    n = 0
    while want - seen and n < 3000:
        y, mo, d = rnd.randint(1900, 2040), rnd.randint(1, 12), rnd.randint(1, 28)
        h, mi = rnd.randint(0, 23), rnd.randint(0, 59)
        c = cast(
            f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}",
            tz="+08:00",
            lon=116.4,
            lat=39.9,
            sex=rnd.choice("男女"),
        )
        on = f"{y + rnd.randint(1, 95)}-{rnd.randint(1, 12):02d}-15"
        seen |= {r.id for r in reading(c, on=on)}
        n += 1
    assert not want - seen, sorted(want - seen)
