"""The 七政四餘 life judgment (xuanheng.qizheng.judgment): its data, its shape, and its rules checked on real
charts, each expectation derived here from the rule as the books state it (not from the code under test).

* A lord strong by a dignity (入垣 廟 旺) helps (《張果星宗》卷十〈宮度主論〉 宮度二主皆強; 003-015 …
  003-017); a lord in its 怒宮 (陷) harms.
* By day the 度主, by night the 身主 is weighed first (晝生看命度主, 夜生看身度主).
* A matter's palace holding a 難 or 仇 star of the 命主 is harmed by it (難居當頭; 讎主傷恩); one holding
  a 恩 or 用 star is helped (恩居四正定超凡). A 限's palace is read by its lord's 恩/難 to the 命主
  (003-014), its 曜 by the verse of 卷七〈論遊年星辰入命限〉 and the harmful spirits of seed 003 on it.
* 003-019 (貴格) and 003-020 (賤格) firing together are settled by a step that names which prevails; the fired
  rules stay as commentary.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

import pytest

from xuanheng.qizheng import METHOD, cast
from xuanheng.qizheng.cast import life
from xuanheng.qizheng.judgment import data, judge
from xuanheng.qizheng.reading import reading
from xuanheng.reading.judgment import Judgment, Question
from xuanheng.rules.sources import check_src

LANGS = ("ko", "zh-Hant", "en")
#: the element of each 曜 and what generates / overcomes what, written out here
ELEMENT = {
    "日": "火",
    "月": "水",
    "水": "水",
    "金": "金",
    "火": "火",
    "木": "木",
    "土": "土",
    "羅": "火",
    "計": "土",
    "孛": "水",
    "炁": "木",
}
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
#: 怒宮 (陷) of 《星學大成》卷一〈星曜怒宫歌〉
NU = {"火": {"酉", "辰"}, "水": {"戌"}, "土": {"巳"}, "木": {"子"}, "金": {"寅", "卯"}}


def _holes(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


# ── the data ──────────────────────────────────────────────────────────────────────────────────────
def test_every_step_has_sources_and_three_languages_with_the_same_placeholders() -> None:
    d = data()
    assert len(d.steps) >= 30
    for key, step in d.steps.items():
        assert step.src, key
        for s in step.src:
            check_src(s)  # an inventory id or a book and chapter
        assert all(step.text.get(lang) for lang in LANGS), key
        assert len({frozenset(_holes(step.text[lang])) for lang in LANGS}) == 1, key
    texts = [*d.focus.values(), *d.ying.values(), *(s["title"] for s in d.sections.values())]
    texts += [d.verdict[k][p] for k in ("rank", "section") for p in ("good", "bad", "mixed")]
    texts += [d.verdict["lead"][k] for k in ("ge", "none")]
    for text in texts:
        assert all(text.get(lang) for lang in LANGS), text
        assert len({frozenset(_holes(text[lang])) for lang in LANGS}) == 1, text
    assert set(d.virtue) == {"木", "火", "土", "金", "水"}


def test_every_step_of_the_data_is_one_the_judge_states() -> None:
    from pathlib import Path

    import xuanheng.qizheng.judgment as module

    code = Path(module.__file__).read_text("utf-8")
    assert [k for k in data().steps if f'"{k}"' not in code] == []


def test_the_rank_is_a_verdict_kind_of_three_polarities() -> None:
    from xuanheng.reading.judgment import kind_of, vocabulary

    words = vocabulary().kinds["ming"]
    assert {w.key: w.polarity for w in words.values()} == {
        "shang_ge": "good",
        "xia_ge": "bad",
        "zhong_ge": "mixed",
    }
    assert kind_of("命") == "general"  # a question of 命 put to another method keeps the general verdicts


# ── charts ────────────────────────────────────────────────────────────────────────────────────────
@cache
def _cases(n: int = 36) -> tuple[tuple[Any, list[Any], Judgment], ...]:
    rng = random.Random(29)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    out = []
    for _ in range(n):
        c = cast(
            start + timedelta(minutes=rng.randint(0, 110 * 365 * 1440)),
            lon=116.4,
            lat=39.9,
            sex=rng.choice("男女"),
        )
        lf = life(c, on="2026-06-01")
        fired = reading(c, None, "zh-Hant", on=lf.on)
        out.append((lf, fired, judge(lf, None, fired=fired)))
    return tuple(out)


def _doc(lf: Any) -> dict[str, Any]:
    return lf.chart.to_json()  # type: ignore[no-any-return]


def _yao(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(y for y in doc["yao"] if y["name"] == name)


def _ming_zhu(doc: dict[str, Any]) -> str:
    return next(g["zhu"] for g in doc["gong"] if g["name"] == "命宮")  # type: ignore[no-any-return]


def _role(zhu: str, other: str) -> str | None:
    e, o = ELEMENT[zhu], ELEMENT[other]
    if GENERATES[o] == e:
        return "en"
    if OVERCOMES[o] == e:
        return "nan"
    if GENERATES[e] == o:
        return "yong"
    if OVERCOMES[e] == o:
        return "chou"
    return None


def _steps(j: Any) -> Iterator[Any]:
    yield from j.steps


def test_shape_of_the_life_reading() -> None:
    for lf, fired, j in _cases():
        assert j.verdict.word.kind == "ming"
        keys = [s.key for s in j.sections]
        assert keys[:8] == ["xing_qing", "cai", "guan", "tian_zhai", "fu_qi", "nan_nv", "shou", "tong_xian"]
        assert keys[8:20] == [f"da_xian.{k}" for k in range(12)]
        assert keys[20:22] == ["xiao_xian", "liu_nian"]  # the year of on
        assert keys[22:] == [f"liu_yue.{m}" for m in range(1, 13)]  # and its twelve months
        assert 3 <= len(j.steps) <= 8
        for s in j.sections:
            least, most = (1, 3) if s.key.startswith("liu_yue.") else (2, 6)
            assert least <= len(s.steps) <= most, (s.key, [x.key for x in s.steps])
            assert all(x.src for x in s.steps)
            if s.verdict.word.polarity == "mixed":
                assert any(x.effect == "=" for x in s.steps)
        rows = lf.timeline["da_xian"]
        for s, row in zip(j.sections[8:20], rows, strict=True):
            assert s.facts["gong"] == row["gong"] and s.facts["start"] == row["start"]
            assert s.facts["start_age"] == row["start_age"] and s.facts["end"] == row["end"]
            assert s.facts["yao"] == [y["name"] for y in _doc(lf)["yao"] if y["gong"] == row["branch"]]
        assert j.commentary == tuple(dict.fromkeys(r.id for r in fired))


def test_the_year_asked_reads_its_xiao_xian_and_liu_nian_palaces() -> None:
    for lf, _, j in _cases()[:12]:
        cur = lf.current
        xx = next(s for s in j.sections if s.key == "xiao_xian")
        ln = next(s for s in j.sections if s.key == "liu_nian")
        assert (xx.facts["age"], xx.facts["gong"], xx.facts["branch"]) == (
            cur["xiao_xian"]["age"],
            cur["xiao_xian"]["gong"],
            cur["xiao_xian"]["branch"],
        )
        assert (ln.facts["ganzhi"], ln.facts["gong"]) == (cur["liu_nian"]["ganzhi"], cur["liu_nian"]["gong"])
        # the same palace reads the same whether a 大限, the 小限 or the 流年 runs through it
        same = [
            s for s in j.sections if s.key.startswith("da_xian.") and s.facts["branch"] == ln.facts["branch"]
        ]
        lord = [x.key for x in ln.steps if x.key.startswith("zhu.")][:1]
        assert same and lord == [x.key for x in same[0].steps if x.key.startswith("zhu.")][:1]


#: 〈入門看法〉「宮」: the lord of each branch's palace
PALACE_LORD = dict(zip("子丑寅卯辰巳午未申酉戌亥", "土土木火金水日月水金火木", strict=True))


def _gong_du_state(doc: dict[str, Any], star: str) -> int:
    """《張果星宗》卷十〈宮度主論〉 on one lord: strong with 入垣 升殿 廟 or 旺 and in neither a palace nor a
    mansion whose element overcomes its own; weak in such a palace or mansion without those dignities."""
    y = _yao(doc, star)
    e = ELEMENT[star]
    ke = OVERCOMES[ELEMENT[PALACE_LORD[y["gong"]]]] == e or OVERCOMES[ELEMENT[y["qiyao"]]] == e
    good = bool(set(y["dignities"]) & {"入垣", "升殿", "廟", "旺"})
    return 1 if good and not ke else -1 if ke and not good else 0


def test_the_rank_follows_the_weighed_sum_unless_both_lords_of_the_ming_settle_it() -> None:
    """〈宮度主論〉: the 命's palace lord and degree lord both strong — 上格; both weak — 下格 (each with its
    settling step); otherwise the weighed sum's bounds give the rank."""
    th = data().threshold["rank"]
    seen = set()
    settled = 0
    for lf, _, j in _cases():
        doc = _doc(lf)
        both = {_gong_du_state(doc, _ming_zhu(doc)), _gong_du_state(doc, doc["ming_gong"]["qiyao"])}
        score = j.focus.facts["score"]
        want = "good" if score >= th["good"] else "bad" if score <= th["bad"] else "mixed"
        keys = {s.key for s in j.steps}
        if both == {1}:
            want = "good"
            assert "weigh.gong_du_strong" in keys
        elif both == {-1}:
            want = "bad"
            assert "weigh.gong_du_weak" in keys
        else:
            assert not keys & {"weigh.gong_du_strong", "weigh.gong_du_weak"}
        settled += len(both) == 1 and 0 not in both
        assert j.verdict.word.polarity == want
        seen.add(want)
    assert len(seen) >= 2
    assert settled >= 3


def test_a_lord_strong_by_dignity_helps_and_a_fallen_lord_harms() -> None:
    checked = 0
    for lf, _, j in _cases():
        doc = _doc(lf)
        zhu = _ming_zhu(doc)
        y = _yao(doc, zhu)
        step = next(s for s in j.steps if s.key.startswith("zhu.") and "命主" in s.facts.get("role", ""))
        if y["gong"] in NU.get(zhu, ()):
            assert step.effect == "-" and step.key == "zhu.ruo"
            checked += 1
        elif set(y["dignities"]) & {"入垣", "廟", "旺"}:
            assert step.effect == "+" and step.key == "zhu.qiang"
            checked += 1
    assert checked >= 5


def test_by_day_the_du_zhu_by_night_the_shen_zhu_weighs_first() -> None:
    for lf, _, j in _cases():
        day = lf.chart.calendar.is_day
        first = j.steps[0]
        assert first.key == ("day.du_zhu" if day else "night.shen_zhu")
        lead_role = "度主" if day else "身主"
        lead = next(s for s in j.steps if s.key.startswith("zhu.") and lead_role in s.facts.get("role", ""))
        other = next(
            (
                s
                for s in j.steps
                if s.key.startswith("zhu.") and s.facts.get("role") == ("身主" if day else "度主")
            ),
            None,
        )
        if (
            other is not None
            and lead.key == other.key
            and lead.facts["dignities"] == other.facts["dignities"]
        ):
            assert lead.effect == other.effect  # doubled, never reversed


def test_nan_and_en_stars_of_the_ming_zhu_in_a_palace() -> None:
    found_nan = found_en = 0
    for lf, _, j in _cases():
        doc = _doc(lf)
        zhu = _ming_zhu(doc)
        for s in j.sections:
            if s.key not in MATTERS:
                continue
            for y in s.facts["yao"]:
                role = _role(zhu, y)
                named = [x for x in s.steps if x.key.startswith("company.") and x.facts.get("yao") == y]
                if role in ("nan", "chou") and named:
                    assert named[0].effect == "-"
                    found_nan += 1
                if role in ("en", "yong") and named:
                    assert named[0].effect == "+"
                    found_en += 1
    assert found_nan >= 5 and found_en >= 5


#: the matter sections, each a palace read with the 命主's 恩/難 among its 曜
MATTERS = ("cai", "guan", "tian_zhai", "fu_qi", "nan_nv", "shou")
#: 《星學大成》卷七〈論遊年星辰入命限〉: 紫 羅 金 木 bless a 限, 孛 計 火 土 harm it; 日 and 月 are the lights
#: (benefic, as the reading's aspects.toml also has them); 水 follows its company
BENEFIC = {"炁", "羅", "金", "木", "日", "月"}
MALEFIC = {"孛", "計", "火", "土"}
#: the star spirits seed 003 calls harmful on the 身, the 命 or a 限 (003-112 … 003-135), by chart key
HARMFUL = {
    "yang_ren",
    "tian_xiong",
    "di_ci",
    "nian_fu",
    "yue_fu",
    "xiao_hao",
    "da_hao",
    "tian_hao",
    "di_hao",
    "yue_lian",
    "yue_lian_zhu",
    "yue_sha",
    "zhi_nan",
    "di_sha",
    "xian_chi",
    "da_sha",
    "kong_wang",
}


def test_a_xian_reads_its_lord_its_stars_and_its_harmful_spirits() -> None:
    """Each 大限 (and the 小限, 流年 and 流月 of the year asked) states, for its palace: the lord's
    relation to the 命主 (恩/用 +2, 難/仇 −2, 003-014), each 曜 in it with its nature by the verse (its step
    helps a benefic that is not weak and harms a malefic that is not strong), every harmful spirit standing
    on it, and the verdict the sum gives; the 對照 palace and the 化曜 keeper are not read for it."""
    th = data().threshold["xian"]
    lords = stars = spirits = checked = 0
    for lf, _, j in _cases():
        doc = _doc(lf)
        zhu = _ming_zhu(doc)
        lord_of = {g["branch"]: g["zhu"] for g in doc["gong"]}
        for s in j.sections:
            if not s.key.startswith(("da_xian.", "xiao_xian", "liu_nian", "liu_yue.")):
                continue
            keys = [x.key for x in s.steps]
            assert not any(k.startswith(("xian.zhao", "hua.", "company.en", "company.nan")) for k in keys)
            most = data().threshold["max_month_steps" if s.key.startswith("liu_yue.") else "max_steps"]
            if len(keys) >= most:
                continue  # some steps may be left unstated: the whole sum is checked where none is
            lord = lord_of[s.facts["branch"]]
            role = _role(zhu, lord) if lord != zhu else None
            want = {
                "en": "xian.lord_en",
                "yong": "xian.lord_en",
                "nan": "xian.lord_nan",
                "chou": "xian.lord_nan",
            }.get(role or "")
            got = [k for k in keys if k.startswith("xian.lord_")]
            assert got == ([want] if want else []), (s.key, lord, zhu, got)
            lords += bool(want)
            for y in s.facts["yao"]:
                step = next(x for x in s.steps if x.key.startswith("xian.yao_") and x.facts["yao"] == y)
                nature = "ji" if y in BENEFIC else "xiong" if y in MALEFIC else "ping"
                assert step.facts["nature"] == nature, (y, step.facts)
                if nature == "ji" and step.facts["strength"] >= 0:
                    assert step.effect == "+"
                if nature == "xiong" and step.facts["strength"] <= 0:
                    assert step.effect == "-"
                stars += 1
            here = [
                h["key"] for h in doc["shensha"] if h.get("at") == s.facts["branch"] and h["key"] in HARMFUL
            ]
            said = [x.facts["spirit"] for x in s.steps if x.key == "xian.sha"]
            assert said == here, (s.key, said, here)
            spirits += len(here)
            sign = {"+": 1, "-": -1, "=": 0}
            total = sum(sign[x.effect] * abs(_weight(x)) for x in s.steps if x.key in data().steps)
            pol = "good" if total >= th["good"] else "bad" if total <= th["bad"] else "mixed"
            assert s.verdict.word.polarity == pol, (s.key, keys, total)
            checked += 1
    assert checked >= 100 and lords >= 20 and stars >= 20 and spirits >= 10


def _weight(step: Any) -> int:
    """The weight a 大限 step carries, as the rule states it: a 曜 by its nature and strength, the lord one
    point by its strength, the rest their data weight."""
    if step.key.startswith("xian.yao_"):
        f = step.facts
        return (f["nature"] == "ji") - (f["nature"] == "xiong") + int(f["strength"])
    if step.key in ("zhu.qiang", "zhu.ruo"):
        return 1
    return int(data().steps[step.key].weight)


def test_conflicting_seed_rules_are_settled_and_stay_as_commentary() -> None:
    found = 0
    for _, fired, j in _cases():
        ids = {r.id for r in fired}
        if {"003-019", "003-020"} <= ids:
            settle = [s for s in j.steps if s.key in ("weigh.gui_over_jian", "weigh.jian_over_gui")]
            assert len(settle) == 1 and settle[0].effect == "="
            assert {"003-019", "003-020"} <= set(j.commentary)
            found += 1
        if "003-026" in ids and ids & {"003-015", "003-016", "003-017", "003-018", "003-019"}:
            assert any(s.key in ("weigh.he_over_bu_chun", "weigh.bu_chun_over_he") for s in j.steps)
    assert found >= 1


def test_a_topic_narrows_to_its_section_and_its_periods() -> None:
    lf, _, whole = _cases()[0]
    cai = next(s for s in whole.sections if s.key == "cai")
    j = judge(lf, Question("財"), fired=reading(lf.chart, "財", "zh-Hant", on=lf.on))
    assert j.verdict.word.kind == "general" and j.verdict.word.polarity == cai.verdict.word.polarity
    assert [s.key for s in j.steps] == [s.key for s in cai.steps]
    assert j.focus.facts["gong"] == "財帛"
    da = [s for s in j.sections if s.key.startswith("da_xian.")]
    assert [s.facts["gong"] for s in da] == ["財帛"]
    # the year's 小限 and 流年, and the one month of the year whose 月限 stands on the 財帛
    months = [r["month"] for r in lf.current["liu_yue"] if r["gong"] == "財帛"]
    assert len(months) == 1
    assert [s.key for s in j.sections if not s.key.startswith("da_xian.")] == [
        "xiao_xian",
        "liu_nian",
        f"liu_yue.{months[0]}",
    ]
    marriage = judge(lf, "婚")
    assert marriage.focus.facts["gong"] == "夫妻"


def test_without_on_there_are_no_year_sections_and_a_bare_chart_has_no_periods() -> None:
    lf, fired, _ = _cases()[1]
    bare = judge(lf.chart, None, fired=fired)
    assert [s.key for s in bare.sections] == [
        "xing_qing",
        "cai",
        "guan",
        "tian_zhai",
        "fu_qi",
        "nan_nv",
        "shou",
    ]
    assert bare.ying_qi == ()
    no_on = judge(life(lf.chart), None, fired=fired)
    assert not any(s.key in ("xiao_xian", "liu_nian") for s in no_on.sections)


def test_the_ying_qi_are_periods_of_one_polarity_with_their_first_year() -> None:
    for _, _, j in _cases():
        if not j.ying_qi:
            continue
        pols = {s.verdict.word.polarity for s in j.sections if s.key.startswith("da_xian.")}
        assert len(j.ying_qi) <= 3
        for y in j.ying_qi:
            assert y.unit == "year" and y.ganzhi and y.branch == y.ganzhi[1] and y.date
        assert pols & {"good", "bad"}


def test_the_method_document_carries_the_judgment() -> None:
    p = METHOD.make_params({**METHOD.example, "on": "2026-06-01"})
    doc = METHOD.document(p, "ko")
    j = doc["judgment"]
    assert j["verdict"]["kind"] == "ming" and j["sections"]
    assert any("\uac00" <= ch <= "\ud7a3" for ch in j["steps"][1]["text"])
    assert "en_nan" in doc
    assert METHOD.document(p, "zh-Hant", with_reading=False)["judgment"] is None
    with pytest.raises(Exception, match="QiZhengLife"):
        judge("not a chart")


#: 卷七〈論童限〉: 一命 二財 三疾厄 四妻 五福, 六歲 官祿, then on to the 命宮 (福德 相貌 命宮 for 7–9),
#: written out here; each palace counted from the 命宮 backwards through the branches (人事 order)
TONG_VERSE = ("命宮", "財帛", "疾厄", "夫妻", "福德", "官祿", "福德", "相貌", "命宮")
RENSHI = ("命宮", "財帛", "兄弟", "田宅", "男女", "奴僕", "夫妻", "疾厄", "遷移", "官祿", "福德", "相貌")
BRANCH_NAMES = "子丑寅卯辰巳午未申酉戌亥"


def test_the_tong_xian_reads_each_year_on_its_palace() -> None:
    """The 童限 judges each age 1–9 on the palace the verse gives it, that palace read as any 限's palace
    is (the same sum as a 大限, 小限, 流年 or 流月 on that branch whose steps are all stated, re-derived
    here from its steps by the rule's weights); its verdict weighs the nine sums together by the 限's
    bounds."""
    th = data().threshold["xian"]
    sign = {"+": 1, "-": -1, "=": 0}
    compared = 0
    for lf, _, j in _cases():
        doc = _doc(lf)
        ming = next(g["branch"] for g in doc["gong"] if g["name"] == "命宮")
        tong = next(s for s in j.sections if s.key == "tong_xian")
        ages = tong.facts["ages"]
        assert [a["age"] for a in ages] == list(range(1, 10))
        for a, name in zip(ages, TONG_VERSE, strict=True):
            assert a["gong"] == name
            want_b = BRANCH_NAMES[(BRANCH_NAMES.index(ming) - RENSHI.index(name)) % 12]
            assert a["branch"] == want_b, (a, ming)
            pol = "good" if a["score"] >= th["good"] else "bad" if a["score"] <= th["bad"] else "mixed"
            assert a["polarity"] == pol
        # the same palace, the same sum: re-derived from a fully stated 限 section on that branch
        for s in j.sections:
            if not s.key.startswith(("da_xian.", "xiao_xian", "liu_nian", "liu_yue.")):
                continue
            most = data().threshold["max_month_steps" if s.key.startswith("liu_yue.") else "max_steps"]
            if len(s.steps) >= most:
                continue
            total = sum(sign[x.effect] * abs(_weight(x)) for x in s.steps if x.key in data().steps)
            for a in ages:
                if a["branch"] == s.facts["branch"]:
                    assert a["score"] == total, (s.key, a)
                    compared += 1
        same = {}
        for a in ages:  # 福德 (5, 7) and 命宮 (1, 9) come twice: one palace, one sum
            assert same.setdefault(a["branch"], a["score"]) == a["score"]
        total = sum(a["score"] for a in ages)
        pol = "good" if total >= th["good"] else "bad" if total <= th["bad"] else "mixed"
        assert tong.verdict.word.polarity == pol
        stated = [x for x in tong.steps if x.key.startswith("xian.tong_age_")]
        for x in stated:
            want = "+" if x.facts["score"] > 0 else "-" if x.facts["score"] < 0 else "="
            assert x.effect == want
    assert compared >= 20
