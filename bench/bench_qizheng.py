"""七政四餘: full natal charts from a datetime and a place, against bazaar-of-fates and the ephemeris floor.

Every case casts the same 2,000 instants (random minutes 1900–2050, seed 10) at Beijing; the rates are
measured in one run, so the ratios hold on any machine:

* ``xuanheng`` — ``xuanheng.qizheng.cast`` with the default options: the whole chart (calendar, eleven 曜,
  28 mansions of date, 命宮/身宮, palaces, motion states, dignities, the time rules with the real moonrise);
* ``xuanheng, no place`` — the same chart from the instant alone (no sunrise, sunset, moonrise or
  ascendant): the closer match to bazaar-of-fates, which takes a date and no place;
* ``ephemeris floor`` — the seven bodies alone (``xuanheng.astro.bodies.seven_governors``: the Swiss
  Ephemeris files), the part no chart can skip;
* ``Moshier floor`` — the same seven bodies from the Moshier theory (``default_ephemeris().position``),
  the floor the issue's target was set against ("≈ 4,300/s here" for 2,000 charts/s): it gives the host's
  speed in the same run, so the chart's rate can be read against it on a machine faster or slower than the
  one the target was measured on;
* ``time core`` — ``xuanheng.time.calendar`` with the place (pillars, terms, lunar date, sunrise, sunset),
  the other part the chart takes as it is;
* ``bazaar-of-fates`` — ``fortune.engines.qizheng.chart_for(date)``: positions only, from a date (no time,
  no place, J2000 ecliptic), so it does far less; for speed only;
* documents (a group of their own) — ``METHOD.document`` in zh-Hant with the reading, of 200 of the instants
  at Beijing: a birth alone (the chart, its 限 and the timeline's default rows), and with ``on`` =
  2026-06-01 (the 限 of that date and its 流曜 cast), what the command line's ``--json`` and the API give.

Every case is timed in CPU time (``time.process_time``, best of three runs): the development machine has two
cores shared with other jobs, and its wall clock moved the ratios by tens of percent between runs.

On the faster host of 2026-12-02 (seven runs of ``bench/run.py qizheng liuyao`` at 521ce34–bdee8e8): the chart
2,144–2,795/s, the Moshier floor 6,415–8,065/s, a ratio of 0.27–0.38 (docs/qizheng.md, "Speed").
On the third host of that day (three runs at 3d2cf0e): the chart 1,253–1,623/s, the Moshier floor
5,076–6,588/s, a ratio of 0.24–0.26.

Issue 26 (2026-12-04, two rounds alternating with main on one loaded host): the chart 3,332–4,014 →
2,075–2,408/s (the twins of the mansions, the 留 table and the solar day removed), bazaar-of-fates
3,863–4,229/s; the document 279–354 → 493–722/s, with ``on`` 232–273 → 380–465/s (docs/qizheng.md, "Speed").

Run: ``.venv/bin/python bench/run.py qizheng`` (or this file directly).
"""

from __future__ import annotations

import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import Case

GROUP = "七政四餘 chart from a datetime and place (CPU time)"
DOC = "七政四餘 document: METHOD.document with its reading (CPU time)"
CPU = time.process_time
LON, LAT = 116.4, 39.9


def _instants(n: int = 2000) -> list[datetime]:
    rng = random.Random(10)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    return [start + timedelta(minutes=rng.randint(0, 150 * 365 * 1440)) for _ in range(n)]


INSTANTS = _instants()


def _ours() -> Case:
    from xuanheng.qizheng import cast

    def run(n: int) -> None:
        m = len(INSTANTS)
        for i in range(n):
            cast(INSTANTS[i % m], lon=LON, lat=LAT)

    return Case(GROUP, "xuanheng", run, n=2000, clock=CPU)


def _ours_no_place() -> Case:
    from xuanheng.qizheng import cast

    def run(n: int) -> None:
        m = len(INSTANTS)
        for i in range(n):
            cast(INSTANTS[i % m])

    note = "(the chart from the instant alone)"
    return Case(GROUP, "xuanheng, no place", run, n=2000, note=note, clock=CPU)


def _document(on: str | None, name: str, note: str) -> Case:
    """METHOD.document of 200 of the instants at Beijing (sex drawn, seed 11), with or without *on*."""
    from xuanheng.qizheng import METHOD

    rng = random.Random(11)
    extra = {} if on is None else {"on": on}
    ps = [
        METHOD.make_params(
            {
                "at": t.strftime("%Y-%m-%dT%H:%M"),
                "tz": "UTC",
                "lon": LON,
                "lat": LAT,
                "sex": rng.choice("男女"),
            }
            | extra
        )
        for t in INSTANTS[:400]
        if on is None or t.year < 2026
    ][:200]

    def run(n: int) -> None:
        m = len(ps)
        for i in range(n):
            METHOD.document(ps[i % m], "zh-Hant")

    return Case(DOC, name, run, n=400, note=note, clock=CPU)


def _floor() -> Case:
    from xuanheng.astro.bodies import seven_governors
    from xuanheng.astro.ephemeris import jd_from_unix

    jds = [jd_from_unix(t.timestamp()) for t in INSTANTS]

    def run(n: int) -> None:
        m = len(jds)
        for i in range(n):
            seven_governors(jds[i % m])

    return Case(GROUP, "ephemeris floor", run, n=2000, note="(seven bodies only)", clock=CPU)


def _moshier_floor() -> Case:
    from xuanheng.astro.bodies import SEVEN
    from xuanheng.astro.ephemeris import default_ephemeris, jd_from_unix

    jds = [jd_from_unix(t.timestamp()) for t in INSTANTS]
    position = default_ephemeris().position

    def run(n: int) -> None:
        m = len(jds)
        for i in range(n):
            jd = jds[i % m]
            for body in SEVEN:
                position(body, jd)

    return Case(GROUP, "Moshier floor", run, n=2000, note="(the seven bodies, Moshier)", clock=CPU)


def _time_core() -> Case:
    from xuanheng.time import calendar

    def run(n: int) -> None:
        m = len(INSTANTS)
        for i in range(n):
            calendar(INSTANTS[i % m], LON, LAT)

    return Case(GROUP, "time core", run, n=2000, note="(calendar with the place)", clock=CPU)


def _bazaar() -> Case:
    try:
        from fortune.engines.qizheng.qizheng import chart_for
    except ImportError:
        return Case(GROUP, "bazaar-of-fates", None)
    dates = [t.date() for t in INSTANTS]

    def run(n: int) -> None:
        m = len(dates)
        for i in range(n):
            chart_for(dates[i % m])

    return Case(GROUP, "bazaar-of-fates", run, n=2000, note="(positions from a date only)", clock=CPU)


def cases() -> list[Case]:
    return [
        _ours(),
        _ours_no_place(),
        _floor(),
        _moshier_floor(),
        _time_core(),
        _bazaar(),
        _document(None, "xuanheng", "(a birth: the chart, its 限 and reading)"),
        _document("2026-06-01", "xuanheng, on", "(with on: the 限 of that date and its 流曜 cast)"),
    ]


if __name__ == "__main__":
    from _common import report

    report(cases())
