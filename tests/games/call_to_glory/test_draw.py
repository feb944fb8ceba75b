"""Action 1: two draws, each from a different non-empty pile."""

from .builders import at, refusal


def test_it_accepts_two_draws_from_the_two_draw_piles():
    state = at(["0 draw D1:20", "0 draw D2:18"])
    assert state.view(0)["hand"] == [6, 7, 8, 18, 20]
    assert state.phase_name() == "act"


def test_it_refuses_a_second_draw_from_the_same_pile():
    state = at(["0 draw D1:20"])
    assert refusal(state, "0 draw D1") == (
        "the second card must come from another pile than the first (D1)"
    )


def test_it_refuses_a_draw_from_an_empty_discard_pile():
    assert refusal(at([]), "0 draw X1") == "pile X1 is empty"


def test_it_refuses_a_third_draw():
    state = at(["0 draw D1:20", "0 draw D2:18"])
    assert refusal(state, "0 draw X1") == "seat 0 has already drawn two cards this turn"


def test_it_lets_a_player_take_the_top_of_a_discard_pile():
    state = at(["0 draw D1:20", "0 draw D2:18", "0 discard 20 X1", "1 draw X1"])
    assert state.view(1)["hand"].count(20) == 1
    assert state.view(1)["discard_piles"][0] == {"top": None, "size": 0}


def test_it_refuses_a_draw_by_a_seat_whose_turn_it_is_not():
    assert refusal(at([]), "1 draw D1") == "seat 0 decides now (its turn: draw), not seat 1"


def test_a_first_draw_may_empty_a_draw_pile_and_the_second_come_from_another():
    state = at([])
    state.piles[0] = state.piles[0][-1:]
    state.apply("0 draw D1")
    assert state.legal_moves() == ["0 draw D2"]
    state.apply("0 draw D2")
    state.apply("0 discard 6 X1")
    assert state.is_over()  # the empty pile ends the round at the end of the turn
