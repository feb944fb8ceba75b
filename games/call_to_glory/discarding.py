"""The discard rule (X1/X2): every card that goes to a discard pile follows it.

If exactly one of X1 and X2 holds cards, the cards must go to the empty one (the second
pile is formed before more cards go onto the first); otherwise whoever discards chooses.
"""

from .moves import PILES, X1, X2

BOTH = (X1, X2)
ONLY_X1 = (X1,)
ONLY_X2 = (X2,)


def discard_piles(piles) -> tuple[int, ...]:
    """The discard piles a card may go to now."""
    if piles[X1]:
        return BOTH if piles[X2] else ONLY_X2
    return ONLY_X1 if piles[X2] else BOTH


def discard_pile_refusal(piles, pile: int) -> str | None:
    """Why a card may not go to ``pile`` now, or None."""
    allowed = discard_piles(piles)
    if pile in allowed:
        return None
    target = PILES[allowed[0]]
    return (
        f"{PILES[pile]} holds cards and {target} is empty: the card must go to {target} "
        "(the second discard pile is formed first)"
    )


def place_on_discard_pile(piles, pile: int, i: int, count: int) -> None:
    """Put ``count`` cards of value index ``i`` onto ``pile`` (one pile for a whole set)."""
    if count == 1:
        piles[pile].append(i)
    else:
        piles[pile].extend([i] * count)
