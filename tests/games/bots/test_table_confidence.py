"""At three or four players the search bot replaces greedy's move on the strength of
``table_confidence``, heads-up on that of ``confidence``."""

import random

from games.call_to_glory import new_game
from games.call_to_glory.bots import make_bot

SMALL = {"iterations": 6, "horizon": 2}


def test_at_four_players_the_table_confidence_decides_and_the_heads_up_one_does_not():
    state = new_game(players=["search", "greedy", "greedy", "greedy"], rng=random.Random(4))
    players = [make_bot("search", seed=1, **SMALL)] + [make_bot("greedy") for _ in range(3)]
    other_heads_up = make_bot("search", seed=1, confidence=9.0, **SMALL)
    cautious = make_bot("search", seed=1, table_confidence=9.0, **SMALL)
    differs = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        move = players[seat].choose(view)
        if seat == 0:
            assert other_heads_up.choose(view) == move
            differs += cautious.choose(view) != move
        state.apply(move)
    assert differs > 0
