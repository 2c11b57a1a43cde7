"""data/params.toml: every option declared once, closed choices, four languages, a source per choice."""

from __future__ import annotations

import pytest

from xuanheng.errors import OptionError
from xuanheng.liuyao import DEFAULT_OPTIONS, OPTION_SPECS, Options, make_options
from xuanheng.liuyao.options import OPTION_NAMES, TRUE_SOLAR

LANGS = {"ko", "zh-Hant", "zh-Hans", "en"}


def test_every_option_is_declared_with_labels_and_sources() -> None:
    # true_solar is the shared true/false input (xuanheng/data/params.toml), not a school option
    assert [s.name for s in OPTION_SPECS] == [n for n in OPTION_NAMES if n != TRUE_SOLAR]
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


def test_options_and_params_are_one_declaration() -> None:
    """The Python option specs and the contract's Params are made of the same declarations."""
    from xuanheng.liuyao.params import LiuYaoParams

    spec = LiuYaoParams.by_name()
    for s in OPTION_SPECS:
        p = spec[s.name]
        assert p.option and p.default == s.default, s.name
        assert [str(v) for v in p.values] == list(s.values), s.name
        assert p.label.all() == s.label, s.name
        assert [c.src for c in p.choices] == [c.src for c in s.choices], s.name
    assert spec[TRUE_SOLAR].kind == "bool" and spec[TRUE_SOLAR].default is False
    assert make_options(true_solar="true").true_solar == "true"
    with pytest.raises(OptionError) as e:
        make_options(true_solar="maybe")
    assert e.value.field == TRUE_SOLAR
