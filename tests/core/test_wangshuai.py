"""旺相休囚死 re-derived from the 生剋 rule of 《五行大義》卷二〈論四時休王〉:
the season's element is 旺, what it generates 相, what generates it 休, what overcomes it 囚,
what it overcomes 死. Elements in generating order 木0 火1 土2 金3 水4 (生 = +1, 剋 = +2)."""

from __future__ import annotations

import pytest

from xuanheng.core.wangshuai import (
    DEFAULT_TU_MONTHS,
    Season,
    State,
    season_of_month_branch,
    state_by_month,
    state_by_season,
)
from xuanheng.errors import InputError, OptionError

B = "子丑寅卯辰巳午未申酉戌亥"
SEASON_ELEMENT = {"春": 0, "夏": 1, "秋": 3, "冬": 4, "季": 2}


def derived_state(element: int, ruler: int) -> str:
    if element == ruler:
        return "旺"
    if element == (ruler + 1) % 5:
        return "相"
    if (element + 1) % 5 == ruler:
        return "休"
    if (element + 2) % 5 == ruler:
        return "囚"
    assert element == (ruler + 2) % 5
    return "死"


@pytest.mark.parametrize("season", list(SEASON_ELEMENT))
def test_by_season_from_rule(season: str) -> None:
    for e in range(5):
        assert state_by_season(e, season) == derived_state(e, SEASON_ELEMENT[season])


def test_seed_000_005_si_column() -> None:
    # 000-005: spring 土, summer 金, autumn 木, winter 火 are without qi
    for season, e in {"春": 2, "夏": 3, "秋": 0, "冬": 1}.items():
        assert state_by_season(e, season) is State.SI


def test_seed_000_160_example() -> None:
    # 000-160: with 火 旺, 六合 (木, which generates 火) is 休
    assert derived_state(0, 1) == "休"
    assert state_by_season("木", "夏") is State.XIU


def test_element_names_accepted() -> None:
    assert state_by_season("木", Season.CHUN) is State.WANG
    with pytest.raises(InputError):
        state_by_season("木木", "春")
    with pytest.raises(InputError):
        state_by_season(5, "春")
    with pytest.raises(InputError):
        state_by_season(0, "冬至")


def four_season(b: int) -> str:
    # 寅卯辰 春, 巳午未 夏, 申酉戌 秋, 亥子丑 冬: three months from 寅 each
    return "春夏秋冬"[((b - 2) % 12) // 3]


@pytest.mark.parametrize("b", range(12))
def test_season_of_month_branch(b: int) -> None:
    ji = B[b] in "辰未戌丑"
    assert season_of_month_branch(b, tu_months="never") == four_season(b)
    assert season_of_month_branch(b, tu_months="ji_yue") == ("季" if ji else four_season(b))
    assert season_of_month_branch(b, tu_months="last_18_days", in_tu_wang=True) == (
        "季" if ji else four_season(b)
    )
    assert season_of_month_branch(b, tu_months="last_18_days", in_tu_wang=False) == four_season(b)


def test_default_is_ji_yue() -> None:
    assert DEFAULT_TU_MONTHS == "ji_yue"
    assert state_by_month("土", "辰") is State.WANG
    assert state_by_month("土", "辰", "never") is State.SI
    assert state_by_month("土", "未", "never") is State.XIANG


def test_last_18_days_needs_flag() -> None:
    with pytest.raises(InputError) as ei:
        state_by_month(2, "戌", "last_18_days")
    assert ei.value.field == "in_tu_wang"
    # outside 季月 the flag is not needed
    assert state_by_month(3, "酉", "last_18_days") is State.WANG


def test_bad_option() -> None:
    with pytest.raises(OptionError) as ei:
        state_by_month(0, "寅", "sometimes")  # type: ignore[arg-type]
    assert ei.value.field == "tu_months"


def test_you_qi() -> None:
    assert [s.you_qi for s in State] == [True, True, False, False, False]


def test_season_element() -> None:
    from xuanheng.core.wangshuai import SEASON_ELEMENT as CORE_SEASON_ELEMENT

    assert {s.value: e for s, e in CORE_SEASON_ELEMENT.items()} == SEASON_ELEMENT
    for s, e in CORE_SEASON_ELEMENT.items():
        assert state_by_season(e, s) is State.WANG
