"""How long the search bot's fast model (``sim.py``) takes to play a whole round with
the greedy rules for every seat, heads-up and at four players: the unit of work of
every rollout, so the search's time per decision follows it.

The same 300 deals each time (seed 5), each played ten times, every other time with
seat 0 on the racing rules; process time in one process.
"""

import random
import time

from games.call_to_glory.bots.rollout import play_out
from games.call_to_glory.bots.training import deal

DEALS = 300
REPEATS = 10


def us_per_round(players: int, deals: int, repeats: int) -> float:
    rng = random.Random(5)
    dealt = [deal(players, rng) for _ in range(deals)]
    started = time.process_time()
    for repeat in range(repeats):
        for sim in dealt:
            world = sim.clone()
            world.racer = 0 if repeat % 2 else -1
            play_out(world)
    return (time.process_time() - started) / (deals * repeats) * 1_000_000


def run(quick: bool = False) -> list[dict]:
    repeats = 2 if quick else REPEATS
    return [
        {
            "benchmark": f"fast model, one greedy round, {players}p",
            "value": us_per_round(players, DEALS, repeats),
            "unit": "µs",
            "target": "",
        }
        for players in (2, 4)
    ]
