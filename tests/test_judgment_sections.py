"""The shared Judgment's sections: a reading of several matters (七政四餘's life reading: 大象, 富貴 … and
each 限) gives each as a Section with its own verdict, steps and times; the JSON carries them under
``sections`` (an empty list for a judgment of one question) and the terminal view prints each after the
main chain."""

from __future__ import annotations

from xuanheng.reading import Text
from xuanheng.reading.judgment import Focus, Judgment, Question, Section, Step, Verdict, YingQi, verdict_word
from xuanheng.render.judgment import judgment_lines


def _t(s: str) -> Text:
    return Text.from_mapping({"ko": s, "zh-Hant": s, "en": s})


def _judgment(sections: tuple[Section, ...]) -> Judgment:
    good = verdict_word(None, "good")
    return Judgment(
        question=Question(None),
        verdict=Verdict(good, _t("overall: good")),
        focus=Focus("命主", None, None, "午", _t("the master of the life palace")),
        steps=(Step("a", "+", _t("first reason"), ("src-1",)),),
        ying_qi=(),
        sections=sections,
    )


def test_a_single_question_has_an_empty_list_of_sections() -> None:
    doc = _judgment(()).to_json("en")
    assert doc["sections"] == []


def test_sections_carry_their_own_verdict_steps_times_and_facts() -> None:
    bad = verdict_word(None, "bad")
    sec = Section(
        key="xian.3",
        title=_t("限 of ages 26–35"),
        verdict=Verdict(bad, _t("unfavourable: the palace master is weak")),
        steps=(Step("b", "-", _t("the master is 陷"), ("src-2",), {"palace": "酉"}),),
        ying_qi=(YingQi("year", "子", _t("when 子 clashes it")),),
        facts={"ages": [26, 35]},
    )
    doc = _judgment((sec,)).to_json("en")
    (s,) = doc["sections"]
    assert s["key"] == "xian.3" and s["title"] == "限 of ages 26–35"
    assert s["verdict"]["polarity"] == "bad"
    assert [x["text"] for x in s["steps"]] == ["the master is 陷"]
    assert s["ying_qi"][0]["branch"] == "子" and s["facts"] == {"ages": [26, 35]}
    lines = judgment_lines(doc, "en")
    at = next(i for i, ln in enumerate(lines) if "限 of ages 26–35" in ln)
    assert "unfavourable" in lines[at]
    assert any("the master is 陷" in ln for ln in lines[at + 1 :])
    assert any("first reason" in ln for ln in lines[:at])
