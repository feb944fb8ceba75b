"""The round-end rush: 1,000 entrants at 250 tables of 4 agree their results at once.

Against gunicorn (4 workers, 4 threads each) on PostgreSQL with a real Celery worker:
creates 1,000 entrants with API tokens, pairs round 1 through the API (timed), then 32
client threads each take tables from a queue: seat 1 submits the table's entry and the
three others confirm it (1,000 writes, keep-alive connections). Afterwards it checks the
database (exactly one result per table, none missing), waits until the stored standings
show every result, counts the standings recomputes (the worker's stored task results),
and measures the round page, the round API, the standings API (first page) and the
standings page with 8 clients.

The database and the broker are the benchmark's own (recreated / purged); on a shared
machine give each run its own::

    RUSH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
    RUSH_BROKER_URL=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.run --only rush

``RUSH_CODE_ROOT`` serves another checkout (e.g. an older commit exported with ``git
archive``) with this benchmark, to measure before and after on the same machine.
"""

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections import Counter
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.server import ROOT, database_url, environment, manage, recreate_database, serving

ENTRANTS, TABLE_SIZE, CLIENTS, READERS = 1000, 4, 32, 8
KIND = "call-to-glory-table/1"
ENTRY = {"rounds": [{"sets": [{"20": 3}, {"18": 3}, {"16": 3}, {"12": 3}]}]}

SETUP = """
import json, secrets
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from tournaments.leagues import do_create_event, do_create_league, do_create_season
from tournaments.models import Entrant

User = get_user_model()
organiser = User.objects.create(username="rush-organiser", password="!")
league = do_create_league(organiser, name="Rush", slug="rush")
event = do_create_event(
    do_create_season(league, name="Rush"), organiser, name="Rush", slug="rush",
    table_size=4, points_by_place=[4, 2, 1, 0], rules_options={"rounds": 1},
    review_pairings=False,  # the rush measures the release of published pairings
)
users = User.objects.bulk_create(
    User(username=f"rush-{i:04d}", password="!") for i in range(ENTRANTS)
)
Entrant.objects.bulk_create(
    Entrant(event=event, user=u, name=f"Player {i:04d}") for i, u in enumerate(users)
)
tokens = Token.objects.bulk_create(
    Token(user=u, key=secrets.token_hex(20)) for u in [organiser, *users]
)
by_user = {t.user_id: t.key for t in tokens}
entrants = dict(Entrant.objects.filter(event=event).values_list("pk", "user_id"))
print(json.dumps({
    "event": event.pk,
    "organiser": by_user[organiser.pk],
    "tokens": {str(e): by_user[u] for e, u in entrants.items()},
}))
"""


def row(benchmark, value, unit, target=""):
    return {"benchmark": benchmark, "value": value, "unit": unit, "target": target}


def settings_from_environment() -> tuple[str, str, Path]:
    database = database_url("RUSH_DATABASE_URL", "lw_bench_rush")
    broker = os.environ.get("RUSH_BROKER_URL", "redis://127.0.0.1:6379/14")
    return database, broker, Path(os.environ.get("RUSH_CODE_ROOT", ROOT))


def sql(url: str, query: str, *args):
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query, args).fetchall()


class Client:
    """One keep-alive connection speaking JSON with a token."""

    def __init__(self, port: int, token: str | None = None):
        self.port, self.token = port, token
        self.conn = HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method: str, path: str, body=None, token: str | None = None):
        headers = {"Accept": "application/json"}
        if token or self.token:
            headers["Authorization"] = f"Token {token or self.token}"
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        # A GET is sent again once on a fresh connection when the server had closed the
        # kept-alive one (an idle reader's, after its keep-alive timeout); a write never.
        for _attempt in range(2 if method == "GET" else 1):
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, payload, time.perf_counter() - started
            except OSError:
                self.conn.close()
                self.conn = HTTPConnection("127.0.0.1", self.port, timeout=120)
        return "connection error", None, time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000 if ordered else 0.0


def rush(port: int, tables: list[dict], tokens: dict) -> dict:
    """Every table: seat 1 submits, the others confirm; CLIENTS threads at once."""
    jobs = queue.Queue()
    for table in tables:
        jobs.put(table)
    lock = threading.Lock()
    latencies = {"submit": [], "confirm": []}
    statuses = Counter()
    last_write = [0.0]

    def work():
        client = Client(port)
        while True:
            try:
                table = jobs.get_nowait()
            except queue.Empty:
                return
            seats = sorted(table["seats"], key=lambda s: s["position"])
            keys = [tokens[str(s["entrant_id"])] for s in seats]
            body = {"kind": KIND, "entry": ENTRY}
            path = f"/api/tables/{table['id']}/submissions/"
            status, payload, seconds = client.call("POST", path, body, keys[0])
            with lock:
                latencies["submit"].append(seconds)
                statuses[f"submit {status}"] += 1
            if status != 201:
                continue
            submission = json.loads(payload)["id"]
            for key in keys[1:]:
                path = f"/api/submissions/{submission}/confirm/"
                status, _, seconds = client.call("POST", path, {}, key)
                with lock:
                    latencies["confirm"].append(seconds)
                    statuses[f"confirm {status}"] += 1
                    last_write[0] = time.perf_counter()

    pool = [threading.Thread(target=work) for _ in range(CLIENTS)]
    started = time.perf_counter()
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return {
        "seconds": time.perf_counter() - started,
        "latencies": latencies,
        "statuses": statuses,
        "last_write": last_write[0],
    }


def read_load(port: int, path: str, count: int) -> dict:
    """``count`` GETs of ``path`` from READERS keep-alive clients, timed from when every
    client has warmed up (its first answers build each server process's cache)."""
    latencies, failures, lock, left = [], Counter(), threading.Lock(), [count]
    warmed = threading.Barrier(READERS + 1)

    def work():
        client = Client(port)
        for _ in range(3):
            client.call("GET", path)
        warmed.wait()
        while True:
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            status, _, seconds = client.call("GET", path)
            with lock:
                latencies.append(seconds)
                if status != 200:
                    failures[status] += 1

    pool = [threading.Thread(target=work) for _ in range(READERS)]
    for thread in pool:
        thread.start()
    warmed.wait()
    started = time.perf_counter()
    for thread in pool:
        thread.join()
    elapsed = time.perf_counter() - started
    return {
        "rps": len(latencies) / elapsed,
        "p95_ms": percentile(latencies, 0.95),
        "failures": json.dumps(dict(failures)) if failures else "none",
    }


def check_results(database: str, round_id: int) -> dict:
    tables, with_result, results, distinct = sql(
        database,
        """SELECT count(DISTINCT t.id), count(DISTINCT r.table_id), count(r.id),
                  count(DISTINCT r.id)
           FROM tournaments_table t LEFT JOIN tournaments_result r ON r.table_id = t.id
           WHERE t.round_id = %s AND NOT t.is_bye""",
        round_id,
    )[0]
    seat_results = sql(
        database,
        """SELECT count(*) FROM tournaments_seatresult s
           JOIN tournaments_result r ON s.result_id = r.id
           JOIN tournaments_table t ON r.table_id = t.id WHERE t.round_id = %s""",
        round_id,
    )[0][0]
    return {
        "tables": tables,
        "results": results,
        "missing": tables - with_result,
        "doubled": results - distinct,
        "seat_results": seat_results,
    }


def standings_runs(database: str) -> int:
    return sql(
        database,
        """SELECT count(*) FROM django_celery_results_taskresult
           WHERE task_name = 'tournaments.tasks.update_standings'
             AND status = 'SUCCESS' AND result IS NOT NULL AND result <> 'null'""",
    )[0][0]


def wait_for_standings(database: str, event_id: int, games: int, timeout: float = 120) -> float:
    """Seconds until the stored standings count every game (``inf`` if never)."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        shown = sql(
            database,
            "SELECT coalesce(sum(games), 0) FROM tournaments_standingrow WHERE event_id = %s",
            event_id,
        )[0][0]
        if shown >= games:
            return time.perf_counter()
        time.sleep(0.05)
    return float("inf")


def cpu_by_process(roots: list[int], database: str) -> dict[int, float]:
    """CPU seconds used so far by ``roots`` and their descendants (gunicorn, the
    worker) and by the database's server processes: figures that hold on a busy
    machine, where wall times do not."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = (int(fields[1]), fields)
    chosen, frontier = set(roots), list(roots)
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, (ppid, _) in parents.items() if ppid == parent]
        chosen.update(children)
        frontier.extend(children)
    name = urlsplit(database).path.lstrip("/")
    backends = sql(database, "SELECT pid FROM pg_stat_activity WHERE datname = %s", name)
    tick = os.sysconf("SC_CLK_TCK")
    return {
        pid: (int(parents[pid][1][11]) + int(parents[pid][1][12])) / tick
        for pid in chosen | {b for (b,) in backends}
        if pid in parents
    }


def cpu_used(before: dict, after: dict, pids: set[int]) -> float:
    return sum(after[pid] - before.get(pid, 0.0) for pid in after if pid in pids)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f}/{five:.1f}"


def measure(database: str, port: int, data: dict, quick: bool, pids: list[int]) -> list[dict]:
    organiser = Client(port, data["organiser"])
    started = time.perf_counter()
    status, payload, _ = organiser.call("POST", "/api/events/rush/pair/", {})
    pairing = time.perf_counter() - started
    if status != 201:
        raise RuntimeError(f"pairing answered {status}: {payload[:300]!r}")
    round_ = json.loads(payload)
    tables = [t for t in round_["tables"] if not t["is_bye"]]
    round_id = sql(
        database,
        "SELECT id FROM tournaments_round WHERE event_id = %s AND number = 1",
        data["event"],
    )[0][0]
    time.sleep(3)  # the pairing's own standings run
    runs_before = standings_runs(database)
    load_before = load_average()
    server, worker = pids
    cpu_before = cpu_by_process([server, worker], database)
    done = rush(port, tables, data["tokens"])
    shown_at = wait_for_standings(database, data["event"], ENTRANTS)
    cpu_after = cpu_by_process([server, worker], database)
    app = set(cpu_by_process([server], database)) - set(cpu_by_process([], database))
    tasks = set(cpu_by_process([worker], database)) - set(cpu_by_process([], database))
    base = set(cpu_after) - app - tasks
    time.sleep(3)  # let the last runs finish before counting them
    runs = standings_runs(database) - runs_before
    check = check_results(database, round_id)
    writes = done["latencies"]["submit"] + done["latencies"]["confirm"]
    errors = {k: v for k, v in done["statuses"].items() if not k.endswith(" 201")}
    rows = [
        row("rush: load average before (1 min/5 min, 2 cores)", load_before, ""),
        row("rush: pairing 1,000 entrants through the API", pairing, "s", "<= 0.5 s"),
        row("rush: 250 tables submit + 3 confirms, wall time", done["seconds"], "s", "<= 12 s"),
        row("rush: tables per second", len(tables) / done["seconds"], "tables/s", ">= 20"),
        row("rush: submit p50", percentile(done["latencies"]["submit"], 0.5), "ms"),
        row("rush: submit p95", percentile(done["latencies"]["submit"], 0.95), "ms"),
        row("rush: confirm p50", percentile(done["latencies"]["confirm"], 0.5), "ms"),
        row("rush: confirm p95", percentile(done["latencies"]["confirm"], 0.95), "ms"),
        row("rush: write p95", percentile(writes, 0.95), "ms", "<= 250 ms"),
        row("rush: errors by status", json.dumps(errors) if errors else "none", "", "none"),
        row(
            "rush: results checked (tables/results/missing/doubled)",
            "{tables}/{results}/{missing}/{doubled}".format(**check),
            "",
            "250/250/0/0",
        ),
        row(
            "rush: CPU per write, gunicorn",
            cpu_used(cpu_before, cpu_after, app) / len(writes) * 1000,
            "ms",
        ),
        row(
            "rush: CPU per write, PostgreSQL",
            cpu_used(cpu_before, cpu_after, base) / len(writes) * 1000,
            "ms",
        ),
        row("rush: CPU of the worker, whole rush", cpu_used(cpu_before, cpu_after, tasks), "s"),
        row("rush: standings recomputes during the rush", runs, "runs", "<= 10"),
        row(
            "rush: standings show every result after the last confirm",
            shown_at - done["last_write"],
            "s",
            "<= 2 s",
        ),
        row("rush: load average after the rush", load_average(), ""),
    ]
    for figure in rows:  # shown now: the reads below take a while on a loaded machine
        print(f"  {figure['benchmark']}: {figure['value']} {figure['unit']}", file=sys.stderr)
    if check["missing"] or check["doubled"] or check["results"] != len(tables):
        raise RuntimeError(f"the database after the rush is wrong: {check}")
    count = 100 if quick else 400
    pages = [
        ("round page, 250 tables", "/events/rush/rounds/1/", ">= 100/s", "<= 100 ms"),
        ("round API, 250 tables", "/api/events/rush/rounds/1/", "", ""),
        ("standings API, first page", "/api/events/rush/standings/", "", "<= 50 ms"),
        ("standings page (event page)", "/events/rush/", "", ""),
    ]
    for name, path, rps_target, p95_target in pages:
        figures = read_load(port, path, count)
        rows.append(row(f"{name}, {READERS} clients", figures["rps"], "requests/s", rps_target))
        rows.append(row(f"{name}, p95", figures["p95_ms"], "ms", p95_target))
        rows.append(row(f"{name}, failures", figures["failures"], "", "none"))
        for figure in rows[-3:]:
            print(f"  {figure['benchmark']}: {figure['value']} {figure['unit']}", file=sys.stderr)
    rows.append(row("load average at the end", load_average(), ""))
    return rows


def run(quick: bool = False) -> list[dict]:
    database, broker, code = settings_from_environment()
    if error := recreate_database(database):
        return [row("rush", 0, "skipped", f"PostgreSQL not reachable: {error}"[:60])]
    env = environment(database, broker)
    manage(env, "migrate", "-v0", code=code)
    data = json.loads(
        manage(env, "shell", "-c", f"ENTRANTS = {ENTRANTS}\n{SETUP}", code=code).splitlines()[-1]
    )
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "config", "purge", "-f", "-Q", "default,standings"],
        cwd=code,
        env=env,
        capture_output=True,
        timeout=60,
    )
    with serving(env, workers=4, threads=4, queues="default,standings", code=code) as site:
        time.sleep(5)  # the worker's start
        pids = [site.server.pid, site.worker.pid]
        return measure(database, site.port, data, quick, pids)


if __name__ == "__main__":
    from benchmarks.run import print_table

    print_table(run(quick="--quick" in sys.argv))
