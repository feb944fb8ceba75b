"""Validate a call-to-glory/1 record: replay every move from the deals and stop at the
first fault (spec game-record.md, "Validating a record" and its rulings).

Whole-document checks come first (JSON, object, format, players, options, complete,
task_decks, tasks, number of rounds), then each round in order: its shape, its deal, its
moves, whether it ended. Any input gives an answer dict, never an exception: text is
size-limited before parsing, nesting too deep for the parser is reported, and every
value is type-checked (``6.0`` and ``true`` are not card values).
"""

from .cards import deal_fault
from .phases import DEAL, OVER
from .reading import DEFAULT_MAX_BYTES, RecordFault, parse, read_header
from .record import result_of
from .replaying import replay, replay_moves
from .state import GameState

__all__ = ["DEFAULT_MAX_BYTES", "RecordFault", "replay", "validate_record"]


def validate_record(record, max_bytes: int = DEFAULT_MAX_BYTES) -> dict:
    """The validator's JSON answer for ``record`` (text, bytes, or an already parsed
    object): ``{"valid": true, ...}`` with the results, or ``{"valid": false, "error":
    {"round", "move", "text", "reason"}}``."""
    try:
        return _validate(parse(record, max_bytes))
    except RecordFault as fault:
        return {"valid": False, "error": fault.error}
    except RecursionError:
        return {"valid": False, "error": _error("the record is nested too deeply")}


def _error(reason: str) -> dict:
    return {"round": None, "move": None, "text": None, "reason": reason}


def _validate(doc) -> dict:
    players, opts, complete, decks, tasks, rounds = read_header(doc)
    state = GameState(players, opts, decks, tasks)
    last = len(rounds)
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict):
            raise RecordFault(f"round {number} must be an object")
        for key in ("hands", "draw_piles", "moves"):
            if key not in rnd:
                raise RecordFault(f"round {number} has no {key!r} key")
        moves = rnd["moves"]
        if not isinstance(moves, list):
            raise RecordFault(f"round {number}: moves must be a list")
        why = deal_fault(rnd["hands"], rnd["draw_piles"], state.n, number)
        if why:
            raise RecordFault(why)
        state.deals.append((rnd["hands"], rnd["draw_piles"]))
        state.begin_round()
        replay_moves(state, moves, number)
        if state.phase != DEAL and state.phase != OVER:
            if number == last and not complete:
                break
            raise RecordFault(f"round {number} stops before its end")
    return result_of(state, complete=complete and state.phase == OVER)
