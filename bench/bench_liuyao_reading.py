"""六爻 readings of cast charts (issue 11: ≥ 5,000 readings/s), in the same run as the chart benchmark.

The charts are cast once (4,096 instants a few hours apart, cycling through all 4,096 line-value patterns
as in bench_liuyao.py); each case then reads them in turn. ``xuanheng`` reads for a question (cycling
through 天時, 家宅, 農, 病, 財 — the use the issue describes: a practitioner asks about something),
``xuanheng-all`` with no topic (every rule of every question, about three times as many fired rules),
``xuanheng-plain`` is the plain path (every rule on every line, no masks), for comparison.
No peer package reads seed 004's judgments. Every case here is timed in CPU time (``time.process_time``:
the machine is shared and its wall clock noisy), the cast of a chart too (``chart (CPU)``), so that the
ratio of a reading to a cast comes from one run.

One run (``bench/run.py liuyao`` at 4f35612, the 2 shared cores, load 0.9–1.4, CPU time): 5,425
readings/s with a question, 2,190 with no topic, 478 plain, casts 33,182/s. Alternating be840b7 and
4f35612 in one session (2,048 of these charts, a question each, best of five passes, three each): 4,965 /
5,267 / 4,279 against 5,381 / 6,119 / 5,763 readings/s. The issue's 5,000/s is met in that run but not
reliably: seven consecutive runs at f3c16ba gave 3,405–5,729/s (docs/liuyao-reading.md, "Speed"). The
round after it (liuyao-speed4) cut the instructions a reading from 676,619 to 629,156 (cachegrind), the
next (liuyao-speed5) from 621,117 / 623,309 (two runs at its start) to 587,341–589,438 (three runs;
callgrind steady state: 512 charts read once, then the difference of 0 and 500 more readings; 627,105 →
583,548 with the hash seed fixed in every run).

Run: ``.venv/bin/python bench/run.py liuyao`` (with bench_liuyao.py) or this file directly.
"""

from __future__ import annotations

import datetime as dt
import itertools
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).parent))

from _common import Case

VALUES = ["".join(map(str, v)) for v in itertools.product((6, 7, 8, 9), repeat=6)]
_ZONE = ZoneInfo("Asia/Shanghai")
INSTANTS = [dt.datetime(2026, 1, 1, 0, 17, tzinfo=_ZONE) + dt.timedelta(minutes=97 * i) for i in range(4096)]
TOPICS = ("天時", "家宅", "農", "病", "財")
REPEAT = 5
RD = "reading of a cast chart (CPU time)"
CH = "chart from a datetime (CPU time)"


def cases() -> list[Case]:
    from xuanheng.liuyao import fast
    from xuanheng.liuyao.reading import reading, reading_plain

    charts = [fast.cast(INSTANTS[i], lines=VALUES[(i * 37) & 4095]) for i in range(4096)]
    for i, c in enumerate(charts):  # warm the per-hexagram tables of each topic once
        reading(c, TOPICS[i % len(TOPICS)])
        reading(c)

    def topic(n: int) -> None:
        for i in range(n):
            reading(charts[i & 4095], TOPICS[i % 5])

    def everything(n: int) -> None:
        for i in range(n):
            reading(charts[i & 4095])

    def plain(n: int) -> None:
        for i in range(n):
            reading_plain(charts[i & 4095], TOPICS[i % 5])

    def cast(n: int) -> None:
        for i in range(n):
            fast.cast(INSTANTS[i & 4095], lines=VALUES[(i * 37) & 4095])

    cpu = time.process_time
    return [
        Case(RD, "xuanheng", topic, n=4096, note="(one question per chart)", repeat=REPEAT, clock=cpu),
        Case(
            RD,
            "xuanheng-all",
            everything,
            n=2048,
            note="(no topic: every question's rules)",
            repeat=REPEAT,
            clock=cpu,
        ),
        Case(RD, "xuanheng-plain", plain, n=256, note="(plain rule statement)", repeat=REPEAT, clock=cpu),
        Case(CH, "xuanheng", cast, n=4096, note="(fast.cast, the charts above)", repeat=REPEAT, clock=cpu),
    ]


if __name__ == "__main__":
    from _common import report

    report(cases())
