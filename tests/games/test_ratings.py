"""The one rating model: openskill's Plackett-Luce and its own ordinal, for people and
bots alike."""

import pytest

from games.ratings import new_rating, ordinal, rate_table


def test_a_newcomer_shows_zero_and_a_winner_rises_above_the_loser():
    assert ordinal(25.0, 25.0 / 3) == pytest.approx(0.0)
    winner, loser = rate_table([new_rating(), new_rating()], [1, 2])
    assert winner.ordinal() > 0 > loser.ordinal()
    assert ordinal(winner.mu, winner.sigma) == winner.ordinal()


def test_a_shared_place_moves_equal_players_alike():
    first, second = rate_table([new_rating(), new_rating()], [1, 1])
    assert first.mu == pytest.approx(second.mu)
