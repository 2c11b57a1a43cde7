"""Each method's name reads as a name in every language (issue 14): the English one capitalised like the
others with its classical term, the Korean one in Hangul, the Chinese ones in characters (Simplified
differing from Traditional where a character does)."""

from __future__ import annotations

import re

from xuanheng.methods import registry
from xuanheng.reading import to_simplified

HANGUL = re.compile(r"[가-힣]")
LATIN = re.compile(r"[A-Za-z]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def test_method_labels_in_every_language() -> None:
    methods = registry()
    assert {"calendar", "jinkoujue", "liuren", "liuyao", "qizheng"} <= set(methods)
    for name in ("calendar", "jinkoujue", "liuren", "liuyao", "qizheng"):
        label = methods[name].label
        en, hant, hans, ko = label.get("en"), label.get("zh-Hant"), label.get("zh-Hans"), label.get("ko")
        assert en[0].isupper() and en != name, (name, en)
        assert HAN.search(en) and HAN.sub("", en) != en, (name, en)  # the classical term in brackets
        term = re.search(r"\(([^()]+)\)$", en)
        assert term is not None and term.group(1) in hant, (name, en, hant)
        assert HANGUL.search(ko) and not LATIN.search(ko), (name, ko)
        for zh in (hant, hans):
            assert HAN.search(zh) and not LATIN.search(zh) and not HANGUL.search(zh), (name, zh)
        assert hans == to_simplified(hant)
