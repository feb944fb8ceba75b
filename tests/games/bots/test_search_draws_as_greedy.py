"""The search bot spends its thinking on what to do after the draws: its draws are the
greedy rules' (searching them did not pay, docs/bots.md), or with ``race`` the
racing rules'."""

import random

import pytest

from games.call_to_glory import new_game
from games.call_to_glory.bots import make_bot
from games.call_to_glory.bots.decide import greedy_move
from games.call_to_glory.bots.seen import read_view

from .helpers import SMALL_SEARCH, bot


@pytest.mark.parametrize("race", [False, True])
def test_every_draw_of_the_search_bot_is_the_one_its_rules_make(race):
    state = new_game(players=["search", "greedy"], options={"rounds": 1}, rng=random.Random(5))
    players = [make_bot("search", seed=1, race=race, **SMALL_SEARCH), bot("greedy", 2)]
    draws = searched = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        move = players[seat].choose(view)
        if seat == 0 and view["phase"] == "draw":
            assert move == greedy_move(read_view(view).known, view["legal_moves"], race)
            draws += 1
        elif seat == 0 and view["phase"] == "act":
            searched += 1
        state.apply(move)
    assert draws >= 2 * searched > 0
