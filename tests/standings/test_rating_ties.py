"""Ratings of tied players do not depend on seat order (``games.ratings.rate_table``,
read by the events' ratings, ``standings.ratings.rate``): openskill's own tie handling
put tied winners below the player after them (openskill.py #155) and is not the mean it
means to be (#166, #173)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.ratings import new_rating, rate_table
from standings.ratings import rate

priors = st.tuples(
    st.sampled_from([20.0, 25.0, 25.0, 30.0]), st.sampled_from([4.0, 25.0 / 3, 25.0 / 3])
)


@st.composite
def tables(draw):
    """A table of 2 to 6 seats: each a prior rating and a place, ties sharing (1, 1, 3)."""
    size = draw(st.integers(2, 6))
    finish = sorted(draw(st.lists(st.integers(0, 3), min_size=size, max_size=size)))
    places = [finish.index(value) + 1 for value in finish]
    return [draw(priors) for _ in range(size)], places


def changes(table_priors, places):
    rated = rate_table([new_rating(*prior) for prior in table_priors], places)
    return [(r.mu - mu, r.sigma) for r, (mu, _) in zip(rated, table_priors, strict=True)]


@settings(max_examples=200, deadline=None)
@given(table=tables(), order=st.randoms(use_true_random=False))
def test_every_player_gets_the_same_change_whatever_their_seat(table, order):
    table_priors, places = table
    before = changes(table_priors, places)
    seats = list(range(len(places)))
    order.shuffle(seats)
    after = changes([table_priors[s] for s in seats], [places[s] for s in seats])
    for moved, seat in enumerate(seats):
        assert after[moved] == pytest.approx(before[seat], abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(table=tables())
def test_tied_players_rated_alike_change_alike_and_a_better_place_never_gains_less(table):
    table_priors, places = table
    moved = changes(table_priors, places)
    for i in range(len(places)):
        for j in range(len(places)):
            if table_priors[i] != table_priors[j]:
                continue
            if places[i] == places[j]:
                assert moved[i] == pytest.approx(moved[j], abs=1e-9)
            elif places[i] < places[j]:
                assert moved[i][0] > moved[j][0]


def test_two_tied_winners_of_five_newcomers_gain_more_than_the_third():
    """openskill.py #155: with ranks [1, 1, 3, 4, 5] the tied winners rose less than
    the player placed third."""
    first, second, third, *_ = changes([(25.0, 25.0 / 3)] * 5, [1, 1, 3, 4, 5])
    assert first == second and first[0] > third[0] > 0


def test_the_events_ratings_give_tied_seats_the_same_change_in_any_seat_order():
    """``rate`` over results: the same table with its tied seats in the other order."""
    rows = [(1, "ann", None, 1), (1, "ben", None, 2), (1, "cat", None, 3)]
    then = [(2, "ann", None, 1), (2, "ben", None, 1), (2, "cat", None, 3)]
    swapped = [(2, "ben", None, 1), (2, "ann", None, 1), (2, "cat", None, 3)]
    one, other = rate(rows + then), rate(rows + swapped)
    assert one.keys() == other.keys()
    for key in one:
        assert one[key][:2] == pytest.approx(other[key][:2], abs=1e-9)
