"""The reference Swiss scenario of issue 16, shared by the pairing benchmark and tests,
and its variants (issue 30): other points by place, fields that leave smaller tables
or byes, clubs kept apart.

Tables of 4 (or ``table_size``); places give 3/2/1/0 points (or ``by_place``; a bye
first place's); every round is paired by the format and played with random places.
Per round it records the score spread of the pairing, its lower bound for those points
and table sizes, the repeat meetings it seats and the time the pairing took."""

import random
import time
from collections import Counter
from itertools import combinations

from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format
from tournaments.formats.seating import FILL_SMALLER
from tournaments.formats.spread import score_spread, spread_lower_bound


def play(
    players: int,
    rounds: int,
    seed: int,
    table_size: int = 4,
    key: str = "swiss",
    by_place: tuple = (3, 2, 1, 0),
    fill: str = FILL_SMALLER,
    club_size: int = 0,
    scores: tuple = (),
) -> dict:
    """``club_size``: entrants in clubs of that many (by key), kept apart; ``scores``
    (low, high): points are the game's scores, drawn from that range, not by place."""
    fmt = get_format(key, {} if fill == FILL_SMALLER else {"fill": fill})
    history, points = History(), Counter()
    rng = random.Random(f"results:{seed}")
    figures = {"spread": [], "lower_bound": [], "repeats": [], "seconds": []}
    clubs = {k: f"club {k // club_size}" if club_size else "" for k in range(players)}
    for number in range(1, rounds + 1):
        contenders = [Contender(key=k, points=points[k], club=clubs[k]) for k in range(players)]
        met = history.meetings()
        started = time.perf_counter()
        request = PairingRequest(
            contenders, history, table_size, number, seed, avoid_same_club=bool(club_size)
        )
        tables = fmt.pair(request)
        figures["seconds"].append(time.perf_counter() - started)
        seated = [t.seats for t in tables if not t.bye]
        figures["spread"].append(score_spread([[points[k] for k in s] for s in seated]))
        figures["lower_bound"].append(
            spread_lower_bound([points[k] for s in seated for k in s], [len(s) for s in seated])
        )
        figures["repeats"].append(
            sum(1 for s in seated for a, b in combinations(sorted(s), 2) if met.get((a, b)))
        )
        history.rounds.append(played(tables, points, rng, by_place, scores))
    return figures


def played(
    tables, points: Counter, rng: random.Random, by_place=(3, 2, 1, 0), scores: tuple = ()
) -> list[PastTable]:
    """Random places for ``tables``; adds ``by_place`` points by place to ``points`` (a
    bye first place's), or with ``scores`` (low, high) a random score in that range
    each (places by score; a bye scores ``high``)."""
    past = []
    for table in tables:
        if table.bye:
            past.append(PastTable(tuple(table.seats), (1,), True))
            points[table.seats[0]] += scores[1] if scores else by_place[0]
            continue
        if scores:
            scored = [rng.randint(*scores) for _ in table.seats]
            places = [1 + sum(other > mine for other in scored) for mine in scored]
        else:
            scored = None
            places = rng.sample(range(1, len(table.seats) + 1), len(table.seats))
        for n, (key, place) in enumerate(zip(table.seats, places, strict=True)):
            points[key] += scored[n] if scored else by_place[place - 1]
        past.append(PastTable(tuple(table.seats), tuple(places)))
    return past
