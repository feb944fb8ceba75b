"""The next round in a second (issue 47, item 5): an event of 7,500 entrants (tables of
4, 3/2/1/0 points) that pairs automatically, three rounds played and bulk-loaded as in
``bench_pairing``, the last table of round 3 still playing. Its result is written
through the result writer (``do_record_result``) in this process; a real Celery worker
(the README's: queues default and standings, concurrency 2) takes the automatic pairing
sent on commit (``tournaments.tasks.pair_next_round``: the standings stored, then round
4 paired and published). Timed from the result's commit to round 4 published, read by
polling the database every 5 ms; the same for the manual path in ``bench_pairing``
(the organiser's pair request with the standings waiting).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench_next \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/10 \\
        .venv/bin/python -m benchmarks.run --only next_round [--quick]

``--quick``: 1,000 entrants. Each size is measured ``TIMES`` times (a new event each).
"""

import os
import subprocess
import sys
import time

from benchmarks.bench_pairing import played_event, quality
from benchmarks.calibration import row
from benchmarks.server import ROOT

SIZES = {False: 7500, True: 1000}
TIMES = 5
# The README's worker takes both; NEXT_ROUND_QUEUES=default leaves the standings and
# ratings runs the results send unserved, to see what they cost the pairing.
QUEUES = os.environ.get("NEXT_ROUND_QUEUES", "default,standings")
# Small events paired first, so that both of the worker's processes have imported and
# built what pairing needs, as a worker that has run for a while has.
WARM_UPS = 4
POLL = 0.005
TARGET_SECONDS = 1.0


def the_last_table_open(event):
    """Round 3's last table without its result, as while it is still being played."""
    from standings.computing import do_store_standings
    from tournaments.models import Result, Round

    played = Result.objects.filter(table__round__event=event, table__round__number=3)
    last = played.order_by("-table__number").first()
    table = last.table
    last.delete()
    Round.objects.filter(event=event, number=3).update(status=Round.Status.PAIRED)
    do_store_standings(event)
    return table


def worker() -> subprocess.Popen:
    """The README's worker on this process's database and broker."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", QUEUES,
         "--concurrency", "2", "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
         "--hostname", f"bench-next-{os.getpid()}@%h"],
        cwd=ROOT, env=os.environ.copy(),
    )  # fmt: skip


def until(condition, timeout: float = 60) -> float:
    """Seconds until ``condition()`` holds (polled every ``POLL``)."""
    began = time.perf_counter()
    while not condition():
        if time.perf_counter() - began > timeout:
            raise RuntimeError("round 4 was not paired within a minute")
        time.sleep(POLL)
    return time.perf_counter() - began


def one_next_round(players: int) -> float:
    """Seconds from round 3's last result to round 4 published, paired by the worker."""
    import random

    from tournaments.models import Event, Round
    from tournaments.results import SeatOutcome, do_record_result

    event, _token = played_event(players)
    Event.objects.filter(pk=event.pk).update(pairs_automatically=True)
    table = the_last_table_open(event)
    places = random.Random(players).sample(range(1, 5), 4)
    outcomes = [SeatOutcome(p, 100 - 10 * place, place) for p, place in enumerate(places)]
    published = Round.objects.filter(event=event, number=4, draft=False)
    do_record_result(table, outcomes, source="organiser")  # committed when it returns
    seconds = until(published.exists)
    if players >= 64 and quality(event)["repeats"]:  # 16 cannot avoid every repeat
        raise RuntimeError(f"round 4 repeats meetings: {quality(event)}")
    return seconds


def run(quick: bool = False) -> list[dict]:
    from benchmarks.calibration import calibrate

    os.environ.setdefault("DEBUG", "true")
    calibration = calibrate()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    players = SIZES[quick]
    running = worker()
    try:
        for _ in range(WARM_UPS):  # each of the worker's processes has paired once
            one_next_round(16)
        seconds = sorted(one_next_round(players) for _ in range(TIMES))
    finally:
        running.terminate()
        running.wait(timeout=60)
    label = f"the next round by itself, {players:,} entrants: last result to round 4 published"
    ms = calibration["ms"]
    return [
        row(f"{label}, median of {TIMES}", seconds[len(seconds) // 2] * 1000, "ms",
            f"<= {TARGET_SECONDS * 1000:g}", ms),
        row(f"{label}, slowest of {TIMES}", seconds[-1] * 1000, "ms", "", ms),
    ]  # fmt: skip


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
