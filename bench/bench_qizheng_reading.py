"""七政四餘 readings and 限 timelines on charts cast beforehand (the chart's own speed is bench_qizheng.py).

The charts: 200 random minutes 1900–2040 at Beijing (seed 10), cast once before timing. Cases:

* ``xuanheng`` (reading) — ``xuanheng.qizheng.reading.reading``: every seed-003 judgment and 格局 that fires,
  every rule through the shared engine's ``Vocabulary.holds`` (there is no other path);
* ``xuanheng`` (timeline) — ``xuanheng.qizheng.xian.timeline``: the 12 大限 with their 宿 by 洞微, the 童限,
  and 100 years of 小限 and 流年; the target is < 50 ms each (> 20/s);
* ``xuanheng`` (限 on a date) — ``xian(chart, on, with_liu_yao=False)``: which 大限, 小限 and 流年 run;
* ``xuanheng`` (judgment) — ``xuanheng.qizheng.judgment.judge`` of a cast life (the chart with its 限 of
  ``on``) with its reading given: the 大象 and rank, the sections and every 限, and its JSON;
* ``xuanheng`` (contract document) — ``METHOD.document`` of a birth with ``on``: the cast, the 流曜 cast of
  the date, the timeline, the reading and the judgment in one (what ``xuanheng qizheng --on … --json`` and
  the API do), over 20 births asked again and again (a front end asks for a chart it has cast: the memos of
  ``xuanheng.qizheng.memo`` keep the chart, its life (限 and timeline), the 流曜 of the date, the reading and
  the judgment's context and sections, and from the second ask on ``Method.documents`` keeps the finished
  document, each answer a ``marshal`` copy of it); the target is ≥ 500/s (issue 29);
* ``xuanheng`` (contract document, a new birth each time) — 600 births asked once each about the same date
  (the 流曜 of the date kept, everything else made anew): what the API mostly answers;
* ``xuanheng`` (contract document, nothing kept) — the 20 births with every memo emptied before each
  document (the 流曜 cast again too; ``memo.clear`` empties the kept documents too).

The reading and judgment cases empty the memos before each call, so they time the work itself. The
document cases, the judgment and the reading are timed in CPU time (``time.process_time``).

Run directly, the file also prints the CPU time of each phase of a new birth's document (:func:`phases`:
the chart cast, its 限 and timeline, the chart JSON, the reading, the judgment, their JSON, and the garbage
collector's share as a web worker pays it, after ``gc.freeze()``, and without the freeze) and CPU-time
rates (``time.process_time``, best of three passes) of the reading (without and with a topic), the timeline
and the chart cast, which a machine shared with other jobs disturbs less than wall-clock rates.

Run: ``.venv/bin/python bench/run.py qizheng_reading`` (or this file directly).
"""

from __future__ import annotations

import random
import sys
import time
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
    from xuanheng.qizheng.memo import clear
    from xuanheng.qizheng.reading import reading

    cs = charts()
    for c in cs:
        reading(c)

    def run(n: int) -> None:
        m = len(cs)
        for i in range(n):
            clear()  # the reading itself, not the memo of the chart's last one
            reading(cs[i % m])

    return Case(
        "七政四餘 reading of a cast chart", "xuanheng", run, n=2000, repeat=5, clock=time.process_time
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


def _judgment() -> Case:
    from xuanheng.qizheng.cast import life
    from xuanheng.qizheng.judgment import judge
    from xuanheng.qizheng.memo import clear
    from xuanheng.qizheng.reading import reading

    cases = []
    for c in charts()[:100]:
        lf = life(c, on=c.when + timedelta(days=30 * 365))  # type: ignore[arg-type, attr-defined]
        cases.append((lf, reading(c, on=lf.on)))

    def run(n: int) -> None:
        m = len(cases)
        for i in range(n):
            lf, fired = cases[i % m]
            clear()  # the judgment itself, not the memo of the chart's context and sections
            judge(lf, None, fired=fired).to_json("zh-Hant")

    return Case(
        "七政四餘 life judgment of a cast life", "xuanheng", run, n=500, repeat=5, clock=time.process_time
    )


def _document_params(n: int, seed: int) -> list[object]:
    from xuanheng.qizheng import METHOD

    rng = random.Random(seed)
    return [
        METHOD.make_params(
            {
                "at": f"{rng.randint(1920, 2000)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T12:00",
                "tz": "+08:00",
                "lon": LON,
                "lat": LAT,
                "on": "2026-06-01",
            }
        )
        for _ in range(n)
    ]


def _document() -> Case:
    from xuanheng.qizheng import METHOD

    ps = _document_params(20, 11)
    METHOD.document(ps[0], "zh-Hant")  # type: ignore[arg-type]

    def run(n: int) -> None:
        for i in range(n):
            METHOD.document(ps[i % len(ps)], "zh-Hant")  # type: ignore[arg-type]

    return Case(
        "七政四餘 contract document with on", "xuanheng", run, n=100, repeat=5, clock=time.process_time
    )


def _document_fresh() -> Case:
    """The document of a birth not asked before, every time, about one date: what the API mostly answers
    (the 流曜 of the date cast once and kept; the natal chart, its reading and judgment made anew)."""
    from xuanheng.qizheng import METHOD

    ps = _document_params(600, 12)
    METHOD.document(ps[0], "zh-Hant")  # type: ignore[arg-type]
    at = [1]

    def run(n: int) -> None:
        for _ in range(n):
            METHOD.document(ps[at[0] % len(ps)], "zh-Hant")  # type: ignore[arg-type]
            at[0] += 1

    return Case(
        "七政四餘 contract document with on, a new birth each time",
        "xuanheng",
        run,
        n=100,
        repeat=5,
        clock=time.process_time,
    )


def _document_new() -> Case:
    """The document of a birth never cast before: every memo of :mod:`xuanheng.qizheng.memo` emptied first
    (the natal chart, the 流曜 of the date, the reading and the judgment all made anew)."""
    from xuanheng.qizheng import METHOD
    from xuanheng.qizheng.memo import clear

    ps = _document_params(20, 11)

    def run(n: int) -> None:
        for i in range(n):
            clear()
            METHOD.document(ps[i % len(ps)], "zh-Hant")  # type: ignore[arg-type]

    return Case(
        "七政四餘 contract document with on, nothing kept",
        "xuanheng",
        run,
        n=40,
        repeat=5,
        clock=time.process_time,
    )


def cases() -> list[Case]:
    return [_reading(), _timeline(), _on_date(), _judgment(), _document(), _document_fresh(), _document_new()]


def cpu_rates() -> tuple[float, float, float, float]:
    """(readings, readings for a topic (財), timelines, chart casts) per CPU second over the bench's charts:
    the best of three passes each (a machine shared with other jobs slows single passes)."""
    import time

    from xuanheng.qizheng import cast
    from xuanheng.qizheng.memo import clear
    from xuanheng.qizheng.reading import reading
    from xuanheng.qizheng.xian import timeline

    cs = charts()

    def best(fn: object, items: list[object]) -> float:
        out = 0.0
        for _ in range(3):
            t0 = time.process_time()
            for c in items:
                fn(c)  # type: ignore[operator]
            out = max(out, len(items) / max(time.process_time() - t0, 1e-9))
        return out

    r = best(lambda c: (clear(), reading(c)), cs)
    rt = best(lambda c: (clear(), reading(c, "財")), cs)
    t = best(lambda c: (clear(), timeline(c, years=100)), cs[:50])
    whens = [c.when for c in cs[:60]]  # type: ignore[attr-defined]
    k = best(lambda w: cast(w, lon=LON, lat=LAT), whens)  # type: ignore[arg-type]
    return r, rt, t, k


#: the phases of a new birth's document, in the order :meth:`xuanheng.method.Method.document` runs them
PHASES: tuple[str, ...] = (
    "chart cast",
    "限 and timeline",
    "chart JSON",
    "reading",
    "judgment",
    "judgment JSON",
    "reading JSON",
)


def phases(passes: int = 5, per: int = 60) -> dict[str, float]:
    """CPU milliseconds per phase of the document of a new birth asked about one date (the births of
    :func:`_document_fresh`'s kind: each cast once), the best of *passes* passes of *per* births each (a
    shared machine slows single passes), with the garbage collector off, so that a phase is not charged
    with a collection its neighbours' objects started; ``gc`` is the collector's share measured apart:
    the whole document timed with the collector on, less the sum of the phases, as a web worker runs it
    (the objects that live on — tables, memos — moved out of the collector's scans by ``gc.freeze()``, as
    the worker does after its warm-up and every 2,000 requests: ``xuanheng.web.app.GcPolicy``); the share
    without the freeze, passes interleaved with those, is left in :data:`GC_UNFROZEN`."""
    import gc

    from xuanheng.qizheng import METHOD
    from xuanheng.qizheng.params import cast_chart
    from xuanheng.reading.judgment import Question

    ps = _document_params(passes * per + 1, 13)
    METHOD.document(ps[0], "zh-Hant")  # type: ignore[arg-type]
    clk = time.process_time
    best = dict.fromkeys(PHASES, float("inf"))
    gc.disable()
    try:
        for k in range(passes):
            spent = dict.fromkeys(PHASES, 0.0)
            for p in ps[1 + k * per : 1 + (k + 1) * per]:
                t0 = clk()
                cast_chart(p)  # type: ignore[arg-type]
                t1 = clk()
                case = METHOD.cast(p)  # type: ignore[arg-type]  # the chart kept: the 限 and timeline
                t2 = clk()
                case.to_json()
                t3 = clk()
                fired = METHOD.read(case, None, "zh-Hant")  # type: ignore[misc]
                t4 = clk()
                judged = METHOD.judge(case, Question(None, "自己"), fired=fired)  # type: ignore[misc]
                t5 = clk()
                judged.to_json("zh-Hant", METHOD.kept)  # copied as Method.document copies them
                t6 = clk()
                [r.to_json("zh-Hant", METHOD.kept and not METHOD.reads_own) for r in fired]
                t7 = clk()
                marks = (t0, t1, t2, t3, t4, t5, t6, t7)
                for i, name in enumerate(PHASES):
                    spent[name] += (marks[i + 1] - marks[i]) / per
            best = {name: min(best[name], spent[name]) for name in PHASES}
    finally:
        gc.enable()
    more = _document_params(2 * passes * per, 14)
    whole = {True: float("inf"), False: float("inf")}
    for k in range(2 * passes):
        frozen = k % 2 == 0  # interleaved: the web worker's policy, then the collector as it comes
        if frozen:
            gc.collect()
            gc.freeze()  # what the web worker does after its warm-up (xuanheng.web.app, GcPolicy)
        try:
            t0 = clk()
            for p in more[k * per : (k + 1) * per]:
                METHOD.document(p, "zh-Hant")  # type: ignore[arg-type]
            whole[frozen] = min(whole[frozen], (clk() - t0) / per)
        finally:
            if frozen:
                gc.unfreeze()
    out = {name: 1000 * v for name, v in best.items()}
    work = sum(out.values())
    out["gc"] = max(1000 * whole[True] - work, 0.0)
    GC_UNFROZEN[0] = max(1000 * whole[False] - work, 0.0)
    return out


#: the collector's share of :func:`phases` without the web worker's ``gc.freeze`` (set by :func:`phases`)
GC_UNFROZEN = [0.0]


if __name__ == "__main__":
    from _common import report

    report(cases())
    ms = phases()
    print("\nA new birth's document, CPU ms per phase (best of 5 × 60 births; the collector apart):")
    for name, v in ms.items():
        print(f"  {name:<16} {v:6.3f}")
    print(f"  {'whole':<16} {sum(ms.values()):6.3f}  ({1000 / sum(ms.values()):,.0f}/s)")
    print(f"  (gc is the web worker's, after gc.freeze(); without the freeze {GC_UNFROZEN[0]:.3f})")
    r, rt, t, k = cpu_rates()
    print(f"CPU time: reading {r:,.0f}/s ({1000 / r:.2f} ms), for a topic {rt:,.0f}/s,", end=" ")
    print(f"100-year timeline {t:,.0f}/s ({1000 / t:.1f} ms), chart cast {k:,.0f}/s")
