"""What the ratings cost after a result, in process, on an event already in the database
(e.g. ``bench_pairing``'s, rounds played in bulk, a round paired and open): a rebuild of
the league's ratings and the game's across all leagues from every result, then updates
(``standings.ratings.do_update_ratings``) after 1 and after 10 new results written through
the result writer on the event's open tables, then one with nothing new; CPU and wall
time of each, the calibration and the load beside them, and a check that the stored
ratings equal a rebuild's. It writes results into the event.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench_pair \\
        .venv/bin/python -m benchmarks.profile_ratings [--event SLUG]
"""

import argparse
import os
import random
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")


def timed(name: str, call, calibration_ms: float) -> None:
    from benchmarks.calibration import load_average

    cpu, wall = time.process_time(), time.perf_counter()
    call()
    cpu, wall = 1000 * (time.process_time() - cpu), 1000 * (time.perf_counter() - wall)
    load = "/".join(f"{value:.2f}" for value in load_average())
    print(
        f"{name}: CPU {cpu:,.0f} ms ({cpu / calibration_ms:,.1f} c), "
        f"wall {wall:,.0f} ms ({wall / calibration_ms:,.1f} c); load {load}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--event", help="the event's slug (default: the newest with results)")
    args = parser.parse_args()
    from benchmarks.calibration import calibrate, print_calibration

    calibration = calibrate()
    print_calibration(calibration)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from standings.ratings import computed, do_rebuild_ratings, do_update_ratings, stored
    from tournaments.models import Event, Result, Table
    from tournaments.results import SeatOutcome, do_record_result

    events = Event.objects.filter(pk__in=Result.objects.values("event_id"))
    event = events.get(slug=args.event) if args.event else events.order_by("-pk").first()
    league, game, ms = event.season.league_id, event.game, calibration["ms"]
    results = Result.objects.filter(event__game=game).count()
    print(
        f"event {event.slug}: {event.entrants.count():,} entrants; {results:,} results of its game"
    )
    timed("rebuild, the league's and the game's", lambda: do_rebuild_ratings(league, game), ms)
    open_tables = Table.objects.filter(round__event=event, is_bye=False, result__isnull=True)
    tables = list(open_tables.prefetch_related("seats").order_by("pk")[:11])
    rng = random.Random(1)
    for count in (1, 10):
        for table in tables[:count]:
            places = rng.sample(range(1, table.seats.count() + 1), table.seats.count())
            outcomes = [SeatOutcome(at, 100, place) for at, place in enumerate(places)]
            do_record_result(table, outcomes, source="organiser")
        tables = tables[count:]
        timed(f"update after {count} new results", lambda: do_update_ratings(league, game), ms)
    timed("update with nothing new", lambda: do_update_ratings(league, game), ms)
    for league_id in (league, None):
        assert stored(league_id, game) == computed(league_id, game), "an update left a rebuild"
    print("the stored ratings equal a rebuild's")


if __name__ == "__main__":
    main()
