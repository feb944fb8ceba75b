"""Where pairing the largest events goes (issue 47, items 3 and 5), in process: an event
of ``bench_pairing``'s (tables of 4, 3/2/1/0 points, three rounds played, bulk-loaded;
or an existing one, ``--event``) has round 4 paired ``--times`` times, each thrown away
before the next (the same seed, so the same tables each time): through the API
(``POST /api/events/SLUG/pair/`` by Django's test client with the organiser's token,
as ``bench_pairing``), or with ``--automatic`` as the README's worker pairs it
(``tournaments.pairing.do_pair_automatically`` with a standings request waiting, as
right after the last result). Prints CPU and wall of each with the calibration and the
load, the queries' time (COPY is not seen by Django's query log: it is in the rest),
the dearest queries of the last, and a digest of the tables (numbers, seats,
explanations), which a change that keeps every seating keeps. ``--profile``: the last
run under cProfile too (``PROFILE_SORT=tottime`` for the calls' own time).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
        .venv/bin/python -m benchmarks.profile_pairing [--players 10000] [--event SLUG]
            [--times 3] [--automatic] [--profile]
"""

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import time
from collections import Counter

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")

ROUND = 4


class QueryClock:
    """Django's execute wrapper: the time of each query, by its statement."""

    def __init__(self):
        self.seconds: Counter = Counter()

    def __call__(self, execute, sql, params, many, context):
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds[" ".join(sql.split())[:110]] += time.perf_counter() - began


def event_to_pair(args):
    """The event (a new one of ``--players``, or ``--event``) and its organiser's token."""
    from rest_framework.authtoken.models import Token

    from benchmarks.bench_pairing import played_event
    from tournaments.models import Event

    if not args.event:
        event, token = played_event(args.players)
        print(f"event {event.slug}: {args.players:,} entrants, rounds 1-3 played", flush=True)
        return event, token
    event = Event.objects.get(slug=args.event)
    return event, Token.objects.get(user=event.created_by).key


def paired(event, token: str, automatic: bool) -> None:
    """Round 4 paired once, by the API or as the worker pairs it."""
    from django.test import Client

    from tournaments.pairing import do_pair_automatically

    if automatic:
        if do_pair_automatically(event.pk, ROUND - 1) is None:
            raise RuntimeError("the automatic pairing paired nothing")
        return
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    answer = client.post(f"/api/events/{event.slug}/pair/", {}, content_type="application/json")
    if answer.status_code != 201:
        raise RuntimeError(f"pairing answered {answer.status_code}: {answer.content[:300]}")


def digest(event) -> str:
    """A digest of round 4's tables as stored and answered (ids left out)."""
    from tournaments.api.round_tables import round_tables

    tables = round_tables(event.rounds.get(number=ROUND))
    for table in tables:
        del table["id"]
        for seat in table["seats"]:
            del seat["id"]
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()[:16]


def once(event, token: str, automatic: bool, profiler=None) -> tuple[float, float, QueryClock]:
    """CPU and wall seconds of one pairing, and its queries' clock."""
    from django.db import connection

    from tournaments.models import Event, StandingsRequest

    Event.objects.filter(pk=event.pk).update(pairs_automatically=automatic)
    if automatic:
        StandingsRequest.objects.create(event=event)
    clock = QueryClock()
    with connection.execute_wrapper(clock):
        cpu, wall = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        paired(event, token, automatic)
        if profiler:
            profiler.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu, wall, clock


def thrown_away(event) -> None:
    """Round 4 gone, the standings stored: the event as before it was paired."""
    from standings.computing import do_store_standings
    from tournaments.models import Round, StandingsRequest

    Round.objects.filter(event=event, number=ROUND).delete()
    StandingsRequest.objects.filter(event=event).delete()
    do_store_standings(event)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--event", help="an event of bench_pairing's, by its slug")
    parser.add_argument("--times", type=int, default=3)
    parser.add_argument("--automatic", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    from benchmarks.calibration import calibrate, describe, load_average

    calibration = calibrate()
    import django

    django.setup()
    from django.core.management import call_command

    from benchmarks.bench_pairing import warmed_up

    call_command("migrate", verbosity=0)
    warmed_up()
    event, token = event_to_pair(args)
    thrown_away(event)
    ms, how = calibration["ms"], "automatically" if args.automatic else "through the API"
    profiler = None
    for run in range(args.times):
        if args.profile and run == args.times - 1:
            profiler = cProfile.Profile()
        cpu, wall, clock = once(event, token, args.automatic, profiler)
        queries = sum(clock.seconds.values())
        load = "/".join(f"{value:.2f}" for value in load_average())
        print(
            f"round {ROUND} of {event.slug} paired {how}: wall {wall * 1000:,.0f} ms "
            f"({wall * 1000 / ms:,.1f} c), CPU {cpu * 1000:,.0f} ms ({cpu * 1000 / ms:,.1f} c), "
            f"queries {queries * 1000:,.0f} ms; tables {digest(event)}; load {load}",
            flush=True,
        )
        thrown_away(event)
    for statement, seconds in clock.seconds.most_common(12):
        print(f"  {seconds * 1000:7.1f} ms  {statement}")
    if profiler:
        sort = os.environ.get("PROFILE_SORT", "cumulative")
        pstats.Stats(profiler).sort_stats(sort).print_stats(45)
    print(describe(calibration))
    print(describe(calibrate(again=True)), "(again, at the end)")


if __name__ == "__main__":
    main()
