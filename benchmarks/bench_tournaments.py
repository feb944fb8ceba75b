"""Tournaments: Swiss pairing at 4 seats, standings recompute, the standings page under
gunicorn on PostgreSQL.

- Pairing: the Swiss format itself (entrants + history in, tables out) on the reference
  scenario of issue 16 (``pairing_scenario``: tables of 4, 3/2/1/0 points, random
  places, four rounds): for 64, 400 and 1,000 entrants over seeds 1-3, the score
  spread of rounds 2-4 against its lower bound, the repeat meetings and the slowest
  round; 10,000 entrants timed. Then variants the search was not tuned on (issue 30:
  other points by place, odd fields with smaller tables or byes, clubs kept apart) at
  64 and 1,000 entrants. Then the whole database path (``do_pair_round``) for
  1,000 entrants the same way.
- Standings: 2,500 entrants with 10,000 seat results (four rounds of 625 tables of 4),
  bulk-loaded into the configured database; the recompute (read + rank) and the stored
  recompute (read + rank + replace the rows in one transaction) are timed.
- Page: a simulated 64-entrant, 5-round event on PostgreSQL (127.0.0.1:5432, database
  lw_bench_tournaments or ``TOURNAMENTS_BENCH_DATABASE``, recreated), gunicorn on
  127.0.0.1, and a load generator in a separate process (threads, keep-alive) sending
  a bounded number of requests.

    .venv/bin/python -m benchmarks.run --only tournaments
"""

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from http.client import HTTPConnection

from benchmarks.rows import row
from benchmarks.server import ROOT, database_url, environment, manage, recreate_database, serving

DATABASE = database_url("TOURNAMENTS_BENCH_DATABASE", "lw_bench_tournaments")


# Pairing -------------------------------------------------------------------------


def pairing_rows(players: int, seeds: tuple, target_seconds: float, target_ratio) -> list[dict]:
    """The reference scenario of issue 16 (``pairing_scenario``): rounds 2-4 summed over
    ``seeds``, the spread against its lower bound, repeats, the slowest round."""
    from benchmarks.pairing_scenario import play

    runs = [play(players, 4, seed) for seed in seeds]
    spread = sum(sum(f["spread"][1:]) for f in runs)
    bound = sum(sum(f["lower_bound"][1:]) for f in runs)
    repeats = sum(sum(f["repeats"]) for f in runs)
    slowest = max(max(f["seconds"]) for f in runs)
    label = f"swiss at 4 seats, {players:,} entrants"
    seeds_note = f"{len(seeds)} seed{'s' if len(seeds) > 1 else ''}"
    rows = [row(f"{label}, slowest round", slowest * 1000, "ms", f"<= {target_seconds} s")]
    if target_ratio:
        rows += [
            row(f"{label}, spread rounds 2-4 ({seeds_note})", spread, "points"),
            row(f"{label}, its lower bound", bound, "points"),
            row(f"{label}, spread / bound", f"{spread / bound:.2f}", "x", f"<= {target_ratio}"),
        ]
    rows.append(row(f"{label}, repeat meetings in 4 rounds", repeats, "meetings", "0"))
    return rows


# Issue 30: standings the search was not tuned on. Points by place, field sizes that
# leave smaller tables or byes, clubs of three kept apart; rounds 2-4 over seeds 1-3.
VARIANTS = (
    ("4/2/1/0 points", {"by_place": (4, 2, 1, 0)}),
    ("win only", {"by_place": (1, 0, 0, 0)}),
    ("3/1/0/0 points", {"by_place": (3, 1, 0, 0)}),
    ("odd field, smaller tables", {"extra": 1}),
    ("odd field, byes", {"extra": -1, "fill": "byes"}),
    ("clubs of three apart", {"club_size": 3}),
)


def variant_rows(players: int, target_ratio: float) -> list[dict]:
    """The spread against its lower bound (which ignores clubs) and the repeats on
    each of ``VARIANTS`` at about ``players`` entrants."""
    from benchmarks.pairing_scenario import play

    rows = []
    for name, variant in VARIANTS:
        options = dict(variant)
        count = players + options.pop("extra", 0)
        runs = [play(count, 4, seed, **options) for seed in (1, 2, 3)]
        spread = sum(sum(f["spread"][1:]) for f in runs)
        bound = sum(sum(f["lower_bound"][1:]) for f in runs)
        repeats = sum(sum(f["repeats"]) for f in runs)
        label = f"swiss at 4 seats, {count:,} entrants, {name}"
        ratio = f"{spread / bound:.2f}" if bound else "-"
        rows += [
            row(f"{label}, spread / bound", ratio, "x", f"<= {target_ratio}"),
            row(f"{label}, spread and bound", f"{spread:g} / {bound:g}", "points"),
            row(f"{label}, repeat meetings", repeats, "meetings", "0"),
        ]
    return rows


def database_pairing_rows(players: int) -> list[dict]:
    """The whole path: ``do_pair_round`` on the database (standings, history, storing
    tables with explanations), four rounds with results, the fourth timed."""
    from django.db import connection

    from tournaments.simulation import create_event, simulate

    summary = simulate(create_event(players, 4, 4, "swiss", 3, [3, 2, 1, 0]), 4, 3)
    spread, bound = summary["score_spread"][1:], summary["score_spread_lower_bound"][1:]
    return [
        row(
            f"do_pair_round round 4, {players:,} entrants ({connection.vendor})",
            summary["pairing_seconds"][-1],
            "s",
            "<= 1 s",
        ),
        row(
            f"do_pair_round spread rounds 2-4 / bound, {players:,}",
            f"{sum(spread):g} / {sum(bound):g}",
            "points",
        ),
        row(
            f"do_pair_round repeat meetings after 4 rounds, {players:,}",
            summary["repeat_meetings"],
            "meetings",
            "0",
        ),
    ]


# Standings -----------------------------------------------------------------------


def load_results(entrants: int, rounds: int):
    from django.contrib.auth import get_user_model

    from tournaments.leagues import do_create_event, do_create_league, do_create_season
    from tournaments.models import Entrant, Result, Round, Seat, SeatResult, Table

    User = get_user_model()
    tag = f"bench{random.randrange(10**9)}"
    owner = User.objects.create(username=tag, is_active=False, password="!")
    league = do_create_league(owner, name=tag, slug=tag)
    event = do_create_event(
        do_create_season(league, name="bench"),
        owner,
        name=tag,
        slug=tag,
        points_by_place=[4, 2, 1, 0],
        review_pairings=False,  # the pairing is timed, not its review
    )
    users = User.objects.bulk_create(
        User(username=f"{tag}-{i}", password="!", is_active=False) for i in range(entrants)
    )
    people = Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"E{i:05d}") for i, u in enumerate(users)
    )
    rng = random.Random(1)
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number)
        order = people[:]
        rng.shuffle(order)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n + 1) for n in range(entrants // 4)
        )
        Seat.objects.bulk_create(
            Seat(table=t, entrant=order[4 * i + p], position=p)
            for i, t in enumerate(tables)
            for p in range(4)
        )
        results = Result.objects.bulk_create(
            Result(table=t, event_id=round_.event_id, source="organiser") for t in tables
        )
        seat_results = []
        for i, result in enumerate(results):
            places = rng.sample(range(1, 5), 4)
            seat_results += [
                SeatResult(
                    result=result,
                    entrant=order[4 * i + p],
                    position=p,
                    score=rng.randint(40, 160),
                    place=places[p],
                    points=[4, 2, 1, 0][places[p] - 1],
                )
                for p in range(4)
            ]
        SeatResult.objects.bulk_create(seat_results)
    return event


def standings_rows(quick: bool) -> list[dict]:
    from django.db import connection

    from standings.computing import compute_standings, do_store_standings

    event = load_results(2500, 4)
    timings = {"compute": [], "store": []}
    for _ in range(3 if quick else 5):
        started = time.perf_counter()
        compute_standings(event)
        timings["compute"].append(time.perf_counter() - started)
        started = time.perf_counter()
        do_store_standings(event)
        timings["store"].append(time.perf_counter() - started)
    vendor = connection.vendor
    return [
        row(
            f"standings of 10,000 seat results, recompute ({vendor})",
            min(timings["compute"]) * 1000,
            "ms",
            "<= 250 ms",
        ),
        row(
            f"standings of 10,000 seat results, recompute + store ({vendor})",
            min(timings["store"]) * 1000,
            "ms",
            "",
        ),
    ]


# The page under gunicorn on PostgreSQL -------------------------------------------


def page_rows(quick: bool) -> list[dict]:
    name = "standings page under gunicorn on postgresql"
    if recreate_database(DATABASE):
        return [row(name, 0, "skipped", "PostgreSQL not reachable at 127.0.0.1:5432")]
    env = environment(DATABASE, "memory://")
    manage(env, "migrate", "-v0")
    out = manage(
        env,
        "simulate_event",
        "--players",
        "64",
        "--table-size",
        "4",
        "--rounds",
        "5",
        "--seed",
        "2",
    )
    slug = out.split()[1].rstrip(":")
    with serving(env, workers=2, threads=4) as site:
        count = 600 if quick else 3000
        load = subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.bench_tournaments",
                "load",
                str(site.port),
                f"/events/{slug}/",
                str(count),
                "4",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        figures = json.loads(load.stdout.strip().splitlines()[-1])
    return [
        row(f"{name}, p95 (64 entrants)", figures["p95_ms"], "ms", "<= 50 ms"),
        row(f"{name}, throughput", figures["rps"], "requests/s", ">= 200"),
    ]


def load(port: int, path: str, count: int, threads: int) -> dict:
    """Keep-alive GETs from ``threads`` threads until ``count`` are done (warm-up first)."""
    latencies, lock, left = [], threading.Lock(), [count]

    def worker():
        conn = HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(5):
            conn.request("GET", path)
            conn.getresponse().read()
        while True:
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            started = time.perf_counter()
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"status {response.status}")
            with lock:
                latencies.append(time.perf_counter() - started)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    started = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "p95_ms": latencies[int(len(latencies) * 0.95) - 1] * 1000,
        "p50_ms": statistics.median(latencies) * 1000,
        "rps": len(latencies) / elapsed,
    }


def run(quick: bool = False) -> list[dict]:
    os.environ.setdefault("DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    rows = []
    for players, ratio in ((64, 2), (400, 1.25), (1000, 1.25)):
        rows += pairing_rows(players, (1, 2, 3), 1, ratio)
    for players, ratio in ((64, 2), (1000, 1.25)):
        rows += variant_rows(players, ratio)
    rows += pairing_rows(2000 if quick else 10_000, (1,), 10, None)
    rows += database_pairing_rows(200 if quick else 1000)
    rows += standings_rows(quick)
    rows += page_rows(quick)
    return rows


if __name__ == "__main__" and sys.argv[1:2] == ["load"]:
    port, path, count, threads = sys.argv[2:6]
    print(json.dumps(load(int(port), path, int(count), int(threads))))
