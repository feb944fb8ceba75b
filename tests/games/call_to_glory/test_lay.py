"""Action 2a: laying a set of one value."""

from .builders import at, refusal

DRAWN = ["0 draw D1:9", "0 draw D2:9"]


def test_it_lets_a_player_lay_two_cards_of_a_value():
    state = at(DRAWN + ["0 lay 9 2"])
    assert state.view(1)["sets"][0] == {"9": 2}


def test_it_refuses_a_set_of_one_card():
    assert refusal(at(DRAWN), "0 lay 9 1") == "a set needs at least 2 cards"


def test_it_refuses_more_cards_than_the_player_holds():
    assert refusal(at(DRAWN), "0 lay 9 3") == "seat 0 holds 2 cards of 9, not 3"


def test_it_refuses_to_lay_before_drawing():
    assert refusal(at([]), "0 lay 9 2") == "seat 0 must draw two cards before laying or discarding"


def test_it_refuses_a_set_of_14_of_two_cards_with_three_players():
    state = at(["0 draw D1:14", "0 draw D2:14"], players=("a", "b", "c"),
               hands=[[14, 6, 7], [6, 7, 8], [6, 7, 8]])  # fmt: skip
    assert refusal(state, "0 lay 14 2") == (
        "a set of 14 needs at least 3 cards with 3 or more players"
    )
    state.apply("0 lay 14 3")


def test_two_players_may_lay_two_samurai():
    state = at(["0 draw D1:12", "0 draw D2:12", "0 lay 12 2"])
    assert state.view(0)["sets"][0] == {"12": 2}


def test_it_refuses_a_set_that_does_not_beat_the_one_on_the_table():
    state = at(DRAWN + ["0 lay 9 2", "1 draw D1:9", "1 draw D2:9"], hands=[[6, 7, 8], [6, 7, 9]])
    assert refusal(state, "1 lay 9 2") == (
        "a set of 9 with 2 cards lies in front of seat 0; a new set of 9 needs more than 2 cards"
    )
    state.apply("1 lay 9 3")
    assert state.current_player() == 0 and state.phase_name() == "pile"


def test_a_player_may_not_add_cards_to_their_own_set():
    state = at(DRAWN + ["0 lay 9 2", "1 draw D1:6", "1 draw D2:6", "1 discard 6 X1",
                        "0 draw D1:9", "0 draw D2:9"])  # fmt: skip
    assert refusal(state, "0 lay 9 2") == (
        "a set of 9 with 2 cards lies in front of seat 0; a new set of 9 needs more than 2 cards"
    )
