"""六爻: 裝卦 from six line values and whole charts from a datetime, against the najia package, in one run.

Every case cycles through all 4,096 line-value patterns (64 hexagrams × 64 moving masks); the chart cases
also cycle through 4,096 instants a few hours apart. Targets (issue 9): 裝卦 ≥ 100,000/s and ≥ 50×
najia's; whole chart from a datetime ≥ 20,000/s (set when a fast path with its own copy of the rules
existed; issue 26 removed it, and every chart now comes from ``calendar()`` and the rule statements of
``liuyao/rules.py`` with their memos). Also measured: the chart's JSON document through the method contract
(what one CLI / HTTP request computes), without and with a question (issue 26: ≥ 1,000/s each), and its
SVG. The documents cycle through 2,048 line patterns, so after the first pass the reading's memos per
(hexagram, moving lines) are filled (`_reading_ctx.Static`; a first pass over new patterns is slower).

Run: ``.venv/bin/python bench/run.py liuyao`` (or this file directly).
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

VALUES = [tuple(v) for v in itertools.product((6, 7, 8, 9), repeat=6)]
_ZONE = ZoneInfo("Asia/Shanghai")
INSTANTS = [dt.datetime(2026, 1, 1, 0, 17, tzinfo=_ZONE) + dt.timedelta(minutes=97 * i) for i in range(4096)]
#: najia's line codes: 1 少陽, 2 少陰, 3 老陽, 4 老陰
NAJIA_CODE = {7: 1, 8: 2, 9: 3, 6: 4}
ZG = "裝卦 from six line values"
#: best of this many runs for every case, ours and najia's alike
REPEAT = 5
CH = "whole chart from a datetime"
#: what the CLI and the HTTP API do per request: Params from the inputs, the cast, the chart's JSON
DOC = "document through the method contract"
SVG = "SVG from a chart document"


def _ours() -> list[Case]:
    from xuanheng import liuyao
    from xuanheng.liuyao import rules

    def zhuang(n: int) -> None:
        for i in range(n):
            liuyao.zhuang_gua(VALUES[i & 4095])

    texts = ["".join(map(str, v)) for v in VALUES]

    def chart(n: int) -> None:
        for i in range(n):
            liuyao.cast(INSTANTS[i & 4095], lines=texts[(i * 37) & 4095])

    from xuanheng.liuyao import METHOD

    def document(n: int) -> None:
        for i in range(n):
            params = METHOD.make_params({"at": INSTANTS[i & 4095], "lines": texts[(i * 37) & 4095]})
            METHOD.document(params, "zh-Hant")

    topics = METHOD.topics()

    def document_topic(n: int) -> None:
        for i in range(n):
            raw = {
                "at": INSTANTS[i & 4095],
                "lines": texts[(i * 37) & 4095],
                "topic": topics[i % len(topics)],
            }
            METHOD.document(METHOD.make_params(raw), "zh-Hant")

    docs = [liuyao.cast(INSTANTS[i], lines=texts[(i * 37) & 4095]).to_json() for i in range(256)]

    def svg(n: int) -> None:
        for i in range(n):
            METHOD.views["svg"](docs[i & 255], "zh-Hant")

    def zhuang_plain(n: int) -> None:
        for i in range(n):
            rules.zhuang_gua(VALUES[i & 4095])

    return [
        Case(ZG, "xuanheng", zhuang, n=40_960, note="(kept per pattern)", repeat=REPEAT),
        Case(ZG, "xuanheng-rules", zhuang_plain, n=8192, note="(rules.zhuang_gua)", repeat=REPEAT),
        Case(CH, "xuanheng", chart, n=4096, repeat=REPEAT),
        Case(DOC, "xuanheng", document, n=2048, note="(METHOD.make_params + METHOD.document)", repeat=REPEAT),
        Case(DOC, "xuanheng-topic", document_topic, n=2048, note="(with a question)", repeat=REPEAT),
        Case(SVG, "xuanheng", svg, n=1024, note='(METHOD.views["svg"])', repeat=REPEAT),
    ]


def _najia() -> list[Case]:
    try:
        from najia import const, utils
        from najia.najia import Najia
    except ImportError:
        return [Case(ZG, "najia", None), Case(CH, "najia", None)]
    params = [[NAJIA_CODE[v] for v in vals] for vals in VALUES]
    moment = "2026-03-10 21:00"

    def compile_(n: int) -> None:
        for i in range(n):
            Najia(verbose=0).compile(params=params[i & 4095], date=moment)

    def utils_only(n: int) -> None:
        # najia's 裝卦 without its calendar: 世應, 宮, 納甲, 六親, 伏神, 變卦
        for i in range(n):
            p = params[i & 4095]
            mark = "".join(str(x % 2) for x in p)
            shi = utils.set_shi_yao(mark)
            gong = utils.palace(mark, shi[0])
            qin = [
                utils.get_qin6(const.XING5[int(const.GUA5[gong])], const.ZHI5[const.ZHIS.index(x[1])])
                for x in utils.get_najia(mark)
            ]
            Najia._hidden(gong, qin)
            Najia._transform(params=p, gong=gong)

    def chart(n: int) -> None:
        for i in range(n):
            when = INSTANTS[i & 4095]
            Najia(verbose=0).compile(params=params[(i * 37) & 4095], date=when.strftime("%Y-%m-%d %H:%M"))

    return [
        Case(ZG, "najia", compile_, n=150, note="(Najia().compile; calendar included)", repeat=REPEAT),
        Case(ZG, "najia-utils", utils_only, n=2048, note="(its utils functions only)", repeat=REPEAT),
        Case(CH, "najia", chart, n=150, note="(Najia().compile with the date)", repeat=REPEAT),
    ]


def _clear_memos() -> None:
    """Empty the memos of the rule statements and of zhuang_gua (a cold start)."""
    from xuanheng.liuyao import rules
    from xuanheng.liuyao.cast import _ZHUANG

    _ZHUANG.clear()
    for fn in vars(rules).values():
        clear = getattr(fn, "cache_clear", None)
        if clear is not None:
            clear()


def cold_seconds() -> tuple[float, float]:
    """(all 4,096 裝卦 from empty memos, the first 4,096 charts from empty memos) in seconds."""
    from xuanheng import liuyao

    _clear_memos()
    t0 = time.perf_counter()
    for v in VALUES:
        liuyao.zhuang_gua(v)
    t1 = time.perf_counter()
    _clear_memos()
    texts = ["".join(map(str, v)) for v in VALUES]
    t2 = time.perf_counter()
    for i in range(4096):
        liuyao.cast(INSTANTS[i], lines=texts[(i * 37) & 4095])
    t3 = time.perf_counter()
    return t1 - t0, t3 - t2


def cpu_rates() -> tuple[float, float, float, float, float]:
    """(裝卦 /s, charts /s, contract documents /s, documents with a question /s, SVGs /s) of xuanheng on
    process CPU time, best of five: unlike the wall-clock table below, this does not drop when other
    processes share the machine."""
    from xuanheng import liuyao
    from xuanheng.liuyao import METHOD

    texts = ["".join(map(str, v)) for v in VALUES]
    topics = METHOD.topics()
    docs = [liuyao.cast(INSTANTS[i], lines=texts[(i * 37) & 4095]).to_json() for i in range(256)]
    best = [0.0, 0.0, 0.0, 0.0, 0.0]
    for _ in range(5):
        t0 = time.process_time()
        for i in range(40_960):
            liuyao.zhuang_gua(VALUES[i & 4095])
        t1 = time.process_time()
        for i in range(4096):
            liuyao.cast(INSTANTS[i & 4095], lines=texts[(i * 37) & 4095])
        t2 = time.process_time()
        for i in range(2048):
            params = METHOD.make_params({"at": INSTANTS[i & 4095], "lines": texts[(i * 37) & 4095]})
            METHOD.document(params, "zh-Hant")
        t3 = time.process_time()
        for i in range(2048):
            raw = {
                "at": INSTANTS[i & 4095],
                "lines": texts[(i * 37) & 4095],
                "topic": topics[i % len(topics)],
            }
            METHOD.document(METHOD.make_params(raw), "zh-Hant")
        t4 = time.process_time()
        for i in range(512):
            METHOD.views["svg"](docs[i & 255], "zh-Hant")
        t5 = time.process_time()
        spans = ((40_960, t0, t1), (4096, t1, t2), (2048, t2, t3), (2048, t3, t4), (512, t4, t5))
        for k, (n, a, b) in enumerate(spans):
            best[k] = max(best[k], n / max(b - a, 1e-9))
    return best[0], best[1], best[2], best[3], best[4]


def cases() -> list[Case]:
    z, c = cold_seconds()
    print(f"六爻: all 4,096 裝卦 from a cold start {z:.3f} s; 4,096 charts from a cold start {c:.3f} s")
    rz, rc, rd, rt, rs = cpu_rates()
    print(f"六爻 on CPU time: 裝卦 {rz:,.0f} /s (target 100,000), whole chart {rc:,.0f} /s (target 20,000)")
    print(f"六爻 on CPU time: contract document {rd:,.0f} /s, with a question {rt:,.0f} /s (targets 1,000)")
    print(f"六爻 on CPU time: SVG {rs:,.0f} /s")
    return [*_ours(), *_najia()]


if __name__ == "__main__":
    from _common import report

    report(cases())
