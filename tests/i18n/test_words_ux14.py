"""i18n.words.joined: a list in each language's way (branch ux14)."""

from __future__ import annotations

from xuanheng.i18n.words import joined, listed


def test_english_words_take_a_comma_and_hanja_terms_the_chinese_mark() -> None:
    lessons = [
        {"ko": "제1과", "zh-Hant": "一課", "en": "lesson 1"},
        {"ko": "초전", "zh-Hant": "初傳", "en": "first"},
    ]
    assert joined(lessons) == {"ko": "제1과, 초전", "zh-Hant": "一課、初傳", "en": "lesson 1, first"}
    assert listed(["丑", "寅"]) == {"ko": "丑, 寅", "zh-Hant": "丑、寅", "en": "丑、寅"}
    # a list mixing an English word with a hanja term keeps 、 (as the English steps list 旺、相)
    mixed = [{"ko": "왕", "zh-Hant": "旺", "en": "旺"}, {"ko": "상", "zh-Hant": "相", "en": "rising"}]
    assert joined(mixed)["en"] == "旺、rising"
    assert joined([]) == {"ko": "", "zh-Hant": "", "en": ""}
