"""七政四餘 readings and 限 timelines on charts cast beforehand (the chart's own speed is bench_qizheng.py).

The charts: 200 random minutes 1900–2040 at Beijing (seed 10), cast once before timing. Cases:

* ``xuanheng`` (reading) — ``xuanheng.qizheng.reading.reading``: every seed-003 judgment and 格局 that fires,
  through the gated, compiled rules (``_reading_fast``); the issue's target is ≥ 2,000/s;
* ``plain rules`` — ``reading_plain``, every rule through the shared engine's ``Vocabulary.holds``: the
  statement the fast path is tested against;
* ``xuanheng`` (timeline) — ``xuanheng.qizheng.xian.timeline``: the 12 大限 with their 宿 by 洞微, the 童限,
  and 100 years of 小限 and 流年; the target is < 50 ms each (> 20/s);
* ``xuanheng`` (限 on a date) — ``xian(chart, on, with_liu_yao=False)``: which 大限, 小限 and 流年 run.

Run: ``.venv/bin/python bench/run.py qizheng_reading`` (or this file directly).
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import Case

LON, LAT = 116.4, 39.9


def _charts(n: int = 200) -> list[object]:
    from xuanheng.qizheng import cast

    rng = random.Random(10)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    return [
        cast(
            start + timedelta(minutes=rng.randint(0, 140 * 365 * 1440)),
            lon=LON,
            lat=LAT,
            sex=rng.choice("男女"),
        )
        for _ in range(n)
    ]


_CHARTS: list[object] = []


def charts() -> list[object]:
    if not _CHARTS:
        _CHARTS.extend(_charts())
    return _CHARTS


def _reading() -> Case:
    from xuanheng.qizheng.reading import reading

    cs = charts()
    for c in cs:
        reading(c)

    def run(n: int) -> None:
        m = len(cs)
        for i in range(n):
            reading(cs[i % m])

    return Case("七政四餘 reading of a cast chart", "xuanheng", run, n=2000, repeat=5)


def _plain() -> Case:
    from xuanheng.qizheng.reading import reading_plain

    cs = charts()

    def run(n: int) -> None:
        m = len(cs)
        for i in range(n):
            reading_plain(cs[i % m])

    return Case(
        "七政四餘 reading of a cast chart", "plain rules", run, n=1000, note="(no gates, engine holds)"
    )


def _timeline() -> Case:
    from xuanheng.qizheng.xian import timeline

    cs = charts()

    def run(n: int) -> None:
        m = len(cs)
        for i in range(n):
            timeline(cs[i % m], years=100)

    return Case("七政四餘 100-year 限 timeline", "xuanheng", run, n=100, repeat=5)


def _on_date() -> Case:
    from xuanheng.qizheng.xian import xian

    cs = charts()

    def run(n: int) -> None:
        m = len(cs)
        for i in range(n):
            c = cs[i % m]
            xian(c, c.when + timedelta(days=30 * 365), with_liu_yao=False)  # type: ignore[attr-defined]

    return Case("七政四餘 限 on a date", "xuanheng", run, n=500, repeat=5)


def cases() -> list[Case]:
    return [_reading(), _plain(), _timeline(), _on_date()]


if __name__ == "__main__":
    from _common import report

    report(cases())
