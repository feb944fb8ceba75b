"""An evening's peaks for 1,000 entrants at 250 tables of 4, over HTTP.

Against gunicorn (4 workers, 4 threads each) on PostgreSQL with a real Celery worker:
creates 1,000 entrants with API tokens and signed-in sessions, then

1. pairs round 1 through the API (timed);
2. **the pairings' release**: the 1,000 players open the event page (which shows their
   table), 100 a second, open loop (``benchmarks.load``); then 500 of them open their
   table's page and 500 the home page ("what needs you") at 100 a second;
3. **the capacity rush** (a closed loop on purpose: how fast can 250 tables' results
   go in when nobody waits): 32 client threads take tables from a queue, seat 1
   submits the table's entry and the three others confirm it (1,000 writes); the
   database is checked (one result per table, none missing), the time until the stored
   standings show every result, and the standings recomputes (the worker's stored task
   results) are counted;
4. pairs round 2, then **results arriving at 40 writes a second**, open loop: each
   second ten tables' entries, then their thirty confirmations (1,000 writes);
5. **the round page** (250 tables) at 100 a second, open loop (1,000 requests), then
   the round API and the standings API at 100 a second;
6. with ``RUSH_KNEE=1``: step tests of the event page (target p95 200 ms) and the
   round page (100 ms), each after an untimed warm-up at the first rate, from 25 a
   second and 1.25 times more each 5-second step until p95 breaks its target, printing
   where the knee is.

``RUSH_PHASES`` runs only some phases, for shorter runs while steering (comma-separated,
of ``release`` (2), ``rush`` (3), ``results`` (4), ``round`` (the round page), ``api``
(the round and standings APIs), ``knee`` (6); default all but ``knee``, which
``RUSH_KNEE=1`` adds). Pairing round 1 always runs; any phase after the release needs
round 2, so the capacity rush and round 2's pairing run whenever one is chosen, e.g.
``RUSH_PHASES=results,round`` measures the round page right after the results arriving.

docs/benchmarks.md states the load model. The database and the broker are the
benchmark's own (recreated / purged); on a shared machine give each run its own::

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
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.load import Client, Run, open_loop, steady, step_test
from benchmarks.rows import row, show
from benchmarks.server import (
    ROOT,
    analyze,
    database_url,
    environment,
    manage,
    recreate_database,
    serving,
)

ENTRANTS, TABLE_SIZE, CLIENTS = 1000, 4, 32
# The open-loop rates (docs/benchmarks.md, "The load model"): readers and writers a second.
RATE, WRITE_RATE = 100, 40
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
# Each player signed in (a session, as after logging in on their phone).
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone
from datetime import timedelta

# What logging in records: the first backend that signs people in (axes' only counts),
# read from the served checkout's settings, so an older one is measured as it ran.
backend = next(path for path in settings.AUTHENTICATION_BACKENDS if not path.startswith("axes."))
sessions = {}
for user in users:
    key = secrets.token_hex(16)
    data = {SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: backend,
            HASH_SESSION_KEY: user.get_session_auth_hash()}
    sessions[user.pk] = Session(session_key=key, session_data=SessionStore().encode(data),
                                expire_date=timezone.now() + timedelta(days=1))
Session.objects.bulk_create(sessions.values())
print(json.dumps({
    "event": event.pk,
    "organiser": by_user[organiser.pk],
    "tokens": {str(e): by_user[u] for e, u in entrants.items()},
    "cookies": {
        str(e): f"{settings.SESSION_COOKIE_NAME}={sessions[u].session_key}"
        for e, u in entrants.items()
    },
}))
"""


@contextmanager
def event_served(database: str, broker: str, code: Path, entrants: int, workers: int, threads: int):
    """The benchmark's own database recreated with the rush event of ``entrants`` signed-in
    players (``SETUP``), its queues purged, and gunicorn with a worker serving it: yields
    the site and what ``SETUP`` printed (None: PostgreSQL did not answer, and why)."""
    if error := recreate_database(database):
        yield None, error
        return
    env = environment(database, broker)
    manage(env, "migrate", "-v0", code=code)
    data = json.loads(
        manage(env, "shell", "-c", f"ENTRANTS = {entrants}\n{SETUP}", code=code).splitlines()[-1]
    )
    analyze(database)
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "config", "purge", "-f", "-Q", "default,standings"],
        cwd=code,
        env=env,
        capture_output=True,
        timeout=60,
    )
    queues = "default,standings"
    with serving(env, workers=workers, threads=threads, queues=queues, code=code) as site:
        time.sleep(5)  # the worker's start
        yield site, data


def settings_from_environment() -> tuple[str, str, Path]:
    database = database_url("RUSH_DATABASE_URL", "lw_bench_rush")
    broker = os.environ.get("RUSH_BROKER_URL", "redis://127.0.0.1:6379/7")
    return database, broker, Path(os.environ.get("RUSH_CODE_ROOT", ROOT))


def sql(url: str, query: str, *args):
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query, args).fetchall()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000 if ordered else 0.0


def timed(client: Client, *args, **kwargs):
    """``client.call`` and the seconds it took."""
    started = time.perf_counter()
    status, payload = client.call(*args, **kwargs)
    return status, payload, time.perf_counter() - started


def rush(port: int, tables: list[dict], tokens: dict) -> dict:
    """Every table: seat 1 submits, the others confirm; CLIENTS threads at once, each
    sending its next write when the last is answered (the capacity: a closed loop)."""
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
                client.close()
                return
            seats = sorted(table["seats"], key=lambda s: s["position"])
            keys = [tokens[str(s["entrant_id"])] for s in seats]
            body = {"kind": KIND, "entry": ENTRY}
            path = f"/api/tables/{table['id']}/submissions/"
            status, payload, seconds = timed(client, "POST", path, body, keys[0])
            with lock:
                latencies["submit"].append(seconds)
                statuses[f"submit {status}"] += 1
            if status != 201:
                continue
            submission = json.loads(payload)["id"]
            for key in keys[1:]:
                path = f"/api/submissions/{submission}/confirm/"
                status, _, seconds = timed(client, "POST", path, {}, key)
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


def results_arriving(port: int, tables: list[dict], tokens: dict, rate: float) -> Run:
    """Results coming in at ``rate`` writes a second, open loop: each block of
    ``rate / 4`` tables sends its entries, then their confirmations (the first confirm
    of a table is due a quarter of the block after its entry). A confirmation whose
    entry has not been answered yet waits for it, timed from its own due time."""
    per_block = max(1, round(rate / TABLE_SIZE))
    writes = []  # (table, seat position 0-3)
    for first in range(0, len(tables), per_block):
        block = tables[first : first + per_block]
        writes += [(t, 0) for t in block]
        writes += [(t, seat) for seat in range(1, TABLE_SIZE) for t in block]
    submitted = {t["id"]: threading.Event() for t in tables}
    submissions = {}

    def send(client: Client, index: int):
        table, position = writes[index]
        seats = sorted(table["seats"], key=lambda s: s["position"])
        token = tokens[str(seats[position]["entrant_id"])]
        if position == 0:
            body = {"kind": KIND, "entry": ENTRY}
            path = f"/api/tables/{table['id']}/submissions/"
            status, payload = client.call("POST", path, body, token)
            if status == 201:
                submissions[table["id"]] = json.loads(payload)["id"]
            submitted[table["id"]].set()
            return status
        if not submitted[table["id"]].wait(60) or table["id"] not in submissions:
            return "no entry to confirm"
        path = f"/api/submissions/{submissions[table['id']]}/confirm/"
        return client.call("POST", path, {}, token)[0]

    return open_loop(send, steady(rate, len(writes)), clients=200, session=lambda: Client(port))


def reading(port: int, paths: list[str], cookies: list[str | None], rate: float, count: int):
    """``count`` GETs at ``rate`` a second, open loop, request ``i`` of ``paths[i %
    len]`` as the reader ``cookies[i % len]`` ("": a visitor's browser, asking for
    HTML; None: a script, asking for JSON)."""

    def send(client: Client, index: int):
        cookie = cookies[index % len(cookies)]
        return client.call("GET", paths[index % len(paths)], cookie=cookie)[0]

    # Enough clients for every request of two seconds to be under way at once.
    clients = min(count, max(50, int(rate * 2.5)))
    return open_loop(send, steady(rate, count), clients=clients, session=lambda: Client(port))


def step_rows(name, port, paths, cookies, target_ms) -> list[dict]:
    """A step test of reading ``paths``: 25 a second, x1.25 each 5-second step."""
    knee = step_test(
        lambda rate: reading(port, paths, cookies, rate, int(rate * 5)),
        start=25,
        target_ms=target_ms,
        report=lambda line: print(line, file=sys.stderr),
    )
    print(knee.summary(name), file=sys.stderr)
    return knee.rows(name)


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
           WHERE task_name = 'standings.tasks.update_standings'
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


def uptime() -> str:
    """The load average as ``uptime`` prints it, beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def pair(port: int, token: str) -> tuple[float, list[dict]]:
    """Pairs the next round through the API: seconds taken, its tables but byes."""
    started = time.perf_counter()
    status, payload, _ = timed(Client(port, token), "POST", "/api/events/rush/pair/", {})
    seconds = time.perf_counter() - started
    if status != 201:
        raise RuntimeError(f"pairing answered {status}: {payload[:300]!r}")
    return seconds, [t for t in json.loads(payload)["tables"] if not t["is_bye"]]


def round_id(database: str, event: int, number: int) -> int:
    return sql(
        database,
        "SELECT id FROM tournaments_round WHERE event_id = %s AND number = %s",
        event,
        number,
    )[0][0]


def open_rows(name: str, run: Run, target: str) -> list[dict]:
    print(f"  {run.summary(name)} (load {uptime()})", file=sys.stderr)
    return [*run.rows(name, target), row(f"{name}, load average after", uptime(), "")]


def release(port: int, data: dict, tables: list[dict], count: int) -> list[dict]:
    """The pairings' release: every player opens the event page, then their table's
    page or the home page, 100 a second."""
    entrants = list(data["cookies"])
    cookies = [data["cookies"][e] for e in entrants]
    rows = open_rows(
        "release: event page, 1,000 players",
        reading(port, ["/events/rush/"], cookies, RATE, count),
        "p95 <= 200 ms",
    )
    table_of = {str(s["entrant_id"]): t["id"] for t in tables for s in t["seats"]}
    seated = [e for e in entrants if e in table_of][: count // 2]
    paths = [f"/scoring/tables/{table_of[e]}/" for e in seated]
    run = reading(port, paths, [data["cookies"][e] for e in seated], RATE, len(seated))
    rows += open_rows("release: the player's table page", run, "")
    run = reading(port, ["/"], cookies[: count // 2], RATE, count // 2)
    rows += open_rows("release: home page signed in", run, "")
    return rows


def capacity(database: str, port: int, data: dict, tables, pids) -> list[dict]:
    """The capacity rush on round 1 (closed loop): wall time, standings, checks."""
    number_id = round_id(database, data["event"], 1)
    time.sleep(3)  # the pairing's own standings run
    runs_before = standings_runs(database)
    load_before = uptime()
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
    check = check_results(database, number_id)
    writes = done["latencies"]["submit"] + done["latencies"]["confirm"]
    errors = {k: v for k, v in done["statuses"].items() if not k.endswith(" 201")}
    rows = show([
        row("rush: load average before", load_before, ""),
        row("rush: 250 tables submit + 3 confirms, wall time", done["seconds"], "s", "<= 10 s"),
        row("rush: tables per second", len(tables) / done["seconds"], "tables/s"),
        row("rush: write p50 / p95 (closed loop of 32)",
            f"{percentile(writes, 0.5):.0f} / {percentile(writes, 0.95):.0f}", "ms"),
        row("rush: errors by status", json.dumps(errors) if errors else "none", "", "none"),
        row(
            "rush: results checked (tables/results/missing/doubled)",
            "{tables}/{results}/{missing}/{doubled}".format(**check),
            "",
            "250/250/0/0",
        ),
        row("rush: CPU per write, gunicorn / PostgreSQL",
            f"{cpu_used(cpu_before, cpu_after, app) / len(writes) * 1000:.1f} / "
            f"{cpu_used(cpu_before, cpu_after, base) / len(writes) * 1000:.1f}", "ms"),
        row("rush: CPU of the worker, whole rush", cpu_used(cpu_before, cpu_after, tasks), "s"),
        row("rush: standings recomputes during the rush", runs, "runs", "<= 10"),
        row(
            "rush: standings show every result after the last confirm",
            shown_at - done["last_write"],
            "s",
            "<= 2 s",
        ),
        row("rush: load average after", uptime(), ""),
    ])  # fmt: skip
    if check["missing"] or check["doubled"] or check["results"] != len(tables):
        raise RuntimeError(f"the database after the rush is wrong: {check}")
    return rows


PHASES = ("release", "rush", "results", "round", "api", "knee")


def phases_from_environment() -> set[str]:
    """``RUSH_PHASES`` (comma-separated, default all but ``knee``; ``knee`` also with
    ``RUSH_KNEE=1``); refuses a name it does not know."""
    named = os.environ.get("RUSH_PHASES", "")
    chosen = {p.strip() for p in named.split(",") if p.strip()} or set(PHASES) - {"knee"}
    if os.environ.get("RUSH_KNEE"):
        chosen.add("knee")
    if unknown := chosen - set(PHASES):
        raise SystemExit(f"RUSH_PHASES: unknown {sorted(unknown)}; known {list(PHASES)}")
    return chosen


def measure(
    database: str, port: int, data: dict, quick: bool, pids: list[int], phases: set[str]
) -> list[dict]:
    count = 300 if quick else ENTRANTS
    rows = show([row("load average at the start", uptime(), "")])
    seconds, tables = pair(port, data["organiser"])
    rows += show([row("pairing round 1, 1,000 entrants, through the API", seconds, "s")])
    if "release" in phases:
        rows += release(port, data, tables, count)
    if phases - {"release"}:  # round 2 is paired once round 1 has every result
        rows += capacity(database, port, data, tables, pids)
        seconds, tables = pair(port, data["organiser"])
        rows += show([row("pairing round 2 through the API", seconds, "s")])
    if "results" in phases:
        rows += results_phase(database, port, data, tables)
    pages = [
        ("round", "round page, 250 tables", "/events/rush/rounds/2/", "p95 <= 100 ms"),
        ("api", "round API, 250 tables", "/api/events/rush/rounds/2/", ""),
        ("api", "standings API, first page", "/api/events/rush/standings/", ""),
    ]
    for phase, name, path, target in pages:
        if phase in phases:
            cookie = None if path.startswith("/api/") else ""
            rows += open_rows(name, reading(port, [path], [cookie], RATE, count), target)
    if "knee" in phases:
        cookies = list(data["cookies"].values())
        rows += step_rows("event page, players", port, ["/events/rush/"], cookies, 200)
        rows += step_rows("round page", port, ["/events/rush/rounds/2/"], [""], 100)
    rows.append(row("load average at the end", uptime(), ""))
    return rows


def results_phase(database: str, port: int, data: dict, tables: list[dict]) -> list[dict]:
    """Round 2's results at ``WRITE_RATE`` writes a second, then the database checked."""
    run = results_arriving(port, tables, data["tokens"], WRITE_RATE)
    rows = open_rows(f"results at {WRITE_RATE} writes/s", run, "p95 <= 150 ms")
    check = check_results(database, round_id(database, data["event"], 2))
    checked = "{tables}/{results}/{missing}/{doubled}".format(**check)
    name = "results at 40/s: checked (tables/results/missing/doubled)"
    return rows + show([row(name, checked, "", "250/250/0/0")])


def run(quick: bool = False) -> list[dict]:
    phases = phases_from_environment()
    database, broker, code = settings_from_environment()
    with event_served(database, broker, code, ENTRANTS, workers=4, threads=4) as (site, data):
        if site is None:
            return [row("rush", 0, "skipped", f"PostgreSQL not reachable: {data}"[:60])]
        pids = [site.server.pid, site.worker.pid]
        return measure(database, site.port, data, quick, pids, phases)


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
