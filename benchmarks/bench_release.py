"""The pairings' release at the largest event (issue 47, item 2), over HTTP.

Against gunicorn on PostgreSQL with a real Celery worker, as ``bench_rush`` serves it:
an event of ``RELEASE_ENTRANTS`` players (7,500: Grand Prix Las Vegas 2015 had 7,551),
each signed in, round 1 paired through the API into tables of 4, then, open loop
(``benchmarks.load``: each request timed from when it was due):

1. what the stack costs before the page, at the same rate for 10 s: a static file
   (gunicorn and WhiteNoise) and the event page for a visitor (its shared part cached);
2. every player opens the event page (which shows their table) at ``RELEASE_RATE`` a
   second (300: 7,500 players in 25 s), target p95 <= 200 ms and no failure;
3. the round page (a visitor) and the standings API at 100 a second each, target p95
   <= 100 ms.

Beside each figure: the CPU the site used per request (gunicorn, the worker and
PostgreSQL's server processes, read from /proc) and the CPU this load generator used,
in milliseconds and in calibration units. At 300 a second on 2 cores a request may
cost at most 2,000 / 300 = 6.7 ms of CPU in all, the generator's included: the
calibration's slow end (6.8 ms a round page) leaves 0.98 c a request.

    RELEASE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench_release \\
    RELEASE_BROKER_URL=redis://127.0.0.1:6379/11 \\
        .venv/bin/python -m benchmarks.run --only release

``--quick``: 1,000 players at 100 a second.
"""

import os
import sys
import time
from pathlib import Path

from benchmarks.bench_rush import (
    cpu_by_process,
    cpu_used,
    event_served,
    open_rows,
    reading,
    timed,
    uptime,
)
from benchmarks.load import Client
from benchmarks.rows import row, show
from benchmarks.server import ROOT, database_url

ENTRANTS, RATE, PAGES_RATE = 7500, 300, 100
QUICK_ENTRANTS, QUICK_RATE = 1000, 100
# gunicorn as bench_rush serves it: processes of threads, a thread per request under way.
WORKERS, THREADS = 4, 4


def settings_from_environment() -> tuple[str, str, Path, int, int]:
    database = database_url("RELEASE_DATABASE_URL", "lw_bench_release")
    broker = os.environ.get("RELEASE_BROKER_URL", "redis://127.0.0.1:6379/11")
    code = Path(os.environ.get("RELEASE_CODE_ROOT", ROOT))
    entrants = int(os.environ.get("RELEASE_ENTRANTS", ENTRANTS))
    rate = int(os.environ.get("RELEASE_RATE", RATE))
    return database, broker, code, entrants, rate


class CpuMeter:
    """The CPU the site (``pids`` and PostgreSQL's server processes) and this process
    used during a phase, per request (the table adds it in calibration units)."""

    def __init__(self, database: str, pids: list[int]):
        self.database, self.pids = database, pids

    def __enter__(self):
        self.site = cpu_by_process(self.pids, self.database)
        self.mine = time.process_time()
        return self

    def rows(self, name: str, requests: int) -> list[dict]:
        after = cpu_by_process(self.pids, self.database)
        site = cpu_used(self.site, after, set(after)) * 1000 / requests
        mine = (time.process_time() - self.mine) * 1000 / requests
        return show(
            [
                row(f"{name}: site CPU a request", round(site, 2), "ms", "<= 6.7 ms in all"),
                row(f"{name}: generator CPU a request", round(mine, 2), "ms"),
            ]
        )

    def __exit__(self, *exc):
        return False


def measured(meter: CpuMeter, name: str, run_reading, requests: int, target: str) -> list[dict]:
    with meter:
        run = run_reading()
        return open_rows(name, run, target) + meter.rows(name, requests)


def measure(database, port, data, pids, entrants: int, rate: int) -> list[dict]:
    meter = CpuMeter(database, pids)
    rows = show([row("load average at the start", uptime(), "")])
    status, payload, seconds = timed(
        Client(port, data["organiser"]), "POST", "/api/events/rush/pair/", {}
    )
    if status != 201:
        raise RuntimeError(f"pairing answered {status}: {payload[:300]!r}")
    rows += show([row(f"pairing round 1, {entrants:,} entrants, through the API", seconds, "s")])
    # What the stack costs before the page: a static file (gunicorn and WhiteNoise, the
    # first middleware) and the event page for a visitor (its shared part cached, one
    # query), at the release's rate for 10 s.
    for name, path in (
        ("a static file", "/static/css/room.css"),
        ("event page, a visitor", "/events/rush/"),
    ):
        rows += measured(
            meter,
            f"floor: {name} at {rate}/s",
            lambda path=path: reading(port, [path], [""], rate, rate * 10),
            rate * 10,
            "",
        )
    cookies = list(data["cookies"].values())
    rows += measured(
        meter,
        f"release: event page, {entrants:,} players at {rate}/s",
        lambda: reading(port, ["/events/rush/"], cookies, rate, len(cookies)),
        len(cookies),
        "p95 <= 200 ms, 0 failed",
    )
    count = PAGES_RATE * 10
    for name, path, cookie in (
        ("round page, a visitor", "/events/rush/rounds/1/", ""),
        ("standings API, first page", "/api/events/rush/standings/", None),
    ):
        rows += measured(
            meter,
            f"{name} at {PAGES_RATE}/s",
            lambda path=path, cookie=cookie: reading(port, [path], [cookie], PAGES_RATE, count),
            count,
            "p95 <= 100 ms",
        )
    rows.append(row("load average at the end", uptime(), ""))
    return rows


def run(quick: bool = False) -> list[dict]:
    database, broker, code, entrants, rate = settings_from_environment()
    if quick:
        entrants, rate = QUICK_ENTRANTS, QUICK_RATE
    with event_served(database, broker, code, entrants, WORKERS, THREADS) as (site, data):
        if site is None:
            return [row("release", 0, "skipped", f"PostgreSQL not reachable: {data}"[:60])]
        pids = [site.server.pid, site.worker.pid]
        return measure(database, site.port, data, pids, entrants, rate)


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
