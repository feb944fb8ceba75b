"""Variant 2, The Power of the Ninja."""

from .builders import at, refusal

NINJA = {"rounds": 1, "ninja": True}
LAID = ["0 draw D1:14", "0 draw D2:9", "0 lay 14 2"]
HANDS = [[14, 6, 7], [9, 9, 8]]


def laid(more=()):
    return at(LAID + list(more), options=NINJA, hands=HANDS)


def test_laying_ninjas_takes_a_miniature_usable_from_the_next_turn():
    state = laid()
    assert state.minis == [1, 0] and state.supply == 3
    assert state.current_player() == 1  # a miniature taken this turn does not hold the turn


def test_it_refuses_a_ninja_in_the_turn_its_miniature_was_taken():
    state = at(["0 draw D1:14", "0 draw D2:9"], options=NINJA, hands=HANDS)
    state.apply("0 lay 14 2")
    state.fresh[0] = 1
    state.turn, state.phase = 0, 3
    assert refusal(state, "0 ninja 1 9") == (
        "seat 0 took its miniature this turn; it can be used from its next turn on"
    )


def test_a_miniature_eliminates_a_card_of_an_opponents_set_at_any_moment_of_the_turn():
    state = laid(["1 draw D1:6", "1 draw D2:7", "1 lay 9 2"])
    assert "0 ninja 1 9" in state.legal_moves()
    state.apply("0 ninja 1 9")
    assert state.current_player() == 1 and state.legal_moves() == ["1 pile X1", "1 pile X2"]
    state.apply("1 pile X1")
    assert state.sets[1][3] == 1 and state.current_player() == 0
    assert state.phase_name() == "draw" and state.supply == 4


def test_a_set_may_vanish_and_a_later_lay_must_beat_its_current_size():
    state = laid(["1 draw D1:6", "1 draw D2:7", "1 lay 9 2"])
    state.minis[0], state.supply = 2, 2
    for move in ("0 ninja 1 9", "1 pile X1"):
        state.apply(move)
    assert state.view(0)["sets"][1] == {"9": 1}
    for move in ("0 ninja 1 9", "1 pile X2"):
        state.apply(move)
    assert state.view(0)["sets"][1] == {} and state.owner[3] == -1
    assert refusal(state, "0 ninja 1 9") == "seat 0 holds no ninja miniature"


def test_it_refuses_a_ninja_on_ones_own_set_or_a_missing_set():
    state = laid(["1 draw D1:6", "1 draw D2:7", "1 discard 6 X1"])
    assert refusal(state, "0 ninja 0 14") == (
        "a ninja eliminates a card from an opponent's set, not from one's own"
    )
    assert refusal(state, "0 ninja 1 9") == "seat 1 has no set of 9"


def test_a_turn_with_a_usable_miniature_waits_for_end():
    state = laid(["1 draw D1:6", "1 draw D2:7", "1 discard 6 X1", "0 draw D1:8", "0 draw D2:8",
                  "0 discard 6 X2"])  # fmt: skip
    assert state.legal_moves() == ["0 end"]
    state.apply("0 end")
    assert state.current_player() == 1


def test_it_refuses_end_before_the_turn_is_done_or_without_the_variant():
    assert refusal(laid(), "1 end") == "a turn ends only after two draws and a lay or a discard"
    assert (
        refusal(at([]), "0 end") == "a turn ends by itself; end is used only in the ninja variant"
    )


def test_it_refuses_ninja_moves_without_the_variant():
    assert refusal(at([]), "0 ninja 1 9") == "the ninja variant is not in play"


def test_a_ninja_lay_with_an_empty_supply_takes_nothing():
    state = at(["0 draw D1:14", "0 draw D2:9"], options=NINJA, hands=HANDS)
    state.supply = 0
    state.apply("0 lay 14 2")
    assert state.minis == [0, 0]


def test_a_player_keeps_the_miniature_when_the_ninja_set_is_displaced():
    state = laid(["1 draw D1:14", "1 draw D2:14"])
    state.hands[1][5] = 3
    state.apply("1 lay 14 3")
    state.apply("0 pile X1")
    assert state.minis == [1, 1]
