"""Starting a game: players, options and a seeded ``random.Random`` in, a GameState out."""

import random

from .cards import deal
from .options import read_options
from .state import GameState
from .task_cards import DEFAULT_DECKS, LETTERS, deal_tasks, decks_fault


def new_game(players, options=None, rng: random.Random | None = None, task_decks=None):
    """A new game: ``players`` (2 to 4 names, seat order), ``options`` as in a record (a
    dict, missing keys take the defaults, unknown keys raise ValueError; or an Options),
    and a seeded ``random.Random`` from which every deal is drawn up front."""
    players = list(players)
    if not 2 <= len(players) <= 4 or not all(isinstance(p, str) for p in players):
        raise ValueError("a game has 2 to 4 players, each a name")
    opts = read_options(options)
    if rng is None:
        rng = random.Random()
    decks = DEFAULT_DECKS
    if task_decks is not None:
        why = decks_fault({k: list(v) for k, v in task_decks.items()})
        if why:
            raise ValueError(why)
        decks = {letter: tuple(task_decks[letter]) for letter in LETTERS}
    tasks = deal_tasks(len(players), decks, rng) if opts.imperial_tasks else None
    deals = [deal(len(players), rng) for _ in range(opts.rounds)]
    return GameState(players, opts, decks, tasks, deals)
