"""六爻 readings of cast charts, in the same run as the chart benchmark.

The charts are cast once (4,096 instants a few hours apart, cycling through all 4,096 line-value patterns
as in bench_liuyao.py); each case then reads them in turn. ``xuanheng`` reads for a question (cycling
through 天時, 家宅, 農, 病, 財 — the use the issue describes: a practitioner asks about something),
``xuanheng-all`` with no topic (every rule of every question, about three times as many fired rules).
There is one path: every rule of the question evaluated by the shared engine (``Vocabulary.holds``) on the
facts of ``_reading_ctx.Ctx``; the masked fast path with generated code that once met issue 11's
5,000 readings/s was removed in issue 26 (one implementation per rule). No peer package reads seed 004's
judgments. Every case here is timed in CPU time (``time.process_time``: the machine is shared and its wall
clock noisy), the cast of a chart too (``chart (CPU)``), so that the ratio of a reading to a cast comes from
one run. Figures: docs/liuyao-reading.md, "Speed".

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
    from xuanheng.liuyao import cast as liuyao_cast
    from xuanheng.liuyao.reading import reading

    charts = [liuyao_cast(INSTANTS[i], lines=VALUES[(i * 37) & 4095]) for i in range(4096)]
    for i, c in enumerate(charts):  # warm the per-hexagram tables of each topic once
        reading(c, TOPICS[i % len(TOPICS)])
        reading(c)

    def topic(n: int) -> None:
        for i in range(n):
            reading(charts[i & 4095], TOPICS[i % 5])

    def everything(n: int) -> None:
        for i in range(n):
            reading(charts[i & 4095])

    def cast(n: int) -> None:
        for i in range(n):
            liuyao_cast(INSTANTS[i & 4095], lines=VALUES[(i * 37) & 4095])

    cpu = time.process_time
    return [
        Case(RD, "xuanheng", topic, n=2048, note="(one question per chart)", repeat=REPEAT, clock=cpu),
        Case(
            RD,
            "xuanheng-all",
            everything,
            n=1024,
            note="(no topic: every question's rules)",
            repeat=REPEAT,
            clock=cpu,
        ),
        Case(CH, "xuanheng", cast, n=4096, note="(liuyao.cast, the charts above)", repeat=REPEAT, clock=cpu),
    ]


if __name__ == "__main__":
    from _common import report

    report(cases())
