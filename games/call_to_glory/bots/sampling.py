"""One seat's knowledge of a round, and worlds built from it.

``Known`` holds exactly what a seat may see (see the rules' "Hidden information").
``public_world`` turns it into a model whose hidden parts are placeholders (``None``
cards, empty hands), so a heuristic that peeked at hidden cards would fail loudly;
``sample_world`` fills the hidden parts at random with the cards the seat has not
seen, in the right numbers: a determinization consistent with the view.
"""

from dataclasses import dataclass, field

from .sim import VALUES, Sim, min_set
from .tactics import Outlook, choose_action

# A sampled hand is the best of this many more cards, by its owner's own tactics.
EXTRA_SEEN = 8


@dataclass
class Known:
    n: int
    me: int
    hand: list  # my counts per value index
    sets: list  # per seat, counts per value index
    pile_sizes: list  # D1, D2, X1, X2
    tops: list  # value index of X1's and X2's top card, or None
    hand_sizes: list
    turn: int
    phase: int
    first_pile: int = -1
    ninja: bool = False
    minis: list = field(default_factory=list)
    fresh: list = field(default_factory=list)
    supply: int = 4
    # Imperial tasks: my unrevealed tasks as (points, index), the decks ("A", "B", "C")
    # of each other seat's hidden tasks, and per deck the cards those may be.
    my_tasks: list | None = None
    hidden_task_letters: list | None = None
    task_pool: dict | None = None
    # Cards off the table but on no pile yet (a displaced set awaiting its pile).
    limbo: list | None = None
    # Per seat, counts of cards known to be in that hand (seen taken from a discard pile).
    held: list | None = None
    # Per seat, what its last turn tells of its hand: (value index it discarded, value
    # indexes of the discard tops it left for a blind draw), or None.
    clues: list | None = None
    totals: list = field(default_factory=list)
    start: int = 0
    last_round: bool = True

    def unseen_cards(self) -> list:
        """Every card this seat has not seen, as value indexes."""
        left = [VALUES[i] - self.hand[i] for i in range(9)]
        for s in self.sets:
            for i in range(9):
                left[i] -= s[i]
        for top in self.tops:
            if top is not None:
                left[top] -= 1
        if self.limbo:
            for i in range(9):
                left[i] -= self.limbo[i]
        if min(left) < 0:
            raise ValueError("the view shows more cards of a value than the game has")
        return [i for i in range(9) for _ in range(left[i])]


def _world(known: Known) -> Sim:
    sim = Sim(known.n)
    sim.sets = [s[:] for s in known.sets]
    sim.hands[known.me] = known.hand[:]
    sim.ninja = known.ninja
    sim.minis = known.minis[:] if known.minis else [0] * known.n
    sim.fresh = known.fresh[:] if known.fresh else [0] * known.n
    sim.supply = known.supply
    sim.turn = known.turn
    sim.phase = known.phase
    sim.first_pile = known.first_pile
    sim.waits_for_end = known.phase == 3
    sim.totals = known.totals[:] if known.totals else [0] * known.n
    sim.start = known.start
    sim.last_round = known.last_round
    return sim


def public_world(known: Known) -> Sim:
    """The model with every hidden card a ``None`` placeholder (for heuristics)."""
    sim = _world(known)
    for p in range(4):
        size = known.pile_sizes[p]
        # Only the sizes and the discard piles' known tops are read from this world: a
        # hidden card stays None, so that a heuristic reading one fails loudly.
        sim.piles[p] = [None] * size  # type: ignore[list-item]
        if p >= 2 and size:
            sim.piles[p][-1] = known.tops[p - 2]
    if known.my_tasks is not None:
        tasks: list[list[tuple[int, int]]] = [[] for _ in range(known.n)]
        tasks[known.me] = list(known.my_tasks)
        sim.tasks = tasks
    return sim


# Worlds drawn at most to find one whose hands agree with every clue.
CLUE_TRIES = 6


def sample_world(known: Known, rng, hand_model: bool = True) -> Sim:
    """A world drawn at random from those consistent with ``known``.

    With ``hand_model`` the other hands hold no set they could lay right now (as far as
    the cards allow): players lay a set as soon as they may, so a hand of unplayed pairs
    is unlikely, and a uniform deal would have the search fear sets that are not there.
    Without it, every consistent world is equally likely.

    With ``known.clues`` (what an opponent's last turn showed) a few worlds are drawn
    and the first whose hands agree with every clue is kept (else the one that
    disagrees least): a soft filter, since the opponent need not play by our rules."""
    if not known.clues:
        return _sample(known, rng, hand_model)
    best = _sample(known, rng, hand_model)
    best_misses = disagreements(best, known.clues)
    for _ in range(CLUE_TRIES - 1):
        if not best_misses:
            break
        world = _sample(known, rng, hand_model)
        misses = disagreements(world, known.clues)
        if misses < best_misses:
            best, best_misses = world, misses
    return best


def disagreements(world: Sim, clues: list) -> int:
    """How many clues the world's hands go against: a hand that, with the card its
    owner discarded, would not have discarded it by the tactics (or would have laid),
    and a hand holding a card of a discard top its owner left for a blind draw."""
    misses = 0
    for q, clue in enumerate(clues):
        if clue is None:
            continue
        discarded, passed = clue
        hand = world.hands[q]
        misses += sum(1 for top in passed if hand[top])
        hand[discarded] += 1
        action = choose_action(world, q)
        hand[discarded] -= 1
        if action[0] != "discard" or action[1] != discarded:
            misses += 1
    return misses


def _sample(known: Known, rng, hand_model: bool) -> Sim:
    sim = _world(known)
    cards = known.unseen_cards()
    rng.shuffle(cards)
    if known.held:
        _give_known_cards(sim, known, cards)
    if hand_model:
        cards = _deal_without_ready_sets(sim, known, cards)
    else:
        _deal_hands(sim, known, cards)
    _lay_piles(sim, known, cards)
    if known.my_tasks is not None:
        sim.tasks = _deal_tasks(known, rng)
    return sim


def _deal_hands(sim: Sim, known: Known, cards: list) -> None:
    """Fill the other hands up to their sizes from the front of ``cards`` (taken out)."""
    for q in range(known.n):
        if q != known.me:
            hand = sim.hands[q]
            wanted = known.hand_sizes[q] - sum(hand)
            for card in cards[:wanted]:
                hand[card] += 1
            del cards[:wanted]


def _lay_piles(sim: Sim, known: Known, cards: list) -> None:
    """The draw piles and the discard piles (under their known tops) from ``cards``."""
    at = 0
    for p in range(4):
        size = known.pile_sizes[p]
        if p >= 2:
            if size:
                sim.piles[p] = cards[at : at + size - 1] + [known.tops[p - 2]]
                at += size - 1
        else:
            sim.piles[p] = cards[at : at + size]
            at += size
    if at != len(cards):
        raise ValueError("the view's card counts do not add up to the 110 cards")


def _deal_tasks(known: Known, rng) -> list[list[tuple[int, int]]]:
    """Each seat's tasks: mine as known, the others' drawn from the unseen pools."""
    # read_tasks sets the three together
    assert known.my_tasks is not None
    assert known.task_pool is not None and known.hidden_task_letters is not None
    pools = {letter: list(cards) for letter, cards in known.task_pool.items()}
    tasks: list[list[tuple[int, int]]] = []
    for q in range(known.n):
        if q == known.me:
            tasks.append(list(known.my_tasks))
        else:
            dealt = []
            for letter in known.hidden_task_letters[q]:
                pool = pools[letter]
                if pool:
                    dealt.append(pool.pop(rng.randrange(len(pool))))
            tasks.append(dealt)
    return tasks


def _give_known_cards(sim: Sim, known: Known, cards: list) -> None:
    """Put the cards known to be in other hands there first (taken out of ``cards``)."""
    for q, counts in enumerate(known.held or []):
        if q == known.me or not counts:
            continue
        room = known.hand_sizes[q]
        for i in range(9):
            for _ in range(counts[i]):
                if room and i in cards:
                    cards.remove(i)
                    sim.hands[q][i] += 1
                    room -= 1


def _deal_without_ready_sets(sim: Sim, known: Known, cards: list) -> list:
    """Deal the other hands from ``cards`` as their owners would have kept them: no set
    they could lay right now (as far as the cards allow), and, of a few more cards than
    they hold, the ones the tactics would keep; returns the cards left for the piles."""
    ceiling = [VALUES[i] for i in range(9)]
    for i in range(9):
        biggest = max(s[i] for s in known.sets)
        ceiling[i] = max(min_set(i, known.n), biggest + 1) - 1
    rest = []
    at = 0
    for q in range(known.n):
        if q == known.me:
            continue
        hand = sim.hands[q]
        kept = hand[:]  # known cards, never dropped
        wanted = known.hand_sizes[q] - sum(kept)
        extra = min(wanted, EXTRA_SEEN)
        wanted += extra
        while wanted and at < len(cards):
            card = cards[at]
            at += 1
            if hand[card] < ceiling[card]:
                hand[card] += 1
                wanted -= 1
            else:
                rest.append(card)
        for _ in range(wanted):  # not enough harmless cards: take any
            hand[(rest or cards).pop()] += 1
        if extra:
            look = Outlook(sim, q)
            loss = [look.marginal_loss(i) if hand[i] > kept[i] else 1e9 for i in range(9)]
            for _ in range(extra):
                drop = loss.index(min(loss))
                hand[drop] -= 1
                rest.append(drop)
                loss[drop] = look.marginal_loss(drop) if hand[drop] > kept[drop] else 1e9
    rest.extend(cards[at:])
    return rest
