"""The search bot: determinized Monte Carlo over worlds sampled from its view."""

import random

from . import tactics
from .base import BuiltinBot, gettext_noop
from .decide import greedy_move, search_move
from .memory import Memory
from .sampling import public_world
from .seen import read_view
from .sim import DRAW1, DRAW2


class SearchBot(BuiltinBot):
    key = "search"
    name = gettext_noop("Search")
    description = gettext_noop(
        "Tries its options in imagined games (the Hard level, with settings)."
    )
    remembers = True  # its memory reads the views of its earlier decisions
    options = {
        "iterations": (
            45,
            int,
            gettext_noop("worlds sampled per decision heads-up (each plays every candidate)"),
        ),
        "table_iterations": (
            30,
            int,
            gettext_noop("worlds sampled per decision at 3-4 players (longer rollouts)"),
        ),
        "time_limit_ms": (
            0,
            float,
            gettext_noop("stop sampling after this long (0: no limit; not reproducible)"),
        ),
        "horizon": (
            100,
            int,
            gettext_noop("cycles of turns (each player once) a rollout plays before it is judged"),
        ),
        "candidates": (3, int, gettext_noop("discards searched besides every lay")),
        "confidence": (
            1.5,
            float,
            gettext_noop("how sure (in standard errors) a move must be to beat greedy's"),
        ),
        "win_bonus": (
            30.0,
            float,
            gettext_noop("points a won game is worth above its margin (last round)"),
        ),
        "hand_weight": (0.5, float, gettext_noop("how much a hand's worth counts in the estimate")),
        "inference": (
            True,
            bool,
            gettext_noop(
                "guess the opponent's hand from its last discard and the face-up cards it left"
            ),
        ),
        "table_memory": (
            True,
            bool,
            gettext_noop("at 3-4 players, remember the face-up cards the others took"),
        ),
        "learned": (
            True,
            bool,
            gettext_noop("judge an unfinished rollout by the learned estimate (value.json)"),
        ),
        "race": (
            True,
            bool,
            gettext_noop("play its own moves to lay many different sets rather than high ones"),
        ),
    }

    def __init__(self, seed: int = 0, **settings):
        super().__init__(seed, **settings)
        self.memory = Memory()

    def choose(self, view: dict) -> str:
        # Each decision draws its chances from a stream of its own, so a bot built
        # mid-game and shown the earlier ones (``recall``) decides as one kept from
        # the start.
        self.rng = random.Random(f"{self.seed}/{self.decisions}")
        self.decisions += 1
        held = self.memory.observe(view) if self._remembers(view) else None
        move = self._decide(view, held)
        if self._remembers(view):
            self.memory.expect(view, move)
        return move

    def recall(self, view: dict | None, move: str) -> None:
        self.decisions += 1
        if view is not None and self._remembers(view):  # a view: it ``remembers``
            self.memory.observe(view)
            self.memory.expect(view, move)

    def _remembers(self, view: dict) -> bool:
        return len(view["players"]) == 2 or self.settings["table_memory"]

    def _decide(self, view: dict, held) -> str:
        legal = view["legal_moves"]
        if len(legal) == 1:
            return legal[0]
        seen = read_view(view)
        me = view["seat"]
        if held is not None and any(any(row) for row in held if row is not None):
            seen.known.held = held
        clue = self.memory.clue
        if clue is not None and self.settings["inference"]:
            seen.known.clues = [None if seat == me else clue for seat in range(2)]
        if seen.kind == "pile":
            return seen.pile_move(tactics.choose_place(public_world(seen.known), *seen.placing))
        if seen.kind == "reveal":
            return seen.reveal_move(
                tactics.choose_reveal(public_world(seen.known), *seen.revealing)
            )
        s = self.settings
        if seen.known.phase in (DRAW1, DRAW2):
            # Draws follow the greedy rules: searching them did not pay (docs/bots.md).
            return greedy_move(seen.known, legal, s["race"])
        return search_move(
            seen.known,
            legal,
            self.rng,
            iterations=max(
                1, s["iterations"] if len(view["players"]) == 2 else s["table_iterations"]
            ),
            time_limit_ms=s["time_limit_ms"],
            max_discards=s["candidates"],
            win_weight=s["win_bonus"],
            horizon=s["horizon"],
            hand_weight=s["hand_weight"],
            confidence=s["confidence"],
            learned=s["learned"],
            race=s["race"],
        )
