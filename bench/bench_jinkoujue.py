"""六壬金口訣: charts per second, ours against the one peer on PyPI that has the method.

Peers searched (PyPI name list, /work/.library/env/packages/pypi.tsv, for 金口訣 / jinkoujue / liuren):
only ``kinliuren`` has a 金口訣 function (``Liuren(jieqi, cmonth, day, hour).jinkou(branch)``). It takes
calendar coordinates, not an instant, so the "from a datetime" peer is lunar-python (節氣, 干支) feeding
kinliuren. Its output is much thinner than ours (人元, 貴神, 將神, 地分 only: no 旺衰, 動, 用爻, 神煞)
and disagrees with the reference casts of issue 3 on the 貴神 and 將神 — speed only, not correctness.
No peer has a 金口訣 reading (斷), so the reading is measured alone.

Six groups, all in one run:

* cast from calendar coordinates — warm: the cast remembers each 課 geometry (with its 動 and pair
  relations) once computed, so repeated runs over the same 2,000 coordinates measure the steady state;
* the same with that memo cleared before each run (the cost of a fresh process);
* cast from a datetime, next to ``xuanheng.time.calendar`` alone (the floor: the cast cannot be faster
  than the calendar it needs);
* the reading (斷) of 2,000 cast charts in zh-Hant and in zh-Hans;
* the document a front end hands out, ``METHOD.document(params, lang)`` (instant → calendar → chart →
  reading → JSON) over 2,000 instants spread over 1950–2050, in CPU time (``time.process_time``: a shared
  machine's other jobs do not count), beside the peers' cast from a datetime (they have no document: the
  ratio is the user's cost against the thinnest peer answer).
"""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from _common import Case
from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.jinkoujue import JinKouJueChart, cast, reading
from xuanheng.jinkoujue.cast import _clear_caches

_TZ = ZoneInfo("Asia/Shanghai")
_START = datetime(2026, 1, 1, 0, 0, tzinfo=_TZ)

G_COORDS = "金口訣 chart from calendar coordinates"
G_COLD = "金口訣 chart from calendar coordinates, memo cleared before each run"
G_DATETIME = "金口訣 chart from a datetime"
G_READING = "金口訣 reading (斷) of a cast chart"
G_DOCUMENT = "金口訣 document (METHOD.document, CPU time)"


def _instants(n: int) -> list[datetime]:
    return [_START + timedelta(minutes=137 * i) for i in range(n)]


def _ours_datetime(n: int) -> None:
    for i, t in enumerate(_instants(n)):
        cast(t, difen=BRANCHES[i % 12])


def _calendar_only(n: int) -> None:
    from xuanheng.time import calendar

    for t in _instants(n):
        calendar(t)


def _coords(i: int) -> JinKouJueChart:
    return cast(
        day=GanZhi(i % 60),
        hour=i % 12,
        month_branch=(i // 7) % 12,
        year=GanZhi((i // 11) % 60),
        yue_jiang=(i // 5) % 12,
        is_day=bool(i % 2),
        difen=BRANCHES[(i * 5) % 12],
    )


def _ours_coords(n: int) -> None:
    for i in range(n):
        _coords(i)


def _ours_coords_cold(n: int) -> None:
    _clear_caches()
    for i in range(n):
        _coords(i)


_CHARTS: list[JinKouJueChart] = []


def _charts(n: int) -> list[JinKouJueChart]:
    while len(_CHARTS) < n:
        _CHARTS.append(_coords(len(_CHARTS)))
    return _CHARTS[:n]


def _reading(lang: str) -> Case:
    def run(n: int) -> None:
        for c in _charts(n):
            reading(c, lang=lang)

    return Case(G_READING, "xuanheng" if lang == "zh-Hant" else f"xuanheng ({lang})", run, n=2000)


def _document_params(n: int) -> list[object]:
    """*n* parameter sets: instants spread over 1950–2050, the 地分 cycled."""
    from xuanheng.jinkoujue import METHOD

    rng = random.Random(26)
    base = datetime(1950, 1, 1, tzinfo=_TZ)
    out = []
    for i in range(n):
        t = base + timedelta(minutes=rng.randrange(100 * 366 * 24 * 60))
        out.append(METHOD.make_params({"at": t.isoformat(), "difen": BRANCHES[i % 12]}))
    return out


def _document() -> Case:
    from xuanheng.jinkoujue import METHOD

    params = _document_params(2000)

    def run(n: int) -> None:
        for i in range(n):
            METHOD.document(params[i % len(params)], "zh-Hant")

    return Case(G_DOCUMENT, "xuanheng", run, n=2000, clock=time.process_time)


def _peer_cases() -> list[Case]:
    try:
        from kinliuren.kinliuren import Liuren
    except ImportError:
        return [
            Case(G_COORDS, "kinliuren", None, note="(pip install kinliuren)"),
            Case(G_DATETIME, "lunar-python+kinliuren", None),
            Case(G_DOCUMENT, "lunar-python+kinliuren", None),
        ]
    terms = ["立春", "雨水", "驚蟄", "春分", "清明", "穀雨", "立夏", "小滿", "芒種", "夏至", "小暑", "大暑"]
    terms += ["立秋", "處暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至", "小寒", "大寒"]

    def coords(n: int) -> None:
        for i in range(n):
            day = GanZhi(i % 60)
            hour = GanZhi.of((2 * (day.stem % 5) + i % 12) % 10, i % 12)
            Liuren(terms[i % 24], "正", day.name, hour.name).jinkou(BRANCHES[(i * 5) % 12])

    cases = [Case(G_COORDS, "kinliuren", coords, n=2000), Case(G_COLD, "kinliuren", coords, n=2000)]
    try:
        from lunar_python import Solar

        from xuanheng.reading import to_simplified
    except ImportError:
        cases.append(Case(G_DATETIME, "lunar-python+kinliuren", None))
        cases.append(Case(G_DOCUMENT, "lunar-python+kinliuren", None))
        return cases
    s2t = {to_simplified(t): t for t in terms}

    def from_datetime(n: int) -> None:
        for i, t in enumerate(_instants(n)):
            lunar = Solar.fromYmdHms(t.year, t.month, t.day, t.hour, t.minute, 0).getLunar()
            jq = s2t[lunar.getPrevJieQi().getName()]
            Liuren(jq, lunar.getMonthInChinese(), lunar.getDayInGanZhi(), lunar.getTimeInGanZhi()).jinkou(
                BRANCHES[i % 12]
            )

    cases.append(Case(G_DATETIME, "lunar-python+kinliuren", from_datetime, n=2000))
    cases.append(
        Case(
            G_DOCUMENT,
            "lunar-python+kinliuren",
            from_datetime,
            n=2000,
            clock=time.process_time,
            note="(its cast from a datetime: four positions, no reading)",
        )
    )
    return cases


def cases() -> list[Case]:
    ours = [
        Case(G_COORDS, "xuanheng", _ours_coords, n=2000),
        Case(G_COLD, "xuanheng", _ours_coords_cold, n=2000),
        Case(G_DATETIME, "xuanheng", _ours_datetime, n=2000),
        Case(
            G_DATETIME, "calendar alone", _calendar_only, n=2000, note="(xuanheng.time.calendar, the floor)"
        ),
        _reading("zh-Hant"),
        _reading("zh-Hans"),
        _document(),
    ]
    return ours + _peer_cases()
