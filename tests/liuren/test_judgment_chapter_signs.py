"""The signs of 《指南》卷三 by question: illness (病人見馬, 初生末墓, 自墓傳生) and the house (干支乘鬼).

The rule (《大六壬指南》卷三〈六壬會纂占驗指南〉〈疾病章〉: the verse warns of 虎鬼 riding the 驛馬, and its
占驗七 and 八 read a sick person who meets the 驛馬 at the head of the 傳 as one whose spirit sets out, who
does not rise again), re-derived here: the 驛馬 of the day branch is counted from its 三合 frame (申子辰 → 寅,
寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳), not read from the chart; where the 初傳 is that branch and the
question is one of illness, the judgment states ``bing.ma`` and settles *bad* (``weigh.bing_ma``) whatever
else helps.

The same chapter's verse sets 初生末墓 against 自墓傳生: 三傳 running from the day stem's 長生 into its 墓
settle *bad* (``bing.sheng_mu``), from its 墓 out to its 長生 *good* (``bing.mu_sheng``; the two phases
counted here as 《六壬大全》 counts them, 土 with 水: 長生 木亥 火寅 土申 金巳 水申, 墓 木未 火戌 土辰 金丑
水辰).

〈陽宅章〉 (issue 28, lr-verdict4): the 鬼 riding both 干 and 支 hurts the people and the house — in a
question of the house, the spirit on the day stem overcoming the stem and the spirit on the day branch
overcoming the branch settle *bad* (``zhai.gui``), re-derived from the elements.

Near misses: the same 課 asked about money; the 鬼 on the stem only; a 課 of illness whose 驛馬 is the
中傳 or the 末傳 only; 三傳
that begin at the 長生 (or the 墓) and end elsewhere.
"""

from __future__ import annotations

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import data, judge
from xuanheng.reading.judgment import Question

DAYS = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]
#: the 驛馬 of each day branch, by its 三合 frame
MA = {
    b: m
    for frame, m in (("申子辰", "寅"), ("寅午戌", "申"), ("巳酉丑", "亥"), ("亥卯未", "巳"))
    for b in frame
}
#: the 長生 and the 墓 of each day stem (土 with 水)
BORN = dict(zip(STEMS, "亥亥寅寅申申巳巳申申", strict=True))
TOMB = dict(zip(STEMS, "未未戌戌辰辰丑丑辰辰", strict=True))


def _sample() -> list[tuple[str, object, list[str]]]:
    out = []
    for day in DAYS[::2]:
        for yj in "子卯午酉":
            for hour in "寅巳申亥丑":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                out.append((day, chart, [BRANCHES[c.branch] for c in chart.san_chuan]))
    return out


SAMPLE = _sample()
#: the 720 課: every day with every 天盤 (the 月將 子 over each hour)
ALL = [
    (day, chart, [BRANCHES[c.branch] for c in chart.san_chuan])
    for day in DAYS
    for hour in BRANCHES
    for chart in (liuren.cast(day=day, yue_jiang="子", hour=hour),)
]


def test_the_horse_leading_an_illness_settles_bad() -> None:
    fired = 0
    for day, chart, chuan in SAMPLE:
        if chuan[0] != MA[day[1]]:
            continue
        for about in ("自己", "父母", "他人"):
            j = judge(chart, Question("病", about))  # type: ignore[arg-type]
            keys = [s.key for s in j.steps]
            assert "bing.ma" in keys and keys[-1] in ("weigh.bing_ma", "weigh.lei_hurt"), (day, keys)
            assert j.verdict.word.polarity == "bad", (day, about, keys)
            step = next(s for s in j.steps if s.key == "bing.ma")
            assert step.effect == "-" and step.facts["branch"] == MA[day[1]]
        fired += 1
    assert fired >= 20, fired


def test_near_miss_money_or_the_horse_later_in_the_chain() -> None:
    other = later = 0
    for day, chart, chuan in SAMPLE:
        ma = MA[day[1]]
        if chuan[0] == ma:
            keys = [s.key for s in judge(chart, Question("財")).steps]  # type: ignore[arg-type]
            assert "bing.ma" not in keys and "weigh.bing_ma" not in keys
            other += 1
        elif ma in chuan[1:]:
            keys = [s.key for s in judge(chart, Question("病")).steps]  # type: ignore[arg-type]
            assert "bing.ma" not in keys and "weigh.bing_ma" not in keys
            later += 1
    assert other >= 20 and later >= 20, (other, later)


def test_from_birth_into_the_tomb_bad_and_back_good() -> None:
    seen = {"bad": 0, "good": 0}
    for day, chart, chuan in ALL:
        ends = (chuan[0], chuan[2])
        born, tomb = BORN[day[0]], TOMB[day[0]]
        want = "bad" if ends == (born, tomb) else "good" if ends == (tomb, born) else None
        if want is None:
            continue
        j = judge(chart, Question("病"))  # type: ignore[arg-type]
        keys = [s.key for s in j.steps]
        assert ("bing.sheng_mu" if want == "bad" else "bing.mu_sheng") in keys, (day, chuan, keys)
        if chuan[0] == MA[day[1]]:  # the 驛馬 leads as well: that sign settles first (bad either way)
            assert j.verdict.word.polarity == "bad"
            continue
        assert keys[-1] == "weigh.bing_turn", (day, chuan, keys)
        assert j.verdict.word.polarity == want, (day, chuan, keys)
        seen[want] += 1
        # near miss: the same 課 asked about money
        other = [s.key for s in judge(chart, Question("財")).steps]  # type: ignore[arg-type]
        assert not {"bing.sheng_mu", "bing.mu_sheng", "weigh.bing_turn"} & set(other)
    assert seen["bad"] >= 3 and seen["good"] >= 5, seen


def test_near_miss_one_end_only() -> None:
    near = 0
    for day, chart, chuan in SAMPLE:
        born, tomb = BORN[day[0]], TOMB[day[0]]
        if (chuan[0] == born) != (chuan[2] == tomb) or (chuan[0] == tomb) != (chuan[2] == born):
            keys = [s.key for s in judge(chart, Question("病")).steps]  # type: ignore[arg-type]
            assert not {"bing.sheng_mu", "bing.mu_sheng", "weigh.bing_turn"} & set(keys), (day, chuan)
            near += 1
    assert near >= 20, near


def test_the_steps_are_cited_and_worded() -> None:
    for key, weight in (
        ("bing.ma", -2),
        ("weigh.bing_ma", 0),
        ("bing.sheng_mu", -2),
        ("bing.mu_sheng", 2),
        ("weigh.bing_turn", 0),
    ):
        d = data().steps[key]
        assert d.weight == weight
        assert any("大六壬指南" in s and "疾病" in s for s in d.src)
        assert set(d.text) >= {"ko", "zh-Hant", "en"}


#: 五行 of the branches and of the stems, and what overcomes what (木 火 土 金 水)
BRANCH_EL = dict(zip(BRANCHES, "水土木木土火火土金金土水", strict=True))
STEM_EL = dict(zip(STEMS, "木木火火土土金金水水", strict=True))
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}


def _gui_on_both(day: str, chart: object) -> bool:
    """干支乘鬼 re-derived: the spirit on the day stem overcomes the stem's element and the spirit on the day
    branch overcomes the branch's."""
    gan = BRANCHES[chart.gan_shang]  # type: ignore[attr-defined]
    zhi = BRANCHES[chart.zhi_shang]  # type: ignore[attr-defined]
    return OVERCOMES[BRANCH_EL[gan]] == STEM_EL[day[0]] and OVERCOMES[BRANCH_EL[zhi]] == BRANCH_EL[day[1]]


def test_the_ghost_on_stem_and_branch_settles_the_house_bad() -> None:
    """〈陽宅章〉: the 鬼 riding both 干 and 支 hurts the people and the house: a question of the house is
    *bad* (``zhai.gui``, ``weigh.zhai_gui``) unless a wounded 類神 settled it first (bad too)."""
    fired = 0
    for day, chart, _ in ALL:
        if not _gui_on_both(day, chart):
            continue
        j = judge(chart, Question("家宅"))  # type: ignore[arg-type]
        keys = [s.key for s in j.steps]
        assert "zhai.gui" in keys and keys[-1] == "weigh.zhai_gui", (day, keys)
        assert j.verdict.word.polarity == "bad"
        fired += 1
    assert fired >= 20, fired


def test_near_miss_ghost_on_one_side_or_another_question() -> None:
    one = other = 0
    for day, chart, _ in ALL:
        gan = BRANCHES[chart.gan_shang]  # type: ignore[attr-defined]
        if _gui_on_both(day, chart):
            keys = [s.key for s in judge(chart, Question("財")).steps]  # type: ignore[arg-type]
            assert "zhai.gui" not in keys
            other += 1
        elif OVERCOMES[BRANCH_EL[gan]] == STEM_EL[day[0]]:  # the 鬼 on the stem only
            keys = [s.key for s in judge(chart, Question("家宅")).steps]  # type: ignore[arg-type]
            assert "zhai.gui" not in keys and "weigh.zhai_gui" not in keys
            one += 1
    assert one >= 50 and other >= 20, (one, other)


def test_the_house_steps_are_cited_and_worded() -> None:
    for key, weight in (("zhai.gui", -2), ("weigh.zhai_gui", 0)):
        d = data().steps[key]
        assert d.weight == weight
        assert any("大六壬指南" in s and "陽宅" in s for s in d.src)
        assert set(d.text) >= {"ko", "zh-Hant", "en"}
