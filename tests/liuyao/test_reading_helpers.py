"""Shared charts for the reading tests: a seeded sweep of real charts (no test here).

The sweep is deterministic (a fixed seed): study-mode charts over random days, months and years with coin-like
odds for the lines (a quarter of them moving), every hexagram with no moving line, and charts cast from
instants (the 往亡 day needs the 節 of a real instant). Every reading option is swept over too.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from xuanheng import liuyao
from xuanheng.core.ganzhi import BRANCHES, SIXTY
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.reading import EVERY_TOPIC, READING_OPTION_SPECS, topics

SEED = 20260310
ZONE = ZoneInfo("Asia/Shanghai")


def coin_lines(rnd: random.Random) -> str:
    """Six line values with the odds of three coins (6: 1/8, 7: 3/8, 8: 3/8, 9: 1/8)."""
    return "".join(rnd.choice("67778889") for _ in range(6))


def study(day: str, month: str, lines: str, year: str | None = "丙午") -> LiuYaoChart:
    return liuyao.cast(day=day, month=month, year=year, lines=lines)


@cache
def sweep_charts(n: int = 700) -> tuple[LiuYaoChart, ...]:
    """The sweep: every hexagram still and with each one line moving (on varied days and months), *n* seeded
    random charts (coin odds, and all four values alike), some without a year, and instant casts."""
    rnd = random.Random(SEED)
    out = []
    for code in range(64):
        base = ["7" if code >> i & 1 else "8" for i in range(6)]
        for k in range(7):
            vals = list(base)
            if k:
                vals[k - 1] = "9" if vals[k - 1] == "7" else "6"
            j = code * 7 + k
            out.append(
                study(SIXTY[(j * 11) % 60].name, BRANCHES[(j * 5) % 12], "".join(vals), SIXTY[j % 60].name)
            )
    for i in range(n):
        lines = coin_lines(rnd) if i % 2 else "".join(rnd.choice("6789") for _ in range(6))
        year = SIXTY[rnd.randrange(60)].name if i % 5 else None
        out.append(study(SIXTY[rnd.randrange(60)].name, BRANCHES[rnd.randrange(12)], lines, year))
    # the hour's 旬空 too (chart option kong): 土 and 木 lines can then all be void at once (004-209)
    for _ in range(80):
        out.append(
            liuyao.cast(
                day=SIXTY[rnd.randrange(60)].name,
                month=BRANCHES[rnd.randrange(12)],
                hour=BRANCHES[rnd.randrange(12)],
                lines=coin_lines(rnd),
                kong="day_and_hour",
            )
        )
    t0 = dt.datetime(2025, 1, 3, 9, 30, tzinfo=ZONE)
    for i in range(150):
        at = t0 + dt.timedelta(days=2 * i + (i % 3), hours=(i * 5) % 24)
        out.append(liuyao.cast(at, tz="Asia/Shanghai", lines=coin_lines(rnd)))
    return tuple(out)


#: a topic under which each option changes the reading
OPTION_TOPIC: dict[str, str | None] = {
    "sex": "婚",
    "qing_yong": "晴",
    "tian_shi_table": "天時",
    "shi_ke_ying": "農",
    "tian_he_table": "農",
    "gui_ke": "農",
    "kun_gen_sha": "家宅",
    "sha_wang": "家宅",
    "zhai_ren": "家宅",
    "feng_lei": "家宅",
    "many_element": "家宅",
}


def option_sets() -> Iterator[dict[str, str]]:
    """The default options, then each non-default choice of each option alone."""
    yield {}
    for spec in READING_OPTION_SPECS:
        for ch in spec.choices:
            if ch.value != spec.default:
                yield {spec.name: ch.value}


def all_topics() -> tuple[str | None, ...]:
    return (None, *topics())


def runs() -> Iterator[tuple[LiuYaoChart, str | None, dict[str, Any]]]:
    """(chart, topic, options) triples: every chart with every topic (EVERY_TOPIC: every rule is read) and
    with one topic (cycling), and every option choice on a share of them."""
    charts = sweep_charts()
    tps = all_topics()[1:]
    opts = list(option_sets())
    for i, c in enumerate(charts):
        yield c, EVERY_TOPIC, opts[i % len(opts)] if i % 2 else {}
        yield c, tps[i % len(tps)], opts[(i // 2) % len(opts)] if i % 4 == 1 else {}
    for k, o in enumerate(opts[1:]):
        ((name, _),) = o.items()
        for c in charts[k * 37 % 400 :: 97][:8]:
            yield c, OPTION_TOPIC.get(name), o
