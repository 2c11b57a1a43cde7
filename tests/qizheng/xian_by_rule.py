"""The palaces of the 限 running on a date, derived from the rules as the books state them, for the tests of
the wheel (test_render_svg.py) and of the text view (test_render_text.py): never from xuanheng's own 限 code,
which they check."""

from __future__ import annotations

import itertools
from datetime import datetime
from typing import Any

B = "子丑寅卯辰巳午未申酉戌亥"
#: the 洞微 百六限 (《星學大成》卷七〈洞微百六限起例〉): the years of each palace after the 命宮, which the 限
#: leaves for 相貌, 福德, 官祿 … (one branch forwards each time); the 命宮's own term is 10 + (degrees of the
#: 命度 into its palace) / 3 (卷三〈起大限〉 三度起一嵗, the default school option)
LATER_TERMS = (10.0, 11.0, 15.0, 8.0, 7.0, 11.0, 4.5, 4.5, 4.5, 5.0, 5.0)
YEAR_DAYS = 365.2425


def _anniversaries(birth: datetime, until: datetime) -> int:
    """How many birthdays (the birth's month, day and time; 29 Feb kept on 28 Feb) fall at or before
    *until*, the birth itself not counted."""
    n = 0
    while True:
        try:
            b = birth.replace(year=birth.year + n + 1)
        except ValueError:
            b = birth.replace(year=birth.year + n + 1, day=28)
        if b > until:
            return n
        n += 1


def marks_by_rule(doc: dict[str, Any], on: datetime) -> dict[str, str]:
    """The palaces of the 限 running on *on*, derived from the rules, not from the 限 code (kind → branch).

    * 大限: the 百六 years (:data:`LATER_TERMS`), the 命宮's own from its 命度.
    * 小限 (《星學大成》卷七〈論洞微行年小限〉): on the 命宮 at 虛歲 1, one branch backwards at each birthday.
    * 流年: on the branch of the year (000-009: the 太歲 is the year branch; 1984 is 甲子); *on* is taken
      between March and December, so the year is past its 立春.
    * 流月 (〈最緊四事〉 月限): the birth's 節 month (from the natal Sun: 寅 from 315°, 30° a month) stands on
      the palace of that year's 小限 (the one running when the 流年 ends, just before the next 立春), each
      month after it one branch backwards; the month of *on* is read off its date, the 20th of a month
      lying in the 節 month of that calendar month (立夏 about 5 May begins the 巳 month).
    """
    birth = datetime.fromisoformat(doc["inputs"]["at"])
    ming = B.index(doc["ming_gong"]["branch"])
    # 大限: the 命度's degrees into its palace (30° from 戌 = 0°, branches backwards), then the terms
    start = 30.0 * ((10 - ming) % 12)
    first = 10.0 + ((doc["ming_gong"]["lon"] - start) % 30.0) / 3.0
    age = (on - birth).total_seconds() / 86400.0 / YEAR_DAYS
    ends = list(itertools.accumulate([first, *LATER_TERMS]))
    k = next(i for i, e in enumerate(ends) if age < e)
    assert min(abs(age - e) for e in ends) > 0.05, "too near a change of 大限 to tell"
    xu = 1 + _anniversaries(birth, on)
    year_end = datetime(on.year + 1, 2, 3, tzinfo=on.tzinfo)
    xu_end = 1 + _anniversaries(birth, year_end)
    assert on.month >= 3 and on.day == 20
    sun = next(y["lon"] for y in doc["yao"] if y["name"] == "日")
    born = int(((sun - 315.0) % 360.0) // 30.0)
    month = (on.month - 2) % 12
    return {
        "da_xian": B[(ming + k) % 12],
        "xiao_xian": B[(ming - (xu - 1)) % 12],
        "liu_nian": B[(on.year - 1984) % 12],
        "liu_yue": B[(ming - (xu_end - 1) - (month - born)) % 12],
    }
