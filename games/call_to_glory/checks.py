"""Who decides now and why a move is refused: the reasons a person reads, shared by
``GameState.apply`` and the validator."""

from . import ninja, round_end, turn
from .discarding import discard_pile_refusal
from .moves import DISCARD, END, LAY, MAX_SET, NINJA, PILE, REVEAL
from .phases import ACT, DEAL, DRAW1, DRAW2, OVER
from .phases import PILE as PILING
from .phases import REVEAL as REVEALING


def refusal(st, seat: int, action: int) -> str | None:
    """Why ``seat`` may not take ``action`` now, or None when it may."""
    fault = _turn_refusal(st, seat)
    if fault is not None:
        return fault
    phase = st.phase
    if phase == PILING:
        if PILE <= action < END:
            return discard_pile_refusal(st.piles, action - PILE + 2)
        return f"seat {seat} must first put its {pending_kind(st)} on a discard pile"
    if phase == REVEALING and not action >= REVEAL:
        return "the round has ended: each player now reveals one task"
    return _action_refusal(st, action)


def _turn_refusal(st, seat: int) -> str | None:
    """Why it is not ``seat``'s decision now, or None when it is."""
    if seat >= st.n:
        return f"there is no seat {seat} (seats are 0 to {st.n - 1})"
    if st.phase == OVER:
        return "the game is over"
    if st.phase == DEAL:
        return "the round has already ended"
    deciding = st.current_player()
    if seat != deciding:
        return f"seat {deciding} decides now ({decision(st)}), not seat {seat}"
    return None


def _action_refusal(st, action: int) -> str | None:
    """Why the deciding seat may not take ``action`` in its turn, or None."""
    if action < DISCARD:
        return turn.draw_refusal(st, action)
    if action < PILE:
        i, p = divmod(action - DISCARD, 2)
        return turn.discard_refusal(st, i, p + 2)
    if action < END:
        return "there is no displaced set or eliminated card to place"
    if action == END:
        return turn.end_refusal(st)
    if action < NINJA:
        i, k = divmod(action - LAY, MAX_SET + 1)
        return turn.lay_refusal(st, i, k)
    if action < REVEAL:
        target, i = divmod(action - NINJA, 9)
        return ninja.ninja_refusal(st, target, i)
    return round_end.reveal_refusal(st, divmod(action - REVEAL, 9))


def decision(st) -> str:
    phase = st.phase
    if phase == PILING:
        return f"where its {pending_kind(st)} goes"
    if phase == REVEALING:
        return "which task to reveal"
    return {
        DRAW1: "its turn: draw",
        DRAW2: "its turn: draw",
        ACT: "its turn: lay or discard",
    }.get(phase, "its turn: use a ninja or end")


def pending_kind(st) -> str:
    return "eliminated card" if st.pending[3] >= 0 else "displaced set"
