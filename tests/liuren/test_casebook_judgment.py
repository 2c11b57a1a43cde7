"""The 大六壬 judgment against 邵彥和's worked cases (tests/liuren/casebook/shao.toml), and its shape.

The casebook is the oracle: each case's verdict and 應期 are the book's, summarised by hand from the case it
cites (tests/liuren/test_casebook_charts.py checks each chart against the book's). These tests hold the
agreement at least where it stands (docs/accuracy.md, written by scripts/accuracy.py, gives the figures),
so that a change that loses cases fails; issue 28's targets are higher. The judge was tuned on the ``dev``
cases only; ``holdout`` is the measure on cases it was not tuned on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xuanheng import liuren
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.liuren.judgment import judge
from xuanheng.liuren.method import METHOD
from xuanheng.reading.judgment import ABOUT, Question

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rows(accuracy: Any) -> list[object]:
    acc = accuracy
    return [acc.judge_liuren(c) for c in acc.cases("liuren")]  # type: ignore[attr-defined]


# measured: round 12 (lr-verdict12), the weather settled on its 類神 alone (〈占天時〉) and a void 中傳
# stopping the 末傳 from deciding (折腰, 〈三傳〉): polarity dev 187 → 192/319, holdout 83 → 85/156; then
# 折腰 keeping a good sum from being reached: dev 195/319, holdout 86/156; 應期 unchanged (52/142, 26/60)
# — polarity floors raised a little below (0.58 → 0.60, 0.52 → 0.54). Before,
# round 11 (lr-verdict11), the adverse 《畢法賦》 法 inform without weighing (right below their base
# rate in six of the seven casebook files), polarity dev 186 → 187/319, holdout 81 → 83/156, 應期 unchanged
# (52/142, 26/60) — polarity floors raised a little below (0.57 → 0.58, 0.50 → 0.52). Before, round 10b
# (lr-yingqi10), a void 中傳 waits to be filled (〈空亡〉), 應期 dev 51 → 52/142, holdout
# 25 → 26/60, polarity unchanged (186/319, 81/156) — 應期 floors raised a little below (0.34 → 0.36, 0.40 →
# 0.42). Before, round 10 (lr-verdict10), the 類神 with 氣 (a strong 類神 settles good only
# when 旺相), the pardon of a suit (〈占訟章〉) and the wealth on the stem (〈求財章〉): polarity dev 170 →
# 175/319, holdout 69 → 75/156; then the house hurt by the spirit on the 支 (〈陽宅章〉): dev 178, holdout
# 76; then the 德 in an examination (〈選舉章〉): dev 182, holdout 80; then the horse in its tomb for office
# (〈仕宦章〉): dev 186, holdout 81; 應期 unchanged (51/142, 25/60) — floors a little below. Before, round 8
# (lr-verdict8), the void or fallen 祿 of office (〈仕宦章〉: a 官
# question settles bad), polarity dev 165 → 170/319, holdout 67 → 69/156; the 發用 never below the second
# 應期 candidate (〈行人章〉), 應期 dev 48 → 51/142, holdout 24 → 25/60 — floors a little below. Before,
# round 8 split the round-7 blind files (zhinan, shao_blind; 89 cases measured
# blind once at 36/89, 10/38) into dev/holdout, which gave dev 165/319 polarity, 48/142 應期, holdout
# 67/156, 24/60 — floors a little below. Before, lr-verdict7, the traveller's horse (〈行人章〉: the day's
# 驛馬 in 課傳 settles a 行人 question good), dev 138 → 140/259 polarity, holdout 54 → 56/127, 應期
# unchanged (41/115, 21/49) — floors a little below. Round 7 of issue 28 split the former blind files
# (cunyan, suoji, cuiyan; 94 cases measured blind once in round 6 at 38/94, 13/45) into dev/holdout, which
# gave dev 138/259 polarity, 41/115 應期, holdout 54/127, 21/49. Before, every case of shao.toml and
# 《壬占彙選》's 193 (huixuan.toml): dev 107/195 polarity, 33/84 應期; holdout 47/97, 16/35 (issue 28,
# lr-verdict6: the weather read on its own 類神 whoever it is asked for, and hx-170's question — when the
# rain stops — given the topic 晴, dev 106 → 107; lr-verdict5: 財在鬼鄉, dev 105 → 106, holdout 44 → 47;
# lr-verdict4: a void 末傳 does not decide, 102, the signs of illness, 病人見馬 103 and 初生末墓 / 自墓傳生
# 104, and of the house, 干支乘鬼 105; lr-mixed: 制鬼 and the 歸宿 deciding 先凶後吉 / 始吉終凶, dev
# 101/195; before, dev 96/195, holdout 43/97; before lr-verdict, dev 93/195, holdout 44/97) — floors a
# little below
@pytest.mark.parametrize(("split", "polarity", "ying"), [("dev", 0.60, 0.36), ("holdout", 0.54, 0.42)])
def test_agreement_does_not_fall(rows: list[object], split: str, polarity: float, ying: float) -> None:
    part = [r for r in rows if r.case["split"] == split]  # type: ignore[attr-defined]
    assert len(part) >= 30
    assert sum(r.pol_ok for r in part) / len(part) >= polarity  # type: ignore[attr-defined]
    timed = [r for r in part if r.ying_ok is not None]  # type: ignore[attr-defined]
    assert sum(bool(r.ying_ok) for r in timed) / len(timed) >= ying  # type: ignore[attr-defined]


# 邵彥和's cases alone (shao.toml): measured dev 37/66 polarity (36 before lr-verdict4), 18/37 應期 (17/37
# after lr-yingqi10's void 中傳: sh-14 gained, sh-05 and sh-43 lost; the floor holds);
# holdout 19/33 (18 before lr-verdict8's void 祿 of office), 4/15 (issue
# 28, lr-mixed: the 歸宿 deciding where 初傳 and 末傳 disagree loses three of his dev cases and gains two
# of his holdout ones, while it gains on the whole dev set and on 《大六壬指南》's own cases: the dev floor
# falls from 0.55 to 0.52, docs/liuren-judgment.md; lr-verdict had brought dev 35 → 38/66) — floors a
# little below
@pytest.mark.parametrize(("split", "polarity", "ying"), [("dev", 0.55, 0.45), ("holdout", 0.54, 0.25)])
def test_shao_agreement_does_not_fall(rows: list[object], split: str, polarity: float, ying: float) -> None:
    part = [r for r in rows if r.case["split"] == split and r.case["id"].startswith("sh-")]  # type: ignore[attr-defined]
    assert len(part) >= 30
    assert sum(r.pol_ok for r in part) / len(part) >= polarity  # type: ignore[attr-defined]
    timed = [r for r in part if r.ying_ok is not None]  # type: ignore[attr-defined]
    assert sum(bool(r.ying_ok) for r in timed) / len(timed) >= ying  # type: ignore[attr-defined]


DAYS = ("甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "丁亥")
#: the steps that settle a verdict (a mixed one says which, or that neither side prevails)
SETTLING = {"weigh.even", "weigh.lei", "weigh.lei_strong", "weigh.lei_weak", "weigh.lei_qi"}
TOPICS = (None, "財", "病", "官", "家宅", "訟", "行人", "雨", "出行", "失物")


def test_chain_shape_over_many_charts() -> None:
    """3–8 steps, each with an effect and a source; a mixed verdict says what settles it; at least one
    應期; the 類神 step comes first when the topic has one."""
    for day in DAYS:
        for yj in "子寅辰午申戌":
            for hour in "丑卯巳未酉亥":
                chart = liuren.cast(day=day, yue_jiang=yj, hour=hour)
                for topic in TOPICS:
                    j = judge(chart, Question(topic))
                    keys = [s.key for s in j.steps]
                    assert 3 <= len(j.steps) <= 8, (day, yj, hour, topic, keys)
                    assert all(s.effect in "+-=" and s.src for s in j.steps)
                    if j.verdict.word.polarity == "mixed":
                        assert SETTLING & set(keys), keys
                    assert j.ying_qi
                    assert all(y.unit in ("hour", "day", "month", "year") for y in j.ying_qi)


def test_person_reads_its_own_leishen() -> None:
    chart = liuren.cast(day="甲子", yue_jiang="亥", hour="寅")
    wife = judge(chart, Question("病", "妻"))
    assert wife.focus.facts["src"][0].startswith("《六壬大全》卷一〈六親〉")
    assert wife.focus.name == "類神"
    other = judge(chart, Question("財", "他人"))
    assert other.focus.facts["place"] == "辰上"
    general = judge(chart, Question(None))
    assert general.focus.facts["place"] == "日上"
    assert general.verdict.word.kind == "general"


def test_document_carries_the_judgment_and_about() -> None:
    p = METHOD.make_params({"day": "甲子", "yue_jiang": "亥", "hour": "寅", "topic": "財", "about": "妻"})
    doc = METHOD.document(p, "ko")
    j = doc["judgment"]
    assert j["question"] == {"topic": "財", "about": "妻"}
    assert j["verdict"]["kind"] == "cheng"
    assert list(doc).index("judgment") < list(doc).index("reading")
    assert doc["reading_options"] == {"about": "妻"}
    assert METHOD.document(p, "en", with_reading=False)["judgment"] is None


def test_dates_with_an_instant() -> None:
    chart = liuren.cast("2026-03-10T21:00", tz="Asia/Shanghai")
    for topic, unit in (("財", "day"), ("官", "month"), ("家宅", "year")):
        j = judge(chart, Question(topic))
        for y in j.ying_qi:
            assert y.unit == unit
            assert y.ganzhi and y.date and y.date >= "2026-03-10", (topic, y)
    study = judge(liuren.cast(day="甲子", yue_jiang="亥", hour="寅"), Question("財"))
    assert all(y.date is None for y in study.ying_qi)


def test_every_person_on_every_day() -> None:
    """Whoever the question is about, on every day (a person's 六親 absent from 課傳 with both its
    branches void once failed to be placed)."""
    for i in range(60):
        day = STEMS[i % 10] + BRANCHES[i % 12]
        for yj in "子辰申":
            chart = liuren.cast(day=day, yue_jiang=yj, hour="卯")
            for about in ABOUT:
                j = judge(chart, Question("病", about))
                assert 3 <= len(j.steps) <= 8 and j.ying_qi, (day, yj, about)
