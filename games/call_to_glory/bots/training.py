"""Training the learned estimate (``value.py``) from rounds of greedy self-play.

    data = train(seed=1, rounds=500)   # the contents of value.json
    DATA_FILE.write_text(dumps(data))

The rounds are dealt from ``random.Random(seed)`` and played in the fast model with the
greedy rules for every seat; each seat's features at every other turn start are
paired with its score at the round's end, and least squares (plain Python, a little
ridge) fits one row of weights per number of players. Rounded weights make a retrained
file the same bytes.
"""

import json
import random

from .rollout import play_step
from .sim import DRAW1, OVER, VALUES, Sim
from .value import FEATURES, features

RIDGE = 1e-3
DIGITS = 4


def deal(n: int, rng: random.Random) -> Sim:
    """A fresh round of the basic game in the model, dealt from ``rng``."""
    cards = [i for i in range(9) for _ in range(VALUES[i])]
    rng.shuffle(cards)
    sim = Sim(n)
    for q in range(n):
        for card in cards[3 * q : 3 * q + 3]:
            sim.hands[q][card] += 1
    rest = cards[3 * n :]
    half = (len(rest) + 1) // 2
    sim.piles = [rest[:half], rest[half:], [], []]
    return sim


def positions(n: int, rounds: int, rng: random.Random, every: int = 2):
    """(features, final round score) of every seat at every ``every``-th turn start
    of ``rounds`` rounds the greedy rules play against themselves."""
    for _ in range(rounds):
        sim = deal(n, rng)
        seen: list[tuple[int, list]] = []
        turn = 0
        while sim.phase != OVER:
            if sim.phase == DRAW1:
                if turn % every == 0:
                    seen.extend((q, features(sim, q)) for q in range(n))
                turn += 1
            play_step(sim)
        final = sim.base_scores()
        for q, row in seen:
            yield row, final[q]


def fit(samples) -> list:
    """Least squares (with a little ridge) by the normal equations, in plain Python."""
    k = len(FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    count = 0
    for row, target in samples:
        count += 1
        for a in range(k):
            ra = row[a]
            xty[a] += ra * target
            line = xtx[a]
            for b in range(a, k):
                line[b] += ra * row[b]
    for a in range(k):
        for b in range(a):
            xtx[a][b] = xtx[b][a]
        xtx[a][a] += RIDGE * count
    return _solve(xtx, xty)


def _solve(matrix: list, vector: list) -> list:
    """Gaussian elimination with partial pivoting."""
    k = len(vector)
    rows = [matrix[a][:] + [vector[a]] for a in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[a][k] / rows[a][a] for a in range(k)]


def train(seed: int, rounds: int) -> dict:
    """The contents of ``value.json``: weights per number of players, fitted on
    ``rounds`` greedy rounds each, dealt from ``random.Random(seed)``."""
    rng = random.Random(seed)
    fitted = {}
    for n in (2, 3, 4):
        fitted[str(n)] = [round(w, DIGITS) for w in fit(positions(n, rounds, rng))]
    return {"seed": seed, "rounds": rounds, "features": list(FEATURES), "weights": fitted}


def dumps(data: dict) -> str:
    return json.dumps(data, indent=1) + "\n"
