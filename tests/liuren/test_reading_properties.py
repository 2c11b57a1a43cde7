"""Property tests of the 大六壬 reading over random charts, months, persons and options.

Every valid input gives a list of fired rules whose facts agree with the chart (the 天將, the seat, the
day) and that render in four languages; every invalid input gives one typed error.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from xuanheng.core import parse
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.errors import XuanhengError
from xuanheng.liuren import cast, reading
from xuanheng.reading import LANGS
from xuanheng.rules import normalise_topic

R = importlib.import_module("xuanheng.liuren.reading")
TOPICS = sorted(R.topics())
RULES = {r.id: r for r in R.leishen()[1]}


def _is_branch(value: Any) -> bool:
    """What the reading accepts as a branch: the shared parser's forms (core.parse)."""
    try:
        parse.branch(value, "branch")
    except (XuanhengError, ValueError, KeyError, TypeError):
        return False
    return True


def _is_topic(value: Any) -> bool:
    """Any spelling of the shared topic vocabulary."""
    try:
        normalise_topic(value)
    except XuanhengError:
        return False
    return True


charts = st.builds(
    lambda d, yj, h, by, sex, year, shehai, guiren, dn, dg: cast(
        day=d,
        yue_jiang=yj,
        hour=h,
        birth_year=by,
        sex=sex,
        year=year,
        shehai=shehai,
        guiren=guiren,
        day_night=dn,
        dun_gan=dg,
    ),
    st.integers(0, 59),
    st.integers(0, 11),
    st.integers(0, 11),
    st.none() | st.integers(1900, 2010),
    st.sampled_from([None, "male", "female"]),
    st.sampled_from([None, 2030]),
    st.sampled_from(["depth", "mengzhongji"]),
    st.sampled_from(["jia_wu_geng_niu_yang", "jia_yang_wu_geng_niu", "jia_wu_jian_niu_yang"]),
    st.sampled_from(["auto", "fixed", "day", "night"]),
    st.sampled_from(["day", "hour"]),
)


def _check_positions(rule: Any, facts: dict[str, Any], ch: Any) -> None:
    when = dict(rule.when)
    for p in facts["positions"]:
        assert p["upper"] in BRANCHES
        if "jiang" in when and p["plate"] == "tian":
            assert p["tian_jiang"] in when["jiang"], (rule.id, p)
        if "on" in when and p["plate"] == "tian" and p["position"] != "ke1":
            assert p["lower"] in when["on"], (rule.id, p)
        if "day_stem" in when:
            assert STEMS[ch.day.stem] in when["day_stem"]


@settings(max_examples=150, deadline=None)
@given(
    charts,
    st.none() | st.integers(0, 11),
    st.none() | st.integers(0, 11),
    st.none() | st.sampled_from(TOPICS),
    st.sampled_from(list(LANGS)),
    st.sampled_from(["seed", "upper"]),
)
def test_reading_invariants(
    ch: Any, month: int | None, year: int | None, topic: str | None, lang: str, plate: str
) -> None:
    rs = reading(ch, topic, lang, month_branch=month, year_branch=year, plate_rule=plate)
    for r in rs:
        assert r.src and all(isinstance(s, str) and s for s in r.src)
        assert set(r.topics) <= set(TOPICS)
        if topic is not None:
            assert topic in r.topics
        out = r.to_json(lang)
        assert out["text"].strip()
        json.dumps(out, ensure_ascii=False)
        if r.id in RULES and "positions" in r.facts and r.facts["positions"]:
            _check_positions(RULES[r.id], r.facts, ch)
        if r.id.startswith(("002-", "shen-")) and "shen" in r.facts and month is None:
            assert "state" not in (r.facts.get("conditions") or {}), r.id  # 旺相 needs a month


@settings(max_examples=60, deadline=None)
@given(
    charts,
    st.one_of(
        st.fixed_dictionaries({"topic": st.text(min_size=1, max_size=3).filter(lambda t: not _is_topic(t))}),
        st.fixed_dictionaries({"lang": st.text(max_size=6).filter(lambda t: t not in LANGS)}),
        st.fixed_dictionaries({"month_branch": st.integers().filter(lambda i: not _is_branch(i))}),
        st.fixed_dictionaries(
            {"year_branch": st.text(min_size=1, max_size=3).filter(lambda t: not _is_branch(t))}
        ),
        st.fixed_dictionaries(
            {"plate_rule": st.text(max_size=6).filter(lambda t: t not in ("seed", "upper"))}
        ),
    ),
)
def test_invalid_inputs_raise_typed_errors(ch: Any, kwargs: dict[str, Any]) -> None:
    try:
        reading(ch, **kwargs)
    except XuanhengError as e:
        assert e.field == next(iter(kwargs))
        assert str(e)
    else:  # pragma: no cover - the strategy only yields invalid values
        raise AssertionError(f"no error for {kwargs}")
