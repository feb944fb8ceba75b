"""Hints for a learner: one good move and why, from the seat's view and legal moves."""

import random

from games.call_to_glory import new_game
from games.call_to_glory.hints import Hint, hint

from .builders import at


def test_a_lay_of_a_value_nobody_has_laid_is_advised_most_valuable_first():
    state = at(["0 draw D1:9", "0 draw D2:7"], hands=[[9, 7, 6], [6, 7, 8]])
    assert hint(state.view(0)) == Hint("lay_new", "0 lay 9 2", value=9, count=2)


def test_a_lay_that_beats_an_opponents_set_is_advised_when_no_value_is_new():
    script = ["0 draw D1:9", "0 draw D2:20", "0 lay 9 2", "1 draw D1:9", "1 draw D2:9"]
    state = at(script, hands=[[9, 6, 7], [9, 6, 8]])
    assert hint(state.view(1)) == Hint(
        "lay_beat", "1 lay 9 3", value=9, count=3, other=0, other_count=2
    )


def test_a_face_up_card_matching_the_hand_is_advised_before_a_blind_draw():
    script = ["0 draw D1:20", "0 draw D2:18", "0 discard 20 X1"]
    state = at(script, hands=[[6, 7, 8], [20, 12, 9]])
    assert hint(state.view(1)) == Hint("take", "1 draw X1", value=20, count=1, pile="X1")


def test_without_a_matching_face_up_card_a_blind_draw_is_advised():
    state = at([], hands=[[6, 7, 8], [6, 7, 8]])
    assert hint(state.view(0)) == Hint("draw", "0 draw D1", pile="D1")


def test_with_nothing_to_lay_the_lowest_card_held_once_is_discarded():
    state = at(["0 draw D1:20", "0 draw D2:12"], hands=[[6, 7, 20], [6, 7, 8]])
    assert hint(state.view(0)).reason == "lay_new"  # the two 20s
    state = at(["0 draw D1:18", "0 draw D2:12"], hands=[[7, 6, 20], [6, 7, 8]])
    advised = hint(state.view(0))
    assert advised.reason == "discard_single" and advised.value == 6
    assert advised.move in state.legal_moves()


def test_no_hint_off_turn_or_for_a_spectator():
    state = at([])
    assert hint(state.view(1)) is None
    assert hint(state.view(None)) is None


def test_every_hint_of_a_random_game_is_a_legal_move_of_the_seat_to_move():
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = new_game([f"p{i}" for i in range(players)], {"rounds": 1}, rng)
        advised = 0
        while not state.is_over():
            seat = state.current_player()
            found = hint(state.view(seat))
            if found is not None:
                advised += 1
                assert found.move in state.legal_moves()
                assert found.move.startswith(f"{seat} ")
            state.apply(rng.choice(state.legal_moves()))
        assert advised > 10
