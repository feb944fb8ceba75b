"""Playing whole games with bots, checking every move against the view's legal moves."""

import random

from games.call_to_glory import new_game
from games.call_to_glory.bots import make_bot

SMALL_SEARCH = {"iterations": 2, "horizon": 2}


def bot(key: str, seed: int):
    return make_bot(key, seed=seed, **(SMALL_SEARCH if key == "search" else {}))


def play(keys, options, seed, between=None):
    """Play one game; ``between()`` runs before every decision. Returns the state."""
    state = new_game(players=list(keys), options=options, rng=random.Random(seed))
    bots = [bot(key, seed * 10 + seat) for seat, key in enumerate(keys)]
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if between is not None:
            between()
        move = bots[seat].choose(view)
        assert move in view["legal_moves"], (move, view["legal_moves"])
        state.apply(move)
    return state
