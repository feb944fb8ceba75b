"""The round page's CPU in process: an event of 1,000 entrants (``simulate_event``'s
``create_event``), round 1 played with random results, round 2 paired; then the round
page read anonymously through Django's test client, 20 reads to warm up and 200
timed (CPU of this process), its queries listed, and 100 more under cProfile; then
every table of round 2 given a result (a burst of results) and the first read after it
timed (the new version's build: what every reader waits for right after the burst).
It works in a test database of its own (made, migrated and dropped here: in memory on
SQLite), never in the site's.

    DEBUG=true DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
        .venv/bin/python -m benchmarks.profile_round_page [--profile | --json]

``--json``: only the calibration, one line ``{"ms": CPU per page, "database": vendor}``
(what ``benchmarks.calibration`` reads before every benchmark).

Run it from another checkout (its own code) to compare commits (docs/benchmarks.md).
"""

import cProfile
import json
import os
import pstats
import random
import sys
import time

import django

READS, WARM_UP, PROFILED = 200, 20, 100


def main(profile: bool, as_json: bool = False) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from lib.var_folders import make_var_folders

    make_var_folders()  # the embedded broker's folders, which a result's tasks are sent to
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    kept_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        measure(profile, as_json)
    finally:
        connection.creation.destroy_test_db(kept_name, verbosity=0)


def measure(profile: bool, as_json: bool) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments.pairing import do_pair_round
    from tournaments.simulation import create_event, report, simulate

    event = create_event(1000, 4, 2, "swiss", 1)
    simulate(event, 1, 1)
    event.refresh_from_db()
    round_ = do_pair_round(event)
    client, path = Client(), f"/events/{event.slug}/rounds/2/"
    first = client.get(path)
    for _ in range(WARM_UP):
        client.get(path)
    if as_json:
        started = time.process_time()
        for _ in range(READS):
            client.get(path)
        ms = (time.process_time() - started) / READS * 1000
        print(json.dumps({"ms": round(ms, 3), "database": connection.vendor}))
        return
    print(f"{path}: {first.status_code}, {len(first.content):,} bytes")
    with CaptureQueriesContext(connection) as queries:
        client.get(path)
    print(f"queries: {len(queries.captured_queries)}")
    started = time.process_time()
    for _ in range(READS):
        client.get(path)
    print(f"CPU per round page: {(time.process_time() - started) / READS * 1000:.1f} ms")
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(PROFILED):
            client.get(path)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
    report(round_, random.Random(2))
    cpu, wall = time.process_time(), time.perf_counter()
    client.get(path)
    print(
        f"first read after every table's result (the build): "
        f"{(time.process_time() - cpu) * 1000:.1f} ms CPU, "
        f"{(time.perf_counter() - wall) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main("--profile" in sys.argv, "--json" in sys.argv)
