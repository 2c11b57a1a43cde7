"""The data of the 大六壬 judgment (liuren/data/judgment.toml): every step, qualifier and 應期 has its words
in ko / zh-Hant / en with the same placeholders and a source; the 類神 tables name real 六親, 天將,
topics and persons; the weighed 課體 and 法 are ones the chart and the reading know."""

from __future__ import annotations

import string
import tomllib
from importlib import resources

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren.chart import LIU_QIN
from xuanheng.liuren.reading import bifa_rules, keti_meanings
from xuanheng.reading.judgment import ABOUT, POLARITIES
from xuanheng.rules import TOPIC_KEYS

RAW = tomllib.loads(resources.files("xuanheng.liuren").joinpath("data/judgment.toml").read_text("utf-8"))
LANGS = ("ko", "zh-Hant", "en")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _same_placeholders(where: str, text: dict[str, str]) -> None:
    assert set(text) >= set(LANGS), f"{where}: needs {LANGS}"
    want = _fields(text["zh-Hant"])
    for lang in LANGS:
        assert text[lang].strip(), f"{where} {lang} empty"
        assert _fields(text[lang]) == want, f"{where}: {lang} has {_fields(text[lang])}, zh-Hant {want}"


@pytest.mark.parametrize("key", sorted(RAW["step"]))
def test_step_words_and_source(key: str) -> None:
    d = RAW["step"][key]
    _same_placeholders(f"step {key}", d["text"])
    assert d["src"] and all(isinstance(s, str) and s.strip() for s in d["src"]), key
    assert d["weight"] == "computed" or isinstance(d["weight"], int), key


def test_parts_ying_focus_verdict() -> None:
    for key, d in RAW["part"].items():
        assert isinstance(d["weight"], int) and d["src"], key
    for key, d in RAW["ying"].items():
        _same_placeholders(f"ying {key}", d["text"])
        assert d["src"], key
    for key, text in RAW["focus"].items():
        _same_placeholders(f"focus {key}", text)
    assert set(RAW["verdict"]) == set(POLARITIES)
    for key, text in RAW["verdict"].items():
        _same_placeholders(f"verdict {key}", text)
        assert _fields(text["en"]) == {"label"}
    for key, text in RAW["words"].items():
        _same_placeholders(f"words {key}", text)


def test_relations() -> None:
    rel = {k: v for k, v in RAW["relation"].items() if k != "to"}
    assert set(rel) == {"sheng", "bi", "cai", "xie", "ke"}
    for key, d in rel.items():
        _same_placeholders(f"relation {key}", d["label"])
        assert _fields(d["label"]["en"]) == {"to"}
        assert all(isinstance(d[w], int) for w in ("ri", "chen", "ming", "chu", "mo")), key
    for key, text in RAW["relation"]["to"].items():
        _same_placeholders(f"relation.to {key}", text)


@pytest.mark.parametrize("table", ["leishen", "person"])
def test_leishen_tables(table: str) -> None:
    keys = TOPIC_KEYS if table == "leishen" else set(ABOUT)
    for name, spec in RAW[table].items():
        assert name in keys, f"{table} {name}: not a known topic / person"
        assert spec["src"], name
        assert set(spec) <= {"qin", "jiang", "place", "branches", "mark", "harm", "src", "note"}, name
        assert any(k in spec for k in ("qin", "jiang", "place", "branches", "mark")), name
        if "qin" in spec:
            assert spec["qin"] in LIU_QIN, name
        if "jiang" in spec:
            assert spec["jiang"] in TIAN_JIANG, name
        if "place" in spec:
            assert spec["place"] in ("gan", "zhi"), name
        for b in spec.get("branches", ()):
            assert b in BRANCHES, name
        if "mark" in spec:
            assert spec["mark"] == "yi_ma", name


def test_weighed_keti_and_bifa_are_known() -> None:
    names = set(keti_meanings())
    assert not set(RAW["keti"]["good"]) & set(RAW["keti"]["bad"])
    for n in (*RAW["keti"]["good"], *RAW["keti"]["bad"]):
        assert n in names, n
    rules = {r.id: r for r in bifa_rules()}
    for rid, w in RAW["bifa"].items():
        assert rid in rules and rules[rid].when, f"{rid}: no such 法 with a condition"
        assert w in (-1, 1), rid


def test_horizon_topics() -> None:
    seen: set[str] = set()
    for unit in ("hour", "month", "year"):
        for t in RAW["horizon"][unit]:
            assert t in TOPIC_KEYS and t not in seen, t
            seen.add(t)


#: the chapter of 《大六壬指南》卷三〈六壬會纂占驗指南〉 each question's signs come from, written out
CHAPTER_OF = {"家宅": "陽宅章", "病": "疾病章", "行人": "行人章", "官": "仕宦章", "訟": "占訟章",
              "囚獄": "占訟章", "財": "求財章", "科舉": "選舉章"}  # fmt: skip


def test_chapter_signs_name_their_readings_and_their_chapters_topics() -> None:
    """``[[chapter]]``: each sign is one the judge reads (``judgment._CHAPTER_SIGNS``), each named once; its
    topics are topic keys, and its source is the chapter of each of them."""
    from xuanheng.liuren.judgment import _CHAPTER_SIGNS, data

    signs = [c["sign"] for c in RAW["chapter"]]
    assert sorted(signs) == sorted(_CHAPTER_SIGNS) and len(set(signs)) == len(signs)
    for c in RAW["chapter"]:
        assert c["topics"], c
        for t in c["topics"]:
            assert t in TOPIC_KEYS and f"〈{CHAPTER_OF[t]}〉" in c["src"][0], (c["sign"], t)
    assert {t for c in RAW["chapter"] for t in c["topics"]} == set(CHAPTER_OF)
    # the house reads 干支乘鬼 before the hurt on the 支, office the 祿 before the horse in its tomb
    assert signs.index("zhai.gui") < signs.index("zhai.hurt") and signs.index("shi.lu") < signs.index(
        "shi.ma"
    )
    assert data().chapter[0] == ("zhai.gui", frozenset({"家宅"}))
