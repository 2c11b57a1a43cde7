"""流月 (月限) of the 七政四餘 life reading: the twelve months of the year asked, each on its palace.

The rule (〈最緊四事〉 月限 and its gloss; the same in the modern 〈小限及月限訣〉): the month of the birth is
put on the palace of the year's 小限 and the months after it follow one palace a month backwards through the
branches; the gloss's case: 小限 on 寅, the next month on 丑; the modern one: born in the third month, the
小限 on 寅 — the third month on 寅, the fourth on 丑, the fifth on 子. The 小限 itself: age 1 on the 命宮, one
palace a year backwards, a new one at each birthday (《星學大成》卷七〈論洞微行年小限〉). The months are the
節 months: 正月 (寅) begins when the Sun reaches 315°, each next one 30° on (立春 驚蟄 清明 …); the month
pillar's stem by 五虎遁 (《三命通會》卷二: 甲己之年丙作首 …).

Every expectation is derived here: the birth month from the Sun's longitude in the natal chart, the 小限 by
counting birthdays, the month starts checked against the Sun's longitude cast at those instants.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from xuanheng.qizheng import METHOD, cast
from xuanheng.qizheng.cast import life
from xuanheng.qizheng.judgment import judge
from xuanheng.qizheng.reading import reading
from xuanheng.qizheng.xian import xian

ON = "2026-06-01"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"
#: the 人事 palaces from the 命宮, each one branch further backwards
PALACES = ("命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌")
#: 五虎遁: the stem of the 寅 month by the year stem (甲己之年丙作首, 乙庚之歲戊為頭, 丙辛必定尋庚起,
#: 丁壬壬位順行流, 戊癸何方發, 甲寅之上好追求)
YIN_STEM = {"甲": "丙", "己": "丙", "乙": "戊", "庚": "戊", "丙": "庚", "辛": "庚", "丁": "壬", "壬": "壬"}
YIN_STEM |= {"戊": "甲", "癸": "甲"}


def _birth_month(chart: Any) -> int:
    """The 節 month of the birth, 0 = 寅, from the Sun's longitude (寅 from 315°, 30° a month)."""
    sun = chart.yao_named("日").lon
    return int(((sun - 315.0) % 360.0) // 30.0)


def _birthdays_until(when: datetime, until: datetime) -> int:
    """The 虛歲 by birthdays at *until*: 1 at the birth, one more at each anniversary (29 Feb → 28 Feb)."""
    age, n = 1, 1
    while True:
        try:
            b = when.replace(year=when.year + n)
        except ValueError:
            b = when.replace(year=when.year + n, day=28)
        if b > until:
            return age
        age, n = age + 1, n + 1


@cache
def _cases(n: int = 10) -> tuple[tuple[Any, dict[str, Any]], ...]:
    rng = random.Random(291)
    start = datetime(1930, 1, 1, tzinfo=UTC)
    out = []
    while len(out) < n:
        c = cast(start + timedelta(minutes=rng.randint(0, 70 * 365 * 1440)), lon=116.4, lat=39.9)
        sun = c.yao_named("日").lon
        if min((sun - 315.0) % 30.0, 30.0 - (sun - 315.0) % 30.0) < 0.05:
            continue  # too near a 節 for the month to be read off the Sun alone
        on = f"{rng.randint(2000, 2030)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        if datetime.fromisoformat(on + "T12:00+08:00") < c.when:
            continue
        out.append((c, xian(c, on, with_liu_yao=False)))
    return tuple(out)


def test_the_months_begin_at_the_jie_and_carry_the_month_pillars() -> None:
    for _, x in _cases()[:4]:
        rows = x["liu_yue"]
        assert [r["month"] for r in rows] == list(range(1, 13))
        year_stem = x["liu_nian"]["ganzhi"][0]
        first = STEMS.index(YIN_STEM[year_stem])
        for m, r in enumerate(rows):
            assert r["ganzhi"] == STEMS[(first + m) % 10] + BRANCHES[(2 + m) % 12]
            at = datetime.fromisoformat(r["start"])
            sun = cast(at + timedelta(seconds=1)).yao_named("日").lon
            assert abs((sun - (315.0 + 30.0 * m) + 180.0) % 360.0 - 180.0) < 0.01, (r, sun)
            if m < 11:
                assert r["end"] == rows[m + 1]["start"]
        # the year asked lies inside its twelve months, which span one year
        on = datetime.fromisoformat(x["on"])
        assert datetime.fromisoformat(rows[0]["start"]) <= on < datetime.fromisoformat(rows[-1]["end"])
        span = datetime.fromisoformat(rows[-1]["end"]) - datetime.fromisoformat(rows[0]["start"])
        assert timedelta(days=364) < span < timedelta(days=367)


def test_each_month_stands_on_its_palace_counted_from_the_xiao_xian_and_the_birth_month() -> None:
    for c, x in _cases():
        rows = x["liu_yue"]
        ming = BRANCHES.index(c.ming_gong.to_json()["branch"])
        # the year's 小限: the one running when the year ends (begun at the birthday inside the year)
        end = datetime.fromisoformat(rows[-1]["end"]) - timedelta(seconds=1)
        age = _birthdays_until(c.when, end)
        xb = (ming - (age - 1)) % 12
        born = _birth_month(c)
        for m, r in enumerate(rows):
            b = (xb - (m - born)) % 12
            assert (r["branch"], r["gong"]) == (BRANCHES[b], PALACES[(ming - b) % 12]), (m, r)
            assert r["xiao_xian"] == {"age": age, "branch": BRANCHES[xb]}
            assert r["birth_month"] == born + 1
        assert rows[born]["branch"] == BRANCHES[xb]  # the birth month on the 小限's own palace
        assert len({r["branch"] for r in rows}) == 12


def test_the_worked_case_born_in_the_third_month_with_the_xiao_xian_on_yin() -> None:
    """午年三月生人 … 小限運行到寅宮，其人三月在寅，四月在丑，五月在子 (〈小限及月限訣〉)."""
    c = cast("1990-04-20T12:00", tz="+08:00", lon=116.4, lat=39.9)  # 庚午 year, the 辰 (third) month
    assert _birth_month(c) == 2
    ming = BRANCHES.index(c.ming_gong.to_json()["branch"])
    # the first age past twelve whose 小限 stands on 寅, and the year it begins (at that birthday)
    age = next(a for a in range(13, 40) if (ming - (a - 1)) % 12 == BRANCHES.index("寅"))
    rows = xian(c, f"{1990 + age - 1}-06-01", with_liu_yao=False)["liu_yue"]
    assert [r["branch"] for r in rows[2:5]] == ["寅", "丑", "子"]
    assert rows[2]["xiao_xian"] == {"age": age, "branch": "寅"}


def test_the_judgment_reads_each_month_briefly_by_its_palace() -> None:
    for c, x in _cases()[:4]:
        lf = life(c, on=x["on"])
        fired = reading(c, None, "zh-Hant", on=lf.on)
        j = judge(lf, None, fired=fired)
        months = [s for s in j.sections if s.key.startswith("liu_yue.")]
        assert [s.key for s in months] == [f"liu_yue.{m}" for m in range(1, 13)]
        for s, r in zip(months, x["liu_yue"], strict=True):
            assert (s.facts["gong"], s.facts["branch"], s.facts["ganzhi"]) == (
                r["gong"],
                r["branch"],
                r["ganzhi"],
            )
            assert s.facts["year"] == x["liu_nian"]["ganzhi"]
            assert 1 <= len(s.steps) <= 3 and all(st.src for st in s.steps)
            assert r["name"] in s.title.zh_hant and r["ganzhi"] in s.title.zh_hant
            # a month reads its palace as a 大限 through the same palace does: the same lord step first
            lord = [st.key for st in s.steps if st.key.startswith("zhu.")][:1]
            da = next(
                d for d in j.sections if d.key.startswith("da_xian.") and d.facts["branch"] == r["branch"]
            )
            assert lord == [st.key for st in da.steps if st.key.startswith("zhu.")][:1]


def test_the_document_carries_the_months_in_every_language() -> None:
    p = METHOD.make_params(
        {"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.38, "lat": 39.9, "on": "2026-06-01"}
    )
    for lang in ("ko", "zh-Hant", "zh-Hans", "en"):
        doc = METHOD.document(p, lang)
        assert [r["month"] for r in doc["liu_yue"]] == list(range(1, 13))
        secs = [s for s in doc["judgment"]["sections"] if s["key"].startswith("liu_yue.")]
        assert len(secs) == 12 and all(s["title"] and s["steps"] for s in secs)
    assert secs[0]["title"].startswith("month 1 ")
    # without a date asked there is no year and no month
    bare = METHOD.document(METHOD.make_params({"at": "1983-10-27T18:30", "tz": "+08:00"}), "ko")
    assert bare["liu_yue"] is None
    assert not [s for s in bare["judgment"]["sections"] if s["key"].startswith("liu_yue.")]


def test_the_text_view_names_the_month_of_the_date_asked() -> None:
    from xuanheng.qizheng.render_text import render_text

    p = METHOD.make_params({"at": "1983-10-27T18:30", "tz": "+08:00", "lon": 116.38, "lat": 39.9, "on": ON})
    doc = METHOD.document(p, "zh-Hant")
    # 2026-06-01 lies after 立夏 (about 5 May) and before 芒種 (about 6 June): the fourth month, 巳
    month = next(r for r in doc["liu_yue"] if r["ganzhi"][1] == "巳")
    assert month["name"] == "四月"
    line = next(x for x in render_text(doc, "zh-Hant").splitlines() if x.strip().startswith("流月"))
    assert line.split()[1:] == [month["name"], month["ganzhi"], month["gong"], month["branch"]]
