"""Hit rates a practitioner can trust (issue 14): the 95% Wilson interval of each rate, checked against the
worked values of Newcombe (1998, *Statistics in Medicine* 17: 857–872, Table I, method 3 "score"), rules
with too few cases marked, and the comparison with the journal's base rate."""

from __future__ import annotations

import math

import pytest

from xuanheng.journal.model import MIN_CASES, Tally, wilson

#: (successes, n) → (lower, upper), Newcombe 1998 Table I, Wilson score interval without correction
NEWCOMBE = {
    (81, 263): (0.2553, 0.3662),
    (15, 148): (0.0624, 0.1605),
    (0, 20): (0.0, 0.1611),
    (1, 29): (0.0061, 0.1718),
}


@pytest.mark.parametrize(("case", "want"), list(NEWCOMBE.items()))
def test_wilson_against_newcombe(case: tuple[int, int], want: tuple[float, float]) -> None:
    lo, hi = wilson(*case)
    assert lo == pytest.approx(want[0], abs=6e-5) and hi == pytest.approx(want[1], abs=6e-5)


def test_wilson_is_the_root_pair_of_the_score_equation() -> None:
    """A second statement of the interval: p such that (p̂ − p)² = z²·p(1 − p)/n, solved as a quadratic."""
    z = 1.959963984540054
    for x, n in ((0, 1), (1, 1), (3, 7), (5, 5), (2.5, 6), (40, 97)):
        ph = x / n
        a, b, c = n + z * z, -(2 * n * ph + z * z), n * ph * ph
        d = math.sqrt(b * b - 4 * a * c)
        lo, hi = wilson(x, n)
        assert lo == pytest.approx((-b - d) / (2 * a), abs=1e-12)
        assert hi == pytest.approx((-b + d) / (2 * a), abs=1e-12)


def test_few_cases_are_marked_and_not_compared() -> None:
    few = Tally(ying_yan=MIN_CASES - 1)
    assert not few.enough and few.compare(Tally(1, 1)) is None
    assert Tally().interval is None and Tally().compare(Tally(1, 1)) is None


def test_comparison_with_the_base_rate() -> None:
    base = Tally(ying_yan=50, bu_yan=50)  # 50 %
    assert Tally(ying_yan=19, bu_yan=1).compare(base) == "above"  # interval 0.76–0.99
    assert Tally(ying_yan=1, bu_yan=19).compare(base) == "below"
    assert Tally(ying_yan=3, bu_yan=3).compare(base) == "same"
    # a 部分 counts as half: 10 部分 of 10 judged is a rate of one half
    assert Tally(bu_fen=10).rate == 0.5 and Tally(bu_fen=10).compare(base) == "same"
