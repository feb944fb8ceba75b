"""The fast desk in the result wave (issue 44): a scorekeeper types whole results at the
desk, 40 tables a minute, through the desk's API, on the production stack.

Against gunicorn (4 workers, 4 threads each) on PostgreSQL with a real Celery worker:
an event of a catalogue game of places (tables of 4), 1,000 walk-in entrants, round 1
paired through the API (250 tables); then the desk enters 120 tables at 40 a minute,
open loop (``benchmarks.load``: each entry timed from when it was due), each answered
with the desk's running state (what the page shows: "X of Y reported" and the missing
tables), and the database is checked (one official result per table entered, none
doubled). Target: p95 under 150 ms.

    DESK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_desk_bench \\
    DESK_BROKER_URL=redis://127.0.0.1:6379/3 \\
        .venv/bin/python -m benchmarks.run --only desk
"""

import json
import os
import subprocess
import sys
import time

from benchmarks.bench_rush import pair, sql, uptime
from benchmarks.load import Client, open_loop, steady
from benchmarks.rows import row, show
from benchmarks.server import ROOT, database_url, environment, manage, recreate_database, serving

ENTRANTS, PER_MINUTE, ENTRIES = 1000, 40, 120

SETUP = """
import json, secrets
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from games.catalogue_games import do_add_catalogue_game
from tournaments.leagues import do_create_event, do_create_league, do_create_season
from tournaments.models import Entrant

User = get_user_model()
organiser = User.objects.create(username="desk-organiser", password="!")
do_add_catalogue_game(
    None, name="Camel Race", min_players=2, max_players=5, scoring="places", ties="share"
)
league = do_create_league(organiser, name="Desk", slug="desk")
event = do_create_event(
    do_create_season(league, name="Desk"), organiser, name="Desk", slug="rush",
    game="camel-race", table_size=4, points_by_place=[4, 3, 2, 1], review_pairings=False,
)
riders = User.objects.bulk_create(
    User(username=f"rider-{i:04d}", password="!") for i in range(ENTRANTS)
)
Entrant.objects.bulk_create(
    Entrant(event=event, user=rider, name=f"Rider {i:04d}") for i, rider in enumerate(riders)
)
token = Token.objects.create(user=organiser, key=secrets.token_hex(20))
print(json.dumps({"event": event.pk, "organiser": token.key}))
"""


def settings_from_environment() -> tuple[str, str]:
    database = database_url("DESK_DATABASE_URL", "leaguewright_bench_desk")
    broker = os.environ.get("DESK_BROKER_URL", "redis://127.0.0.1:6379/3")
    return database, broker


def enter_at_the_desk(port: int, token: str, tables: list[dict]):
    """Each of ``tables``' places typed at the desk, ``PER_MINUTE`` a minute."""
    numbers = [table["number"] for table in tables]

    def send(client: Client, index: int):
        body = {"table": numbers[index], "values": [1, 2, 3, 4]}
        return client.call("POST", "/api/events/rush/desk/entries/", body, token)[0]

    schedule = steady(PER_MINUTE / 60, len(numbers))
    return open_loop(send, schedule, clients=8, session=lambda: Client(port))


def checked(database: str, event: int, entered: int) -> str:
    """tables entered / official results / doubled."""
    results = sql(
        database,
        "SELECT COUNT(*), COUNT(DISTINCT r.table_id) FROM tournaments_result r"
        " JOIN tournaments_table t ON t.id = r.table_id"
        " JOIN tournaments_round d ON d.id = t.round_id WHERE d.event_id = %s",
        event,
    )[0]
    return f"{entered}/{results[1]}/{results[0] - results[1]}"


def run(quick: bool = False) -> list[dict]:
    database, broker = settings_from_environment()
    if error := recreate_database(database):
        return [row("desk", 0, "skipped", f"PostgreSQL not reachable: {error}"[:60])]
    env = environment(database, broker)
    manage(env, "migrate", "-v0")
    data = json.loads(
        manage(env, "shell", "-c", f"ENTRANTS = {ENTRANTS}\n{SETUP}").splitlines()[-1]
    )
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "config", "purge", "-f", "-Q", "default,standings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    with serving(env, workers=4, threads=4, queues="default,standings") as site:
        time.sleep(5)  # the worker's start
        rows = show([row("load average at the start", uptime(), "")])
        seconds, tables = pair(site.port, data["organiser"])
        rows += show([row("pairing round 1, 1,000 entrants, through the API", seconds, "s")])
        entries = 40 if quick else ENTRIES
        run_ = enter_at_the_desk(site.port, data["organiser"], tables[:entries])
        print(f"  {run_.summary('desk entries')} (load {uptime()})", file=sys.stderr)
        rows += run_.rows(f"desk entries at {PER_MINUTE}/min", "p95 < 150 ms")
        name = "desk entries: checked (entered/results/doubled)"
        figure = checked(database, data["event"], entries)
        rows += show([row(name, figure, "", f"{entries}/{entries}/0")])
        rows.append(row("load average at the end", uptime(), ""))
        return rows


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
