"""The 金口訣 judgment against the casebook (tests/jinkoujue/casebook/), and what every judgment must be.

The casebook is the oracle: a case that prints the book's verdict (``verdict``, ``outcome``, ``ying_qi``) is
cast in study mode from its coordinates and judged for its topic and person (scripts/accuracy.py,
``judge_jinkoujue``); docs/accuracy.md reports the agreement by split. The floors below hold the agreement
just under where it stands: the scored cases are the 假令 of 〈六十四課鈐〉 (課 1–6 of 《大六壬金口訣》,
ke_ling_jialing.toml; 課 7–59 of the 古本 of 《六壬神課金口訣》, guben_ke_ling.toml) and of its 〈四課假令〉
(guben_si_ke_jialing.toml): 48 cases, dev 14/31, holdout 6/17 when the 古本's 43 were added (measured,
not tuned on; before them dev 3/3, holdout 0/2); dev 24/31, holdout 8/17 once the judge read the 課's
shape (四位相生 / 四位相克) and the bars (關 隔 鎖) of the 古本's 卷之上, worked out on the dev cases only;
dev 25/31, holdout 9/17 once a 課 bound by 生 (剋) in two of its three neighbouring pairs settles the verdict;
dev 26/31, holdout 10/17 once the 動 the question asks for (財動, 官動: 〈五動爻誦〉) settles it before
the shape.
None prints an 應期, so the 應期 floor has nothing to hold.

The properties hold on every chart: 3–8 steps, each cited; effects that match their weights; a verdict of
the question's vocabulary with its settling step; no step list with two contrary states; ranked 應期 with
the 干支 of their branch, and a civil date exactly when the chart has an instant.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xuanheng import jinkoujue
from xuanheng.core.ganzhi import BRANCHES, GanZhi
from xuanheng.jinkoujue import METHOD
from xuanheng.jinkoujue.judgment import data, judge
from xuanheng.reading.judgment import UNITS, Question, kind_of, vocabulary

ROOT = Path(__file__).resolve().parents[2]
#: (split, polarity floor, 應期 floor, fewest cases for the floor to apply); measured dev 26/31, holdout 10/17
#: once the asked 動 settles the verdict (issue 28, lr-verdict6; dev 25/31, holdout 9/17 with a 課 of
#: generation or overcoming as a whole settling it, lr-verdict4; dev 24/31, holdout 8/17 with the shape and
#: the bars of jkj-verdict; before them dev 14/31, holdout 6/17)
FLOORS = [("dev", 0.83, 0.0, 2), ("holdout", 0.58, 0.0, 2)]


@pytest.mark.parametrize(("split", "polarity", "ying", "fewest"), FLOORS)
def test_agreement_does_not_fall(
    split: str, polarity: float, ying: float, fewest: int, accuracy: Any
) -> None:
    acc = accuracy
    part = [acc.judge_jinkoujue(c) for c in acc.jinkoujue_cases() if c["split"] == split]
    if len(part) < fewest:
        pytest.skip(f"{len(part)} {split} cases with the book's verdict: too few for a floor")
    assert sum(r.pol_ok for r in part) / len(part) >= polarity
    timed = [r for r in part if r.ying_ok is not None]
    if timed:
        assert sum(bool(r.ying_ok) for r in timed) / len(timed) >= ying


def _charts() -> list[Any]:
    out = []
    for d in range(0, 60, 7):
        for h in (0, 3, 6, 9, 11):
            for m in range(0, 12, 3):
                for df in range(0, 12, 2):
                    out.append(
                        jinkoujue.cast(
                            day=GanZhi(d).name,
                            hour=BRANCHES[h],
                            month_branch=BRANCHES[m],
                            year="丙午",
                            yue_jiang=BRANCHES[(m + 1) % 12],
                            is_day=3 <= h <= 8,
                            difen=BRANCHES[df],
                        )
                    )
    return out


CONTRARY = [
    ("season.wang", "season.shuai"),
    ("kong.jia", "kong.zhen"),
    ("day.chong_wang", "day.chong_shuai"),
    ("weigh.rescue", "weigh.no_rescue"),
    ("weigh.root", "weigh.no_rescue"),
    ("weigh.clear", "weigh.no_rescue"),
    ("gui.ji", "gui.xiong"),
    ("shape.sheng", "shape.ke"),
    ("weigh.bar_open", "weigh.bar_shut"),
    ("weigh.shape_sheng", "weigh.shape_ke"),
]
SETTLE = {
    "good": {"weigh.clear", "weigh.wait", "weigh.bar_open", "weigh.dong", "weigh.shape_sheng"},
    "bad": {"weigh.no_rescue", "weigh.bar_shut", "weigh.shape_ke"},
    "mixed": {"weigh.even", "weigh.root", "weigh.rescue"},
}


def test_every_judgment_is_well_formed() -> None:
    d = data()
    for c in _charts():
        for topic, about in (
            (None, "自己"),
            ("財", "自己"),
            ("官", "父母"),
            ("病", "子女"),
            ("行人", "他人"),
        ):
            j = judge(c, Question(topic, about))
            assert 3 <= len(j.steps) <= 8, (c.calendar.day.name, topic)
            keys = [s.key for s in j.steps]
            for s in j.steps:
                assert s.src
                w = d.steps[s.key].weight
                assert s.effect in "+-="
                if w == 0:
                    assert s.effect == "="
            pol = j.verdict.word.polarity
            assert j.verdict.word.kind == kind_of(topic)
            assert j.verdict.word.key in vocabulary().kinds[kind_of(topic)]
            assert SETTLE[pol] & set(keys), (pol, keys)
            for a, b in CONTRARY:
                assert not (a in keys and b in keys), (a, b, keys)
            assert 1 <= len(j.ying_qi) <= 4
            for y in j.ying_qi:
                assert y.unit in UNITS and y.branch in BRANCHES
                assert y.ganzhi is None or y.ganzhi[1] == y.branch
                assert y.date is None  # study mode: no instant, no date
            assert j.focus.name == "用爻" and j.focus.facts["position_key"] == c.yong_yao


def test_dates_with_an_instant() -> None:
    c = jinkoujue.cast("2026-03-10T21:00", tz="Asia/Shanghai", difen="申")
    j = judge(c, Question("財"))
    # a near question: days, and for a weak 用爻 of a good verdict the month its element rules
    assert all(y.date is not None for y in j.ying_qi)
    assert j.ying_qi[0].unit == "day" and {y.unit for y in j.ying_qi} <= {"day", "month"}
    first = j.ying_qi[0]
    # the day 干支 of the date is the one given (2026-03-10 is 癸未; the 亥 hour stays on that day)
    import datetime as dt

    day = dt.date.fromisoformat(first.date or "")
    assert GanZhi((day.toordinal() + 14) % 60).name == first.ganzhi
    far = judge(c, Question("官"))
    assert all(y.unit == "month" for y in far.ying_qi)
    assert all(y.date is not None for y in far.ying_qi)


def test_the_document_carries_the_judgment_and_about() -> None:
    p = METHOD.make_params(
        {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申", "topic": "婚", "about": "妻"}
    )
    doc = METHOD.document(p, "zh-Hant")
    j = doc["judgment"]
    assert j["question"] == {"topic": "婚", "about": "妻"}
    assert j["yong_shen"]["name"] == "用爻" and j["yong_shen"]["lei"] == "jiang_shen"
    assert doc["reading_options"] == {"about": "妻"}
    assert j["verdict"]["kind"] == "cheng"
    none = METHOD.document(
        METHOD.make_params({"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"}), "en"
    )
    assert none["judgment"]["question"]["topic"] is None
    assert none["judgment"]["verdict"]["kind"] == "general"


def test_about_is_refused_when_unknown() -> None:
    from xuanheng.errors import XuanhengError

    with pytest.raises(XuanhengError):
        METHOD.make_params({"at": "2026-03-10T21:00", "difen": "申", "about": "鄰居"})


def test_cli_about_and_text_view(capsys: pytest.CaptureFixture[str]) -> None:
    from xuanheng.cli.main import main

    argv = ["jinkoujue", "--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai", "--difen", "申"]
    assert main([*argv, "--topic", "財", "--about", "妻", "--lang", "zh-Hant", "--ids"]) == 0
    out = capsys.readouterr().out
    assert "用爻" in out and "應期" in out
    assert out.index("用爻 申") < out.rindex("[000-")  # the judgment before the commentary
