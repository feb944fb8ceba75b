"""Variant 2, The Power of the Ninja: miniatures, and eliminating a card of an opponent.

A player holds ``minis[seat]`` miniatures, ``fresh[seat]`` of them taken this turn (usable
from the next turn on). During their own turn, at any moment, they may return a usable
one to eliminate one card from an opponent's set; the opponent places it on a discard
pile (a ``pile`` decision). Miniatures belong to the player, not to the Ninja set.
"""

from .cards import VALUES
from .moves import NINJA as NINJA_ACTION
from .phases import ACT, DRAW1, DRAW2, END, PILE

MINIATURES = 4
TURN_PHASES = (DRAW1, DRAW2, ACT, END)


def usable_miniatures(st, seat: int) -> int:
    return st.minis[seat] - st.fresh[seat]


def ninja_refusal(st, target: int, i: int) -> str | None:
    seat = st.turn
    if not st.ninja:
        return "the ninja variant is not in play"
    if st.phase not in TURN_PHASES:
        return "a miniature is used only during its owner's turn"
    if not st.minis[seat]:
        return f"seat {seat} holds no ninja miniature"
    if not usable_miniatures(st, seat):
        return f"seat {seat} took its miniature this turn; it can be used from its next turn on"
    if target == seat:
        return "a ninja eliminates a card from an opponent's set, not from one's own"
    if target >= st.n:
        return f"there is no seat {target}"
    if not st.sets[target][i]:
        return f"seat {target} has no set of {VALUES[i]}"
    return None


def eliminate_card(st, target: int, i: int) -> None:
    """Return a miniature to the supply and take one card of ``i`` from ``target``'s set; a
    set may so shrink below two cards or vanish."""
    st.minis[st.turn] -= 1
    st.supply += 1
    row = st.sets[target]
    row[i] -= 1
    if not row[i]:
        st.owner[i] = -1
        st.nvals[target] -= 1
        st.onboard -= 1
    st.pending = (target, i, 1, st.phase)
    st.phase = PILE


def ninja_actions(st) -> list[int]:
    seat = st.turn
    if st.minis[seat] <= st.fresh[seat]:
        return []
    out: list[int] = []
    for target in range(st.n):
        if target != seat:
            row = st.sets[target]
            base = NINJA_ACTION + 9 * target
            out.extend(base + i for i in range(9) if row[i])
    return out


def return_miniatures(st) -> None:
    """Miniatures still held when a round ends go back to the supply."""
    st.minis = [0] * st.n
    st.fresh = [0] * st.n
    st.supply = MINIATURES
