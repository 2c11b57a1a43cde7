"""data/options.toml: every option declared once, closed choices, four languages, a source per choice."""

from __future__ import annotations

import pytest

from xuanheng.errors import OptionError
from xuanheng.liuyao import DEFAULT_OPTIONS, OPTION_SPECS, Options, make_options
from xuanheng.liuyao.options import OPTION_NAMES

LANGS = {"ko", "zh-Hant", "zh-Hans", "en"}


def test_every_option_is_declared_with_labels_and_sources() -> None:
    assert [s.name for s in OPTION_SPECS] == list(OPTION_NAMES)
    for spec in OPTION_SPECS:
        assert set(spec.label) == LANGS and all(spec.label.values()), spec.name
        assert len(spec.choices) >= 2, spec.name
        assert len(set(spec.values)) == len(spec.values)
        assert spec.default in spec.values
        assert getattr(DEFAULT_OPTIONS, spec.name) == spec.default
        for c in spec.choices:
            assert set(c.labels) == LANGS and all(c.labels.values()), (spec.name, c.value)
            assert c.src.strip(), (spec.name, c.value)
            assert isinstance(c.value, str)
        assert spec.to_json()["choices"][0]["value"] == spec.values[0]


def test_every_choice_is_accepted_and_echoed() -> None:
    for spec in OPTION_SPECS:
        for v in spec.values:
            o = make_options(**{spec.name: v})
            assert o.to_json()[spec.name] == v


def test_bools_are_plain_strings() -> None:
    assert make_options(true_solar=True).true_solar == "true"
    assert make_options({"true_solar": False}).true_solar == "false"
    with pytest.raises(OptionError) as e:
        make_options(kong=True)
    assert e.value.field == "kong"


def test_options_objects() -> None:
    o = make_options(Options(kong="day_and_hour"), jin_tui="eight")
    assert (o.kong, o.jin_tui) == ("day_and_hour", "eight")
    with pytest.raises(OptionError) as e:
        make_options(Options(kong="never"))
    assert e.value.field == "kong"
    with pytest.raises(OptionError) as e:
        make_options("kong")  # type: ignore[arg-type]
    assert e.value.field == "options"
