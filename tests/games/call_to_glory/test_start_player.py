"""The start player of each round."""

from games.call_to_glory.scoring import start_player

from .builders import at


def test_round_one_starts_with_seat_0():
    assert at([]).current_player() == 0


def test_the_lowest_total_starts():
    assert start_player([50, 30, 40], [10, 10, 10], 0) == 1


def test_a_tie_on_totals_goes_to_the_lower_score_of_the_round_just_played():
    assert start_player([30, 30, 40], [20, 10, 5], 0) == 1


def test_a_full_tie_goes_to_the_first_in_seat_order_counting_from_the_previous_start():
    assert start_player([30, 30, 30], [10, 10, 10], 1) == 1
    assert start_player([30, 40, 30], [10, 10, 10], 1) == 2
    assert start_player([30, 40, 40], [10, 10, 10], 1) == 0


def test_a_second_round_starts_with_the_trailing_player():
    import random

    from games.call_to_glory import new_game

    state = new_game(["a", "b", "c"], {"rounds": 2}, random.Random(3))
    rng = random.Random(3)
    while len(state.results) < 1:
        state.apply(rng.choice(state.legal_moves()))
    totals, scores = state.totals, state.results[0][3]
    assert state.start == start_player(totals, scores, 0)
    assert state.current_player() == state.start
