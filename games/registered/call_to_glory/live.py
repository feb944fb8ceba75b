"""Call to Glory played move by move (the registry's ``LivePlay``): start a game, and
rebuild its state from the stored record and deals.

The record holds the moves so far and the deals of the rounds begun (what every seat
has seen by now); ``deals`` holds every round's deal, dealt up front from the game's
seed. Rebuilding applies the stored moves unchecked: each was checked by the engine
when it was played, and the record is written by no one else.
"""

import random

from django.utils.translation import gettext_lazy as _

from games.call_to_glory import GameState, IllegalMove, new_game, replay
from games.call_to_glory.bots import BOTS, make_bot
from games.call_to_glory.moves import LOOKUP
from games.call_to_glory.options import read_options
from games.call_to_glory.reading import read_header
from games.declaring import LivePlay, moves_of
from games.registered.call_to_glory import board, how_to_play, words


def start_state(names: list[str], options: dict, seed: int) -> GameState:
    """A new game; ValueError with the engine's reason for bad options."""
    return new_game(names, options, rng=random.Random(seed))


def deals_of(state: GameState) -> list:
    return [
        [list(map(list, hands)), [list(piles[0]), list(piles[1])]] for hands, piles in state.deals
    ]


def apply_stored(state: GameState, move: str) -> None:
    state.apply_action(LOOKUP[move][1])


def rebuild(record: dict, deals: list, moves: int | None = None) -> GameState:
    players, opts, _complete, decks, tasks, _rounds = read_header({**record, "complete": False})
    state = GameState(players, opts, decks, tasks, [(hands, piles) for hands, piles in deals])
    apply = state.apply_action
    for move in moves_of(record)[:moves]:
        apply(LOOKUP[move][1])
    return state


def checked_options(options) -> dict:
    return read_options(options).as_dict()


LIVE = LivePlay(
    new_game=start_state,
    check_options=checked_options,
    rounds=lambda options: read_options(options).rounds,
    deals=deals_of,
    rebuild=rebuild,
    apply_stored=apply_stored,
    replay=replay,
    illegal_move=IllegalMove,
    bots=BOTS,
    make_bot=make_bot,
    stand_ins=("greedy", "medium", "easy"),
    beginner_bot="easy",
    replay_board=board.replay_board,
    replay_template="games/call_to_glory/replay_board.html",
    words=words,
    board=board.board,
    seat_template="games/call_to_glory/_seat.html",
    table_template="games/call_to_glory/_table.html",
    fast_random=True,
    lengths=((1, _("Quick Game (one round)")), (4, _("Full game (four rounds)"))),
    how_to_play_template="games/call_to_glory/how_to_play.html",
    how_to_play_context=how_to_play.context,
)
