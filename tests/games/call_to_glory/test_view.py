"""What a seat may see (spec "Hidden information"), and nothing else."""

import json
import random

from games.call_to_glory import new_game

from .builders import at


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = at(["0 draw D1:20", "0 draw D2:18"])
    view = state.view(1)
    assert view["hand"] == [6, 7, 8]
    assert view["hand_sizes"] == [5, 3]
    assert view["draw_piles"] == [len(state.piles[0]), len(state.piles[1])]
    assert "legal_moves" not in view
    assert view["seat"] == 1 and view["to_move"] == 0


def test_the_deciding_seat_gets_its_legal_moves():
    state = at([])
    assert state.view(0)["legal_moves"] == state.legal_moves()


def test_discard_piles_show_their_top_card_and_size_only():
    state = at(["0 draw D1:20", "0 draw D2:18", "0 discard 20 X1", "1 draw D1:9", "1 draw D2:9",
                "1 lay 9 2", "0 draw D1:7", "0 draw D2:7", "0 discard 18 X2"])  # fmt: skip
    assert state.view(1)["discard_piles"] == [{"top": 20, "size": 1}, {"top": 18, "size": 1}]
    assert state.view(1)["sets"] == [{}, {"9": 2}]


def test_a_view_is_json_and_shows_no_other_hand_or_pile_order():
    state = new_game(["a", "b", "c"], {"ninja": True, "imperial_tasks": True}, random.Random(1))
    text = json.dumps(state.view(2))
    assert "draw_piles" in text
    view = state.view(2)
    assert set(view["tasks"]) == {"revealed", "this_round", "own", "unrevealed_counts", "decks"}
    assert len(view["tasks"]["own"]) == 3


def test_a_spectator_sees_no_hand_and_no_unrevealed_task():
    state = new_game(["a", "b"], {"imperial_tasks": True}, random.Random(1))
    view = state.view(None)
    assert view["hand"] is None and view["tasks"]["own"] is None and "legal_moves" not in view
