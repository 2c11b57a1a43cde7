"""應期: the 發用 stays among the first two candidates (liuren/judgment.py ``_chu_second``; issue 28,
round 8).

The rule, as stated: the time of a matter is read from where it starts to move, the 發用
(《大六壬指南》卷三〈行人章〉, whose closing lines look for the 應期 in the 發用 — a year branch leading
the 傳 points within the year —, and 卷一〈注釋心印賦〉, whose note seeks the 應期 in the 剋 that gives the
發用). The rules that date a void or a tomb come first (《六壬大全》卷一〈空亡〉: the void waits to be
filled; 《畢法賦》第八十一法: the tomb waits for its clash), but at most one of them may stand before the
發用.

Re-derived here from the statements, not from the judge, on the 720 課 (every day, the 月將 子 over each
hour) asked without a topic (no 類神 candidates): the candidates before the rule are the void 末傳
(filled), the void 中傳 (filled, round 10b), the void spirit on the day stem (filled), the clash of a
末傳 that is the day stem's tomb (木 未,
火 戌, 土 and 水 辰, 金 丑), then the 發用, the spirit on the 辰, the 末傳 and the spirit on the 日, each
branch once; the void is the day's 旬空, counted from the day's 干支. Where two of the first kind stand
before the 發用, the rule fires and the 發用 is second; the near misses — one or none before it — keep the
order unchanged.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

#: the tomb (墓) of the day stem's element, by stem: 木 未, 火 戌, 土 辰, 金 丑, 水 辰 (土 with 水)
TOMB = dict(zip(STEMS, "未未戌戌辰辰丑丑辰辰", strict=True))


def _void_of(day: str) -> set[str]:
    """The 旬空 of a day 干支: the 旬 starts on the 甲 day, ten days later two branches are left over."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def _clash(b: str) -> str:
    return BRANCHES[(BRANCHES.index(b) + 6) % 12]


def test_the_first_transmission_is_never_below_second() -> None:
    fired = near = 0
    for i in range(60):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        void = _void_of(day)
        for hour in BRANCHES:
            chart = liuren.cast(day=day, yue_jiang="子", hour=hour)
            chu, zhong, mo = (BRANCHES[c.branch] for c in chart.san_chuan)
            gan, zhi = BRANCHES[chart.gan_shang], BRANCHES[chart.zhi_shang]
            before = [mo] if mo in void else []
            before += [zhong] if zhong in void else []
            before += [gan] if gan in void else []
            before += [_clash(mo)] if mo == TOMB[day[0]] else []
            order: list[str] = []
            for b in (*before, chu, zhi, mo, gan):
                if b not in order:
                    order.append(b)
            at = order.index(chu)
            if at > 1:
                order.insert(1, order.pop(at))
                fired += 1
            elif len(before) == 1 and before[0] != chu:
                near += 1  # one candidate of the void or tomb before the 發用: nothing moves
            got = [y.branch for y in judge(chart, Question(None)).ying_qi]
            assert got == order[:4], (day, hour, got, order)
            assert chu in got[:2]
    assert fired >= 10 and near >= 150, (fired, near)
