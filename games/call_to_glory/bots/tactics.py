"""The greedy heuristics: one-ply rules of thumb for every kind of decision.

The greedy bot plays them on the public model of its view, and the search bot's
rollouts play them in sampled worlds. Each function decides for seat ``me`` and reads
only what ``me`` may see: its own hand, every set, the discard piles' top cards, pile
sizes, miniatures and its own tasks (never another hand or a draw pile's cards).

The core idea is a *worth* for holding ``c`` cards of a value: the points a set of it
would bring (plus the points an opponent's set would lose when displaced), scaled by
how far ``c`` is from the cards such a set needs, and zero when the cards still unseen
can no longer make a legal set. A draw takes the card that adds most worth (a draw
pile is worth the average over the cards still unseen); a discard gives up the card
that costs least; a lay is taken when its points, discounted by the threat of being
displaced, beat holding on.
"""

from .sim import ACT, DRAW1, END, NINJA, THRESHOLD, VALUES, discard_choices, min_set

# Chance that some opponent can displace a set of k cards while more than k cards of
# the value are unseen (one opponent; more opponents compound it).
THREAT = (0.0, 0.6, 0.45, 0.3, 0.18, 0.1, 0.06)
# The fewest cards of a set, per number of players, per value index.
MIN_SETS = {n: [min_set(i, n) for i in range(9)] for n in (2, 3, 4)}
ROUND_END_SWING = 100.0
# The racing rules' gain of a set of a value not yet scored, instead of its points
# (plus the points it would take from an opponent): what ends a round, and so wins it
# (96% of four-player greedy rounds), is the number of different sets, not their
# points; the low values, scarcer and so seldom displaced, count a little more.
RACE_GAINS = tuple(18.0 - 0.5 * v for v in VALUES)


def displaced_weight(n: int) -> float:
    """How much an opponent's lost points count: fully heads-up, less with more players."""
    return 1.0 if n == 2 else 0.6


# A value's gain (``Outlook.gains``): scored already, displacing an opponent's set
# (per number of players), or a fresh set; tables, since rollouts ask millions of times.
SCORED_GAINS = tuple(0.15 * v for v in VALUES)
DISPLACING_GAINS = {n: tuple(v * (1.0 + displaced_weight(n)) for v in VALUES) for n in (2, 3, 4)}
FRESH_GAINS = tuple(float(v) for v in VALUES)


def holding_worth(gain: float, need: int, unseen: int, c: int) -> float:
    """Worth of holding ``c`` cards of a value whose set is worth ``gain`` and needs
    ``need`` cards, with ``unseen`` more still to come (``Outlook.worth``; a plain
    function, since the search's rollouts ask it millions of times)."""
    if c <= 0:
        return 0.0
    if c >= need:
        extra = c - need
        return gain * (1.0 + 0.05 * (extra if extra < 3 else 3))
    if c + unseen < need:
        return 0.0
    progress = c / need
    return gain * progress * progress


class Outlook:
    """What seat ``me`` can tell about each value right now (computed once per decision)."""

    __slots__ = ("me", "n", "hand", "mine", "other", "unseen", "dispw", "needs", "gains")

    def __init__(self, sim, me: int):
        n = sim.n
        self.me = me
        self.n = n
        self.hand = hand = sim.hands[me]
        self.mine = mine = sim.sets[me]
        if n == 2:  # the common case, kept fast for the search's rollouts
            other = sim.sets[1 - me][:]
            unseen = [v - h - m - o for v, h, m, o in zip(VALUES, hand, mine, other, strict=True)]
        else:
            other = [0] * 9
            unseen = [v - h - m for v, h, m in zip(VALUES, hand, mine, strict=True)]
            for q in range(n):
                if q != me:
                    s = sim.sets[q]
                    for i in range(9):
                        if s[i]:
                            unseen[i] -= s[i]
                            if s[i] > other[i]:
                                other[i] = s[i]
        piles = sim.piles
        if piles[2]:
            unseen[piles[2][-1]] -= 1
        if piles[3]:
            unseen[piles[3][-1]] -= 1
        self.other = other
        self.unseen = unseen
        self.dispw = displaced_weight(n)
        lows = MIN_SETS[n]
        # More cards of a value we already score only protect what is scored.
        fresh = RACE_GAINS if sim.racer == me else FRESH_GAINS
        displacing = fresh if sim.racer == me else DISPLACING_GAINS[n]
        self.needs = needs = [0] * 9
        self.gains = gains = [0.0] * 9
        for i in range(9):
            m = mine[i]
            o = other[i]
            need = lows[i]
            if o >= need:
                need = o + 1
            if m >= need:
                need = m + 1
            needs[i] = need
            gains[i] = SCORED_GAINS[i] if m else (displacing[i] if o else fresh[i])

    def need(self, i: int) -> int:
        return self.needs[i]

    def worth(self, i: int, c: int) -> float:
        """Worth of holding ``c`` cards of value index ``i``."""
        return holding_worth(self.gains[i], self.needs[i], self.unseen[i], c)

    def blind_gain(self) -> float:
        """The mean marginal gain of a card drawn blind (any card still unseen)."""
        total = 0
        expected = 0.0
        hand = self.hand
        needs = self.needs
        gains = self.gains
        for i, u in enumerate(self.unseen):
            if u > 0:
                total += u
                c = hand[i]
                gain, need = gains[i], needs[i]
                expected += u * (
                    holding_worth(gain, need, u, c + 1) - holding_worth(gain, need, u, c)
                )
        return expected / total if total else 0.0

    def marginal_gain(self, i: int) -> float:
        c = self.hand[i]
        return self.worth(i, c + 1) - self.worth(i, c)

    def marginal_loss(self, i: int) -> float:
        c = self.hand[i]
        return self.worth(i, c) - self.worth(i, c - 1)

    def threat(self, i: int, k: int, extra_seen: int = 0) -> float:
        """Chance a fresh set of ``k`` cards is displaced before the round ends."""
        if self.unseen[i] + extra_seen <= k:
            return 0.0
        one = THREAT[k] if k < len(THREAT) else 0.04
        return 1.0 - (1.0 - one) ** (self.n - 1)


def choose_draw(sim, me: int) -> int:
    """The pile (0..3) to draw from next."""
    look = Outlook(sim, me)
    piles = sim.piles
    first = sim.first_pile if sim.phase != DRAW1 else -1
    blind = look.blind_gain()
    best, best_score = -1, -1.0
    for p in (2, 3, 0, 1):
        if p == first or not piles[p]:
            continue
        if p >= 2:
            top = piles[p][-1]
            score = look.marginal_gain(top)
            if look.hand[top] + 1 >= look.need(top):
                score += 0.25 * VALUES[top]
        else:
            score = blind + (0.001 if len(piles[p]) > len(piles[1 - p]) else 0.0)
        if score > best_score:
            best, best_score = p, score
    return best


def lay_score(sim, look: Outlook, i: int, k: int) -> float:
    """How good laying ``k`` cards of index ``i`` is now (points, roughly)."""
    value = VALUES[i]
    displacing = look.other[i]
    gain = 0.0 if look.mine[i] else float(value)
    if displacing:
        gain += look.dispw * value
    if look.mine[i]:
        gain += 0.3 * value * (look.threat(i, look.mine[i]) - look.threat(i, k))
    score = gain * (1.0 - 0.6 * look.threat(i, k, displacing))
    ends, margin = lay_ends_round(sim, look, i)
    if ends:
        score += ROUND_END_SWING if margin > 0 else -ROUND_END_SWING
    return score


def lay_ends_round(sim, look: Outlook, i: int) -> tuple:
    """Whether laying index ``i`` ends the round, and my base-score margin then."""
    me, n = look.me, look.n
    distinct = sum(1 for x in look.mine if x) + (0 if look.mine[i] else 1)
    on_table = all(any(sim.sets[q][j] for q in range(n)) or j == i for j in range(9))
    if distinct < THRESHOLD[n] and not on_table:
        return False, 0
    scores = []
    for q in range(n):
        s = sim.sets[q]
        total = sum(VALUES[j] for j in range(9) if s[j] and j != i)
        if q == me:
            total += VALUES[i]
        scores.append(total + sim.totals[q])
    best_other = max(scores[q] for q in range(n) if q != me)
    return True, scores[me] - best_other


def choose_action(sim, me: int) -> tuple:
    """``("lay", i, k)`` or ``("discard", i, pile)`` after the draws."""
    look = Outlook(sim, me)
    hand = look.hand
    best_lay, best_lay_score = None, 0.0
    for i in range(9):
        k = hand[i]
        if k >= 2 and k >= look.need(i):
            score = lay_score(sim, look, i, k)
            if score > best_lay_score:
                best_lay, best_lay_score = i, score
    if best_lay is not None and best_lay_score >= 2.0:
        return ("lay", best_lay, hand[best_lay])
    cheapest, cheapest_loss = -1, 1e9
    for i in range(9):
        if hand[i]:
            loss = look.marginal_loss(i) + feeding_risk(sim, look, i)
            if loss < cheapest_loss:
                cheapest, cheapest_loss = i, loss
    return ("discard", cheapest, choose_place(sim, me, cheapest, 1))


def feeding_risk(sim, look: Outlook, i: int) -> float:
    """What a card on a discard pile may give the next player (a small tie-breaker)."""
    nxt = (look.me + 1) % look.n
    if sim.sets[nxt][i]:
        return 0.0
    return 0.08 * VALUES[i]


def usefulness_to_others(sim, owner: int, i: int) -> float:
    for q in range(sim.n):
        if q != owner and sim.sets[q][i]:
            return 0.2 * VALUES[i]
    return 0.5 * VALUES[i]


def choose_place(sim, owner: int, _i: int, _size: int) -> int:
    """The discard pile for ``owner``'s cards: bury the top most useful to the others."""
    choices = discard_choices(sim.piles)
    if len(choices) == 1:
        return choices[0]
    x1, x2 = sim.piles[2], sim.piles[3]
    if not x1:
        return 2
    bury1 = usefulness_to_others(sim, owner, x1[-1])
    bury2 = usefulness_to_others(sim, owner, x2[-1])
    return 3 if bury2 > bury1 else 2


def choose_ninja(sim, me: int):
    """``(target, i)`` to eliminate now, or None to keep the miniature."""
    if sim.usable_minis() <= 0:
        return None
    hand = sim.hands[me]
    late = min(len(sim.piles[0]), len(sim.piles[1])) <= 2 * sim.n or sim.phase == END
    best, best_score = None, 0.0
    for q in range(sim.n):
        if q == me:
            continue
        s = sim.sets[q]
        for i in range(9):
            size = s[i]
            if not size:
                continue
            value = VALUES[i]
            if size == 1:
                score = value * 1.5
            elif hand[i] >= max(size, min_set(i, sim.n)) and sim.phase == ACT:
                score = value * 1.2  # shrink it, then displace it with this turn's lay
            elif late:
                score = value / size
            else:
                score = 0.0
            if i == NINJA:
                score *= 0.9
            if score > best_score:
                best, best_score = (q, i), score
    return best


def choose_reveal(sim, seat: int, _revealed) -> tuple:
    """The task ``(points, i)`` to reveal: the best bonus for me against the others."""
    best, best_score = None, -1e9
    for task in sim.tasks[seat]:
        points, i = task
        mine = points * sim.sets[seat][i]
        other = max(points * sim.sets[q][i] for q in range(sim.n) if q != seat)
        score = mine - other - 0.01 * points
        if score > best_score:
            best, best_score = task, score
    assert best is not None, "a seat reveals one of the tasks it holds"
    return best
