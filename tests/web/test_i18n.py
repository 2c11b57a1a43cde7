"""The UI catalogue: every key in every language, and every key the page uses exists."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from xuanheng.errors import InputError
from xuanheng.i18n import LANGS, catalogue, keys, label, term


def test_every_key_has_every_language() -> None:
    for k in keys():
        for lang in LANGS:
            assert label(k, lang).strip(), (k, lang)


def test_simplified_is_derived_from_traditional() -> None:
    assert label("chart.tian_di_pan", "zh-Hant") == "天地盤"
    assert label("chart.tian_di_pan", "zh-Hans") == "天地盘"
    assert term("貴神", "zh-Hans") == "贵神"
    assert term("貴神", "ko") == "貴神"


def test_unknown_language_and_key_are_refused() -> None:
    with pytest.raises(InputError) as e:
        label("chart.si_ke", "fr")
    assert e.value.field == "lang"
    with pytest.raises(InputError):
        label("no.such.key", "en")


def _static(name: str) -> str:
    return resources.files("xuanheng.web").joinpath("static", name).read_text("utf-8")


def test_page_uses_only_known_keys() -> None:
    used = set(re.findall(r'data-i18n="([^"]+)"', _static("index.html")))
    used |= set(re.findall(r'\bL\("([a-z_]+\.[a-z_]+)"', _static("app.js")))
    assert used, "the page uses no labels?"
    missing = sorted(used - set(keys()))
    assert not missing, missing


def test_catalogues_have_the_same_keys_and_differ_by_language() -> None:
    cats = {lang: catalogue(lang) for lang in LANGS}
    assert len({frozenset(c) for c in cats.values()}) == 1
    assert cats["ko"]["nav.journal"] != cats["en"]["nav.journal"] != cats["zh-Hant"]["nav.journal"]
