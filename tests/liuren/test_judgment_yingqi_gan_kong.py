"""應期: a void spirit on the day stem waits to be filled (liuren/judgment.py ``_ying_qi``; data/judgment.toml
``ying.gan_kong``).

The rule, as stated (《六壬大全》卷一〈空亡〉): what is void waits until it is filled (填實); the judge
already dates a void 類神, a void 末傳 and a void 中傳 so, and the spirit on the day stem (日上, the asker's
own place, 002-005) is read the same way, after the void 末傳 and 中傳. The void of the day is derived
here from the day's 干支 (the two branches its 旬 does not reach), not from the chart, and a near miss
(日上 not void) must not give the candidate.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

FILLED = "待填實"


def _void_of(day: str) -> set[str]:
    """The 旬空 of a day 干支: the 旬 starts on the 甲 day, ten days later two branches are left over."""
    s, b = STEMS.index(day[0]), BRANCHES.index(day[1])
    head = (b - s) % 12  # the branch of the 甲 day that starts the 旬
    return {BRANCHES[(head + 10) % 12], BRANCHES[(head + 11) % 12]}


def test_void_day_spirit_is_dated_when_filled() -> None:
    hits = misses = 0
    for i in range(60):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        void = _void_of(day)
        for yj in "子卯午酉":
            for hour in "丑辰未戌":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                gan_shang = BRANCHES[chart.gan_shang]
                chuan = [BRANCHES[c.branch] for c in chart.san_chuan]
                j = judge(chart, Question(None))  # no topic: no 類神 candidates before it
                texts = [(y.branch, y.why.get("zh-Hant")) for y in j.ying_qi]
                mine = [b for b, t in texts if t.startswith(f"日上{gan_shang}") and FILLED in t]
                if gan_shang in void and gan_shang not in chuan[1:]:
                    hits += 1
                    assert mine == [gan_shang], (day, yj, hour, texts)
                    # after the void 末傳 and the void 中傳 (no topic: no 類神 candidate comes before them);
                    # behind either of them the 發用 is moved up to second (_chu_second) and stands before it
                    before = [c for c in (chuan[2], chuan[1]) if c in void]
                    before = list(dict.fromkeys(before))
                    lifted = bool(before) and chuan[0] not in (*before, gan_shang)
                    rank = [b for b, _ in texts].index(gan_shang)
                    assert rank == len(before) + lifted, texts
                else:
                    misses += 1
                    assert not mine, (day, yj, hour, texts)
    assert hits >= 20 and misses >= 200, (hits, misses)
