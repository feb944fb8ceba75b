"""The batch summary's figures: wins and a mean score's 95% interval (Student's t)."""

import statistics

import pytest

from bots.statistics import Estimate, mean_interval, t95, tally


def test_the_interval_of_a_known_sample_uses_students_t():
    # mean 5, sample standard deviation 2, n = 8: 5 ± 2.365 * 2 / sqrt(8)
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert statistics.stdev(values) == pytest.approx(2.138, abs=1e-3)
    estimate = mean_interval(values)
    margin = 2.365 * statistics.stdev(values) / 8**0.5
    assert estimate.mean == 5
    assert estimate.low == pytest.approx(5 - margin) and estimate.high == pytest.approx(5 + margin)
    assert estimate.margin == pytest.approx(margin)


def test_few_values_give_a_wide_interval_and_one_value_gives_none():
    assert mean_interval([7]) == Estimate(1, 7.0, None, None)
    assert mean_interval([7]).margin is None
    two = mean_interval([0, 10])  # t with one degree of freedom is 12.706
    assert two.margin == pytest.approx(12.706 * statistics.stdev([0, 10]) / 2**0.5)
    assert mean_interval([3, 3, 3]).margin == 0


def test_t_falls_to_the_normal_value_for_many_games_and_stays_safe_between_rows():
    assert t95(1) == 12.706 and t95(30) == 2.042
    assert t95(45) == 2.021  # between 40 and 60: the wider value
    assert t95(10_000) == 1.96


def test_no_values_is_refused():
    with pytest.raises(ValueError, match="no values"):
        mean_interval([])


def test_a_tally_counts_games_and_wins_per_key_a_shared_first_place_too():
    rows = [("Randy", 40, 1), ("Greta", 40, 1), ("Randy", 10, 2), ("Greta", 30, 1)]
    randy, greta = tally(rows)
    assert (randy.key, randy.games, randy.wins, randy.score.mean) == ("Randy", 2, 1, 25)
    assert (greta.key, greta.games, greta.wins, greta.score.mean) == ("Greta", 2, 2, 35)
    assert greta.win_share == 1.0 and randy.win_share == 0.5
