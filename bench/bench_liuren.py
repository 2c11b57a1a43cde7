"""大六壬: full charts from (日, 月將, 時) against kinliuren and bazaar-of-fates, measured in one run.

Every chart case casts the same inputs, cycling through all 8,640 combinations (60 days × 12 月將 × 12
hours). The document group times what a front end hands out, ``METHOD.document(params, lang)`` (instant →
calendar → chart → reading → JSON) over 2,000 instants spread over 1950–2050, in CPU time
(``time.process_time``: a shared machine's other jobs do not count), beside the peers' chart casts (they
have no document and no instant path of their own: the ratio is the user's cost against their bare chart);
then the same document asked with the topics 官 and 財 (issue 28 asks ≥ 1,000/s of each).
Run: ``.venv/bin/python bench/run.py liuren`` (or this file directly).
"""

from __future__ import annotations

import random
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).parent))

from _common import Case

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"
#: kinliuren takes a solar term and derives the 月將 from it; the first term of each 將's span
KIN_TERM = {"亥": "雨水", "戌": "春分", "酉": "穀雨", "申": "小滿", "未": "夏至", "午": "大暑",
            "巳": "處暑", "辰": "秋分", "卯": "霜降", "寅": "小雪", "丑": "冬至", "子": "大寒"}  # fmt: skip

INPUTS = [(d, yj, h) for d in range(60) for yj in range(12) for h in range(12)]


def _gz(i: int) -> str:
    return GAN[i % 10] + ZHI[i % 12]


def _hour_gz(day: int, hour: int) -> str:
    return GAN[(2 * (day % 10 % 5) + hour) % 10] + ZHI[hour]


def _ours() -> Case:
    from xuanheng.liuren import cast

    args = [{"day": _gz(d), "yue_jiang": ZHI[yj], "hour": ZHI[h]} for d, yj, h in INPUTS]

    def run(n: int) -> None:
        m = len(args)
        for i in range(n):
            cast(**args[i % m])

    return Case("大六壬 full chart (日, 月將, 時)", "xuanheng", run, n=8640)


def _bazaar() -> Case:
    try:
        from fortune.liuren_ext import cast as bz_cast
    except ImportError:
        return Case("大六壬 full chart (日, 月將, 時)", "bazaar-of-fates", None)
    args = [(d % 10, d % 12, h, yj) for d, yj, h in INPUTS]

    def run(n: int) -> None:
        m = len(args)
        for i in range(n):
            bz_cast(*args[i % m])

    return Case("大六壬 full chart (日, 月將, 時)", "bazaar-of-fates", run, n=8640)


def _kinliuren() -> Case:
    try:
        from kinliuren.kinliuren import Liuren
    except ImportError:
        return Case("大六壬 full chart (日, 月將, 時)", "kinliuren", None)
    args = [(KIN_TERM[ZHI[yj]], "正", _gz(d), _hour_gz(d, h)) for d, yj, h in INPUTS]

    def run(n: int) -> None:
        m = len(args)
        for i in range(n):
            Liuren(*args[(i * 97) % m]).result(0)

    return Case("大六壬 full chart (日, 月將, 時)", "kinliuren", run, n=60, note="(60 charts per run: slow)")


G_DOCUMENT = "大六壬 document (METHOD.document, CPU time)"
#: the same document asked with a topic (the reading then evaluates that topic's rules only)
G_DOCUMENT_TOPIC = "大六壬 document with topic {} (METHOD.document, CPU time)"


def _document(topic: str | None = None) -> Case:
    from xuanheng.liuren import METHOD

    rng = random.Random(26)
    base = datetime(1950, 1, 1, tzinfo=ZoneInfo("Asia/Shanghai"))
    instants = [base + timedelta(minutes=rng.randrange(100 * 366 * 24 * 60)) for _ in range(2000)]
    extra = {"topic": topic} if topic else {}
    params = [METHOD.make_params({"at": t.isoformat(), **extra}) for t in instants]

    def run(n: int) -> None:
        for i in range(n):
            METHOD.document(params[i % len(params)], "zh-Hant")

    group = G_DOCUMENT_TOPIC.format(topic) if topic else G_DOCUMENT
    return Case(group, "xuanheng", run, n=2000, clock=time.process_time)


def _document_peers() -> list[Case]:
    """The peers' chart casts in the document group (CPU time), so the ratio is printed beside ours."""
    note = "(its bare chart from coordinates: no calendar, no reading)"
    return [
        Case(G_DOCUMENT, c.name, c.fn, c.n, f"{c.note} {note}".strip(), clock=time.process_time)
        for c in (_bazaar(), _kinliuren())
    ]


def _structure() -> list[Case]:
    """The 九宗門 alone, recomputed every time (no memo), against bazaar-of-fates' native cast."""
    from xuanheng.liuren.sanchuan import solve

    def ours(n: int) -> None:
        for i in range(n):
            d, yj, h = INPUTS[i % 8640]
            solve(d, yj - h)

    return [Case("九宗門 三傳 recomputed (no memo)", "xuanheng", ours, n=8640)] + [
        Case("九宗門 三傳 recomputed (no memo)", c.name, c.fn, c.n, c.note) for c in (_bazaar(),)
    ]


def all_8640_seconds() -> float:
    """Wall time of casting all 8,640 charts once in a fresh process state (memo cleared)."""
    from xuanheng.liuren import cast, sanchuan
    from xuanheng.liuren.cast import _clear_caches

    _clear_caches()
    sanchuan.table.cache_clear()
    args = [{"day": _gz(d), "yue_jiang": ZHI[yj], "hour": ZHI[h]} for d, yj, h in INPUTS]
    t0 = time.perf_counter()
    for a in args:
        cast(**a)
    return time.perf_counter() - t0


def cases() -> list[Case]:
    print(f"大六壬: all 8,640 charts from a cold start: {all_8640_seconds():.3f} s")
    return [
        _ours(),
        _bazaar(),
        _kinliuren(),
        *_structure(),
        _document(),
        *_document_peers(),
        _document("官"),
        _document("財"),
    ]


if __name__ == "__main__":
    from _common import report

    report(cases())
