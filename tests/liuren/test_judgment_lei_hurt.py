"""The 類神 wounded by a 傳 carrying 白虎 (liuren/judgment.py ``_tiger_over``; data/judgment.toml
``lei.hu_ke``, ``weigh.lei_hurt``).

The rule, as stated: a spirit is judged by what overcomes it (002-005); 白虎 is the general of killing and
mourning (《六壬大全》卷一〈十二天將〉); so a 傳 that carries 白虎 and whose element overcomes the 類神's
wounds the thing itself, and the verdict is bad whatever else helps (邵彥和, 《六壬斷案》〈六畜〉 cases 186
and 189). The tests find charts by reading the raw chart (the 三傳's branches, the 天將 on each branch)
against their own table of the five elements, not the judge's helper, and include near misses: a 傳 that
overcomes the 類神 under another 天將, and 白虎 on a 傳 that does not overcome it.
"""

from __future__ import annotations

from collections.abc import Iterator

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren.judgment import judge
from xuanheng.reading.judgment import Question

#: the element of each branch, written out here: 木 寅卯, 火 巳午, 土 辰戌丑未, 金 申酉, 水 亥子
_EL = dict(zip("子丑寅卯辰巳午未申酉戌亥", "水土木木土火火土金金土水", strict=True))
#: what each element overcomes (木剋土, 土剋水, 水剋火, 火剋金, 金剋木)
_OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}

#: the things asked about whose 類神 is a branch (rules/data/items.toml): 犬 戌, 羊 未, 馬 午, 金銀 酉
_ITEMS = {"犬": "戌", "羊": "未", "馬": "午", "金銀": "酉"}


def _charts() -> Iterator[liuren.LiuRenChart]:
    for i in range(0, 60, 7):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        for yj in "子寅辰午申戌":
            for hour in BRANCHES:
                yield liuren.cast(day=day, yue_jiang=yj, hour=hour)


def _tiger_masters(chart: liuren.LiuRenChart, target: str) -> bool:
    """Read off the raw chart: a 傳 other than *target* carries 白虎 and its element overcomes *target*'s."""
    for c in chart.san_chuan:
        b = BRANCHES[c.branch]
        if b == target:
            continue
        if TIAN_JIANG[chart.jiang_on[c.branch]] == "白虎" and _OVERCOMES[_EL[b]] == _EL[target]:
            return True
    return False


def _cases() -> Iterator[tuple[liuren.LiuRenChart, str, str, bool]]:
    """(chart, item, its branch, whether a 傳 with 白虎 masters it) for charts with the 類神 in the 三傳."""
    for chart in _charts():
        chuan = [BRANCHES[c.branch] for c in chart.san_chuan]
        for item, branch in _ITEMS.items():
            if branch in chuan:
                yield chart, item, branch, _tiger_masters(chart, branch)


def test_the_dog_of_case_189() -> None:
    """sh-86: 甲辰 day, 月將 戌, hour 寅, the book's 三傳 戌午寅 (孟仲季 涉害): the void 末傳 寅 carries 白虎
    and wood overcomes 戌, the dog: bad, and the step names 寅."""
    chart = liuren.cast(day="甲辰", yue_jiang="戌", hour="寅", shehai="mengzhongji")
    assert [BRANCHES[c.branch] for c in chart.san_chuan] == ["戌", "午", "寅"]
    assert _tiger_masters(chart, "戌")
    j = judge(chart, Question("失物", "自己", "犬"))
    assert j.verdict.word.polarity == "bad"
    keys = [s.key for s in j.steps]
    assert "weigh.lei_hurt" in keys
    lei = next(s for s in j.steps if s.key.startswith("lei.") and s.key != "lei.item")
    assert "寅乘白虎剋之" in lei.text.get("zh-Hant")
    assert lei.effect == "-"


def test_wounded_leishen_is_bad_and_near_misses_are_not_settled_so() -> None:
    hurt = spared = 0
    for chart, item, _branch, masters in _cases():
        j = judge(chart, Question("失物", "自己", item))
        keys = [s.key for s in j.steps]
        if masters:
            hurt += 1
            assert j.verdict.word.polarity == "bad", (chart.day, item)
            assert "weigh.lei_hurt" in keys
        else:
            spared += 1
            assert "weigh.lei_hurt" not in keys, (chart.day, item)
            assert not any("白虎剋之" in s.text.get("zh-Hant") for s in j.steps)
    assert hurt >= 5 and spared >= 50, (hurt, spared)


def test_near_miss_overcome_under_another_general() -> None:
    """A 傳 overcoming the 類神 without 白虎, or 白虎 on a 傳 that does not overcome it: no wound."""
    seen = {"other_general": 0, "tiger_not_overcoming": 0}
    for chart, item, branch, masters in _cases():
        if masters:
            continue
        chuan = [BRANCHES[c.branch] for c in chart.san_chuan]
        generals = [TIAN_JIANG[chart.jiang_on[c.branch]] for c in chart.san_chuan]
        over = [b != branch and _OVERCOMES[_EL[b]] == _EL[branch] for b in chuan]
        if any(over):
            seen["other_general"] += 1
        elif "白虎" in generals:
            seen["tiger_not_overcoming"] += 1
        else:
            continue
        j = judge(chart, Question("失物", "自己", item))
        assert "weigh.lei_hurt" not in [s.key for s in j.steps]
    assert all(n >= 3 for n in seen.values()), seen


def test_harm_leishen_is_not_wounded() -> None:
    """For illness the 類神 is the harm (官鬼 / 白虎): the rule reads only a 類神 hoped for."""
    for chart in _charts():
        j = judge(chart, Question("病"))
        assert "weigh.lei_hurt" not in [s.key for s in j.steps]
