"""The reading's public API: inputs, typed errors naming their field, topics, order, JSON, line tables."""

from __future__ import annotations

import importlib
import json

import pytest

from xuanheng import liuyao
from xuanheng.errors import InputError, OptionError
from xuanheng.rules import GENERAL_TOPIC

# the module (the package attribute ``reading`` is the function)
R = importlib.import_module("xuanheng.liuyao.reading")


@pytest.fixture(scope="module")
def chart() -> liuyao.LiuYaoChart:
    return liuyao.cast("2026-03-10T21:00", tz="Asia/Shanghai", lines="987698")


def test_reading_returns_fired_rules(chart: liuyao.LiuYaoChart) -> None:
    rs = R.reading(chart)
    assert rs and rs[0].id == "yong.select"
    assert all(r.extra["kind"] in R.KINDS for r in rs)
    doc = R.reading_json(chart, "天時", "ko")
    json.dumps(doc, ensure_ascii=False)
    assert all(set(d) >= {"id", "src", "facts", "text", "topics", "kind", "group", "lines"} for d in doc)


def test_topic_spellings_and_order(chart: liuyao.LiuYaoChart) -> None:
    a = [r.id for r in R.reading(chart, "天時")]
    assert a == [r.id for r in R.reading(chart, "weather")] == [r.id for r in R.reading(chart, "날씨")]
    rs = R.reading(chart, "家宅")
    own = [i for i, r in enumerate(rs) if "家宅" in r.topics]
    general = [i for i, r in enumerate(rs) if "家宅" not in r.topics]
    assert own and general and max(own) < min(general)
    assert all(GENERAL_TOPIC in r.topics for r in rs if "家宅" not in r.topics)
    # a sub-topic reads its parent's rules: 晴 and 雨 read the 天時 rules (their 用神 differ: 子孫 / 父母)
    weather = {r.id for r in R.reading(chart, "天時") if "天時" in r.topics} - {"004-107"}
    assert weather and weather <= {r.id for r in R.reading(chart, "晴")}
    assert weather <= {r.id for r in R.reading(chart, "雨")}


def test_errors_name_their_field(chart: liuyao.LiuYaoChart) -> None:
    with pytest.raises(InputError) as e:
        R.reading("not a chart")  # type: ignore[arg-type]
    assert e.value.field == "chart"
    with pytest.raises(InputError) as e:
        R.reading(chart, "no such topic")
    assert e.value.field == "topic"
    with pytest.raises(InputError) as e:
        R.reading(chart, None, "fr")
    assert e.value.field == "lang"
    with pytest.raises(OptionError) as e:
        R.reading(chart, None, zhai="wai_zhai")
    assert e.value.field == "zhai"
    with pytest.raises(OptionError) as e:
        R.reading(chart, None, zhai_ren="up")
    assert e.value.field == "zhai_ren"


def test_languages(chart: liuyao.LiuYaoChart) -> None:
    hans = R.reading(chart, "天時", "zh-Hans")
    hant = R.reading(chart, "天時", "zh-Hant")
    assert [r.id for r in hans] == [r.id for r in hant]
    assert any(a.text.get("zh-Hans") != b.text.zh_hant for a, b in zip(hans, hant, strict=True))


def test_line_table(chart: liuyao.LiuYaoChart) -> None:
    t = R.line_table(chart, "家宅")
    assert t is not None and t.items == ("井", "灶", "床", "門戶", "人口", "棟宇") and "004-108" in t.src
    assert R.line_table(chart, "雨").items[1] == "電"  # type: ignore[union-attr]
    assert R.line_table(chart, "農", tian_he_table="tian_he_4").key == "tian_he_4"  # type: ignore[union-attr]
    assert R.line_table(chart, None) is None and R.line_table(chart, "財") is None


def test_introspection() -> None:
    assert "天時" in R.topics() and R.topic_labels()["天時"].en == "weather"
    c = R.conditions()
    assert "liu_shen" in c["line"] and "gua" in c["chart"] and all(c["line"].values())
    assert {e["id"] for e in R.not_computable()} >= {"004-097", "004-100"}
    assert {e["id"] for e in R.partly_computable()} >= {"004-101", "004-104", "004-342"}
    assert R.yong_shen(liuyao.cast(day="甲子", month="寅", lines="777777"), "財").key == "妻財"


def test_study_chart_without_year_skips_the_year_spirits() -> None:
    c = liuyao.cast(day="甲子", month="寅", lines="977777")
    rs = R.reading(c)
    assert not any(r.id.startswith("004-07") and r.id[4:7] in {"071", "072", "073", "074", "075"} for r in rs)
