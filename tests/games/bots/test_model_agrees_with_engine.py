"""The search bot's fast round model plays the engine's rules: at every turn decision
of real games its legal moves are the engine's (the model lays whole hands only)."""

import random

import pytest

from games.call_to_glory import new_game
from games.call_to_glory.bots.sampling import public_world
from games.call_to_glory.bots.seen import read_view

from .helpers import bot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_model_lists_the_engines_turn_moves(players):
    options = {"rounds": 2, "ninja": True}
    state = new_game(players=["x"] * players, options=options, rng=random.Random(players))
    bots = [bot("random" if seat % 2 else "greedy", seat) for seat in range(players)]
    compared = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        seen = read_view(view)
        if seen.kind == "turn":
            hand = seen.known.hand
            engine = {
                move
                for move in view["legal_moves"]
                if " lay " not in move
                or int(move.split()[3])
                == hand[[6, 7, 8, 9, 12, 14, 16, 18, 20].index(int(move.split()[2]))]
            }
            assert set(public_world(seen.known).legal_moves()) == engine
            compared += 1
        state.apply(bots[seat].choose(view))
    assert compared > 50
