"""The data of the 金口訣 judgment (``jinkoujue/data/judgment.toml``): every step has a source and its
words in ko / zh-Hant / en with the same placeholders; every 類 is a position and every topic and person
it names is in the shared vocabularies; the 天將 of each kind of question are 天將 and split in two; the
動 are the chart's."""

from __future__ import annotations

import re

from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.jinkoujue.chart import POSITION_KEYS
from xuanheng.jinkoujue.judgment import data
from xuanheng.reading.judgment import ABOUT
from xuanheng.rules import TOPIC_KEYS
from xuanheng.rules.sources import check_src

LANGS = ("ko", "zh-Hant", "en")


def _holes(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


def test_every_step_has_a_source_and_three_languages_with_the_same_placeholders() -> None:
    d = data()
    assert len(d.steps) >= 20
    for key, step in d.steps.items():
        assert step.src, key
        assert all(step.text.get(lang) for lang in LANGS), key
        assert len({frozenset(_holes(step.text[lang])) for lang in LANGS}) == 1, key
    for group in (d.focus, d.ying, d.verdict):
        for key, text in group.items():
            assert all(text.get(lang) for lang in LANGS), key
            assert len({frozenset(_holes(text[lang])) for lang in LANGS}) == 1, key
    # one reason per polarity, and one per settling step of the 課 as a whole (bar / shape; the UX review)
    settling = {k.removeprefix("weigh.") for k in d.steps if k.startswith("weigh.")}
    assert {"good", "bad", "mixed"} <= set(d.verdict)
    whole = {"bar_open", "bar_shut", "dong", "shape_sheng", "shape_ke"}
    assert set(d.verdict) - {"good", "bad", "mixed"} == whole
    assert set(d.verdict) - {"good", "bad", "mixed"} <= settling


def test_every_source_is_an_inventory_id_or_a_book() -> None:
    d = data()
    cited = [s for step in d.steps.values() for s in step.src]
    cited += [s for _, _, src in d.jiang.values() for s in src]
    cited += [s for _, _, src in d.dong.values() for s in src]
    cited += list(d.lei_src)
    for s in cited:
        assert check_src(s) == "", (s, check_src(s))


def test_lei_names_positions_topics_and_persons() -> None:
    d = data()
    assert set(d.lei_topic.values()) <= set(POSITION_KEYS)
    assert set(d.lei_about.values()) <= set(POSITION_KEYS)
    assert set(d.lei_topic) <= set(TOPIC_KEYS)
    assert set(d.lei_about) == set(ABOUT) - {"自己"}
    assert d.month_topics <= set(TOPIC_KEYS)
    assert set(d.dong) <= set(TOPIC_KEYS)


def test_jiang_tables_name_tian_jiang_once_each() -> None:
    for topic, (ji, xiong, src) in data().jiang.items():
        assert topic in TOPIC_KEYS
        assert ji <= set(TIAN_JIANG) and xiong <= set(TIAN_JIANG), topic
        assert not ji & xiong, topic
        assert src, topic


def test_dong_names_are_the_charts() -> None:
    import tomllib
    from importlib import resources

    raw = tomllib.loads(resources.files("xuanheng.jinkoujue").joinpath("data/method.toml").read_text("utf-8"))
    names = {r["name"] for r in raw["dong"]["rule"]}
    d = data()
    for good, bad, src in d.dong.values():
        assert set(good) | set(bad) <= names and src
        assert not set(good) & set(bad)
