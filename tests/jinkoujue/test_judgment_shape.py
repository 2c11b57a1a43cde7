"""The 課 as a whole in the 金口訣 judgment: its shape (四位相生 / 四位相克) and the bars (關 隔 鎖).

Each rule is re-stated here from the book, on the chart's printed positions, with its own tables (the
elements of the stems, the branches and the twelve 天將 of seed 000-124), never from the judge's:

* 《六壬神課金口訣》 (古本) 卷之上〈四爻生克頌〉 and 〈陰陽相生〉: a 課 whose positions generate each other
  is good for every matter, one whose positions overcome each other bad. Read on the three neighbouring
  pairs (人元–貴神, 貴神–將神, 將神–地分), in either direction: more pairs of 生 than of 剋 is a 相生 課
  (step ``shape.sheng``), more of 剋 a 相克 課 (``shape.ke``), as many of each says nothing.
* 同卷〈關隔鎖〉: wood on 酉 is 關, earth on 卯 隔, metal on 卯 鎖 (the 將神 on the 地分): the way is shut,
  bad; when the 貴神 above overcomes that 將神 (metal on the 關's wood, wood on the 隔's earth, fire on the
  鎖's metal: 斬關 毀隔 破鎖) the bar is broken and the way opens, good. The bar settles the verdict.
* The whole before its parts (issue 28, lr-verdict4): where no bar holds, a 課 whose three neighbouring
  pairs are at least two of them bound by 生 is a 相生 課 and good, at least two by 剋 a 相克 課 and bad
  (〈四爻生克頌〉, 卷之中〈四位雜斷歌〉: good, or bad, for every matter), whatever the 用爻's season, void or
  break; a 課 with one pair of 生 and the others 比和 (or one of each) is not such a 課 and the 用爻 decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest

from xuanheng import jinkoujue
from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.jinkoujue.judgment import judge
from xuanheng.reading.judgment import Question

WOOD, FIRE, EARTH, METAL, WATER = "木火土金水"
#: 生: each element generates the next of this cycle; 剋: each overcomes the one two places on
CYCLE = "木火土金水"
STEM_ELEMENT = dict(zip("甲乙丙丁戊己庚辛壬癸", "木木火火土土金金水水", strict=True))
BRANCH_ELEMENT = dict(zip("子丑寅卯辰巳午未申酉戌亥", "水土木木土火火土金金土水", strict=True))
#: seed 000-124: the element of each 天將
JIANG_ELEMENT = {
    "貴人": EARTH, "天乙": EARTH, "螣蛇": FIRE, "騰蛇": FIRE, "朱雀": FIRE, "六合": WOOD, "勾陳": EARTH,
    "青龍": WOOD, "天空": EARTH, "白虎": METAL, "太常": EARTH, "玄武": WATER, "太陰": METAL, "天后": WATER,
}  # fmt: skip
SHEN_NAMES = ("神后", "大吉", "功曹", "太沖", "天罡", "太乙", "勝光", "小吉", "傳送", "從魁", "河魁", "登明")
SHEN_BRANCH = dict(zip(SHEN_NAMES, BRANCHES, strict=True))


def generates(a: str, b: str) -> bool:
    return CYCLE[(CYCLE.index(a) + 1) % 5] == b


def overcomes(a: str, b: str) -> bool:
    return CYCLE[(CYCLE.index(a) + 2) % 5] == b


def elements(chart: jinkoujue.JinKouJueChart) -> tuple[str, str, str, str]:
    """人元, 貴神, 將神, 地分 elements from the printed names."""
    ren, gui, jiang, di = (p.name for p in chart.positions)
    return STEM_ELEMENT[ren], JIANG_ELEMENT[gui], BRANCH_ELEMENT[SHEN_BRANCH[jiang]], BRANCH_ELEMENT[di]


def charts() -> Iterator[jinkoujue.JinKouJueChart]:
    for d in range(0, 60, 11):
        for h in range(0, 12, 2):
            for m in (1, 4, 7, 10):
                for df in range(12):
                    yield jinkoujue.cast(
                        day=GanZhi(d).name, hour=BRANCHES[h], month_branch=BRANCHES[m], year="甲子",
                        yue_jiang=BRANCHES[(13 - m) % 12], is_day=3 <= h <= 8, difen=BRANCHES[df],
                    )  # fmt: skip


def pair_counts(els: tuple[str, str, str, str]) -> tuple[int, int]:
    """How many of the three neighbouring pairs are bound by 生 and how many by 剋 (either way)."""
    sheng = ke = 0
    for a, b in pairwise(els):
        if generates(a, b) or generates(b, a):
            sheng += 1
        elif overcomes(a, b) or overcomes(b, a):
            ke += 1
    return sheng, ke


def settling_shape(els: tuple[str, str, str, str]) -> str | None:
    """The 課 that is one of mutual generation (overcoming) as a whole: two or three of the three pairs."""
    sheng, ke = pair_counts(els)
    return "good" if sheng >= 2 else "bad" if ke >= 2 else None


def shape_of(els: tuple[str, str, str, str]) -> str | None:
    """The book's statement re-derived: the larger side among the three neighbouring pairs."""
    sheng, ke = pair_counts(els)
    return "shape.sheng" if sheng > ke else "shape.ke" if ke > sheng else None


def bar_of(chart: jinkoujue.JinKouJueChart) -> str | None:
    """〈關隔鎖〉 re-derived on the printed 將神, 地分 and 貴神."""
    _, gui, jiang, _ = elements(chart)
    di = chart.di_fen.name
    for on, el, breaker, name in (
        ("酉", WOOD, METAL, "guan"),
        ("卯", EARTH, WOOD, "ge"),
        ("卯", METAL, FIRE, "suo"),
    ):
        if di == on and jiang == el:
            return f"bar.{name}.po" if gui == breaker else f"bar.{name}"
    return None


SAMPLE = list(charts())


def test_the_sample_holds_every_case() -> None:
    shapes = {shape_of(elements(c)) for c in SAMPLE}
    bars = {bar_of(c) for c in SAMPLE}
    assert shapes == {"shape.sheng", "shape.ke", None}
    assert {"bar.guan", "bar.guan.po", "bar.ge", "bar.suo", None} <= bars


@pytest.mark.parametrize("topic", [None, "財", "行人"])
def test_shape_step_follows_the_neighbouring_pairs(topic: str | None) -> None:
    for c in SAMPLE:
        want = shape_of(elements(c))
        keys = {s.key for s in judge(c, Question(topic)).steps}
        got = keys & {"shape.sheng", "shape.ke"}
        assert got == ({want} if want else set()), (c.calendar.day.name, c.di_fen.name, want, keys)


def test_shape_near_miss_even_pairs_say_nothing() -> None:
    """One pair of 生, one of 剋 and one 比和 (or unrelated): no shape step either way."""
    even = [c for c in SAMPLE if shape_of(elements(c)) is None]
    assert even
    for c in even:
        keys = {s.key for s in judge(c).steps}
        assert not keys & {"shape.sheng", "shape.ke"}


def test_bars_settle_the_verdict() -> None:
    seen = set()
    for c in SAMPLE:
        want = bar_of(c)
        for topic in (None, "出行", "行人"):
            j = judge(c, Question(topic))
            keys = [s.key for s in j.steps]
            if want is None:
                assert not any(k.startswith("bar.") or k.startswith("weigh.bar") for k in keys)
                continue
            seen.add(want)
            assert want in keys
            opened = want.endswith(".po")
            assert j.verdict.word.polarity == ("good" if opened else "bad"), (want, keys)
            assert keys[-1] == ("weigh.bar_open" if opened else "weigh.bar_shut")
    assert {"bar.guan", "bar.guan.po", "bar.ge", "bar.suo"} <= seen


def test_bar_near_miss_wood_on_shen_is_no_bar() -> None:
    """Wood 將神 on 申 (metal, but not 酉) and earth 將神 on 寅 (wood, but not 卯) bar nothing."""
    near = [
        c for c in SAMPLE
        if (c.di_fen.name, elements(c)[2]) in (("申", WOOD), ("寅", EARTH))
    ]  # fmt: skip
    assert near
    for c in near:
        assert not any(s.key.startswith("bar.") for s in judge(c).steps)


def test_the_book_cases_of_the_bars() -> None:
    """〈六十四課鈐〉 課 16 (功曹 on 酉 under 玄武: 關, travel blocked) and 課 19 (太沖 on 酉 under 白虎:
    斬關, good out of danger), cast from the coordinates the casebook records for them."""
    guan = jinkoujue.cast(
        day="己未", hour="未", month_branch="丑", year="甲子", yue_jiang="子", is_day=True, difen="酉"
    )
    assert [p.name for p in guan.positions][1:3] == ["玄武", "功曹"]
    assert bar_of(guan) == "bar.guan"
    assert judge(guan, Question("出行")).verdict.word.polarity == "bad"
    cut = jinkoujue.cast(
        day="辛卯", hour="子", month_branch="未", year="甲子", yue_jiang="午", is_day=False, difen="酉"
    )
    assert [p.name for p in cut.positions][1:3] == ["白虎", "太沖"]
    assert bar_of(cut) == "bar.guan.po"
    assert judge(cut, Question("出行")).verdict.word.polarity == "good"


def asked_dong(els: tuple[str, str, str, str], topic: str | None) -> bool:
    """〈五動爻誦〉 re-stated: the 動 that a question of money (財動, the 將神 overcoming the 貴神, with no
    賊動 — the 貴神 overcoming the 將神 — nor 妻動 — the 人元 overcoming the 地分) or of office (官動, the
    貴神 overcoming the 人元) asks for; it settles before the shape
    (tests/jinkoujue/test_judgment_dong.py)."""
    ren, gui, jiang, di = els
    if topic == "財":
        return overcomes(jiang, gui) and not overcomes(gui, jiang) and not overcomes(ren, di)
    if topic in ("官", "科舉"):
        return overcomes(gui, ren)
    return False


@pytest.mark.parametrize("topic", [None, "財", "病", "行人"])
def test_a_whole_shape_settles_the_verdict_when_no_bar_does(topic: str | None) -> None:
    fired = {"good": 0, "bad": 0}
    for c in SAMPLE:
        want = settling_shape(elements(c))
        if bar_of(c) is not None or want is None or asked_dong(elements(c), topic):
            continue
        fired[want] += 1
        j = judge(c, Question(topic))
        keys = [s.key for s in j.steps]
        assert j.verdict.word.polarity == want, (c.calendar.day.name, c.di_fen.name, keys)
        assert keys[-1] == ("weigh.shape_sheng" if want == "good" else "weigh.shape_ke")
    assert fired["good"] >= 20 and fired["bad"] >= 20, fired


def test_shape_near_miss_one_pair_with_the_rest_bihe_does_not_settle() -> None:
    """A shape step of one pair (the larger side holds one pair only: the others 比和, or even) is no 課
    of generation or overcoming as a whole: it weighs, but does not settle; nor does a bar's 課."""
    near = [c for c in SAMPLE if shape_of(elements(c)) and max(pair_counts(elements(c))) == 1]
    assert near
    for c in near:
        keys = [s.key for s in judge(c).steps]
        assert not {"weigh.shape_sheng", "weigh.shape_ke"} & set(keys), keys
    barred = [c for c in SAMPLE if bar_of(c) is not None and settling_shape(elements(c))]
    assert barred
    for c in barred:
        assert judge(c).steps[-1].key in ("weigh.bar_open", "weigh.bar_shut")
