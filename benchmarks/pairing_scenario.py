"""The reference Swiss scenario of issue 16, shared by the pairing benchmark and tests.

Tables of 4 (or ``table_size``); places give 3/2/1/0 points; every round is paired
by the format and played with random places. Per round it records the score spread
of the pairing, its lower bound for those points and table sizes, the repeat meetings
it seats and the time the pairing took."""

import random
import time
from collections import Counter
from itertools import combinations

from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format
from tournaments.formats.spread import score_spread, spread_lower_bound


def play(players: int, rounds: int, seed: int, table_size: int = 4, key: str = "swiss") -> dict:
    fmt, history, points = get_format(key), History(), Counter()
    rng = random.Random(f"results:{seed}")
    figures = {"spread": [], "lower_bound": [], "repeats": [], "seconds": []}
    for number in range(1, rounds + 1):
        contenders = [Contender(key=k, points=points[k]) for k in range(players)]
        met = history.meetings()
        started = time.perf_counter()
        tables = fmt.pair(PairingRequest(contenders, history, table_size, number, seed))
        figures["seconds"].append(time.perf_counter() - started)
        seated = [t.seats for t in tables if not t.bye]
        figures["spread"].append(score_spread([[points[k] for k in s] for s in seated]))
        figures["lower_bound"].append(
            spread_lower_bound([points[k] for s in seated for k in s], [len(s) for s in seated])
        )
        figures["repeats"].append(
            sum(1 for s in seated for a, b in combinations(sorted(s), 2) if met.get((a, b)))
        )
        history.rounds.append(played(tables, points, rng))
    return figures


def played(tables, points: Counter, rng: random.Random) -> list[PastTable]:
    """Random places for ``tables``; adds 3/2/1/0 points by place to ``points``."""
    past = []
    for table in tables:
        if table.bye:
            past.append(PastTable(tuple(table.seats), (1,), True))
            continue
        places = rng.sample(range(1, len(table.seats) + 1), len(table.seats))
        for key, place in zip(table.seats, places, strict=True):
            points[key] += max(0, 4 - place)
        past.append(PastTable(tuple(table.seats), tuple(places)))
    return past
