"""The gated, compiled reading (_reading_fast) gives exactly the plain reading, on random cast charts with
every option choice and with dates for the 限 judgments; and it is quick."""

from __future__ import annotations

import random

from xuanheng.qizheng import cast
from xuanheng.qizheng.reading import reading, reading_plain


def _charts(n: int, seed: int) -> list[tuple[object, str]]:
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        y, mo, d = rnd.randint(1900, 2040), rnd.randint(1, 12), rnd.randint(1, 28)
        h, mi = rnd.randint(0, 23), rnd.randint(0, 59)
        c = cast(
            f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}",
            tz="+08:00",
            lon=116.4,
            lat=39.9,
            sex=rnd.choice("男女"),
        )
        out.append((c, f"{y + rnd.randint(1, 95)}-{rnd.randint(1, 12):02d}-15"))
    return out


def test_fast_equals_plain() -> None:
    for c, on in _charts(60, 11):
        for kw in (
            {},
            {"on": on},
            {"qiang_ruo": "xitian", "stage_of": "star"},
            {"on": on, "first_term": "nine"},
        ):
            assert [r.to_json() for r in reading(c, **kw)] == [r.to_json() for r in reading_plain(c, **kw)], (
                kw
            )


def test_fast_skips_rules_by_their_buckets() -> None:
    from xuanheng.qizheng import _reading_fast as F
    from xuanheng.qizheng.reading import _ordered, context

    ix = F.compiled(_ordered())
    for c, _ in _charts(10, 5):
        sel = F.selected(ix, context(c))
        assert len(sel) < len(ix.rules) and sel == sorted(sel)
