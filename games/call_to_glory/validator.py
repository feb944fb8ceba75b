"""Validate a call-to-glory/1 record: replay every move from the deals and stop at the
first fault (spec game-record.md, "Validating a record" and its rulings).

Whole-document checks come first (JSON, object, format, players, options, complete,
task_decks, tasks, number of rounds), then each round in order: its shape, its deal, its
moves, whether it ended. Any input gives an answer dict, never an exception: text is
size-limited before parsing, nesting too deep for the parser is reported, and every
value is type-checked (``6.0`` and ``true`` are not card values).
"""

import json

from .cards import NINJA as NINJA_INDEX
from .cards import deal_fault
from .moves import DISCARD, END, LAY, LOOKUP, MAX_SET, NINJA, PILE, MoveSyntaxError, string_to_move
from .options import read_options
from .phases import ACT, DEAL, DRAW1, DRAW2, OVER, THRESHOLD
from .phases import END as WAIT_END
from .phases import PILE as PILING
from .record import FORMAT, result_of
from .state import GameState, IllegalMove
from .tasks import DEFAULT_DECKS, LETTERS, dealt_tasks_fault, decks_fault, parse_task
from .turn import MINIMUM_2, MINIMUM_3, lay

DEFAULT_MAX_BYTES = 5_000_000


class Fault(Exception):
    def __init__(self, reason: str, round_=None, move=None, text=None):
        super().__init__(reason)
        self.error = {"round": round_, "move": move, "text": text, "reason": reason}


def validate_record(record, max_bytes: int = DEFAULT_MAX_BYTES) -> dict:
    """The validator's JSON answer for ``record`` (text, bytes, or an already parsed
    object): ``{"valid": true, ...}`` with the results, or ``{"valid": false, "error":
    {"round", "move", "text", "reason"}}``."""
    try:
        return _validate(_parse(record, max_bytes))
    except Fault as fault:
        return {"valid": False, "error": fault.error}
    except RecursionError:
        return {"valid": False, "error": _error("the record is nested too deeply")}


def _error(reason: str) -> dict:
    return {"round": None, "move": None, "text": None, "reason": reason}


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _parse(record, max_bytes: int):
    if isinstance(record, dict):
        return record
    if isinstance(record, str):
        if len(record) > max_bytes:
            raise Fault(f"the record is larger than the limit of {max_bytes} bytes")
        try:
            size = len(record.encode("utf-8")) if len(record) * 4 > max_bytes else len(record)
        except UnicodeEncodeError:
            raise Fault("the record is not valid UTF-8 text") from None
        text = record
    elif isinstance(record, (bytes, bytearray)):
        size = len(record)
        text = None
    else:
        raise Fault("a record must be JSON text or a JSON object")
    if size > max_bytes:
        raise Fault(f"the record is {size} bytes; the limit is {max_bytes} bytes")
    if text is None:
        try:
            text = bytes(record).decode("utf-8")
        except UnicodeDecodeError:
            raise Fault("the record is not valid UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise Fault("the record is nested too deeply to read") from None
    except ValueError as exc:
        raise Fault(f"the record is not well-formed JSON: {exc}") from None


def _require(doc: dict, key: str):
    if key not in doc:
        raise Fault(f"the record has no {key!r} key")
    return doc[key]


def read_header(doc):
    """(players, options, complete, decks, tasks, rounds) of a record, checked in the
    spec's order; Fault otherwise."""
    if not isinstance(doc, dict):
        raise Fault("the record must be a JSON object")
    if _require(doc, "format") != FORMAT:
        raise Fault(f'format must be "{FORMAT}"')
    players = _require(doc, "players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise Fault("players must be a list of 2 to 4 names")
    if not all(isinstance(p, str) for p in players):
        raise Fault("every player's name must be a string")
    try:
        opts = read_options(_require(doc, "options"))
    except ValueError as exc:
        raise Fault(str(exc)) from None
    complete = doc.get("complete", True)
    if type(complete) is not bool:
        raise Fault("complete must be true or false")
    decks = DEFAULT_DECKS
    if "task_decks" in doc:
        why = decks_fault(doc["task_decks"])
        if why:
            raise Fault(why)
        decks = {letter: tuple(doc["task_decks"][letter]) for letter in LETTERS}
    tasks = doc.get("tasks")
    if opts.imperial_tasks:
        if "tasks" not in doc:
            raise Fault("the record has no 'tasks' key (imperial tasks are on)")
        why = dealt_tasks_fault(tasks, len(players), decks)
        if why:
            raise Fault(why)
        tasks = [sorted(parse_task(name) for name in entry) for entry in tasks]
    elif tasks is not None:
        raise Fault("tasks must be null when imperial tasks are off")
    rounds = _require(doc, "rounds")
    if not isinstance(rounds, list):
        raise Fault("rounds must be a list")
    if complete and len(rounds) != opts.rounds:
        raise Fault(f"the record has {len(rounds)} rounds; the options say {opts.rounds}")
    if len(rounds) > opts.rounds:
        raise Fault(f"the record has {len(rounds)} rounds; the options say {opts.rounds}")
    return players, opts, complete, decks, tasks, rounds


def _move_text(item) -> str:
    try:
        return json.dumps(item)
    except (ValueError, TypeError, RecursionError):
        return "(unreadable)"


def _validate(doc) -> dict:
    players, opts, complete, decks, tasks, rounds = read_header(doc)
    state = GameState(players, opts, decks, tasks)
    last = len(rounds)
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict):
            raise Fault(f"round {number} must be an object")
        for key in ("hands", "draw_piles", "moves"):
            if key not in rnd:
                raise Fault(f"round {number} has no {key!r} key")
        moves = rnd["moves"]
        if not isinstance(moves, list):
            raise Fault(f"round {number}: moves must be a list")
        why = deal_fault(rnd["hands"], rnd["draw_piles"], state.n, number)
        if why:
            raise Fault(why)
        state.deals.append((rnd["hands"], rnd["draw_piles"]))
        state.begin_round()
        replay_moves(state, moves, number)
        if state.phase != DEAL and state.phase != OVER:
            if number == last and not complete:
                break
            raise Fault(f"round {number} stops before its end")
    return result_of(state, complete=complete and state.phase == OVER)


def replay_moves(state: GameState, moves: list, number: int) -> None:
    """Apply a round's moves to ``state``, or raise the Fault of the first bad one.

    The commonest legal moves, a draw and a discard, take a fast path on local variables
    that mirrors ``turn.draw``, ``turn.discard`` and ``GameState.end_turn`` (after a
    discard the sets are no larger than at the turn's start, so only an empty draw pile
    can end the round); everything else goes through ``check_action``/``apply_action``.
    The property tests check that both paths agree move for move.
    """
    check, apply = state.check_action, state.apply_action
    hands, piles, ninja, n = state.hands, state.piles, state.ninja, state.n
    sets, owner, nvals = state.sets, state.owner, state.nvals
    minimum = MINIMUM_3 if n >= 3 else MINIMUM_2
    threshold = THRESHOLD[n]
    fast = FAST
    phase, turn, first = state.phase, state.turn, state.first
    minis, fresh, hand = state.minis, state.fresh, hands[turn]
    d1, d2 = piles[0], piles[1]
    for index, move in enumerate(moves, start=1):
        info = fast.get(move) if type(move) is str else None
        if info is None:
            text = move if type(move) is str else _move_text(move)
            try:
                string_to_move(move)
            except MoveSyntaxError as exc:
                raise Fault(str(exc), number, index, text) from None
        seat, action, kind, i, p = info
        if seat == turn:
            if kind == 0:
                if phase == DRAW1:
                    pile = piles[action]
                    if pile:
                        hand[pile.pop()] += 1
                        first = action
                        phase = DRAW2
                        continue
                elif phase == DRAW2 and action != first:
                    pile = piles[action]
                    if pile:
                        hand[pile.pop()] += 1
                        phase = ACT
                        continue
            elif kind == 1 and phase == ACT and hand[i] and (piles[5 - p] or not piles[p]):
                hand[i] -= 1
                piles[p].append(i)
                if ninja and minis[seat] > fresh[seat]:
                    phase = WAIT_END
                    continue
                if d1 and d2:
                    fresh[turn] = 0
                    turn = turn + 1 if turn + 1 < n else 0
                    hand = hands[turn]
                    phase = DRAW1
                    continue
                state.phase, state.turn, state.first = ACT, turn, first
                state.end_turn()
                phase = state.phase
                continue
            elif kind == 3 and phase == ACT and minimum[i] <= p <= hand[i]:
                o = owner[i]
                if o < 0 and not (ninja and i == NINJA_INDEX):
                    hand[i] -= p
                    sets[seat][i] = p
                    owner[i] = seat
                    nvals[seat] += 1
                    state.onboard += 1
                    if ninja and minis[seat] > fresh[seat]:
                        phase = WAIT_END
                        continue
                    if d1 and d2 and state.onboard < 9 and nvals[seat] < threshold:
                        fresh[turn] = 0
                        turn = turn + 1 if turn + 1 < n else 0
                        hand = hands[turn]
                        phase = DRAW1
                        continue
                    state.phase, state.turn, state.first = ACT, turn, first
                    state.end_turn()
                    phase = state.phase
                    continue
                if o < 0 or sets[o][i] < p:  # checked: a lay that displaces, or takes a ninja
                    state.phase, state.turn, state.first = phase, turn, first
                    lay(state, i, p)
                    phase, turn, first = state.phase, state.turn, state.first
                    minis, fresh, hand = state.minis, state.fresh, hands[turn]
                    continue
        elif kind == 4 and phase == PILING and seat == state.pending[0]:
            if piles[5 - p] or not piles[p]:
                state.phase, state.turn, state.first = phase, turn, first
                state.place_pending(p)
                phase, turn, first = state.phase, state.turn, state.first
                minis, fresh, hand = state.minis, state.fresh, hands[turn]
                continue
        state.phase, state.turn, state.first = phase, turn, first
        if phase == DEAL or phase == OVER:
            raise Fault("the round has already ended", number, index, move)
        why = check(seat, action)
        if why is not None:
            raise Fault(why, number, index, move)
        apply(action)
        phase, turn, first = state.phase, state.turn, state.first
        minis, fresh, hand = state.minis, state.fresh, hands[turn]
    state.phase, state.turn, state.first = phase, turn, first


def _fast_entry(seat: int, action: int) -> tuple:
    if action < DISCARD:
        return seat, action, 0, 0, 0
    if action < PILE:
        return seat, action, 1, (action - DISCARD) >> 1, (action & 1) + 2
    if LAY <= action < NINJA:
        return seat, action, 3, *divmod(action - LAY, MAX_SET + 1)
    if PILE <= action < END:
        return seat, action, 4, 0, action - PILE + 2
    return seat, action, 2, 0, 0


# Every canonical move string -> (seat, action, kind, value index, pile or count): kind 0
# a draw, 1 a discard, 3 a lay, 4 a pile, 2 anything else.
FAST = {move: _fast_entry(*found) for move, found in LOOKUP.items()}


def replay(record, moves: int | None = None) -> GameState:
    """The state after the first ``moves`` moves of ``record`` counted over all its rounds
    (every move by default). ValueError with the validator's reason if the record is not
    valid up to there."""
    try:
        doc = _parse(record, DEFAULT_MAX_BYTES)
        players, opts, _complete, decks, tasks, rounds = read_header(doc)
    except Fault as fault:
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
