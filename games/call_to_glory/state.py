"""The game state and its one API (OpenSpiel style): current_player, legal_moves, apply,
is_over, result, view, record, clone, determinize; plus integer actions for speed
(legal_actions, apply_action, check_action; ``moves.py`` turns them into strings).

A state holds the whole game: the deals of every round (dealt up front from the seeded
``random.Random`` given to ``new_game``; a record carries them), the move log, and the
current round on small integer lists (see ``cards.py`` for the words).
"""

import random

from . import ninja, round_end, turn
from .cards import INDEX, VALUES, deal
from .checks import decision, refusal
from .copying import clone, determinize
from .discarding import discard_piles, place_on_discard_pile
from .moves import (
    ACTIONS,
    DISCARD,
    END,
    LAY,
    LOOKUP,
    MAX_SET,
    NINJA,
    PILE,
    REVEAL,
    STRINGS,
    MoveSyntaxError,
    string_to_move,
)
from .options import Options
from .phases import ACT, DEAL, DRAW1, DRAW2, NAMES, OVER
from .phases import END as ENDING
from .phases import PILE as PILING
from .phases import REVEAL as REVEALING
from .record import record_of, result_of
from .round_end import round_over
from .task_cards import DEFAULT_DECKS
from .view import view_of


class IllegalMove(ValueError):
    """A move refused by the rules; ``reason`` says why, in words a person understands."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class GameState:
    __slots__ = (
        "players", "n", "opts", "ninja", "decks", "tasks", "unrevealed", "revealed",
        "round_reveals", "deals", "logs", "results", "totals", "start", "hands", "sets",
        "owner", "nvals", "onboard", "piles", "supply", "minis", "fresh", "turn", "phase",
        "first", "pending", "order", "turns", "log",
    )  # fmt: skip
    # What is set outside __init__: per round by begin_round, the miniatures by
    # ninja.return_miniatures (a seat's and how many it took this turn).
    hands: list[list[int]]
    sets: list[list[int]]
    owner: list[int]
    nvals: list[int]
    piles: list[list[int]]
    supply: int
    minis: list[int]
    fresh: list[int]
    # Imperial Tasks (None without the variant): per seat, (deck, value index).
    unrevealed: list[list[tuple[int, int]]] | None
    revealed: list[list[tuple[int, int]]] | None
    round_reveals: list[tuple[int, int]]
    logs: list[list[int]]
    results: list[tuple[int, list[int], list[int], list[int]]]
    order: list[int]  # the seats still to reveal a task, in order
    # A displaced set or eliminated card waiting for its pile: (owner, value index,
    # cards, the phase after it or -1: the turn's second action is over).
    pending: tuple[int, int, int, int] | None
    log: list[int]  # this round's moves

    def __init__(self, players, opts: Options, decks=None, tasks=None, deals=None):
        self.players = tuple(players)
        self.n = len(self.players)
        self.opts = opts
        self.ninja = opts.ninja
        self.decks = decks or DEFAULT_DECKS
        self.tasks = tasks  # per seat: the three (deck, i) dealt; None without the variant
        self.unrevealed = None if tasks is None else [list(t) for t in tasks]
        self.revealed = None if tasks is None else [[] for _ in tasks]
        self.round_reveals = []
        self.deals = list(deals or [])  # per round: (hands, [D1, D2]) as values, top first
        self.logs = []  # per round: codes seat * ACTIONS + action
        self.results = []  # per finished round: (start, base, bonus, scores)
        self.totals = [0] * self.n
        self.start = 0
        self.order = []
        self.phase = DEAL
        self.turns = 0  # turns played in the whole game
        self.turn, self.first, self.pending, self.log, self.onboard = 0, -1, None, [], 0
        self.return_miniatures()
        if self.deals:
            self.begin_round()

    # --- rounds ----------------------------------------------------------------------

    def begin_round(self) -> None:
        """Set up the next round from its deal; its start player is already chosen."""
        hands, (d1, d2) = self.deals[len(self.results)]
        self.hands = [[0] * 9 for _ in range(self.n)]
        for seat, hand in enumerate(hands):
            row = self.hands[seat]
            for value in hand:
                row[INDEX[value]] += 1
        self.sets = [[0] * 9 for _ in range(self.n)]
        self.owner = [-1] * 9
        self.nvals = [0] * self.n
        self.onboard = 0
        index = INDEX.__getitem__
        self.piles = [list(map(index, reversed(d1))), list(map(index, reversed(d2))), [], []]
        self.return_miniatures()
        self.round_reveals = []
        self.turn = self.start
        self.phase = DRAW1
        self.first = -1
        self.pending = None
        self.log = []  # this round's moves
        self.logs.append(self.log)

    def needs_deal(self) -> bool:
        """True when a round is due but not dealt: a state replayed from a record that
        stops between rounds. ``deal_round(rng)`` then deals it."""
        return self.phase == DEAL

    def deal_round(self, rng: random.Random) -> None:
        """Deal the due round from ``rng`` (a seeded ``random.Random``) and begin it."""
        if self.phase != DEAL:
            raise ValueError("no round is waiting to be dealt")
        self.deals.append(deal(self.n, rng))
        self.begin_round()

    def return_miniatures(self) -> None:
        ninja.return_miniatures(self)

    def end_turn(self) -> None:
        self.turns += 1
        if round_over(self):
            round_end.end_round(self)
        else:
            self.fresh[self.turn] = 0
            self.turn = (self.turn + 1) % self.n
            self.phase = DRAW1

    # --- the API -----------------------------------------------------------------------

    def current_player(self) -> int | None:
        phase = self.phase
        if phase <= ENDING:
            return self.turn
        if phase == PILING and self.pending is not None:
            return self.pending[0]
        if phase == REVEALING:
            return self.order[0]
        return None

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase <= ACT:
            if phase == ACT:
                out = turn.second_actions(self)
            else:
                piles = self.piles
                first = self.first if phase == DRAW2 else -1
                out = [p for p in (0, 1, 2, 3) if piles[p] and p != first]
        elif phase == ENDING:
            out = [END]
        elif phase == PILING:
            return [PILE + p - 2 for p in discard_piles(self.piles)]
        elif phase == REVEALING and self.unrevealed is not None:
            return sorted({REVEAL + 9 * d + i for d, i in self.unrevealed[self.order[0]]})
        else:
            return []
        if self.ninja and self.minis[self.turn] > self.fresh[self.turn]:
            out += ninja.ninja_actions(self)
        return out

    def legal_moves(self) -> list[str]:
        seat = self.current_player()
        if seat is None:
            return []
        strings = STRINGS[seat]
        return [strings[a] for a in self.legal_actions()]

    def apply_action(self, action: int) -> None:
        """Apply a legal action of the current player, unchecked (see check_action)."""
        phase = self.phase
        if phase <= ENDING:
            seat = self.turn
            self.log.append(seat * ACTIONS + action)
            if action < DISCARD:  # a draw, the commonest action
                turn.draw(self, action)
                return
        else:
            actor = self.current_player()
            assert actor is not None, "apply_action takes a legal action: someone is to act"
            self.log.append(actor * ACTIONS + action)
        if action < PILE:
            turn.discard(self, (action - DISCARD) >> 1, (action & 1) + 2)
        elif action < END:
            self.place_pending(action - PILE + 2)
        elif action == END:
            self.end_turn()
        elif action < NINJA:
            i, k = divmod(action - LAY, MAX_SET + 1)
            turn.lay(self, i, k)
        elif action < REVEAL:
            target, i = divmod(action - NINJA, 9)
            ninja.eliminate_card(self, target, i)
        else:
            round_end.reveal(self, divmod(action - REVEAL, 9))

    def place_pending(self, pile: int) -> None:
        """The owner puts its displaced set, or its eliminated card, on a discard pile."""
        assert self.pending is not None, "only a pending set or card is placed"
        _owner, i, count, after = self.pending
        self.pending = None
        place_on_discard_pile(self.piles, pile, i, count)
        if after < 0:
            turn.after_second_action(self)
        else:
            self.phase = after

    def check_action(self, seat: int, action: int) -> str | None:
        """Why ``seat`` may not take ``action`` now, or None when it may."""
        return refusal(self, seat, action)

    def decision(self) -> str:
        return decision(self)

    def apply(self, move: str) -> None:
        """Apply a move string after checking it; IllegalMove(reason) leaves the state as it was."""
        found = LOOKUP.get(move) if type(move) is str else None
        if found is None:
            try:
                string_to_move(move)
            except MoveSyntaxError as exc:
                raise IllegalMove(str(exc)) from None
            raise IllegalMove(f"{move} is not a move of this game")
        seat, action = found
        why = self.check_action(seat, action)
        if why is not None:
            raise IllegalMove(why)
        self.apply_action(action)

    def result(self) -> dict:
        return result_of(self)

    def record(self) -> dict:
        return record_of(self)

    def view(self, seat: int | None) -> dict:
        return view_of(self, seat)

    def phase_name(self) -> str:
        return NAMES[self.phase]

    def clone(self) -> "GameState":
        """A cheap independent copy (for search bots)."""
        return clone(self)

    def determinize(self, seat: int, rng: random.Random) -> "GameState":
        return determinize(self, seat, rng)


__all__ = ["GameState", "IllegalMove", "VALUES"]
