"""A player's turn: two draws from different piles, then one lay or one discard.

Each rule is a pair: ``*_refusal(st, ...)`` says why a move is not legal now (None when it
is), and the verb itself applies a move already known to be legal.
"""

from .cards import NINJA, VALUES, smallest_set
from .discarding import discard_pile_refusal, discard_piles
from .moves import DISCARD, LAY, MAX_SET, PILES
from .phases import ACT, DRAW1, DRAW2, END, PILE

# --- Action 1: draw two cards, each from a different non-empty pile -------------------


def draw_refusal(st, pile: int) -> str | None:
    phase = st.phase
    if phase == DRAW1:
        return None if st.piles[pile] else f"pile {PILES[pile]} is empty"
    if phase == DRAW2:
        if pile == st.first:
            return f"the second card must come from another pile than the first ({PILES[pile]})"
        return None if st.piles[pile] else f"pile {PILES[pile]} is empty"
    return f"seat {st.turn} has already drawn two cards this turn"


def draw(st, pile: int) -> None:
    """Take the top card of ``pile`` (the one rule of a draw: ``GameState.apply_action``
    and the validator's replay both call it)."""
    i = st.piles[pile].pop()
    st.hands[st.turn][i] += 1
    if st.phase == DRAW1:
        st.first = pile
        st.phase = DRAW2
    else:
        st.phase = ACT


# --- Action 2a: lay a set --------------------------------------------------------------


def second_action_refusal(st) -> str | None:
    if st.phase in (DRAW1, DRAW2):
        return f"seat {st.turn} must draw two cards before laying or discarding"
    if st.phase != ACT:
        return f"seat {st.turn} has already laid or discarded this turn"
    return None


def lay_refusal(st, i: int, k: int) -> str | None:
    why = second_action_refusal(st)
    if why:
        return why
    value = VALUES[i]
    if k < 2:
        return "a set needs at least 2 cards"
    if k < smallest_set(i, st.n):
        return f"a set of {value} needs at least 3 cards with 3 or more players"
    owner = st.owner[i]
    if owner >= 0:
        lying = st.sets[owner][i]
        if k <= lying:
            return (
                f"a set of {value} with {lying} cards lies in front of seat {owner}; "
                f"a new set of {value} needs more than {lying} cards"
            )
    held = st.hands[st.turn][i]
    if held < k:
        return f"seat {st.turn} holds {held} cards of {value}, not {k}"
    return None


def lay(st, i: int, k: int) -> None:
    """Lay ``k`` cards of value index ``i``; an older set of that value is displaced and its
    owner then chooses its discard pile (a ``pile`` decision)."""
    seat = st.turn
    st.hands[seat][i] -= k
    owner = st.owner[i]
    row = st.sets[seat]
    if owner >= 0:
        displaced = st.sets[owner][i]
        st.sets[owner][i] = 0
        st.nvals[owner] -= 1
        st.pending = (owner, i, displaced, -1)
    else:
        st.onboard += 1
    row[i] = k
    st.owner[i] = seat
    st.nvals[seat] += 1
    if i == NINJA and st.ninja:
        take_miniature(st, seat)
    if owner >= 0:
        st.phase = PILE
    else:
        after_second_action(st)


def take_miniature(st, seat: int) -> None:
    """A Ninja lay takes a miniature from the supply if one is left; usable from the
    player's next turn on."""
    if st.supply:
        st.supply -= 1
        st.minis[seat] += 1
        st.fresh[seat] += 1


# --- Action 2b: discard a card -----------------------------------------------------------


def discard_refusal(st, i: int, pile: int) -> str | None:
    why = second_action_refusal(st)
    if why:
        return why
    if not st.hands[st.turn][i]:
        return f"seat {st.turn} holds no card of {VALUES[i]}"
    return discard_pile_refusal(st.piles, pile)


def discard(st, i: int, pile: int) -> None:
    st.hands[st.turn][i] -= 1
    st.piles[pile].append(i)
    after_second_action(st)


def second_actions(st) -> list[int]:
    """Every legal lay and discard of the turn's player (after the two draws)."""
    hand = st.hands[st.turn]
    sets, owner = st.sets, st.owner
    minimum = MINIMUM_3 if st.n >= 3 else MINIMUM_2
    piles = st.piles
    discards = DISCARDS[discard_piles(piles)]
    out: list[int] = []
    i = -1
    for held in hand:
        i += 1
        if held:
            out += discards[i]
            if held >= 2:
                least = minimum[i]
                o = owner[i]
                if o >= 0 and sets[o][i] >= least:
                    least = sets[o][i] + 1
                if held >= least:
                    out += LAYS[i][least][held]
    return out


MINIMUM_2 = tuple(smallest_set(i, 2) for i in range(9))
MINIMUM_3 = tuple(smallest_set(i, 3) for i in range(9))
# Precomputed action tuples: the discards of value index i to the allowed piles, and the
# lays of i with ``least`` to ``held`` cards.
DISCARDS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    allowed: tuple(tuple(DISCARD + 2 * i + p - 2 for p in allowed) for i in range(9))
    for allowed in ((2, 3), (2,), (3,))
}
LAYS = tuple(
    tuple(
        tuple(tuple(range(LAY + (MAX_SET + 1) * i + least, LAY + (MAX_SET + 1) * i + held + 1))
              for held in range(MAX_SET + 1))
        for least in range(MAX_SET + 2)
    )
    for i in range(9)
)  # fmt: skip


# --- End of the turn ---------------------------------------------------------------------


def after_second_action(st) -> None:
    """The turn ends by itself, unless (ninja variant) its player holds a miniature not
    taken this turn: then it waits for an explicit ``end``."""
    seat = st.turn
    if st.ninja and st.minis[seat] > st.fresh[seat]:
        st.phase = END
    else:
        st.end_turn()


def end_refusal(st) -> str | None:
    if st.phase == END:
        return None
    if not st.ninja:
        return "a turn ends by itself; end is used only in the ninja variant"
    if st.phase in (DRAW1, DRAW2, ACT):
        return "a turn ends only after two draws and a lay or a discard"
    return "this turn has already ended"
