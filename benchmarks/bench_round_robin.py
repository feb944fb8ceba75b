"""A round robin's schedule searched for a field with no known design: the CPU of one
search (the request that pairs round 1 pays it, once per process), the repeat
meetings of the whole schedule against the fewest possible, and the first round with
a repeat. Seeds 1-3 of each field; the format alone, no database.

    .venv/bin/python -m benchmarks.run --only round_robin
"""

import math
import statistics
import sys
import time
from collections import Counter
from itertools import combinations

from tournaments.formats.round_robin import RoundRobin, searched_schedule
from tournaments.formats.seating import table_sizes

FIELDS = [(12, 3), (17, 3), (24, 3), (30, 3), (12, 4), (22, 4), (28, 4)]
QUICK_FIELDS = [(12, 3), (22, 4)]
SEEDS = (1, 2, 3)


def fewest_repeats(n: int, k: int, rounds: int) -> int:
    """Meetings beyond one per pair that the rounds' tables cannot avoid."""
    sizes, _ = table_sizes(n, k)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    return max(0, meetings - n * (n - 1) // 2)


def first_repeat(rounds) -> int | None:
    seen = Counter()
    for number, tables in enumerate(rounds, start=1):
        for table in tables:
            for pair in combinations(sorted(m for m in table if m is not None), 2):
                seen[pair] += 1
                if seen[pair] > 1:
                    return number
    return None


def searched(n: int, k: int, seed: int) -> dict:
    rounds = RoundRobin().rounds_for(n, k)
    searched_schedule.cache_clear()
    started = time.process_time()
    repeats, schedule = searched_schedule(tuple(range(n)), k, rounds, seed)
    cpu = time.process_time() - started
    return {"cpu": cpu, "repeats": repeats, "first": first_repeat(schedule), "rounds": rounds}


def run(quick=False) -> list[dict]:
    rows = []
    for n, k in QUICK_FIELDS if quick else FIELDS:
        runs = [searched(n, k, seed) for seed in SEEDS]
        rounds = runs[0]["rounds"]
        label = f"round robin, {n} at {k}s ({rounds} rounds), searched schedule"
        firsts = [r["first"] or math.inf for r in runs]
        rows += [
            {
                "benchmark": f"{label}: CPU, median of {len(SEEDS)}",
                "value": statistics.median(r["cpu"] for r in runs) * 1000,
                "unit": "ms",
            },
            {
                "benchmark": f"{label}: repeats, most of {len(SEEDS)}",
                "value": max(r["repeats"] for r in runs),
                "unit": "meetings",
                "target": f">= {fewest_repeats(n, k, rounds)} forced",
            },
            {
                "benchmark": f"{label}: first round with a repeat, earliest",
                "value": min(firsts) if min(firsts) != math.inf else "none",
                "unit": "round",
            },
        ]
    return rows


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
