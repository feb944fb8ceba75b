"""A fast, compact model of one Call to Glory round, for the search bot's rollouts.

The engine is the authority on the rules; this model plays the same rules on small
integer arrays so that a rollout costs microseconds, not milliseconds. It only ever
holds a *determinization*: a world sampled from one seat's view (see ``sampling.py``),
never the real game's hidden state. A rule this model got wrong could make the search
bot play weaker, never illegally: bots always answer with one of the view's legal moves.

Words used here:
- value index ``i`` (0..8) stands for ``VALUES[i]``; hands and sets are lists of nine
  counts (``sets[p][i] == 0``: player ``p`` has no set of that value);
- piles 0..3 are D1, D2, X1, X2; each is a list with its top card at the END;
- a *phase* says which decision comes next inside the current turn.
"""

from games.call_to_glory.cards import INDEX, NINJA, THREE_CARD_VALUES, VALUES
from games.call_to_glory.moves import PILES
from games.call_to_glory.phases import ACT, DRAW1, DRAW2, END, OVER, THRESHOLD
from games.call_to_glory.task_cards import LETTERS, POINTS

# The rules' constants are the engine's (cards, moves, phases, task cards), named once; these
# are the model's own readings of them.
PILE_INDEX = {name: i for i, name in enumerate(PILES)}
TASK_POINTS = dict(zip(LETTERS, POINTS, strict=True))


def min_set(i: int, players: int) -> int:
    """The fewest cards a set of value index ``i`` may have when laid."""
    return 3 if players >= 3 and i in THREE_CARD_VALUES else 2


def discard_choices(piles) -> tuple:
    """The discard piles (2 or 3) a card may go to, by the "form the second pile" rule."""
    x1, x2 = piles[2], piles[3]
    if x1 and not x2:
        return (3,)
    if x2 and not x1:
        return (2,)
    return (2, 3)


class Sim:
    """One round in progress, every card known (a sampled world)."""

    __slots__ = (
        "n",
        "hands",
        "sets",
        "piles",
        "ninja",
        "minis",
        "fresh",
        "supply",
        "turn",
        "phase",
        "first_pile",
        "waits_for_end",
        "tasks",
        "totals",
        "start",
        "last_round",
        "racer",
    )

    def __init__(self, n: int):
        self.n = n
        self.hands = [[0] * 9 for _ in range(n)]
        self.sets = [[0] * 9 for _ in range(n)]
        self.piles: list[list[int]] = [[], [], [], []]
        self.ninja = False
        self.minis = [0] * n
        self.fresh = [0] * n
        self.supply = 4
        self.turn = 0
        self.phase = DRAW1
        self.first_pile = -1
        self.waits_for_end = False
        # Unrevealed tasks per seat as (points, value index); None when the variant is off.
        self.tasks: list[list[tuple[int, int]]] | None = None
        self.totals = [0] * n
        self.start = 0
        self.last_round = True
        # The seat that plays the racing rules (``tactics.RACE_GAINS``); -1: none.
        self.racer = -1

    def clone(self) -> "Sim":
        other = Sim.__new__(Sim)
        other.n = self.n
        other.hands = [h[:] for h in self.hands]
        other.sets = [s[:] for s in self.sets]
        other.piles = [p[:] for p in self.piles]
        other.ninja = self.ninja
        other.minis = self.minis[:]
        other.fresh = self.fresh[:]
        other.supply = self.supply
        other.turn = self.turn
        other.phase = self.phase
        other.first_pile = self.first_pile
        other.waits_for_end = self.waits_for_end
        other.tasks = None if self.tasks is None else [t[:] for t in self.tasks]
        other.totals = self.totals
        other.start = self.start
        other.last_round = self.last_round
        other.racer = self.racer
        return other

    # --- primitive steps -------------------------------------------------------------

    def draw(self, pile: int) -> None:
        card = self.piles[pile].pop()
        self.hands[self.turn][card] += 1
        if self.phase == DRAW1:
            self.first_pile = pile
            self.phase = DRAW2
        else:
            self.phase = ACT

    def lay(self, i: int, k: int, place) -> None:
        """Lay ``k`` cards of index ``i``; ``place(owner, i, k)`` picks the pile for a
        displaced set (its owner's decision)."""
        me = self.turn
        self.hands[me][i] -= k
        for q in range(self.n):
            size = self.sets[q][i]
            if size:
                self.sets[q][i] = 0
                self.piles[place(self, q, i, size)].extend([i] * size)
        self.sets[me][i] = k
        if self.ninja and i == NINJA and self.supply:
            self.supply -= 1
            self.minis[me] += 1
            self.fresh[me] += 1
        self._after_action()

    def discard(self, i: int, pile: int) -> None:
        self.hands[self.turn][i] -= 1
        self.piles[pile].append(i)
        self._after_action()

    def use_ninja(self, target: int, i: int, place) -> None:
        self.minis[self.turn] -= 1
        self.supply += 1
        self.sets[target][i] -= 1
        self.piles[place(self, target, i, 1)].append(i)

    def end_turn(self) -> None:
        self.fresh[self.turn] = 0
        self.waits_for_end = False
        if self.round_ended():
            self.phase = OVER
        else:
            self.turn = (self.turn + 1) % self.n
            self.phase = DRAW1
            self.first_pile = -1

    def _after_action(self) -> None:
        me = self.turn
        if self.ninja and self.minis[me] > self.fresh[me]:
            self.phase = END
            self.waits_for_end = True
        else:
            self.end_turn()

    def usable_minis(self) -> int:
        return self.minis[self.turn] - self.fresh[self.turn] if self.ninja else 0

    # --- the end of a round ------------------------------------------------------------

    def round_ended(self) -> bool:
        if not self.piles[0] or not self.piles[1]:
            return True
        most = 9 - THRESHOLD[self.n]  # the most values a seat may lack and go on
        if any(s.count(0) <= most for s in self.sets):
            return True
        return all(any(column) for column in zip(*self.sets, strict=True))

    def base_scores(self) -> list:
        return [sum(VALUES[i] for i in range(9) if s[i]) for s in self.sets]

    def round_scores(self, reveal) -> list:
        """Base plus task bonus, each seat revealing with ``reveal(sim, seat, revealed)``."""
        scores = self.base_scores()
        if self.tasks is None:
            return scores
        revealed: list[tuple[int, int]] = []
        for step in range(self.n):
            seat = (self.start + step) % self.n
            if self.tasks[seat]:
                task = reveal(self, seat, revealed)
                self.tasks[seat].remove(task)
                revealed.append(task)
        for points, i in revealed:
            for q in range(self.n):
                scores[q] += points * self.sets[q][i]
        return scores

    # --- engine move strings -------------------------------------------------------------

    def apply_text(self, move: str, place) -> None:
        """Play one engine move string (the bot's own root move) in this world."""
        words = move.split()
        verb = words[1]
        if verb == "draw":
            self.draw(PILE_INDEX[words[2]])
        elif verb == "lay":
            self.lay(INDEX[int(words[2])], int(words[3]), place)
        elif verb == "discard":
            self.discard(INDEX[int(words[2])], PILE_INDEX[words[3]])
        elif verb == "ninja":
            self.use_ninja(int(words[2]), INDEX[int(words[3])], place)
        elif verb == "end":
            self.end_turn()
        else:
            raise ValueError(f"the model cannot play {move!r} at this point")

    def legal_moves(self) -> list:
        """The turn player's legal moves in engine notation (pile and reveal decisions,
        which this model makes inside ``lay``, ``use_ninja`` and ``round_scores``, are
        not listed)."""
        if self.phase == OVER:
            return []
        moves = self.ninja_moves() if self.usable_minis() > 0 else []
        if self.phase == DRAW1 or self.phase == DRAW2:
            moves += self.draw_moves()
        elif self.phase == ACT:
            moves += self.act_moves()
        elif self.phase == END:
            moves.append(f"{self.turn} end")
        return moves

    def ninja_moves(self) -> list[str]:
        me = self.turn
        return [
            f"{me} ninja {q} {VALUES[i]}"
            for q in range(self.n)
            if q != me
            for i in range(9)
            if self.sets[q][i]
        ]

    def draw_moves(self) -> list[str]:
        barred = self.first_pile if self.phase == DRAW2 else -1
        return [f"{self.turn} draw {PILES[p]}" for p in range(4) if self.piles[p] and p != barred]

    def act_moves(self) -> list[str]:
        """Lay a set (more cards than every set of its value on the table), or discard."""
        me, hand = self.turn, self.hands[self.turn]
        moves = [
            f"{me} lay {VALUES[i]} {hand[i]}"
            for i in range(9)
            if hand[i] >= min_set(i, self.n) and all(hand[i] > s[i] for s in self.sets)
        ]
        for i in range(9):
            if hand[i]:
                moves += [
                    f"{me} discard {VALUES[i]} {PILES[p]}" for p in discard_choices(self.piles)
                ]
        return moves
