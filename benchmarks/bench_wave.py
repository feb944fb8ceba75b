"""The result wave at the largest event (issue 47, item 4), over HTTP.

Against gunicorn on PostgreSQL with a real Celery worker, as ``bench_rush`` serves it:
an event of ``WAVE_ENTRANTS`` players (7,500) at tables of 4, round 1 paired through the
API, then every table reports at the wave's peak, open loop: each second ten tables'
entries, then their thirty confirmations (40 writes a second; the real wave averages a
sixth of that over 20 minutes, so the whole round at the peak is the harder test).
Every write carries an ``Idempotency-Key``, and phones misbehave as they do at a venue:

- **dropped**: ``DROPPED`` of the writes are sent and their connection closed before
  the answer is read (the Wi-Fi went as the answer came back); the phone sends the same
  write again with the same key a moment later, on a new connection;
- **replayed**: ``REPLAYED`` of the writes are sent again with the same key after they
  were answered (an offline queue replayed that had already gone through).

Then the database is checked: one result per table and none missing, one submission per
table, one confirmation per seat; 0 lost, 0 doubled. A thread reads the stored
standings every 100 ms during the wave: for each result, the time from the first read
that counts it to the first read whose standings count it ("standings current within
2 s"). A write's latency runs from its due time to its (last) answer.

    WAVE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench_wave \\
    WAVE_BROKER_URL=redis://127.0.0.1:6379/12 \\
        .venv/bin/python -m benchmarks.run --only wave

``--quick``: 1,000 players.
"""

import json
import os
import random
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

from benchmarks.bench_rush import (
    ENTRY,
    KIND,
    TABLE_SIZE,
    check_results,
    event_served,
    open_rows,
    round_id,
    sql,
    timed,
    uptime,
)
from benchmarks.load import Client, open_loop, steady
from benchmarks.rows import row, show
from benchmarks.server import ROOT, database_url

ENTRANTS, QUICK_ENTRANTS, WRITE_RATE = 7500, 1000, 40
DROPPED, REPLAYED = 0.10, 0.05
RETRY_AFTER = 0.5  # seconds before a phone whose answer was lost sends the write again
WORKERS, THREADS = 4, 4
POLL_EVERY = 0.1


def settings_from_environment() -> tuple[str, str, Path]:
    database = database_url("WAVE_DATABASE_URL", "lw_bench_wave")
    broker = os.environ.get("WAVE_BROKER_URL", "redis://127.0.0.1:6379/12")
    return database, broker, Path(os.environ.get("WAVE_CODE_ROOT", ROOT))


def sent_and_dropped(client: Client, path: str, body: dict, token: str, key: str) -> None:
    """The write sent whole, its connection closed before the answer is read."""
    client.conn.request(
        "POST",
        path,
        json.dumps(body),
        {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Authorization": f"Token {token}",
            "Idempotency-Key": key,
        },
    )
    client.conn.close()


class Phones:
    """Each write as a phone sends it: with its key, maybe dropped and sent again, maybe
    replayed later; what each answer was is counted."""

    def __init__(self, seed: int = 47):
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.answers: Counter = Counter()
        # Seconds from sending the write (again, if dropped) to its answer.
        self.answered_in: dict[str, list[float]] = {"first try": [], "sent again": []}
        self.replays: list[tuple[str, dict, str, str, object]] = []

    def write(self, client: Client, path: str, body: dict, token: str, label: str):
        key = str(uuid.uuid4())
        with self.lock:
            dropped = self.rng.random() < DROPPED
            replayed = self.rng.random() < REPLAYED
        headers = {"Idempotency-Key": key}
        if dropped:
            sent_and_dropped(client, path, body, token, key)
            time.sleep(RETRY_AFTER)
        started = time.perf_counter()
        status, payload = client.call("POST", path, body, token, headers=headers)
        seconds = time.perf_counter() - started
        with self.lock:
            self.answers[f"{label}{' retried' if dropped else ''} {status}"] += 1
            self.answered_in["sent again" if dropped else "first try"].append(seconds)
            if replayed:
                self.replays.append((path, body, token, key, status))
        return status, payload

    def replay(self, port: int) -> Counter:
        """Every replayed write sent again: the same answer's status, nothing new."""
        client, outcome = Client(port), Counter()
        for path, body, token, key, first in self.replays:
            status, _ = client.call("POST", path, body, token, headers={"Idempotency-Key": key})
            outcome["same answer" if status == first else f"{first} then {status}"] += 1
        client.close()
        return outcome


def the_wave(port: int, tables: list[dict], tokens: dict, phones: Phones, rate: float):
    """Each block of ``rate / 4`` tables sends its entries, then their confirmations
    (``bench_rush.results_arriving``'s order); a confirmation waits for its entry."""
    per_block = max(1, round(rate / TABLE_SIZE))
    writes = []
    for first in range(0, len(tables), per_block):
        block = tables[first : first + per_block]
        writes += [(t, 0) for t in block]
        writes += [(t, seat) for seat in range(1, TABLE_SIZE) for t in block]
    submitted = {t["id"]: threading.Event() for t in tables}
    submissions: dict[int, int] = {}

    def send(client: Client, index: int):
        table, position = writes[index]
        seats = sorted(table["seats"], key=lambda s: s["position"])
        token = tokens[str(seats[position]["entrant_id"])]
        if position == 0:
            path = f"/api/tables/{table['id']}/submissions/"
            status, payload = phones.write(
                client, path, {"kind": KIND, "entry": ENTRY}, token, "entry"
            )
            if status == 201:
                submissions[table["id"]] = json.loads(payload)["id"]
            submitted[table["id"]].set()
            return status
        if not submitted[table["id"]].wait(60) or table["id"] not in submissions:
            return "no entry to confirm"
        path = f"/api/submissions/{submissions[table['id']]}/confirm/"
        return phones.write(client, path, {}, token, "confirm")[0]

    return open_loop(send, steady(rate, len(writes)), clients=300, session=lambda: Client(port))


class StandingsWatch:
    """Reads, every ``POLL_EVERY`` seconds, how many results the round has and how many
    games the stored standings count; ``lags()`` is, for each result, the seconds from
    the first read that counted it to the first whose standings did."""

    def __init__(self, database: str, event_id: int, round_pk: int):
        self.database, self.event_id, self.round_pk = database, event_id, round_pk
        self.reads: list[tuple[float, int, int]] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.watch, daemon=True)

    def watch(self) -> None:
        import psycopg

        with psycopg.connect(self.database, autocommit=True) as conn:
            while not self.done.is_set():
                results, games = conn.execute(
                    """SELECT (SELECT count(*) FROM tournaments_result r
                               JOIN tournaments_table t ON t.id = r.table_id
                               WHERE t.round_id = %s),
                              (SELECT coalesce(sum(games), 0) FROM tournaments_standingrow
                               WHERE event_id = %s)""",
                    (self.round_pk, self.event_id),
                ).fetchone()
                self.reads.append((time.perf_counter(), results, games))
                time.sleep(POLL_EVERY)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()
        return False

    def lags(self) -> list[float]:
        counted, shown, lags = {}, {}, []
        for at, results, games in self.reads:
            for k in range(len(counted) + 1, results + 1):
                counted[k] = at
            for k in range(len(shown) + 1, games // TABLE_SIZE + 1):
                shown[k] = at
        for k, at in counted.items():
            lags.append(shown[k] - at if k in shown else float("inf"))
        return lags


def percentile_ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000 if ordered else 0.0


def measure(database: str, port: int, data: dict, entrants: int) -> list[dict]:
    rows = show([row("load average at the start", uptime(), "")])
    status, payload, seconds = timed(
        Client(port, data["organiser"]), "POST", "/api/events/rush/pair/", {}
    )
    if status != 201:
        raise RuntimeError(f"pairing answered {status}: {payload[:300]!r}")
    tables = [t for t in json.loads(payload)["tables"] if not t["is_bye"]]
    rows += show([row(f"pairing round 1, {entrants:,} entrants, through the API", seconds, "s")])
    round_pk = round_id(database, data["event"], 1)
    phones = Phones()
    name = f"the wave: {len(tables):,} tables at {WRITE_RATE} writes/s"
    with StandingsWatch(database, data["event"], round_pk) as watch:
        run = the_wave(port, tables, data["tokens"], phones, WRITE_RATE)
        replays = phones.replay(port)
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:
            if watch.reads and watch.reads[-1][2] >= len(tables) * TABLE_SIZE:
                break
            time.sleep(POLL_EVERY)
    # The open loop's latency of a dropped write includes the phone's pause before it
    # sends it again (RETRY_AFTER): the site's own answer times are given apart.
    rows += open_rows(f"{name} (a dropped write's pause included)", run, "")
    for kind, seconds in phones.answered_in.items():
        rows += show(
            [
                row(f"{name}: answer p95, writes {kind}", percentile_ms(seconds, 0.95), "ms",
                    "<= 150 ms"),
                row(f"{name}: answer p50 / p99, writes {kind}",
                    f"{percentile_ms(seconds, 0.5):.0f} / {percentile_ms(seconds, 0.99):.0f}",
                    "ms"),
            ]
        )  # fmt: skip
    rows += show([row(f"{name}: answers", json.dumps(dict(phones.answers)), "")])
    rows += show([row(f"{name}: replayed writes", json.dumps(dict(replays)), "", "all same")])
    check = check_results(database, round_pk)
    submissions, confirmations = sql(
        database,
        """SELECT count(DISTINCT s.id), count(c.id) - count(DISTINCT (c.submission_id, c.user_id))
           FROM scoring_submission s JOIN tournaments_table t ON t.id = s.table_id
           LEFT JOIN scoring_confirmation c ON c.submission_id = s.id
           WHERE t.round_id = %s""",
        round_pk,
    )[0]
    checked = "{tables}/{results}/{missing}/{doubled}".format(**check)
    lags = watch.lags()
    rows += show(
        [
            row(f"{name}: tables/results/missing/doubled", checked, "", "N/N/0/0"),
            row(
                f"{name}: submissions / doubled confirmations",
                f"{submissions} / {confirmations}",
                "",
                "N / 0",
            ),
            row(f"{name}: standings behind a result, p50", percentile_ms(lags, 0.5), "ms"),
            row(
                f"{name}: standings behind a result, p95",
                percentile_ms(lags, 0.95),
                "ms",
                "<= 2,000 ms",
            ),
            row(f"{name}: standings behind a result, max", percentile_ms(lags, 1.0), "ms"),
        ]
    )
    rows.append(row("load average at the end", uptime(), ""))
    return rows


def run(quick: bool = False) -> list[dict]:
    database, broker, code = settings_from_environment()
    entrants = QUICK_ENTRANTS if quick else int(os.environ.get("WAVE_ENTRANTS", ENTRANTS))
    with event_served(database, broker, code, entrants, WORKERS, THREADS) as (site, data):
        if site is None:
            return [row("wave", 0, "skipped", f"PostgreSQL not reachable: {data}"[:60])]
        return measure(database, site.port, data, entrants)


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
