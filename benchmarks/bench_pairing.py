"""Pairing the largest events through the API (issue 47, item 3): an event of 1,000,
7,500 and 10,000 entrants (tables of 4, 3/2/1/0 points) with three rounds played,
bulk-loaded into the configured database (the earlier rounds paired by the Swiss
format itself, places at random), then round 4 paired by ``POST /api/events/SLUG/pair/``
through Django's test client with the organiser's token: the whole path (token,
permission, the event's life cycle, standings, history, the search, storing the tables
and seats, the event's log, the answer). Timed as wall and CPU time of this process;
the round's repeat meetings and spread against its lower bound are read back.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
        .venv/bin/python -m benchmarks.bench_pairing [--quick]
        .venv/bin/python -m benchmarks.bench_pairing --players 10000 [--profile] [--waiting]

The first runs every size (``--quick``: 1,000 only) and, for the next round right
after the last result (item 5), 7,500 with a standings request waiting. The second
pairs one event of that size; ``--profile`` runs the pairing under cProfile and
prints its dearest calls (``PROFILE_SORT=tottime`` for the calls' own time);
``--waiting`` leaves a standings request waiting first.
The quality bars (repeats, spread) are the tests' (``tests/tournaments/test_pairing_
quality.py``); here they are printed beside the time as a check of the same run.
"""

import cProfile
import os
import pstats
import random
import secrets
import sys
import time
from itertools import combinations

from benchmarks.calibration import row

SIZES = ((1000, 1.0), (7500, 0.8), (10_000, 1.0))
PLAYED = 3


def played_event(players: int, by_place=(3, 2, 1, 0), seed: int = 1):
    """An event of ``players`` entrants with ``PLAYED`` rounds paired by its format
    and played with random places, written in bulk; its organiser's token key."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token

    from tournaments.leagues import do_create_event, do_create_league, do_create_season
    from tournaments.models import Entrant

    User = get_user_model()
    tag = f"pair-{secrets.token_hex(4)}"
    organiser = User.objects.create(username=tag, password="!")
    league = do_create_league(organiser, name=tag, slug=tag)
    event = do_create_event(
        do_create_season(league, name=tag),
        organiser,
        name=tag,
        slug=tag,
        table_size=4,
        rounds_planned=PLAYED + 1,
        points_by_place=list(by_place),
        seed=seed,
        review_pairings=False,
    )
    users = User.objects.bulk_create(
        User(username=f"{tag}-{i:05d}", password="!", is_active=False) for i in range(players)
    )
    entrants = Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"Player {i:05d}") for i, u in enumerate(users)
    )
    play_rounds(event, [e.pk for e in entrants], by_place, random.Random(seed))
    token = Token.objects.create(user=organiser, key=secrets.token_hex(20))
    with connection.cursor() as cursor:  # the statistics autovacuum keeps (server.analyze)
        cursor.execute("ANALYZE")
    return event, token.key


def play_rounds(event, keys: list[int], by_place, rng: random.Random) -> None:
    from benchmarks.pairing_scenario import played
    from standings.computing import do_store_standings
    from tournaments.formats import Contender, History, PairingRequest, get_format
    from tournaments.models import Event

    fmt, history, points = get_format("swiss"), History(), {k: 0 for k in keys}
    for number in range(1, PLAYED + 1):
        request = PairingRequest(
            [Contender(key=k, points=points[k]) for k in keys], history, 4, number, event.seed
        )
        tables = fmt.pair(request)
        history.rounds.append(played(tables, points, rng, by_place))
        store_round(event, number, history.rounds[-1], by_place)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    do_store_standings(event)


def store_round(event, number: int, tables, by_place) -> None:
    from tournaments.models import Result, Round, Seat, SeatResult, Table

    round_ = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETE)
    rows = Table.objects.bulk_create(
        Table(round=round_, number=n, is_bye=t.bye) for n, t in enumerate(tables, start=1)
    )
    Seat.objects.bulk_create(
        Seat(table=row_, entrant_id=key, position=p)
        for row_, t in zip(rows, tables, strict=True)
        for p, key in enumerate(t.seats)
    )
    played = [(row_, t) for row_, t in zip(rows, tables, strict=True) if not t.bye]
    results = Result.objects.bulk_create(
        Result(table=r, event=event, source="organiser") for r, _ in played
    )
    SeatResult.objects.bulk_create(
        SeatResult(
            result=result,
            entrant_id=key,
            position=p,
            score=100 - 10 * place,
            place=place,
            points=by_place[place - 1],
        )
        for result, (_, t) in zip(results, played, strict=True)
        for p, (key, place) in enumerate(zip(t.seats, t.places, strict=True))
    )


def pair_through_api(event, token: str, profile: bool = False) -> dict:
    """``POST /api/events/SLUG/pair/`` once: wall and CPU seconds, the answer's status."""
    from django.test import Client

    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    profiler = cProfile.Profile() if profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    answer = client.post(f"/api/events/{event.slug}/pair/", {}, content_type="application/json")
    if profiler:
        profiler.disable()
    figures = {
        "seconds": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "status": answer.status_code,
    }
    if profiler:
        pstats.Stats(profiler).sort_stats(os.environ.get("PROFILE_SORT", "cumulative")).print_stats(
            40
        )
    return figures


def warmed_up() -> None:
    """Test-client settings, and a small event paired through the same path first: a
    server has imported and warmed everything before an event's pairing."""
    from django.test.utils import setup_test_environment

    setup_test_environment()
    event, token = played_event(16)
    if pair_through_api(event, token)["status"] != 201:
        raise RuntimeError("the warm-up pairing was refused")


def quality(event) -> dict:
    """The last round's repeat meetings, score spread and its lower bound."""
    from tournaments.formats.spread import score_spread, spread_lower_bound
    from tournaments.models import Seat, StandingRow

    points = dict(StandingRow.objects.filter(event=event).values_list("entrant_id", "points"))
    by_round: dict = {}
    seats = Seat.objects.filter(table__round__event=event, table__is_bye=False)
    for number, table, key in seats.values_list("table__round__number", "table_id", "entrant_id"):
        by_round.setdefault(number, {}).setdefault(table, []).append(key)
    last = max(by_round)
    met = {p for n, t in by_round.items() if n < last for s in t.values() for p in pairs(s)}
    seated = [[points[k] for k in s] for s in by_round[last].values()]
    return {
        "repeats": sum(1 for s in by_round[last].values() for p in pairs(s) if p in met),
        "spread": score_spread(seated),
        "bound": spread_lower_bound([p for s in seated for p in s], [len(s) for s in seated]),
    }


def pairs(seats) -> list:
    return list(combinations(sorted(seats), 2))


def size_rows(players: int, target: float, calibration_ms: float, waiting=False) -> list[dict]:
    """``waiting``: a standings request left waiting, as right after the round's last
    result (the standings task has not stored it yet): pairing computes the standings."""
    from django.db import connection

    from tournaments.models import StandingsRequest

    event, token = played_event(players)
    if waiting:
        StandingsRequest.objects.create(event=event)
    figures = pair_through_api(event, token)
    if figures["status"] != 201:
        raise RuntimeError(f"pairing answered {figures['status']}")
    measured = quality(event)
    label = f"pair round {PLAYED + 1} via the API, {players:,} entrants ({connection.vendor})"
    if waiting:
        label += ", standings waiting"
    ms = calibration_ms
    return [
        row(f"{label}, wall", figures["seconds"] * 1000, "ms", f"<= {target * 1000:g}", ms),
        row(f"{label}, CPU", figures["cpu"] * 1000, "ms", "", ms),
        row(f"{label}, repeats", measured["repeats"], "meetings", "0"),
        row(f"{label}, spread / bound", f"{measured['spread']:g} / {measured['bound']:g}", "pt"),
    ]


def run(quick: bool = False) -> list[dict]:
    from benchmarks.calibration import calibrate

    os.environ.setdefault("DEBUG", "true")
    calibration = calibrate()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    warmed_up()
    rows = []
    for players, target in SIZES[:1] if quick else SIZES:
        rows += size_rows(players, target, calibration["ms"])
    if not quick:  # the next round right after the last result (issue 47, item 5)
        rows += size_rows(7500, 1.0, calibration["ms"], waiting=True)
    return rows


def main(argv: list[str]) -> None:
    from benchmarks.calibration import calibrate, print_calibration

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "true")
    if "--players" not in argv:
        from benchmarks.run import standalone

        standalone(run, quick="--quick" in argv)
        return
    players = int(argv[argv.index("--players") + 1])
    calibration = calibrate()
    import django

    django.setup()
    warmed_up()
    event, token = played_event(players)
    if "--waiting" in argv:
        from tournaments.models import StandingsRequest

        StandingsRequest.objects.create(event=event)
    print_calibration(calibration)
    figures = pair_through_api(event, token, profile="--profile" in argv)
    ms = calibration["ms"]
    print(
        f"{players:,} entrants: {figures['seconds'] * 1000:.0f} ms wall "
        f"({figures['seconds'] * 1000 / ms:.0f} c), {figures['cpu'] * 1000:.0f} ms CPU "
        f"({figures['cpu'] * 1000 / ms:.0f} c), answer {figures['status']}; {quality(event)}"
    )
    print_calibration(calibrate(again=True))


if __name__ == "__main__":
    main(sys.argv)
