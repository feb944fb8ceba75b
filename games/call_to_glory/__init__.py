"""Call to Glory: the rules engine (no Django here).

    from games.call_to_glory import new_game, IllegalMove, Options, validate_record
    state = new_game(players=["ann", "ben"], options={"rounds": 1}, rng=random.Random(7))
    while not state.is_over():
        state.apply(state.legal_moves()[0])
    state.result(); state.record()

Rules: shared spec call-to-glory.md; records: game-record.md; decisions:
docs/call-to-glory-decisions.md.
"""

from .cards import VALUES
from .game import new_game
from .moves import ACTIONS, move_to_string, string_to_move
from .options import Options
from .state import GameState, IllegalMove
from .table import score_table
from .validator import DEFAULT_MAX_BYTES, replay, validate_record

__all__ = [
    "ACTIONS",
    "DEFAULT_MAX_BYTES",
    "GameState",
    "IllegalMove",
    "Options",
    "VALUES",
    "move_to_string",
    "new_game",
    "score_table",
    "string_to_move",
    "replay",
    "validate_record",
]
