"""The search bot spends its thinking on what to do after the draws: its draws are the
greedy rules' (searching them did not pay, docs/bots.md)."""

import random

from games.call_to_glory import new_game

from .helpers import bot


def test_every_draw_of_the_search_bot_is_the_one_greedy_would_make():
    state = new_game(players=["search", "greedy"], options={"rounds": 1}, rng=random.Random(5))
    players = [bot("search", 1), bot("greedy", 2)]
    draws = searched = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        move = players[seat].choose(view)
        if seat == 0 and view["phase"] == "draw":
            assert move == bot("greedy", 9).choose(view)
            draws += 1
        elif seat == 0 and view["phase"] == "act":
            searched += 1
        state.apply(move)
    assert draws >= 2 * searched > 0
