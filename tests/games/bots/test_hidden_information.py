"""A bot decides on its view alone: worlds that differ only in what the seat cannot see
(the other hands, the draw piles' order, the others' tasks) get the same decision."""

import copy
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


@pytest.mark.parametrize("key", ["easy", "greedy", "search", "hard", "search-v1"])
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


@pytest.mark.parametrize("key", ["search", "hard"])
def test_with_a_memory_of_the_game_hidden_cards_still_change_nothing(key):
    """Mid-game, with what the bot remembers of the opponent's turns (taken cards,
    discards, tops left), a copy of it decides the same on a world whose hidden cards
    differ: the memory too is read from views only."""
    state = new_game(players=["a", "b"], options={"rounds": 1}, rng=random.Random(21))
    players = [bot(key, 5), bot("greedy", 6)]
    checked = clued = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if seat == 0 and len(view["legal_moves"]) > 1 and view["phase"] == "act":
            other = state.determinize(seat, random.Random(checked))
            assert other.view(seat) == view and other.hands[1] != state.hands[1]
            twin = copy.deepcopy(players[0])
            move = players[0].choose(view)
            assert twin.choose(other.view(seat)) == move
            checked += 1
            clued += players[0].memory.clue is not None
        else:
            move = players[seat].choose(view)
        state.apply(move)
    assert checked >= 8 and clued >= 3


@pytest.mark.parametrize("key", ["search", "hard"])
def test_at_four_players_the_memory_of_the_turns_changes_nothing_either(key):
    """At four players, mid-game, with what the bot has read of the others' turns from
    its own views, a copy of it decides the same on a world whose hidden cards differ."""
    state = new_game(players=["a", "b", "c", "d"], options={"rounds": 2}, rng=random.Random(7))
    players = [bot(key, 5)] + [bot("greedy", seat) for seat in range(1, 4)]
    checked = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if seat == 0 and len(view["legal_moves"]) > 1 and view["phase"] == "act":
            other = state.determinize(seat, random.Random(checked))
            assert other.view(seat) == view and other.hands[1:] != state.hands[1:]
            twin = copy.deepcopy(players[0])
            move = players[0].choose(view)
            assert twin.choose(other.view(seat)) == move
            assert players[0].memory.held is not None
            checked += 1
        else:
            move = players[seat].choose(view)
        state.apply(move)
    assert checked >= 8
