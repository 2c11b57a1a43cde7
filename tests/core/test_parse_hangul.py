"""The Korean readings of the stems and branches that every parser takes (``core/data/ganzhi.toml`` ``ko``),
checked against an independent table: the readings of ``reading/data/hanja_ko.toml`` (what chooses a Korean
particle after a hanja term, itself checked against the `hanja` package) and the dictionary readings written
here (標準國語大辭典)."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from xuanheng.core import parse
from xuanheng.core.ganzhi import (
    BRANCHES,
    BRANCHES_KO,
    SHEN_NAMES,
    SHEN_NAMES_KO,
    STEMS,
    STEMS_KO,
    GanZhi,
    branch_index,
    stem_index,
)
from xuanheng.errors import InputError


def _particle_readings() -> dict[str, str]:
    raw = tomllib.loads(resources.files("xuanheng.reading").joinpath("data/hanja_ko.toml").read_text("utf-8"))
    return {ch: ko for ko, chars in raw["reading"].items() for ch in chars}


def test_readings_agree_with_the_particle_table() -> None:
    read = _particle_readings()
    assert [read[s] for s in STEMS] == list(STEMS_KO)
    assert [read[b] for b in BRANCHES] == list(BRANCHES_KO)
    assert ["".join(read[c] for c in name) for name in SHEN_NAMES] == list(SHEN_NAMES_KO)


def test_readings_are_the_dictionary_ones() -> None:
    assert "".join(STEMS_KO) == "갑을병정무기경신임계"
    assert "".join(BRANCHES_KO) == "자축인묘진사오미신유술해"


def test_every_parser_takes_them() -> None:
    for i, ko in enumerate(BRANCHES_KO):
        assert branch_index(ko) == i == parse.branch(f" {ko} ", "hour")
    for i, ko in enumerate(STEMS_KO):
        assert stem_index(ko) == i == parse.stem(ko, "stem")
    assert GanZhi.parse("계해").name == "癸亥" and parse.ganzhi("정묘", "day").name == "丁卯"


def test_the_heavenly_generals_by_their_korean_names() -> None:
    """A Korean user names the 月將 as the 육임 books do (등명 for 登明 = 亥, 하괴 for 河魁 = 戌 …)."""
    for name, ko in zip(SHEN_NAMES, SHEN_NAMES_KO, strict=True):
        assert branch_index(ko) == branch_index(name) == parse.branch(ko, "yue_jiang")
    assert branch_index("등명") == BRANCHES.index("亥") and branch_index("신후") == BRANCHES.index("子")


@pytest.mark.parametrize("bad", ["갑축", "가", "갑 자", "자갑", "신신"])
def test_other_hangul_is_refused(bad: str) -> None:
    with pytest.raises(InputError) as e:
        parse.ganzhi(bad, "day")
    assert repr(bad) in str(e.value)
