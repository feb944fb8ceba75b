"""What the pages 1,000 players open at the pairings' release cost, in process: the event
page, the player's table page and the home page, each for many signed-in players (and
the event page for a visitor), through Django's test client (the whole WSGI stack:
middleware, session, user, the view, the template), with the queries of each counted
and the CPU of this process timed (PostgreSQL's share is not in it) beside the wall
time (which has it, and any wait of a busy machine); ``--profile PAGE``
adds cProfile's dearest calls for one of them.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
        .venv/bin/python -m benchmarks.profile_pages [--entrants 1000] [--readers 200]

The database is migrated and gets its own event of ``--entrants`` players, each with a
session, and round 1 paired (not recreated: each run adds one event). ``--event SLUG``
reads an event already there instead (e.g. one of ``bench_pairing``'s, several rounds
played), as a visitor only: so two checkouts can be compared on the same data.
"""

import argparse
import cProfile
import os
import pstats
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "profile-only-" + "x" * 50)
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("LOG_LEVEL", "WARNING")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--profile", choices=["visitor", "event", "table", "home"])
    parser.add_argument("--event", help="an event's slug: read it as a visitor, add nothing")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    call_command("collectstatic", interactive=False, verbosity=0)  # hashed, as served
    if args.event:
        from benchmarks.calibration import calibrate, print_calibration

        print_calibration(calibrate())  # beside the figures: a day's speed and load
        read_as_a_visitor(f"/events/{args.event}/", args.readers)
        return
    call_command("migrate", verbosity=0)
    from tournaments.leagues import do_create_event, do_create_league, do_create_season
    from tournaments.models import Entrant, Seat
    from tournaments.pairing import do_pair_round

    User = get_user_model()
    stamp = time.strftime("%H%M%S")
    organiser = User.objects.create(username=f"pages-organiser-{stamp}")
    league = do_create_league(organiser, name=f"Pages {stamp}", slug=f"pages-{stamp}")
    event = do_create_event(
        do_create_season(league, name="Pages"),
        organiser,
        name=f"Pages {stamp}",
        slug=f"pages-{stamp}",
        table_size=4,
        points_by_place=[4, 2, 1, 0],
        rules_options={"rounds": 1},
        review_pairings=False,
    )
    users = User.objects.bulk_create(
        User(username=f"pages-{stamp}-{i:04d}", password="!") for i in range(args.entrants)
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"Player {i:04d}") for i, u in enumerate(users)
    )
    do_pair_round(event, organiser)
    table_of = dict(
        Seat.objects.filter(table__round__event=event).values_list("entrant__user", "table")
    )
    readers = users[: args.readers]
    # One client (one handler, its middleware built once, as in a server process), each
    # reader's session cookie set before their request.
    client = Client()
    sessions = {}
    for user in readers:
        client.cookies.clear()  # else logging in flushes the last reader's session
        client.force_login(user)
        sessions[user.pk] = client.cookies[settings.SESSION_COOKIE_NAME].value

    def measure(name, requests, profile=None):
        cpu, wall, queries = [], [], []
        for session, path in requests:
            if session is None:
                client.cookies.pop(settings.SESSION_COOKIE_NAME, None)
            else:
                client.cookies[settings.SESSION_COOKIE_NAME] = session
            with CaptureQueriesContext(connection) as captured:
                if profile:
                    profile.enable()
                started, started_wall = time.process_time(), time.perf_counter()
                response = client.get(path)
                cpu.append(time.process_time() - started)
                wall.append(time.perf_counter() - started_wall)
                if profile:
                    profile.disable()
            assert response.status_code == 200, (path, response.status_code)
            queries.append(len(captured))
        print(
            f"{name}: {len(cpu)} requests, CPU mean {statistics.mean(cpu) * 1000:.2f} ms"
            f" (median {statistics.median(cpu) * 1000:.2f}), wall mean"
            f" {statistics.mean(wall) * 1000:.2f} ms, queries"
            f" {min(queries)}-{max(queries)}"
        )

    event_path = f"/events/{event.slug}/"
    print(f"session engine {settings.SESSION_ENGINE}; {args.entrants} entrants, round 1 paired")
    client.get(event_path)  # the shared part built once, as the first reader of a version does
    profile = cProfile.Profile(time.process_time) if args.profile else None
    pages = {
        "visitor": [(None, event_path)] * args.readers,
        "event": [(sessions[u.pk], event_path) for u in readers],
        "table": [(sessions[u.pk], f"/scoring/tables/{table_of[u.pk]}/") for u in readers],
        "home": [(sessions[u.pk], "/") for u in readers],
    }
    measure("event page, visitor", pages["visitor"], profile if args.profile == "visitor" else None)
    measure("event page, player", pages["event"], profile if args.profile == "event" else None)
    measure("table page, player", pages["table"], profile if args.profile == "table" else None)
    measure("home page, player", pages["home"], profile if args.profile == "home" else None)
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(50)
        stats.sort_stats("tottime").print_stats(30)


def read_as_a_visitor(path: str, reads: int) -> None:
    """``path`` read ``reads`` times by a visitor (its shared part built first): CPU of
    this process and wall per read, and PostgreSQL's share of the wall."""
    from django.db import connection
    from django.test import Client

    client = Client()
    assert client.get(path).status_code == 200, path
    cpu, wall, database = [], [], []

    def timed_execute(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            database[-1] += time.perf_counter() - started

    with connection.execute_wrapper(timed_execute):
        for _ in range(reads):
            database.append(0.0)
            started, started_wall = time.process_time(), time.perf_counter()
            client.get(path)
            cpu.append(time.process_time() - started)
            wall.append(time.perf_counter() - started_wall)
    print(
        f"{path} as a visitor: {reads} reads, CPU median {statistics.median(cpu) * 1000:.2f} ms,"
        f" wall median {statistics.median(wall) * 1000:.2f} ms, of it in PostgreSQL"
        f" {statistics.median(database) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
