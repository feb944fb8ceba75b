"""A bot decides on its view alone: worlds that differ only in what the seat cannot see
(the other hands, the draw piles' order, the others' tasks) get the same decision."""

import random

import pytest

from games.call_to_glory import new_game

from .helpers import bot


def positions(options, seed, count):
    """States at a spread of decisions of a greedy-played game."""
    state = new_game(players=["a", "b", "c"], options=options, rng=random.Random(seed))
    players = [bot("greedy", seat) for seat in range(3)]
    found = []
    step = 0
    while not state.is_over() and len(found) < count:
        seat = state.current_player()
        view = state.view(seat)
        if step % 5 == 0 and len(view["legal_moves"]) > 1:
            found.append(state.clone())
        state.apply(players[seat].choose(view))
        step += 1
    return found


@pytest.mark.parametrize("key", ["greedy", "search"])
def test_worlds_that_differ_only_in_hidden_cards_get_the_same_decision(key):
    options = {"rounds": 2, "ninja": True, "imperial_tasks": True}
    checked = 0
    for state in positions(options, seed=11, count=12):
        seat = state.current_player()
        other = state.determinize(seat, random.Random(checked))
        assert other.view(seat) == state.view(seat)
        assert other.hands != state.hands or other.piles != state.piles
        assert bot(key, 3).choose(state.view(seat)) == bot(key, 3).choose(other.view(seat))
        checked += 1
    assert checked == 12
