"""The time layer and the 變爻 relations, re-derived here from the rule statements over every month, every
day and a spread of 本/變 pairs (sources in src/xuanheng/liuyao/data/dynamics.toml):

  旺相休囚死: the season's element 旺, what it generates 相, what generates it 休, what overcomes it 囚,
    what it overcomes 死 (季月 土 by option tu_months); 月破 = 月建 + 6; 日沖 = 日辰 + 6;
  暗動: a still line clashed by the day that is 旺 or 相; 日破: the same without qi;
  回頭生 / 回頭剋: the 變爻's element generates / overcomes the 本爻's;
  化進神: the next branch of the same element (亥子 寅卯 巳午 申酉 +1; 土 丑辰未戌 +3, 戌→丑 by option);
  化墓 / 化絕: 墓 木未 火戌 金丑 水辰 土辰 (水土同宮) or 戌 (火土); 絕 木申 火亥 金寅 水巳 土巳 / 亥;
  反吟 / 伏吟 of a line: the 變爻 clashes / equals the 本爻.
"""

from __future__ import annotations

import random

import pytest

from xuanheng.core.ganzhi import SIXTY
from xuanheng.liuyao import rules
from xuanheng.liuyao.chart import CastRecord
from xuanheng.liuyao.options import Options, make_options

BRANCH_ELEMENT = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4]
SEASON_ELEMENT = {2: 0, 3: 0, 5: 1, 6: 1, 8: 3, 9: 3, 11: 4, 0: 4, 4: 2, 7: 2, 10: 2, 1: 2}  # 季月 土
FOUR_SEASONS = {2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 1, 8: 3, 9: 3, 10: 3, 11: 4, 0: 4, 1: 4}
MU = {0: 7, 1: 10, 3: 1, 4: 4}
JUE = {0: 8, 1: 11, 3: 2, 4: 5}
TU = {"shui": (4, 5), "huo": (10, 11)}  # 土's 墓 and 絕 by option tu_changsheng


def wang_shuai(element: int, month: int, tu_months: str) -> str:
    season = (SEASON_ELEMENT if tu_months == "ji_yue" else FOUR_SEASONS)[month]
    return {0: "旺", 1: "相", 4: "休", 3: "囚", 2: "死"}[(element - season) % 5]


def jin(a: int, b: int, jin_tui: str) -> bool:
    ea, eb = BRANCH_ELEMENT[a], BRANCH_ELEMENT[b]
    if ea != eb:
        return False
    if ea != 2:
        return (b - a) % 12 == 1
    if (a, b) == (10, 1):  # 戌 → 丑
        return jin_tui == "eight"
    return (b - a) % 12 == 3


def _pairs(n: int) -> list[tuple[int, ...]]:
    rng = random.Random(9)
    out = []
    for _ in range(n):
        out.append(tuple(rng.choice((6, 7, 8, 9)) for _ in range(6)))
    out.append((9, 9, 9, 9, 9, 9))
    out.append((6, 6, 6, 6, 6, 6))
    return out


OPTION_SETS = [
    Options(),
    make_options(tu_months="never", jin_tui="eight", tu_changsheng="huo", kong="day_and_hour"),
]


@pytest.mark.parametrize("o", OPTION_SETS, ids=["default", "alternatives"])
def test_every_month_and_day(o: Options) -> None:
    values_list = _pairs(6)
    checked = {"an_dong": 0, "ri_po": 0, "jin": 0, "tui": 0, "mu": 0, "jue": 0, "sheng": 0, "ke": 0}
    for m in range(12):
        for d in range(60):
            day = SIXTY[d]
            hour = SIXTY[(d * 7 + m) % 60]
            ctx = rules.TimeContext(day=day, month_branch=m, hour=hour)
            kong = set(day.xun_kong)
            kong_h = set(hour.xun_kong) if o.kong == "day_and_hour" else set()
            for values in values_list:
                chart = rules.build(values, ctx, o, CastRecord("manual", values), {})
                for ln in chart.lines:
                    b, e = ln.yao.branch, ln.yao.element
                    st = ln.state
                    assert st.wang_shuai == wang_shuai(e, m, o.tu_months)
                    assert st.yue_po == ((b - m) % 12 == 6)
                    assert st.yue_jian == (b == m)
                    assert st.ri_chong == ((b - d) % 12 == 6)
                    assert st.kong == (b in kong) and st.kong_hour == (b in kong_h)
                    strong = st.wang_shuai in ("旺", "相")
                    clashed = (b - day.branch) % 12 == 6
                    assert ln.an_dong == (not ln.moving and clashed and strong)
                    assert ln.ri_po == (not ln.moving and clashed and not strong)
                    checked["an_dong"] += ln.an_dong
                    checked["ri_po"] += ln.ri_po
                    assert (ln.bian is not None) == ln.moving
                    if ln.bian is None:
                        continue
                    c, ce = ln.bian.branch, ln.bian.element
                    assert ln.bian.hui_tou_sheng == ((e - ce) % 5 == 1)
                    assert ln.bian.hui_tou_ke == ((e - ce) % 5 == 2)
                    assert ln.bian.jin_shen == jin(b, c, o.jin_tui)
                    assert ln.bian.tui_shen == jin(c, b, o.jin_tui)
                    mu, jue = TU[o.tu_changsheng] if e == 2 else (MU[e], JUE[e])
                    assert ln.bian.hua_mu == (c == mu) and ln.bian.hua_jue == (c == jue)
                    assert ln.bian.hua_kong == (c in kong)
                    assert ln.bian.hua_po == ((c - m) % 12 == 6)
                    assert ln.bian.fan_yin == ((c - b) % 12 == 6) and ln.bian.fu_yin == (c == b)
                    bn = ln.bian
                    flags = {"jin": bn.jin_shen, "tui": bn.tui_shen, "mu": bn.hua_mu, "jue": bn.hua_jue}
                    flags |= {"sheng": bn.hui_tou_sheng, "ke": bn.hui_tou_ke}
                    for key, flag in flags.items():
                        checked[key] += flag
    assert all(v > 0 for v in checked.values()), checked  # every relation was met at least once


def test_tu_months_last_18_days_needs_the_answer() -> None:
    from xuanheng.errors import InputError

    o = make_options(tu_months="last_18_days")
    ctx = rules.TimeContext(day=SIXTY[0], month_branch=4)  # 辰 month, no answer
    with pytest.raises(InputError) as e:
        rules.build((7, 7, 7, 7, 7, 7), ctx, o, CastRecord("manual", (7,) * 6), {})
    assert e.value.field == "in_tu_wang"
    inside = rules.TimeContext(day=SIXTY[0], month_branch=4, in_tu_wang=True)
    outside = rules.TimeContext(day=SIXTY[0], month_branch=4, in_tu_wang=False)
    a = rules.build((7, 7, 7, 7, 7, 7), inside, o, CastRecord("manual", (7,) * 6), {})
    b = rules.build((7, 7, 7, 7, 7, 7), outside, o, CastRecord("manual", (7,) * 6), {})
    # 乾's 辰 line (土) is 旺 in 土's 18 days, 死 in plain spring; 子 水 休 then 休 (spring 木: 水 生 木)
    assert a.lines[2].state.wang_shuai == "旺" and b.lines[2].state.wang_shuai == "死"


def test_fan_fu_of_trigrams() -> None:
    o, x = Options(), make_options(fan_yin="xiantian")
    qian, kun, xun, zhen = 7, 0, 6, 1  # trigram codes
    # 乾 → 巽 (inner): 反吟 on the 後天 square only; 乾 → 坤: on the 先天 square only; 乾 → 震: 伏吟
    assert rules.fan_fu(qian | qian << 3, xun | qian << 3, o)["inner"] == "反吟"
    assert rules.fan_fu(qian | qian << 3, xun | qian << 3, x)["inner"] is None
    assert rules.fan_fu(qian | qian << 3, kun | kun << 3, x) == {"inner": "反吟", "outer": "反吟"}
    assert rules.fan_fu(qian | qian << 3, zhen | qian << 3, o) == {"inner": "伏吟", "outer": None}
    assert rules.fan_fu(qian | qian << 3, qian | zhen << 3, x) == {"inner": None, "outer": "伏吟"}
