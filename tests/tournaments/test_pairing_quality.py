"""Swiss quality on the points tables real events use (issue 47): 3/2/1/0, 4/2/1/0,
5/3/2/1, win only and the game's scores as points, at 64 and 1,000 entrants and one
fewer with a bye. Rounds 2-4 of the reference scenario (``benchmarks.pairing_scenario``:
tables of 4, random places) summed over seeds 1-3: no repeat meeting, and the score
spread within 2x its lower bound at 64 entrants and 1.25x at 1,000. The tables depend
on the seed only: not on the clock, not on the global random state."""

import random
import time
from collections import Counter

import pytest

from benchmarks.pairing_scenario import play, played
from tournaments.formats import Contender, History, PairingRequest, get_format

POINTS = {
    "3/2/1/0": {"by_place": (3, 2, 1, 0)},
    "4/2/1/0": {"by_place": (4, 2, 1, 0)},
    "5/3/2/1": {"by_place": (5, 3, 2, 1)},
    "win only": {"by_place": (1, 0, 0, 0)},
    "scores as points": {"scores": (40, 160)},
}
FIELDS = [(64, 2.0, "smaller"), (63, 2.0, "byes"), (1000, 1.25, "smaller"), (999, 1.25, "byes")]


@pytest.mark.parametrize("points", POINTS)
@pytest.mark.parametrize(("players", "ratio", "fill"), FIELDS)
def test_no_repeat_and_the_spread_near_its_bound(points, players, ratio, fill):
    runs = [play(players, 4, seed, fill=fill, **POINTS[points]) for seed in (1, 2, 3)]

    assert sum(sum(f["repeats"]) for f in runs) == 0
    spread = sum(sum(f["spread"][1:]) for f in runs)
    assert spread <= ratio * sum(sum(f["lower_bound"][1:]) for f in runs)


def fourth_round(players: int, scores: tuple) -> PairingRequest:
    history, points, rng = History(), Counter(), random.Random(5)
    swiss = get_format("swiss")
    for number in range(1, 5):
        contenders = [Contender(key=k, points=points[k]) for k in range(players)]
        request = PairingRequest(contenders, history, 4, number, 11)
        if number == 4:
            return request
        history.rounds.append(played(swiss.pair(request), points, rng, scores=scores))
    raise AssertionError("unreachable")


@pytest.mark.parametrize("scores", [(), (40, 160)], ids=["places", "scores"])
def test_the_tables_depend_on_the_seed_only_not_on_the_clock(monkeypatch, scores):
    request = fourth_round(400, scores)
    swiss = get_format("swiss")
    first = [t.seats for t in swiss.pair(request)]

    random.seed(12345)  # the global random state disturbed
    ticks = iter(range(10**9))
    for clock in ("perf_counter", "monotonic", "time", "process_time"):
        # A clock racing ahead: a search that stopped by the clock would stop at once.
        monkeypatch.setattr(time, clock, lambda: 10**6 * next(ticks))
    again = [t.seats for t in swiss.pair(request)]

    assert again == first
