"""Properties of the reading over random charts (cast from coordinates and from instants 1800–2200) and
every reading option: invariants that follow from the seed's conditions, checked with arithmetic of
our own (木0 火1 土2 金3 水4; a 克 b ⇔ (b − a) mod 5 = 2), never with the code under test."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from xuanheng.core.ganzhi import GanZhi
from xuanheng.jinkoujue import JinKouJueChart, cast
from xuanheng.jinkoujue.reading import CHOICES, normalise_topic, reading, topics
from xuanheng.reading import LANGS

# rule ids by group (INVENTORY numbering of seed 000)
GUI_SHEN = range(127, 271)
LEI_XIANG = range(97, 101)
REN_YUAN = range(101, 111)
DI_FEN = range(111, 123)
STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
#: 外戰 / 內戰 rule ids by 貴神 (000-152 … 000-245), from the INVENTORY rows
ZHAN = {
    "朱雀": (152, 153), "六合": (165, 166), "勾陳": (178, 179), "青龍": (191, 192),
    "天后": (206, 207), "太陰": (219, 220), "玄武": (231, 232), "太常": (244, 245),
}  # fmt: skip


def ke(a: int, b: int) -> bool:
    return (b - a) % 5 == 2


def num(rule_id: str) -> int:
    return int(rule_id[4:])


options = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in CHOICES.items()})
coords = st.fixed_dictionaries(
    {
        "day": st.integers(0, 59).map(GanZhi),
        "hour": st.integers(0, 11),
        "month_branch": st.integers(0, 11),
        "year": st.integers(0, 59).map(GanZhi),
        "yue_jiang": st.integers(0, 11),
        "is_day": st.booleans(),
        "difen": st.integers(1, 12),
        "ben_ming": st.none() | st.integers(0, 59).map(GanZhi),
        "days_since_jie": st.none() | st.integers(0, 31),
    }
)


def check_invariants(c: JinKouJueChart, opts: dict[str, str]) -> None:
    rs = reading(c, options=opts)
    got = [num(r.id) for r in rs]
    # exactly one 人元 rule and one 地分 rule, the ones of the chart's stem and branch
    assert [n for n in got if n in REN_YUAN] == [101 + STEMS.index(c.ren_yuan.name)]
    assert [n for n in got if n in DI_FEN] == [111 + BRANCHES.index(c.di_fen.name)]
    # four 類象 rules, all for the element of the 用爻
    lx = [r for r in rs if num(r.id) in LEI_XIANG]
    assert sorted(num(r.id) for r in lx) == list(LEI_XIANG)
    assert {r.facts["element"] for r in lx} == {"木火土金水"[c.position(c.yong_yao).element]}
    # every 貴神 rule is about the chart's 貴神
    for r in rs:
        if num(r.id) in GUI_SHEN:
            assert r.facts["gui_shen"] == c.gui_shen.name
    # 外戰 / 內戰 fire exactly when the pair overcomes each other (for the 貴神 that have such rules)
    if c.gui_shen.name in ZHAN:
        wai, nei = ZHAN[c.gui_shen.name]
        e = {p.key: p.element for p in c.positions}
        assert (wai in got) == (ke(e["ren_yuan"], e["gui_shen"]) or ke(e["gui_shen"], e["ren_yuan"]))
        assert (nei in got) == (ke(e["jiang_shen"], e["di_fen"]) or ke(e["di_fen"], e["jiang_shen"]))
    # everything renders in four languages and the facts are JSON
    for r in rs:
        for lang in LANGS:
            assert r.to_json(lang)["text"].strip()
        json.dumps(r.to_json(), ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(coords, options)
def test_reading_invariants_over_coordinates(kw: dict[str, object], opts: dict[str, str]) -> None:
    check_invariants(cast(**kw), opts)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    st.datetimes(min_value=datetime(1800, 1, 2), max_value=datetime(2199, 12, 30)),
    st.integers(-11, 13),
    st.integers(1, 12),
    options,
)
def test_reading_invariants_over_instants(
    when: datetime, offset: int, difen: int, opts: dict[str, str]
) -> None:
    at = when.replace(tzinfo=timezone(timedelta(hours=offset)))
    check_invariants(cast(at, difen=difen), opts)


@settings(max_examples=100, deadline=None)
@given(coords, st.sampled_from(topics()))
def test_topic_keeps_only_matching_and_general_rules(kw: dict[str, object], topic: str) -> None:
    c = cast(**kw)  # type: ignore[arg-type]
    everything = reading(c)
    kept = reading(c, topic=topic)
    assert {r.id for r in kept} <= {r.id for r in everything}
    assert all(topic in r.topics or "總" in r.topics for r in kept)
    assert {r.id for r in everything if topic in r.topics} <= {r.id for r in kept}
    assert normalise_topic(topic) == topic
