"""The data of the judgment: every step the 六爻 judge may state has a source and its words in ko, zh-Hant and
en with the same placeholders; the verdict vocabulary (reading/data/verdicts.toml) has one verdict of each
polarity per kind and names only topics of the shared vocabulary; every person of ``about`` maps to a 六親."""

from __future__ import annotations

import re

from xuanheng.liuyao._reading_data import ABOUT_YONG
from xuanheng.liuyao.judgment import data
from xuanheng.reading.judgment import ABOUT, POLARITIES, vocabulary
from xuanheng.rules import TOPIC_KEYS

LANGS = ("ko", "zh-Hant", "en")


def _holes(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


def test_every_step_has_a_source_and_three_languages_with_the_same_placeholders() -> None:
    d = data()
    assert len(d.steps) >= 40
    for key, step in d.steps.items():
        assert step.src, key
        assert all(step.text.get(lang) for lang in LANGS), key
        assert len({frozenset(_holes(step.text[lang])) for lang in LANGS}) == 1, key
    for group in (d.focus, d.ying, d.verdict):
        for key, text in group.items():
            assert all(text.get(lang) for lang in LANGS), key
            assert len({frozenset(_holes(text[lang])) for lang in LANGS}) == 1, key


def test_verdict_vocabulary() -> None:
    v = vocabulary()
    for kind, words in v.kinds.items():
        assert sorted(w.polarity for w in words.values()) == sorted(POLARITIES), kind
    assert set(v.topic_kind) <= set(TOPIC_KEYS)
    assert tuple(v.about) == ABOUT
    assert set(ABOUT_YONG) == set(ABOUT) - {"自己"}


def test_weighed_harms_and_helps_are_steps_of_that_sign_and_topics_are_known() -> None:
    """``[weigh]`` counts harms against helps when a rescue is weighed: every harm is a step that weighs
    against the 用神 and every help one that weighs for it, and every step of either sign that acts on the
    用神 from the month, the day, a mover, a 三合 frame, its own change or a 三刑 is counted; the topics of
    ``[shi]``, ``[travel]``, ``[office]``, ``[parties]``, ``[chase]`` and ``[[shi_holds]]`` are topics of the
    vocabulary (each ``[[shi_holds]]`` entry naming a 六親, a step that harms and, optionally, the 六親
    whose moving line lifts it)."""
    d = data()
    assert all(d.steps[k].weight < 0 for k in d.harms)
    assert all(d.steps[k].weight > 0 for k in d.helps)
    # day.ri_po is stated but no longer weighed (issue 27 pruning: docs/liuyao-judgment.md)
    acting = ("month.ke", "month.po", "day.ke", "mover.ke", "sanhe.ke", "hua.ke", "xing.san")
    assert set(acting) <= set(d.harms)
    assert {"mover.sheng", "hua.sheng", "hua.jin", "sanhe.sheng"} <= set(d.helps)
    assert d.shi_topics <= set(TOPIC_KEYS) and d.travel_topics <= set(TOPIC_KEYS)
    assert d.office_topics | d.parties_topics | d.chase_topics <= set(TOPIC_KEYS)
    kin = ("父母", "兄弟", "官鬼", "妻財", "子孫")
    for topics, qin, step, lifter in d.shi_holds:
        assert topics <= set(TOPIC_KEYS) and qin in kin and lifter in (*kin, "")
        assert d.steps[step].weight < 0
