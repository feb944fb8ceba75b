"""Replaying moves: the validator's fast replay of a round, and ``replay`` (a record's
state after its first moves, through the checked API)."""

from .cards import NINJA as NINJA_INDEX
from .cards import deal_fault
from .moves import DISCARD, END, LAY, LOOKUP, MAX_SET, NINJA, PILE, MoveSyntaxError, string_to_move
from .phases import ACT, DEAL, DRAW1, DRAW2, OVER, THRESHOLD
from .phases import END as WAIT_END
from .phases import PILE as PILING
from .reading import DEFAULT_MAX_BYTES, RecordFault, move_text, parse, read_header
from .state import GameState, IllegalMove
from .turn import MINIMUM_2, MINIMUM_3, lay


def replay_moves(state: GameState, moves: list, number: int) -> None:
    """Apply a round's moves to ``state``, or raise the RecordFault of the first bad one.

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
    draw1, draw2, act, wait_end = DRAW1, DRAW2, ACT, WAIT_END  # locals: quicker to read
    for index, move in enumerate(moves, start=1):
        try:
            seat, action, kind, i, p = fast[move]
        except (KeyError, TypeError):
            text = move if type(move) is str else move_text(move)
            try:
                string_to_move(move)
            except MoveSyntaxError as exc:
                raise RecordFault(str(exc), number, index, text) from None
            raise  # pragma: no cover - FAST holds every canonical move
        if seat == turn:
            if kind == 0:
                if phase == draw1:
                    pile = piles[action]
                    if pile:
                        hand[pile.pop()] += 1
                        first = action
                        phase = draw2
                        continue
                elif phase == draw2 and action != first:
                    pile = piles[action]
                    if pile:
                        hand[pile.pop()] += 1
                        phase = act
                        continue
            elif kind == 1 and phase == act and hand[i] and (piles[5 - p] or not piles[p]):
                hand[i] -= 1
                piles[p].append(i)
                if ninja and minis[seat] > fresh[seat]:
                    phase = wait_end
                    continue
                if d1 and d2:
                    fresh[turn] = 0
                    turn = turn + 1 if turn + 1 < n else 0
                    hand = hands[turn]
                    phase = draw1
                    continue
                state.phase, state.turn, state.first = ACT, turn, first
                state.end_turn()
                phase = state.phase
                continue
            elif kind == 3 and phase == act and minimum[i] <= p <= hand[i]:
                o = owner[i]
                if o < 0 and not (ninja and i == NINJA_INDEX):
                    hand[i] -= p
                    sets[seat][i] = p
                    owner[i] = seat
                    nvals[seat] += 1
                    state.onboard += 1
                    if ninja and minis[seat] > fresh[seat]:
                        phase = wait_end
                        continue
                    if d1 and d2 and state.onboard < 9 and nvals[seat] < threshold:
                        fresh[turn] = 0
                        turn = turn + 1 if turn + 1 < n else 0
                        hand = hands[turn]
                        phase = draw1
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
        elif kind == 4 and phase == PILING and state.pending and seat == state.pending[0]:
            if piles[5 - p] or not piles[p]:
                state.phase, state.turn, state.first = phase, turn, first
                state.place_pending(p)
                phase, turn, first = state.phase, state.turn, state.first
                minis, fresh, hand = state.minis, state.fresh, hands[turn]
                continue
        state.phase, state.turn, state.first = phase, turn, first
        if phase == DEAL or phase == OVER:
            raise RecordFault("the round has already ended", number, index, move)
        why = check(seat, action)
        if why is not None:
            raise RecordFault(why, number, index, move)
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
