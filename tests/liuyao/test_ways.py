"""Casting: the random stream, the odds of coins and yarrow (exact and by chi-square over seeded casts),
replay by seed, and the time and number methods by hand computation (leap months included).

Odds: coins P(6) = P(9) = 1/8, P(7) = P(8) = 3/8 (《火珠林》); yarrow P(6) 1/16, P(7) 5/16, P(8) 7/16,
P(9) 3/16 (大衍之數, 朱熹《易學啟蒙》〈明蓍策〉). Time method: 《梅花易數》卷一〈年月日時起卦例〉.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from xuanheng.errors import InputError
from xuanheng.liuyao import cast, ways

#: chi-square critical value for 3 degrees of freedom at p = 0.001
CHI2_3DF_P001 = 16.266


def test_splitmix64_reference_vector() -> None:
    # the published first outputs of SplitMix64 from state 0
    g = ways.splitmix64(0)
    assert [next(g) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_coin_odds_exact() -> None:
    counts = {"背": 3, "字": 2}
    dist: dict[int, Fraction] = {}
    for faces in itertools.product("背字", repeat=3):
        v = sum(counts[f] for f in faces)
        dist[v] = dist.get(v, Fraction(0)) + Fraction(1, 8)
    assert dist == {6: Fraction(1, 8), 7: Fraction(3, 8), 8: Fraction(3, 8), 9: Fraction(1, 8)}
    # 一背為單 (7), 二背為拆 (8), 三背為重 (9), 三字為交 (6)
    assert {f: sum(counts[c] for c in f) for f in ("字字字", "背字字", "背背字", "背背背")} == {
        "字字字": 6,
        "背字字": 7,
        "背背字": 8,
        "背背背": 9,
    }


def test_coin_throws_worked_example() -> None:
    """《增刪卜易》〈占卦法章〉: six throws read from the bottom up — 一背, 兩背, 三背, 三字, 三背, 兩背 —
    give 單 拆 重 交 重 拆; with ○ and × read as their lines, 內卦 離 and 外卦 坎: 水火既濟."""
    throws = ["背字字", "背背字", "背背背", "字字字", "背背背", "背背字"]
    values = [ways.coin_value(f) for f in throws]
    assert [ways.VALUE_MARKS[v] for v in values] == ["單", "拆", "重", "交", "重", "拆"]
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", lines=values)
    assert (c.ben.name, c.ben.lower, c.ben.upper, c.moving) == ("既濟", "離", "坎", (3, 4, 5))
    with pytest.raises(InputError) as e:
        ways.coin_value("背字")
    assert e.value.field == "throws"
    # the same six throws given to cast() (a user clicking each throw): recorded as a coin cast, no seed
    clicked = cast("2026-03-10T21:00", tz="Asia/Shanghai", throws=" ".join(throws))
    assert clicked.cast.method == "coins" and clicked.cast.seed is None
    assert clicked.cast.throws == tuple(throws) and clicked.ben.name == "既濟"


def test_yarrow_odds_exact() -> None:
    # first change: 9 (large) only when both of its two bits are 1; later changes: one bit each
    dist: dict[int, Fraction] = {}
    for b1, b2, b3, b4 in itertools.product((0, 1), repeat=4):
        small = [not (b1 and b2), b3 == 0, b4 == 0]
        v = sum(3 if s else 2 for s in small)
        dist[v] = dist.get(v, Fraction(0)) + Fraction(1, 16)
    assert dist == {6: Fraction(1, 16), 7: Fraction(5, 16), 8: Fraction(7, 16), 9: Fraction(3, 16)}


def _chi2(observed: dict[int, int], probs: dict[int, float]) -> float:
    n = sum(observed.values())
    return sum((observed.get(k, 0) - n * p) ** 2 / (n * p) for k, p in probs.items())


def test_coin_odds_chi_square() -> None:
    seen: dict[int, int] = {}
    for seed in range(3000):
        values, throws = ways.coins(seed)
        for v, faces in zip(values, throws, strict=True):
            assert len(faces) == 3 and v == sum(3 if f == "背" else 2 for f in faces)
            seen[v] = seen.get(v, 0) + 1
    assert _chi2(seen, {6: 1 / 8, 7: 3 / 8, 8: 3 / 8, 9: 1 / 8}) < CHI2_3DF_P001


def test_yarrow_odds_chi_square() -> None:
    seen: dict[int, int] = {}
    for seed in range(3000):
        values, throws = ways.yarrow(seed)
        for v, counts in zip(values, throws, strict=True):
            assert counts[0] in (5, 9) and counts[1] in (4, 8) and counts[2] in (4, 8)
            assert v == sum(3 if c in (4, 5) else 2 for c in counts)
            seen[v] = seen.get(v, 0) + 1
    assert _chi2(seen, {6: 1 / 16, 7: 5 / 16, 8: 7 / 16, 9: 3 / 16}) < CHI2_3DF_P001


def test_coins_and_yarrow_are_not_the_same_law() -> None:
    # the yarrow law gives 9 three times as often as 6; coins give them equally
    seen: dict[int, int] = {}
    for seed in range(2000):
        for v in ways.yarrow(seed)[0]:
            seen[v] = seen.get(v, 0) + 1
    assert _chi2(seen, {6: 1 / 8, 7: 3 / 8, 8: 3 / 8, 9: 1 / 8}) > 100


def test_replay_by_seed() -> None:
    a = cast("2026-03-10T21:00", tz="Asia/Shanghai", coins=True, seed=2026)
    b = cast("2026-03-10T21:00", tz="Asia/Shanghai", coins=True, seed=2026)
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", coins=True, seed=2027)
    assert a == b and a.cast.seed == 2026 and len(a.cast.throws) == 6
    assert a.to_json()["cast"]["throws"] == list(a.cast.throws)
    assert [ways.VALUE_MARKS[v] for v in a.cast.values]
    assert c.cast.values != a.cast.values or c.cast.throws != a.cast.throws
    # the recorded throws give the recorded values, bottom line first
    assert tuple(sum(3 if f == "背" else 2 for f in t) for t in a.cast.throws) == a.cast.values
    assert tuple(ln.value for ln in a.lines) == a.cast.values
    y = cast("2026-03-10T21:00", tz="Asia/Shanghai", yarrow=True, seed="2026")
    assert y.cast.method == "yarrow" and y.cast.seed == 2026


def test_seed_is_required_and_checked() -> None:
    with pytest.raises(InputError) as e:
        cast("2026-03-10T21:00", tz="Asia/Shanghai", coins=True)
    assert e.value.field == "seed"
    for bad in (-1, 2**64, "x", 1.5, True):
        with pytest.raises(InputError) as e:
            cast("2026-03-10T21:00", tz="Asia/Shanghai", coins=True, seed=bad)
        assert e.value.field == "seed"


def _trigram(n: int) -> str:
    return "乾兌離震巽坎艮坤"[(n % 8 or 8) - 1]


def _expect(y: int, m: int, d: int, h: int) -> tuple[str, str, int]:
    """By hand: upper (y+m+d) mod 8, lower (y+m+d+h) mod 8, moving (y+m+d+h) mod 6; 0 → 8 / 6."""
    s = y + m + d
    return _trigram(s), _trigram(s + h), (s + h) % 6 or 6


@pytest.mark.parametrize(
    ("at", "numbers", "leap", "upper_lower"),
    [
        # 2023-04-01 is 閏二月十一 of 癸卯 (閏二月 began 2023-03-22); 巳 hour (6); 卯 year = 4
        ("2023-04-01T10:00", (4, 2, 11, 6), True, ("乾", "艮")),
        # 2020-06-01 is 閏四月初十 of 庚子 (閏四月 began 2020-05-23); 未 hour (8); 子 year = 1
        ("2020-06-01T14:30", (1, 4, 10, 8), True, ("艮", "艮")),
        # 2026-03-10 is 正月二十二 of 丙午 (new year 2026-02-17); 亥 hour (12); 午 year = 7
        ("2026-03-10T21:00", (7, 1, 22, 12), False, ("坎", "兌")),
    ],
)
def test_time_method_by_hand(
    at: str, numbers: tuple[int, int, int, int], leap: bool, upper_lower: tuple[str, str]
) -> None:
    c = cast(at, tz="Asia/Shanghai", time=True)
    assert c.cast.numbers == numbers
    assert c.cast.lunar is not None and c.cast.lunar["leap"] is leap
    up, lo, mv = _expect(*numbers)
    assert (up, lo) == upper_lower
    assert (c.ben.upper, c.ben.lower) == (up, lo)
    assert c.moving == (mv,)
    assert any("leap" in str(w) for w in c.warnings) is leap


def test_time_method_options() -> None:
    at = "2023-04-01T10:00"
    nxt = cast(at, tz="Asia/Shanghai", time=True, time_leap="next")
    assert nxt.cast.numbers == (4, 3, 11, 6)
    up, lo, mv = _expect(4, 3, 11, 6)
    assert (nxt.ben.upper, nxt.ben.lower, nxt.moving) == (up, lo, (mv,))
    # 2024-02-05 is 臘月廿六 of 癸卯 (lunar new year 2024-02-10) but after 立春 (02-04): the lunar year is
    # 卯 (4), the year pillar already 辰 (5)
    lunar = cast("2024-02-05T10:00", tz="Asia/Shanghai", time=True)
    pillar = cast("2024-02-05T10:00", tz="Asia/Shanghai", time=True, time_year="li_chun")
    assert lunar.cast.numbers[0] == 4 and pillar.cast.numbers[0] == 5
    assert lunar.cast.numbers[1:] == pillar.cast.numbers[1:] == (12, 26, 6)


def test_time_method_late_zi_hour() -> None:
    # 2026-03-10 23:30: with 子初換日 the day pillar is already the 11th, and the time method counts the
    # next lunar day (23); on the civil date it is the 22nd. 子 hour = 1.
    late = cast("2026-03-10T23:30", tz="Asia/Shanghai", time=True)
    civil = cast("2026-03-10T23:30", tz="Asia/Shanghai", time=True, time_day="civil")
    assert late.cast.numbers == (7, 1, 23, 1)
    assert civil.cast.numbers == (7, 1, 22, 1)
    up, lo, mv = _expect(7, 1, 23, 1)
    assert (late.ben.upper, late.ben.lower, late.moving) == (up, lo, (mv,))
    # with the day changing at midnight the lunar day is the civil one either way
    mid = cast("2026-03-10T23:30", tz="Asia/Shanghai", time=True, day_boundary="00:00")
    assert mid.cast.numbers == (7, 1, 22, 1)


@pytest.mark.parametrize(
    ("numbers", "upper", "lower", "moving"),
    [
        ((3, 5), "離", "巽", 2),
        ((8, 16), "坤", "坤", 6),
        ((1, 1, 7), "乾", "乾", 1),
        ((9, 10, 12), "乾", "兌", 6),
    ],
)
def test_numbers_by_hand(numbers: tuple[int, ...], upper: str, lower: str, moving: int) -> None:
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", numbers=numbers)
    assert (c.ben.upper, c.ben.lower, c.moving) == (upper, lower, (moving,))
    assert c.cast.numbers == numbers and c.cast.formula


def test_numbers_plus_hour() -> None:
    # (3 + 5 + 亥 12) mod 6 = 2
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", numbers="3,5", numbers_moving="sum_and_hour")
    assert (c.ben.upper, c.ben.lower, c.moving) == ("離", "巽", (2,))
    assert c.cast.numbers == (3, 5, 12)


def test_hexagram_and_moving() -> None:
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", hexagram="天風姤", moving=(1, 6))
    assert c.ben.name == "姤" and c.moving == (1, 6)
    assert tuple(ln.value for ln in c.lines) == (6, 7, 7, 7, 7, 9)
    assert cast("2026-03-10T21:00", tz="Asia/Shanghai", hexagram="天风姤", moving="16").ben.name == "姤"
    assert cast("2026-03-10T21:00", tz="Asia/Shanghai", hexagram="乾").bian is None


def test_manual_lines_are_bottom_first() -> None:
    # [7,7,8,7,7,7] bottom first: 7 7 8 is 兌 below, 7 7 7 乾 above: 天澤履 (read top-down it would be
    # 風天小畜, the mistake the issue reports of a peer)
    c = cast("2026-03-10T21:00", tz="Asia/Shanghai", lines=[7, 7, 8, 7, 7, 7])
    assert (c.ben.name, c.ben.lower, c.ben.upper) == ("履", "兌", "乾")
    assert c.lines[0].yao.position == 1 and c.lines[0].yao.najia == "丁巳"
    assert c.lines[5].yao.najia == "壬戌"
