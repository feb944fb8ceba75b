"""The engine behind a game on the site: start one, and rebuild its state from the
stored record and deals.

The record holds the moves so far and the deals of the rounds begun (what every seat
has seen by now); ``deals`` holds every round's deal, dealt up front from the game's
seed. Rebuilding applies the stored moves unchecked: each was checked by the engine
when it was played, and the record is written by no one else.
"""

import random

from games.call_to_glory import GameState, new_game
from games.call_to_glory.moves import LOOKUP
from games.call_to_glory.reading import read_header


def start_state(names: list[str], options: dict, seed: int) -> GameState:
    """A new game; ValueError with the engine's reason for bad options."""
    return new_game(names, options, rng=random.Random(seed))


def deals_of(state: GameState) -> list:
    return [
        [list(map(list, hands)), [list(piles[0]), list(piles[1])]] for hands, piles in state.deals
    ]


def rebuild(record: dict, deals: list) -> GameState:
    players, opts, _complete, decks, tasks, rounds = read_header({**record, "complete": False})
    state = GameState(players, opts, decks, tasks, [(hands, piles) for hands, piles in deals])
    apply = state.apply_action
    for round_ in rounds:
        for move in round_["moves"]:
            apply(LOOKUP[move][1])
    return state
