"""A simulated event: real entrants, real pairings, random results, timed, and the
pairings' quality per round: score spread against its lower bound (see
``tournaments.formats.spread``) and repeat meetings."""

import random
import time
from collections import Counter
from itertools import combinations

from django.contrib.auth import get_user_model
from django.utils.crypto import get_random_string

from games.registry import DEFAULT_GAME
from tournaments.formats.spread import score_spread, spread_lower_bound
from tournaments.leagues import do_create_event, do_create_league, do_create_season
from tournaments.models import Entrant, Seat, StandingRow
from tournaments.pairing import do_pair_round
from tournaments.ranking import do_update_standings
from tournaments.results import SeatOutcome, do_record_result


def create_event(
    players: int,
    table_size: int,
    rounds: int,
    format: str,
    seed: int,
    points=None,
    game: str = DEFAULT_GAME,
):
    """An event of ``game`` with ``players`` entrants; ``points`` by place (4/2/1/0
    unless given)."""
    User = get_user_model()
    tag = get_random_string(8).lower()
    owner = User.objects.create(username=f"sim-{tag}", is_active=False, password="!")
    league = do_create_league(owner, name=f"Simulation {tag}", slug=f"sim-{tag}")
    season = do_create_season(league, name="Simulated")
    event = do_create_event(
        season,
        owner,
        name=f"Simulated {format} {players}x{table_size}",
        slug=f"sim-{tag}",
        format=format,
        game=game,
        table_size=table_size,
        rounds_planned=rounds,
        points_by_place=list(points or [4, 2, 1, 0])[:table_size],
        seed=seed,
        review_pairings=False,  # nobody reviews a simulation's rounds
    )
    users = User.objects.bulk_create(
        User(username=f"sim-{tag}-{i}", is_active=False, password="!") for i in range(players)
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"Player {i + 1:05d}") for i, u in enumerate(users)
    )
    return event


def report(round_, rng):
    for table in round_.tables.filter(is_bye=False).prefetch_related("seats"):
        count = len(table.seats.all())
        places = rng.sample(range(1, count + 1), count)
        outcomes = [
            SeatOutcome(position, rng.randint(40, 160), place)
            for position, place in enumerate(places)
        ]
        do_record_result(table, outcomes, source="organiser", detail={"simulated": True})


def simulate(event, rounds: int, seed: int, progress=None) -> dict:
    rng = random.Random(seed)
    pairing, standings = [], []
    quality = {"score_spread": [], "score_spread_lower_bound": [], "repeats_by_round": []}
    met: Counter = Counter()
    for number in range(1, rounds + 1):
        points = points_before(event)
        started = time.perf_counter()
        round_ = do_pair_round(event)
        pairing.append(round(time.perf_counter() - started, 4))
        measure(round_, points, met, quality)
        report(round_, rng)
        started = time.perf_counter()
        do_update_standings(event.pk)
        standings.append(round(time.perf_counter() - started, 4))
        if progress:
            progress(number, pairing[-1], standings[-1], quality)
    return {**summary(event, pairing, standings), **quality}


def points_before(event) -> dict:
    """Each entrant's points as the pairing sees them (the stored standings)."""
    points = dict(Entrant.objects.filter(event=event).values_list("pk", "start_points"))
    points.update(StandingRow.objects.filter(event=event).values_list("entrant_id", "points"))
    return points


def measure(round_, points, met, quality) -> None:
    """The round's spread, its lower bound and its repeat meetings; adds its meetings
    to ``met``."""
    tables: dict = {}
    seats = Seat.objects.filter(table__round=round_, table__is_bye=False)
    for table_id, entrant_id in seats.values_list("table_id", "entrant_id"):
        tables.setdefault(table_id, []).append(entrant_id)
    seated = [[points[e] for e in members] for members in tables.values()]
    quality["score_spread"].append(score_spread(seated))
    quality["score_spread_lower_bound"].append(
        spread_lower_bound([p for table in seated for p in table], [len(t) for t in seated])
    )
    pairs = [pair for m in tables.values() for pair in combinations(sorted(m), 2)]
    quality["repeats_by_round"].append(sum(1 for pair in pairs if met[pair]))
    met.update(pairs)


def summary(event, pairing, standings) -> dict:
    seats = Seat.objects.filter(table__round__event=event, table__is_bye=False)
    tables: dict = {}
    for table_id, entrant_id in seats.values_list("table_id", "entrant_id"):
        tables.setdefault(table_id, []).append(entrant_id)
    sizes = Counter(str(len(members)) for members in tables.values())
    met = Counter(pair for m in tables.values() for pair in combinations(sorted(m), 2))
    return {
        "players": event.entrants.count(),
        "rounds": len(pairing),
        "table_sizes": dict(sorted(sizes.items(), reverse=True)),
        "repeat_meetings": sum(count - 1 for count in met.values() if count > 1),
        "pairing_seconds": pairing,
        "standings_seconds": standings,
    }
