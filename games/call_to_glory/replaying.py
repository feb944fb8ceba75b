"""Replaying moves: the validator's fast replay of a round, and ``replay`` (a record's
state after its first moves, through the checked API)."""

from . import turn
from .cards import deal_fault
from .discarding import discard_pile_refusal
from .moves import DISCARD, END, LAY, LOOKUP, MAX_SET, NINJA, PILE, MoveSyntaxError, string_to_move
from .phases import DEAL, OVER
from .phases import PILE as PILING
from .reading import DEFAULT_MAX_BYTES, RecordFault, move_text, parse, read_header
from .state import GameState, IllegalMove

# The kinds of moves ``FAST`` tells apart.
DRAWS, DISCARDS, OTHERS, LAYS, PLACINGS = range(5)


def replay_moves(state: GameState, moves: list, number: int) -> None:
    """Apply a round's moves to ``state``, or raise the RecordFault of the first bad one.

    The commonest legal moves (a draw, a discard, a lay, placing a displaced set) are
    checked by their own rule of ``turn`` and applied by its verb, the same ones
    ``GameState`` applies; everything else, and every move those rules refuse, goes
    through ``check_action``/``apply_action`` (which give the reason). The property
    tests check that the replay and the engine agree move for move.
    """
    for index, move in enumerate(moves, start=1):
        seat, action, kind, i, p = _fast_entry_of(move, number, index)
        if not _played_quickly(state, seat, kind, action, i, p):
            _play_checked(state, seat, action, move, number, index)


def _fast_entry_of(move, number: int, index: int) -> tuple:
    """The move's ``FAST`` entry, or the RecordFault of a move that is not one."""
    try:
        return FAST[move]
    except (KeyError, TypeError):
        text = move if type(move) is str else move_text(move)
        try:
            string_to_move(move)
        except MoveSyntaxError as exc:
            raise RecordFault(str(exc), number, index, text) from None
        raise  # pragma: no cover - FAST holds every canonical move


def _played_quickly(state: GameState, seat: int, kind: int, action: int, i: int, p: int) -> bool:
    """Play the move if it is a common one its rule allows; whether it was played."""
    if seat != state.turn:
        pending = state.pending
        if kind != PLACINGS or state.phase != PILING or not pending or seat != pending[0]:
            return False
        if discard_pile_refusal(state.piles, p) is not None:
            return False
        state.place_pending(p)
        return True
    if kind == DRAWS and turn.draw_refusal(state, action) is None:
        turn.draw(state, action)
    elif kind == DISCARDS and turn.discard_refusal(state, i, p) is None:
        turn.discard(state, i, p)
    elif kind == LAYS and turn.lay_refusal(state, i, p) is None:
        turn.lay(state, i, p)
    else:
        return False
    return True


def _play_checked(state: GameState, seat: int, action: int, move, number: int, index: int):
    """Check the move with the engine's rules and apply it, or raise its RecordFault."""
    if state.phase == DEAL or state.phase == OVER:
        raise RecordFault("the round has already ended", number, index, move)
    why = state.check_action(seat, action)
    if why is not None:
        raise RecordFault(why, number, index, move)
    state.apply_action(action)


def _fast_entry(seat: int, action: int) -> tuple:
    if action < DISCARD:
        return seat, action, DRAWS, 0, 0
    if action < PILE:
        return seat, action, DISCARDS, (action - DISCARD) >> 1, (action & 1) + 2
    if LAY <= action < NINJA:
        return seat, action, LAYS, *divmod(action - LAY, MAX_SET + 1)
    if PILE <= action < END:
        return seat, action, PLACINGS, 0, action - PILE + 2
    return seat, action, OTHERS, 0, 0


# Every canonical move string -> (seat, action, kind, value index, pile or count).
FAST = {move: _fast_entry(*found) for move, found in LOOKUP.items()}


def replay(record, moves: int | None = None) -> GameState:
    """The state after the first ``moves`` moves of ``record`` counted over all its rounds
    (every move by default). ValueError with the validator's reason if the record is not
    valid up to there."""
    try:
        doc = parse(record, DEFAULT_MAX_BYTES)
        players, opts, _complete, decks, tasks, rounds = read_header(doc)
    except RecordFault as fault:
        raise ValueError(fault.error["reason"]) from None
    state = GameState(players, opts, decks, tasks)
    left = moves
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("moves"), list):
            raise ValueError(f"round {number} must be an object with a list of moves")
        why = deal_fault(rnd.get("hands"), rnd.get("draw_piles"), state.n, number)
        if why:
            raise ValueError(why)
        if state.phase != DEAL:
            break
        state.deals.append((rnd["hands"], rnd["draw_piles"]))
        state.begin_round()
        if left is not None and left <= 0:
            break
        for index, move in enumerate(rnd["moves"], start=1):
            if left is not None:
                if left <= 0:
                    break
                left -= 1
            try:
                state.apply(move)
            except IllegalMove as exc:
                raise ValueError(f"round {number}, move {index} {move!r}: {exc.reason}") from None
    return state
