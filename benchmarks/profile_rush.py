"""The rush's writes and pairings in process: an event of 1,000 entrants (tables of 4) as
``bench_rush`` makes it, round 1 paired through the API, then every table's entry and
its three confirmations through the whole WSGI stack (token, throttles, idempotency,
the view, the answer) as the rush sends them, then rounds 2 and 3 paired and played out
(results stored directly) and round 4 paired through the API. Prints the CPU and wall
time of each pairing, the CPU per submit and per confirmation (median and mean) and
their statements (BEGIN and COMMIT not counted), and the CPU of the PostgreSQL
process serving them per write (read from Linux's ``/proc``); ``--queries`` prints the
statements of the first submit, confirm and last confirm; ``--profile`` adds
cProfile's dearest calls (CPU time) of the pairings and of the writes, and with
``PROFILE_DUMP_DIR`` set writes each profile there too (for ``pstats``, to compare two
checkouts).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.profile_rush [--tables 250] [--profile] [--cold]

A small event is paired and played through the same calls first, as a server process
has imported and warmed everything before a rush; ``--cold`` leaves that out, so that
the pairing is the process's first request (as in ``bench_rush``).

The database is migrated and gets an event of its own (not recreated). The writes'
Celery tasks (standings requests, notices) go to the broker and are left there: the
script recomputes the standings itself before each pairing. It uses only what a site
of before issue 26 had too, so that it can time an older checkout with that
checkout's own code: ``cd /old/checkout && PYTHONPATH=. .venv/bin/python /this/file.py``
(docs/benchmarks.md, "Issue 26 as a whole", in process).
"""

import argparse
import cProfile
import io
import os
import pstats
import random
import secrets
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "profile-only-" + "x" * 50)
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("LOG_LEVEL", "WARNING")
for _scope in ("ANON", "USER", "WRITES"):
    os.environ.setdefault(f"API_RATE_{_scope}", "1000000/min")

KIND = "call-to-glory-table/1"
ENTRY = {"rounds": [{"sets": [{"20": 3}, {"18": 3}, {"16": 3}, {"12": 3}]}]}


def create_event(entrants: int):
    """The rush's event (``bench_rush.SETUP``: 1,000 entrants): its organiser's token and every
    entrant's, by entrant id."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.leagues import do_create_event, do_create_league, do_create_season
    from tournaments.models import Entrant

    User = get_user_model()
    tag = f"rush-{secrets.token_hex(4)}"
    organiser = User.objects.create(username=tag, password="!")
    league = do_create_league(organiser, name=tag, slug=tag)
    event = do_create_event(
        do_create_season(league, name=tag),
        organiser,
        name=tag,
        slug=tag,
        table_size=4,
        points_by_place=[4, 2, 1, 0],
        rules_options={"rounds": 1},
        rounds_planned=4,
        review_pairings=False,
    )
    users = User.objects.bulk_create(
        User(username=f"{tag}-{i:04d}", password="!") for i in range(entrants)
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"Player {i:04d}") for i, u in enumerate(users)
    )
    tokens = Token.objects.bulk_create(
        Token(user=u, key=secrets.token_hex(20)) for u in [organiser, *users]
    )
    by_user = {t.user_id: t.key for t in tokens}
    entrants = Entrant.objects.filter(event=event).values_list("pk", "user_id")
    return event, by_user[organiser.pk], {e: by_user[u] for e, u in entrants}


def server_cpu() -> float | None:
    """The CPU time (s) the PostgreSQL process serving this connection has used, from
    Linux's ``/proc`` (None where that cannot be read: another host, another system)."""
    from django.db import connection

    if connection.vendor != "postgresql" or connection.connection is None:
        return None
    try:
        with open(f"/proc/{connection.connection.info.backend_pid}/schedstat") as stat:
            return int(stat.read().split()[0]) / 1e9
    except (OSError, AttributeError):
        return None


class Meter:
    """CPU (this process's and its PostgreSQL server process's), wall time and queries
    of calls, optionally under one cProfile; the statements of the first call."""

    def __init__(self, profile: bool):
        self.profile = cProfile.Profile(time.process_time) if profile else None
        self.cpu, self.server, self.wall, self.queries = [], [], [], []
        self.statements: list[str] = []

    def __call__(self, call, *args, **kwargs):
        from django.db import connection

        queries = []

        def count(execute, sql, params, many, context):
            queries.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            server = server_cpu()
            wall, cpu = time.perf_counter(), time.process_time()
            if self.profile:
                self.profile.enable()
            answer = call(*args, **kwargs)
            if self.profile:
                self.profile.disable()
            self.cpu.append(time.process_time() - cpu)
            self.wall.append(time.perf_counter() - wall)
            if server is not None and (after := server_cpu()) is not None:
                self.server.append(after - server)
        self.queries.append(len(queries))
        if not self.statements:
            self.statements = queries
        return answer

    def line(self, name: str) -> str:
        ms = [1000 * c for c in self.cpu]
        if not ms:
            return f"{name}: none"
        if len(ms) == 1:
            return (
                f"{name}: CPU {ms[0]:.0f} ms, wall {1000 * self.wall[0]:.0f} ms, "
                f"{self.queries[0]} queries"
            )
        counts = sorted(set(self.queries))
        return (
            f"{name} (x{len(ms)}): CPU median {statistics.median(ms):.1f} ms, "
            f"mean {statistics.mean(ms):.1f} ms; queries {counts}"
        )

    def dearest(self, name: str, lines: int = 30) -> str:
        if not self.profile:
            return ""
        if os.environ.get("PROFILE_DUMP_DIR"):  # for comparing two checkouts' profiles
            self.profile.dump_stats(os.path.join(os.environ["PROFILE_DUMP_DIR"], name))
        out = io.StringIO()
        stats = pstats.Stats(self.profile, stream=out)
        stats.sort_stats("cumulative").print_stats(lines)
        stats.sort_stats("tottime").print_stats(lines)
        return f"--- {name} ---\n{out.getvalue()}"


def pair(client, event, token, meter):
    answer = meter(
        client.post,
        f"/api/events/{event.slug}/pair/",
        {},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    assert answer.status_code == 201, answer.content[:300]
    return [t for t in answer.json()["tables"] if not t["is_bye"]]


def play_through_api(client, tables, tokens, submit, confirm, last) -> None:
    """Each table as the rush plays it: seat 1 submits the entry, the others confirm."""
    for table in tables:
        seats = sorted(table["seats"], key=lambda s: s["position"])
        keys = [tokens[s["entrant_id"]] for s in seats]
        answer = submit(
            client.post,
            f"/api/tables/{table['id']}/submissions/",
            {"kind": KIND, "entry": ENTRY},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {keys[0]}",
        )
        assert answer.status_code == 201, answer.content[:300]
        submission = answer.json()["id"]
        for n, key in enumerate(keys[1:], 2):
            meter = last if n == len(keys) else confirm
            answer = meter(
                client.post,
                f"/api/submissions/{submission}/confirm/",
                {},
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Token {key}",
            )
            assert answer.status_code == 201, answer.content[:300]


def play_out(round_, rng) -> None:
    """Random places at the round's tables that have no result yet, stored directly."""
    from tournaments.results import SeatOutcome, do_record_result

    open_tables = round_.tables.filter(is_bye=False, result__isnull=True)
    for table in open_tables.prefetch_related("seats"):
        places = rng.sample(range(1, len(table.seats.all()) + 1), len(table.seats.all()))
        outcomes = [SeatOutcome(p, rng.randint(40, 160), place) for p, place in enumerate(places)]
        do_record_result(table, outcomes, source="organiser")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=250, help="tables of round 1 played")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--queries", action="store_true", help="print each write's statements")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="no warm-up: the pairing is the process's first request, as in bench_rush",
    )
    args = parser.parse_args()

    from django.core.management import call_command
    from django.test import Client

    import config.wsgi  # noqa: F401 - what a server process imports when it starts

    call_command("migrate", verbosity=0)
    from standings.computing import do_update_standings
    from tournaments.models import Round

    client = Client()
    # A small event first, through every call measured: a server process has imported
    # and warmed all of it before a rush (config/wsgi.py imports the views at start).
    if not args.cold:
        event, organiser, tokens = create_event(8)
        tables = pair(client, event, organiser, Meter(False))
        play_through_api(client, tables, tokens, Meter(False), Meter(False), Meter(False))

    from benchmarks.calibration import calibrate, print_calibration

    print_calibration(calibrate())  # beside the figures: a day's speed and load
    print(f"load average {os.getloadavg()[0]:.2f} at the start")
    event, organiser, tokens = create_event(args.entrants)
    pairing = {n: Meter(args.profile) for n in (1, 4)}
    tables = pair(client, event, organiser, pairing[1])

    submit, confirm, last = Meter(args.profile), Meter(args.profile), Meter(args.profile)
    play_through_api(client, tables[: args.tables], tokens, submit, confirm, last)

    rng = random.Random(1)
    play_out(Round.objects.get(event=event, number=1), rng)  # tables left by --tables
    for number in (2, 3):
        do_update_standings(event.pk)
        pair(client, event, organiser, Meter(False))
        play_out(Round.objects.get(event=event, number=number), rng)
    do_update_standings(event.pk)
    pair(client, event, organiser, pairing[4])

    print(pairing[1].line("pairing round 1 through the API"))
    print(pairing[4].line("pairing round 4 through the API"))
    print(submit.line("submit"))
    print(confirm.line("confirm (not the table's last)"))
    print(last.line("the table's last confirm"))
    writes = submit.cpu + confirm.cpu + last.cpu
    if writes:
        print(f"CPU per write (all {len(writes)}): {1000 * statistics.mean(writes):.1f} ms")
    if server := submit.server + confirm.server + last.server:
        print(f"PostgreSQL CPU per write: {1000 * statistics.mean(server):.1f} ms")
    if args.queries:
        for name, meter in (("submit", submit), ("confirm", confirm), ("last confirm", last)):
            print(f"--- {name}'s statements ---", *meter.statements, sep="\n")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    for name, meter in (
        ("pairing round 1", pairing[1]),
        ("pairing round 4", pairing[4]),
        ("submit", submit),
        ("confirm", confirm),
        ("last confirm", last),
    ):
        print(meter.dearest(name))


if __name__ == "__main__":
    main()
