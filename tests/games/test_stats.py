"""The statistics module against known values (tables, textbook examples)."""

from __future__ import annotations

import random

import pytest

from dinokit.games import stats


def test_wilson_matches_the_textbook_interval() -> None:
    # Newcombe (1998), example: 81 of 263 -> 0.2553 to 0.3662
    e = stats.wilson(81, 263)
    assert e.lo == pytest.approx(0.2553, abs=5e-4) and e.hi == pytest.approx(0.3662, abs=5e-4)
    none = stats.wilson(0, 10)
    assert none.lo == pytest.approx(0.0, abs=1e-12) and none.hi == pytest.approx(0.2775, abs=1e-3)
    assert stats.wilson(10, 10).hi == pytest.approx(1.0)


def test_t_and_chi_square_match_their_tables() -> None:
    assert stats.t_quantile(0.975, 5) == pytest.approx(2.5706, abs=1e-4)
    assert stats.t_quantile(0.975, 30) == pytest.approx(2.0423, abs=1e-4)
    assert stats.chi2_sf(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert stats.chi2_sf(7.815, 3) == pytest.approx(0.05, abs=1e-4)
    assert stats.chi2_sf(20.0, 3) == pytest.approx(1.697e-4, rel=1e-3)


def test_mean_interval_and_paired_difference() -> None:
    e = stats.mean_ci([1, 2, 3, 4, 5])
    assert e.value == 3 and e.hi - e.value == pytest.approx(2.7764 * 1.5811 / 5**0.5, abs=1e-3)
    d = stats.paired_diff_ci([5, 6, 7, 8], [1, 2, 3, 5])
    assert d.excludes_zero() and d.value == pytest.approx(3.75)
    assert not stats.paired_diff_ci([1, 2, 1, 2], [2, 1, 2, 1]).excludes_zero()
    assert stats.mean_ci([0, 0, 0, 0, 9]).lo == 0  # clipped to the values' range


def test_seat_test_and_effect_size() -> None:
    even = stats.seat_test([100, 100, 100])
    assert even.chi2 == 0 and even.p_value == pytest.approx(1.0) and even.effect == "negligible"
    skewed = stats.seat_test([150, 100, 50])
    assert skewed.p_value < 1e-8 and skewed.w == pytest.approx((50 / 300) ** 0.5, abs=1e-9)
    assert skewed.json()["df"] == 2


def test_sample_sizes_follow_the_power_formulas() -> None:
    # Cohen: w = 0.1 with 2 df needs 964 at power 0.8
    assert stats.games_for_w(0.1, 2) == 964
    assert stats.games_for_proportions(0.5, 0.6) == pytest.approx(388, abs=2)
    assert stats.games_for_means(1.0, 5.0) == 393
    more = stats.seat_games_needed(3, 0.02)
    assert more > stats.seat_games_needed(3, 0.05) > 0


def test_ratio_and_bootstrap_intervals() -> None:
    rng = random.Random(3)
    num = [rng.randint(0, 10) for _ in range(200)]
    den = [n + rng.randint(5, 15) for n in num]
    r = stats.ratio_ci(num, den)
    assert r.lo < sum(num) / sum(den) < r.hi
    b1 = stats.bootstrap_ci(num, lambda v: sum(v) / len(v), random.Random(1), reps=200)
    b2 = stats.bootstrap_ci(num, lambda v: sum(v) / len(v), random.Random(1), reps=200)
    assert b1 == b2 and b1.lo < b1.value < b1.hi
    n = stats.newcombe_diff_ci(56, 70, 48, 80)
    assert n.lo == pytest.approx(0.0524, abs=1e-3) and n.hi == pytest.approx(0.3339, abs=1e-3)
    same = stats.paired_ratio_diff_ci(num, den, num, den)
    assert same.value == 0 and same.lo == same.hi == 0
