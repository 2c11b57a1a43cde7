"""The front ends' data of the methods (xuanheng.frontend): kept in step with the library, and read right."""

from __future__ import annotations

import pytest

from xuanheng.frontend import Hints, hints, needed, param_front, set_hints
from xuanheng.method import VIEWS, Method
from xuanheng.methods import registry
from xuanheng.params import Param, Params
from xuanheng.reading import Text


def test_difen_suggests_the_twelve_branches_the_four_directions_and_the_draw() -> None:
    from xuanheng.core.ganzhi import BRANCHES, DIRECTIONS
    from xuanheng.jinkoujue.params import RANDOM

    m = registry()["jinkoujue"]
    form = param_front(m, m.params.param("difen")).form
    cardinal = [d for d, covered in DIRECTIONS.items() if len(covered) == 1]
    assert cardinal == ["北", "東", "南", "西"]
    assert form["choices"] == [*BRANCHES, *cardinal, RANDOM]
    assert form["random"] == {"choice": RANDOM, "seed": "seed"}
    assert param_front(m, m.params.param("seed")).hidden


def test_every_mode_named_in_the_data_is_a_mode_of_a_parameter() -> None:
    for m in registry().values():
        used = {mode for p in m.params.SPEC for mode in p.modes} | ({"enumerate"} if m.enumerate else set())
        assert set(hints(m).modes) <= used, m.name
        for name in hints(m).params:
            assert name in m.params.by_name(), (m.name, name)  # no front-end data of an unknown parameter
        for name in hints(m).needs:
            assert name in m.params.by_name(), (m.name, name)


def test_the_shared_spelling_and_a_method_s_own() -> None:
    cal, lr = registry()["calendar"], registry()["liuren"]
    assert param_front(cal, cal.params.param("yue_jiang_rule")).flags == (
        "--yue-jiang-rule",
        "--jiang",
        "--yue-jiang",
    )
    assert param_front(lr, lr.params.param("yue_jiang_rule")).flags == ("--yue-jiang-rule", "--jiang")
    assert param_front(lr, lr.params.param("yue_jiang_rule")).aliases == ("jiang",)
    assert param_front(lr, lr.params.param("bazhuan_first")).switch == ("--yaoke-first", False)
    assert param_front(lr, lr.params.param("shehai")).flags == ("--shehai",)


T = Text(ko="토이", zh_hant="玩具", en="toy")


class _P(Params):
    SPEC = (Param("n", "int", T, "a number", required=True), Param("where", "text", T, "a place"))


def _toy(name: str) -> Method:
    return Method(
        name=name,
        label=T,
        summary=T,
        params=_P,
        cast=lambda p: p,
        facts=lambda doc: {},
        views={"svg": lambda d, lang: "<svg/>", "text": lambda d, lang: ""},
    )


def test_a_method_without_data_has_none_and_may_be_given_some() -> None:
    toy = _toy("toy_front")
    assert hints(toy) == Hints() and [p.name for p in needed(toy)] == ["n"]
    assert param_front(toy, _P.param("where")).flags == ("--where",)
    set_hints(toy, Hints(needs=("where",), params={"where": {"flags": ["--place"]}}))
    assert [p.name for p in needed(toy)] == ["n", "where"]
    assert param_front(toy, _P.param("where")).flags == ("--place",)


def test_views_are_checked() -> None:
    assert set(VIEWS) == {"svg", "svg_narrow", "text", "enumeration"}
    with pytest.raises(ValueError, match="views"):
        Method(name="x", label=T, summary=T, params=_P, cast=lambda p: p, facts=lambda d: {}, views={})
    with pytest.raises(ValueError, match="views"):
        Method(
            name="x",
            label=T,
            summary=T,
            params=_P,
            cast=lambda p: p,
            facts=lambda d: {},
            views={"svg": str, "text": str, "pdf": str},
        )


def test_the_api_words_a_refusal_without_flags() -> None:
    """The HTTP API and the MCP tools name parameters; only the command line names flags."""
    from xuanheng.errors import InputError
    from xuanheng.frontend import cast_params

    for m in registry().values():
        for name, why in hints(m).api_modes.values():
            assert "--" not in name and "--" not in why, m.name
    lr = registry()["liuren"]
    study = {"day": "丁卯", "yue_jiang": "亥", "hour": "丑", "lon": 120.0, "yue_jiang_rule": "jie"}
    with pytest.raises(InputError) as api:
        cast_params(lr, study)
    with pytest.raises(InputError) as cli:
        cast_params(lr, study, cli=True)
    assert str(api.value) == (
        "study mode does not use lon, yue_jiang_rule: those parameters belong to a chart cast from an "
        "instant (at or now)"
    )
    assert str(cli.value).startswith("study mode does not use --lon, --yue-jiang-rule (= --jiang): ")
    assert api.value.field == cli.value.field == "lon" and api.value.code == "mode.unused"
    with pytest.raises(InputError, match="give at or now, not both"):
        cast_params(lr, {"at": "2026-03-10T21:00"}, now=True)
    got = cast_params(lr, {}, now=True, zone=lambda: "+09:00")
    assert got.tz == "+09:00" and got.at is not None


def test_a_broken_front_end_file_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from xuanheng import frontend
    from xuanheng.rules import engine

    def broken(package: str, name: str) -> dict[str, object]:
        raise engine.RuleDataError(f"{package} data/{name}.toml: bad")

    monkeypatch.setattr(engine, "read_table", broken)
    with pytest.raises(engine.RuleDataError):
        frontend._table("xuanheng.liuren")
