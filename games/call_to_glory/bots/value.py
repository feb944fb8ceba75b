"""A learned estimate of where an unfinished round is heading, for cutting rollouts short.

For each seat of a sampled world it predicts the seat's score at the round's end as a
linear function of a few features of the world now (``features``); the estimate for
``me`` is my predicted total minus the best other's. The weights are fitted by least
squares on positions of rounds the greedy rules play against themselves, one set of
weights per number of players, and kept in ``value.json``; ``training.train`` makes
that file again from its seed (``manage.py train_bot_value``), the same bytes every time.
"""

import json
from functools import cache
from pathlib import Path

from . import tactics
from .sim import THRESHOLD, VALUES, Sim

DATA_FILE = Path(__file__).with_name("value.json")
FEATURES = (
    "bias",
    "sets",  # points of the seat's sets now
    "threatened",  # those points times the chance each set is displaced
    "hand",  # the worth of the hand, by the tactics' measure
    "hand x left",  # the same, times the share of the draw piles left
    "sets x left",
    "distinct",  # values the seat has sets of, over the count that ends the round
    "waits",  # turns before the seat moves (0: its turn), over the players
    "hand size",
    "best other sets",
    "best other distinct",
    "left",  # share of the draw piles left
)
FULL_PILE = {n: (110 - 3 * n) // 2 for n in (2, 3, 4)}


def features(sim: Sim, q: int) -> list:
    n = sim.n
    look = tactics.Outlook(sim, q)
    left = min(len(sim.piles[0]), len(sim.piles[1])) / FULL_PILE[n]
    s = sim.sets[q]
    hand = sim.hands[q]
    points = threatened = worth = 0.0
    distinct = 0
    for i in range(9):
        if s[i]:
            points += VALUES[i]
            threatened += VALUES[i] * look.threat(i, s[i])
            distinct += 1
        if hand[i]:
            worth += look.worth(i, hand[i])
    best_points = best_distinct = 0
    for other in range(n):
        if other != q:
            row = sim.sets[other]
            best_points = max(best_points, sum(VALUES[i] for i in range(9) if row[i]))
            best_distinct = max(best_distinct, sum(1 for x in row if x))
    end = THRESHOLD[n]
    return [
        1.0,
        points,
        threatened,
        worth,
        worth * left,
        points * left,
        distinct / end,
        ((q - sim.turn) % n) / n,
        float(sum(hand)),
        float(best_points),
        best_distinct / end,
        left,
    ]


@cache
def weights() -> dict:
    """The weights per number of players, from ``value.json``."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    if data["features"] != list(FEATURES):
        raise ValueError(f"{DATA_FILE.name} was trained for other features; retrain it")
    return {int(n): row for n, row in data["weights"].items()}


def predict(sim: Sim, q: int, row: list) -> float:
    return sum(w * x for w, x in zip(row, features(sim, q), strict=True))


def estimate(sim: Sim, me: int) -> float:
    """My predicted total at the round's end minus the best other seat's."""
    row = weights()[sim.n]
    best_other = -1e9
    mine = 0.0
    for q in range(sim.n):
        value = sim.totals[q] + predict(sim, q, row)
        if q == me:
            mine = value
        elif value > best_other:
            best_other = value
    return mine - best_other
