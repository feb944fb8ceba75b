"""Reading the other players' turns between two of ours, at 3-4 players.

Between two of our turns every other player played one turn, in seat order, and we
see only where it all ended: the draw and discard piles' sizes, the discard tops, the
sets. Each turn is two draws from two different piles, then a discard (of a card we
do not see) or a lay (its player's set grows; an older set of that value goes, face
up, onto a discard pile its owner chooses). ``read_cycle`` tries every way the turns
could have gone (which piles each player drew from, where each card went) against
the public state before and after, and keeps only what is true in every way that
fits: the cards each player must hold. A card known before stays known only while no
way of the turns could have thrown it away. Whatever the views cannot settle (a ninja
used, a set changing hands twice) leaves no way that fits, and everything is forgotten.
"""

D1, D2, X1, X2 = 0, 1, 2, 3
# A turn's two draws come from two different piles.
DRAW_PAIRS = ((D1, D2), (D1, X1), (D1, X2), (D2, X1), (D2, X2), (X1, X2))
UNKNOWN = -1
DISCARDED = 100  # DISCARDED + seat: the card that seat discarded, of a value not yet known


class Pile:
    """A discard pile as far as we can follow it: ``hidden`` cards we never saw under
    ``cards`` (value indexes, UNKNOWN, or DISCARDED + seat), top last."""

    __slots__ = ("hidden", "cards")

    def __init__(self, hidden: int, cards: tuple):
        self.hidden = hidden
        self.cards = cards

    @classmethod
    def seen(cls, size: int, top) -> "Pile":
        return cls(size - 1, (top,)) if size else cls(0, ())

    def size(self) -> int:
        return self.hidden + len(self.cards)

    def take(self) -> tuple:
        """(the card taken from the top, the pile after)."""
        if self.cards:
            return self.cards[-1], Pile(self.hidden, self.cards[:-1])
        return UNKNOWN, Pile(self.hidden - 1, ())

    def put(self, cards: tuple) -> "Pile":
        return Pile(self.hidden, self.cards + cards)


def allowed_piles(piles: list) -> tuple:
    """The discard rule: while exactly one of X1 and X2 holds cards, cards go to the other."""
    x1, x2 = piles[0].size(), piles[1].size()
    if x1 and not x2:
        return (1,)
    if x2 and not x1:
        return (0,)
    return (0, 1)


def lays(before: list, after: list, me: int) -> dict | None:
    """Per seat that laid a set: (value index, cards laid, cards displaced); None when
    the sets changed in a way no single lay per player explains (a ninja, a set laid
    and displaced again)."""
    plan = {}
    for i in range(9):
        changed = [s for s in range(len(before)) if before[s][i] != after[s][i]]
        if not changed:
            continue
        grown = [s for s in changed if after[s][i] > before[s][i]]
        gone = [s for s in changed if after[s][i] == 0]
        if len(grown) != 1 or len(changed) - 1 != len(gone) or len(gone) > 1:
            return None
        q = grown[0]
        if q == me or q in plan:
            return None
        displaced = before[gone[0]][i] if gone else before[q][i]
        plan[q] = (i, after[q][i], displaced)
    return plan


def read_cycle(before: dict, after: dict, me: int, held: list, hand_sizes: list) -> list | None:
    """Per seat (None for ``me``), counts per value index of the cards that seat surely
    holds after its turn, given ``held`` (the same, before it); ``before`` and
    ``after`` are ``memory.public`` states. None when no way of the turns fits."""
    n = len(before["sets"])
    plan = lays(before["sets"], after["sets"], me)
    if plan is None:
        return None
    blind = [before["draws"][p] - after["draws"][p] for p in (D1, D2)]
    order = [(me + k) % n for k in range(1, n)]
    if not all(0 <= b <= len(order) for b in blind):
        return None
    piles = [Pile.seen(before["sizes"][p], before["tops"][p]) for p in (0, 1)]
    best = None
    for piles_after, turns in _ways(order, 0, piles, blind, plan, {}):
        if not _ends_as_seen(piles_after, after):
            continue
        outcome = _outcome(turns, piles_after, held, hand_sizes, plan, after["tops"])
        if outcome is None:
            continue
        best = outcome if best is None else _common(best, outcome)
        if not any(any(row) for row in best if row is not None):
            break  # nothing known is left to lose
    return best


def _ways(order, k, piles, blind, plan, turns):
    """Every way the turns from ``order[k]`` on can go: (discard piles after, per seat
    the value indexes of the cards it took that we knew)."""
    if k == len(order):
        if blind == [0, 0]:
            yield piles, turns
        return
    q = order[k]
    left = len(order) - k - 1
    for pair in DRAW_PAIRS:
        need = [blind[0] - (D1 in pair), blind[1] - (D2 in pair)]
        if min(need) < 0 or max(need) > left:
            continue
        drawn = _draw_pair(piles, pair)
        if drawn is None:
            continue
        now, taken = drawn
        known = [card for card in taken if 0 <= card < 9]
        for placed in _placements(now, q, plan):
            yield from _ways(order, k + 1, placed, need, plan, {**turns, q: known})


def _draw_pair(piles, pair):
    """The piles after drawing ``pair`` and the discards taken; None if a discard pile
    it draws from is empty."""
    now = list(piles)
    taken = []
    for p in pair:
        if p >= X1:
            if not now[p - 2].size():
                return None
            card, now[p - 2] = now[p - 2].take()
            taken.append(card)
    return now, taken


def _placements(now, q, plan):
    """Every discard pile set after seat ``q`` puts down what it puts down."""
    if q in plan:
        i, _laid, displaced = plan[q]
        targets = allowed_piles(now) if displaced else (None,)
        for target in targets:
            placed = list(now)
            if target is not None:
                placed[target] = now[target].put((i,) * displaced)
            yield placed
    else:
        for target in allowed_piles(now):
            placed = list(now)
            placed[target] = now[target].put((DISCARDED + q,))
            yield placed


def _ends_as_seen(piles: list, after: dict) -> bool:
    for p in (0, 1):
        pile = piles[p]
        if pile.size() != after["sizes"][p]:
            return False
        top = pile.cards[-1] if pile.cards else UNKNOWN
        if 0 <= top < 9 and top != after["tops"][p]:
            return False
    return True


def _outcome(turns, piles, held, hand_sizes, plan, tops) -> list | None:
    """The cards each seat surely holds if the turns went this way; None if that way
    leaves a seat knowing more cards than its hand holds."""
    shown = {}  # seat -> value of its discard, where it lies on top
    for p in (0, 1):
        if piles[p].cards and piles[p].cards[-1] >= DISCARDED:
            shown[piles[p].cards[-1] - DISCARDED] = tops[p]
    outcome = [None if row is None else row[:] for row in held]
    for q, known in turns.items():
        row = outcome[q]
        for card in known:
            row[card] += 1
        if q in plan:
            i, laid, _displaced = plan[q]
            row[i] = max(row[i] - laid, 0)
        elif q in shown:
            row[shown[q]] = max(row[shown[q]] - 1, 0)
        else:  # a card we did not see: any known one may be gone
            row[:] = [max(c - 1, 0) for c in row]
        if sum(row) > hand_sizes[q]:
            return None
    return outcome


def _common(a: list, b: list) -> list:
    return [
        None if x is None else [min(u, v) for u, v in zip(x, y, strict=True)]
        for x, y in zip(a, b, strict=True)
    ]
