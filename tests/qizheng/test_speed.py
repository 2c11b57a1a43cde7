"""A guard against a gross slow-down of the 七政四餘 cast, not the benchmark (bench/bench_qizheng.py).

CPU time, best of three runs of 200 charts, and a floor about a third of what this machine gives (1,100 to
1,400 charts/s of CPU time when this was written, with other jobs running), so that a shared CI machine does
not fail on load alone: it catches a slow-down of three times or more (an ephemeris call in a loop, a cache
that stopped working), not the last ten per cent.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from xuanheng.qizheng import cast

FLOOR = 500.0  # charts per second of CPU time


def test_cast_speed_floor_on_cpu_time() -> None:
    rng = random.Random(10)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    instants = [start + timedelta(minutes=rng.randint(0, 150 * 365 * 1440)) for _ in range(200)]
    for t in instants[:20]:
        cast(t, lon=116.4, lat=39.9)
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for t in instants:
            cast(t, lon=116.4, lat=39.9)
        best = min(best, time.process_time() - t0)
    rate = len(instants) / best
    assert rate >= FLOOR, f"{rate:.0f} charts/s of CPU time, floor {FLOOR:.0f}"
