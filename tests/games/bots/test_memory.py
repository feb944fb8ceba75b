"""The search bot's memory of cards the opponent took from the discard piles: it never
claims a card the opponent does not hold, and it does learn some."""

import random

import pytest

from games.call_to_glory import new_game
from games.call_to_glory.bots.memory import Memory

from .helpers import bot


@pytest.mark.parametrize("options", [{"rounds": 2}, {"rounds": 1, "ninja": True}])
def test_remembered_cards_are_always_in_the_opponents_hand(options):
    learned = 0
    for seed in range(6):
        state = new_game(players=["me", "them"], options=options, rng=random.Random(seed))
        players = [bot("greedy", 0), bot("random" if seed % 2 else "greedy", 1)]
        memory = Memory()
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if seat == 0:
                held = memory.observe(view)
                if held is not None:
                    assert all(k <= h for k, h in zip(held, state.hands[1], strict=True))
                    learned += sum(held)
                move = players[0].choose(view)
                memory.expect(view, move)
            else:
                move = players[1].choose(view)
            state.apply(move)
    assert learned > 0
