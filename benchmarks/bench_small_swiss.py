"""An evening's Swiss: 16 people at tables of 4 for six rounds (from round 4 on some
repeats cannot be avoided; in round 6 everyone has met everyone), random places, two
seeds. The CPU of pairing each round and the repeat meetings; the format alone, no
database.

    .venv/bin/python -m benchmarks.run --only small_swiss
"""

import random
import sys
import time
from collections import Counter

from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format

SEEDS = (1, 2)


def evening(players: int, size: int, rounds: int, seed: int) -> list[tuple[float, int]]:
    """Each round's (CPU seconds, repeat meetings so far)."""
    fmt, history, points = get_format("swiss"), History(), Counter()
    places_rng, figures = random.Random(seed), []
    for number in range(1, rounds + 1):
        contenders = [Contender(key=k, points=points[k]) for k in range(players)]
        started = time.process_time()
        tables = fmt.pair(PairingRequest(contenders, history, size, number, seed))
        cpu = time.process_time() - started
        played = []
        for table in tables:
            places = tuple(places_rng.sample(range(1, len(table.seats) + 1), len(table.seats)))
            for key, place in zip(table.seats, places, strict=True):
                points[key] += size - place
            played.append(PastTable(tuple(table.seats), places, table.bye))
        history.rounds.append(played)
        repeats = sum(times - 1 for times in history.meetings().values())
        figures.append((cpu, repeats))
    return figures


def run(quick=False) -> list[dict]:
    rounds = 5 if quick else 6
    evenings = [evening(16, 4, rounds, seed) for seed in SEEDS]
    rows = []
    for number in range(4, rounds + 1):
        label = f"swiss, 16 at 4s, round {number}"
        rows += [
            {
                "benchmark": f"{label}: CPU to pair, most of {len(SEEDS)} seeds",
                "value": max(e[number - 1][0] for e in evenings) * 1000,
                "unit": "ms",
            },
            {
                "benchmark": f"{label}: repeats so far, each seed",
                "value": "/".join(str(e[number - 1][1]) for e in evenings),
                "unit": "meetings",
            },
        ]
    return rows


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
