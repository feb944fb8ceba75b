"""Action 2b and the X1/X2 rule that every card going to a discard pile follows."""

from games.call_to_glory.discarding import discard_piles

from .builders import at, refusal

TURN = ["0 draw D1:20", "0 draw D2:18"]


def test_the_first_discard_may_go_to_either_pile():
    assert sorted(m for m in at(TURN).legal_moves() if "discard 20" in m) == [
        "0 discard 20 X1",
        "0 discard 20 X2",
    ]


def test_it_refuses_a_second_card_onto_the_only_non_empty_pile():
    state = at(TURN + ["0 discard 20 X1", "1 draw D1:6", "1 draw D2:7"])
    assert refusal(state, "1 discard 6 X1") == (
        "X1 holds cards and X2 is empty: the card must go to X2 "
        "(the second discard pile is formed first)"
    )
    state.apply("1 discard 6 X2")


def test_when_both_piles_hold_cards_the_discarder_chooses():
    assert discard_piles([[], [], [1], [2]]) == (2, 3)
    assert discard_piles([[], [], [], [2]]) == (2,)


def test_it_refuses_a_card_the_player_does_not_hold():
    assert refusal(at(TURN), "0 discard 9 X1") == "seat 0 holds no card of 9"


def test_it_refuses_a_discard_onto_a_draw_pile():
    assert refusal(at(TURN), "0 discard 20 D1") == (
        "a card is discarded to X1 or X2, never to a draw pile"
    )


def test_a_displaced_set_goes_whole_to_the_pile_its_owner_chooses_by_the_rule():
    state = at(["0 draw D1:9", "0 draw D2:9", "0 lay 9 2", "1 draw D1:9", "1 draw D2:9",
                "1 lay 9 3"], hands=[[6, 7, 8], [6, 7, 9]])  # fmt: skip
    assert state.legal_moves() == ["0 pile X1", "0 pile X2"]
    assert refusal(state, "1 draw D1") == (
        "seat 0 decides now (where its displaced set goes), not seat 1"
    )
    assert (
        refusal(state, "0 draw D1") == "seat 0 must first put its displaced set on a discard pile"
    )
    state.apply("0 pile X2")
    assert state.view(0)["discard_piles"][1] == {"top": 9, "size": 2}


def test_it_refuses_a_pile_move_when_nothing_is_to_be_placed():
    assert refusal(at(TURN), "0 pile X1") == "there is no displaced set or eliminated card to place"
