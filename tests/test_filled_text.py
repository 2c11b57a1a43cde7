"""``reading.FilledText``: a text filled from a template, each language formatted when first read, reads and
compares as the ``Text`` of the same words (what the 七政 judgment's steps are made of: its document shows one
language of some 150 texts)."""

from __future__ import annotations

from xuanheng.reading import FilledText, Text

TEMPLATE = {"ko": "{star}이(가) {gong}에 있다", "zh-Hant": "{star}在{gong}", "en": "{star} in the {gong}"}


def test_it_reads_as_the_text_of_the_same_words() -> None:
    gong = {"ko": "명궁", "zh-Hant": "命宮", "en": "life palace"}  # said in each language
    t = FilledText(TEMPLATE, {"star": "土", "gong": gong})
    plain = Text("土이(가) 명궁에 있다", "土在命宮", "土 in the life palace")
    assert t == plain and plain == t and hash(t) == hash(plain) and repr(t) == repr(plain)
    assert (
        t.get("ko") == plain.get("ko") == "土가 명궁에 있다"
    )  # the particle by the reading of 土 (토: a vowel)
    assert t.get("zh-Hans") == "土在命宫" and t.get("en") == "土 in the life palace"
    assert t != Text("土이(가) 명궁에 있다", "土在財帛", "土 in the life palace")


def test_a_language_the_parameter_lacks_is_said_in_traditional_chinese() -> None:
    t = FilledText(TEMPLATE, {"star": "火", "gong": {"zh-Hant": "財帛"}})
    assert (t.ko, t.zh_hant, t.en) == ("火이(가) 財帛에 있다", "火在財帛", "火 in the 財帛")


def test_each_language_is_formatted_once_when_first_read() -> None:
    calls: list[str] = []

    class Counting(dict[str, str]):
        def get(self, key: str, default: object = None) -> object:
            calls.append(key)
            return super().get(key, default)

    t = FilledText(Counting(TEMPLATE), {"star": "金", "gong": "子"})
    assert calls == []  # nothing formatted when made
    assert t.get("zh-Hant") == "金在子" and t.get("zh-Hant") == "金在子"
    assert calls == ["zh-Hant"]
    assert t.en == "金 in the 子" and calls == ["zh-Hant", "en"]
