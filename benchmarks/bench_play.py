"""Live play over HTTP: games in progress on the site (200; 50 with ``--quick``), each a
Quick Game between a person and the built-in greedy bot, served by gunicorn on
PostgreSQL with a real Celery worker playing the bot's turns through Redis.

A client per person (a thread with a kept-alive connection and an API token) makes its
moves as fast as the server answers, a random legal move each time, and while the bot
is to move waits for the game to change (a long-poll: ``GET /api/play/ID/?wait=S`` with
the ``ETag``, answered as soon as the bot's move is stored). Printed: moves/s (the
people's and all), p50 and p95 latency of ``POST /api/play/ID/moves/``, the bot's reply
time (from the answer to the person's last move of a turn to the answer that shows the
person to move again), and the check that no move was lost or doubled (every finished
record validates and holds exactly the moves the clients were told were played).

gunicorn runs ``WORKERS`` x ``THREADS`` threads, one for each waiting client and more,
and a pool of ``POOL_SIZE`` PostgreSQL connections per process (a waiting request holds
none), as docs/play.md says a site should.

Its own database (``lw_play_bench``, recreated) and Redis database (6); on a shared
machine give each run its own::

    PLAY_BENCH_DATABASE=postgres://postgres@127.0.0.1:5432/lw_mine_play \\
    PLAY_BENCH_BROKER=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.run --only bench_play
"""

import json
import os
import random
import statistics
import sys
import threading
import time
from http.client import HTTPConnection, HTTPException
from pathlib import Path

from benchmarks.server import database_url, environment, python, recreate_database, serving

DATABASE = database_url("PLAY_BENCH_DATABASE", "lw_play_bench")
BROKER = os.environ.get("PLAY_BENCH_BROKER", "redis://127.0.0.1:6379/6")
# Seconds a client's long-poll waits at most (then asks again).
WAIT_SECONDS = 30
WORKERS, THREADS, POOL_SIZE = 3, 80, 16


def row(benchmark, value, unit, target=""):
    return {"benchmark": benchmark, "value": value, "unit": unit, "target": target}


def setup(games: int) -> None:
    """(In the benchmark's database) people with API tokens, the greedy bot, and one
    Quick Game each against it, the person to move first; prints [[game id, token]]."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    # The people log in with tokens; their passwords only need to exist (not be slow).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

    from bots.models import Bot
    from play.starting import Clock, Taker, do_start_game

    User = get_user_model()
    owner = User.objects.create(username="bench-owner")
    bot = Bot.objects.create(name="Greedy", owner=owner, builtin_key="greedy")
    out = []
    for i in range(games):
        user = User.objects.create_user(username=f"bench-{i}", password="bench-password-1")
        takers = [Taker(user.username, user=user), Taker(bot.name, bot=bot)]
        game = do_start_game(user, takers, {"rounds": 1}, Clock(move_seconds=3600), seed=i)
        out.append([game.pk, Token.objects.create(user=user).key])
    print(json.dumps(out))


def verify(posted: dict) -> None:
    """(In the benchmark's database) every game finished, its record valid and holding
    exactly the person's moves the clients saw accepted; prints the totals."""
    import django

    django.setup()
    from games.call_to_glory import validate_record
    from play.models import Game

    faults, total = [], 0
    for game in Game.objects.all():
        moves = [m for r in game.record["rounds"] for m in r["moves"]]
        total += len(moves)
        checked = validate_record(game.record)
        mine = sum(m.startswith("0 ") for m in moves)
        if not game.is_finished or not checked["valid"] or "complete" in checked:
            faults.append(f"game {game.pk}: not finished or not valid")
        elif mine != posted[str(game.pk)]:
            faults.append(
                f"game {game.pk}: {mine} moves of the person, {posted[str(game.pk)]} sent"
            )
    print(json.dumps({"faults": faults, "moves": total, "games": Game.objects.count()}))


def client(port, game_id, token, rng, out, lock) -> None:
    """One person: moves as fast as the server answers; waits for the game to change
    (a long-poll with the ETag) while the bot is to move. A dropped connection is opened
    again and the request sent again: a move carries ``at``, so a move sent twice is
    refused (409), never played twice."""
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    conn = [HTTPConnection("127.0.0.1", port, timeout=120)]
    retries = [0]

    def call(method, path, body=None, tag=None):
        for _attempt in range(5):
            try:
                extra = {"If-None-Match": tag} if tag else {}
                conn[0].request(method, path, body=body, headers={**headers, **extra})
                response = conn[0].getresponse()
                data = response.read()
                break
            except (OSError, HTTPException):
                retries[0] += 1
                conn[0].close()
                conn[0] = HTTPConnection("127.0.0.1", port, timeout=120)
        else:
            raise RuntimeError(f"{method} {path}: no answer after 5 tries")
        if response.status == 304:
            return None, tag
        if response.status == 409 and method == "POST":
            return "again", None
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:300]!r}")
        return json.loads(data), response.getheader("ETag")

    path = f"/api/play/{game_id}/"
    latencies, replies, posted = [], [], 0
    (state, tag), waiting_since = call("GET", path), None
    while state["status"] != "finished":
        if state["legal_moves"]:
            if waiting_since is not None:
                replies.append(time.perf_counter() - waiting_since)
                waiting_since = None
            body = json.dumps({"move": rng.choice(state["legal_moves"]), "at": state["moves"]})
            started = time.perf_counter()
            answer, answer_tag = call("POST", path + "moves/", body)
            done = time.perf_counter()
            if answer == "again":  # sent twice after a dropped connection: it was played
                posted += 1
                state, tag = call("GET", path)
                continue
            state, tag = answer, answer_tag
            latencies.append(done - started)
            posted += 1
            if state["status"] != "finished" and not state["legal_moves"]:
                waiting_since = done
        else:
            fresh, tag = call("GET", f"{path}?wait={WAIT_SECONDS}", tag=tag)
            state = fresh or state
    with lock:
        out["latencies"].extend(latencies)
        out["replies"].extend(replies)
        out["posted"][str(game_id)] = posted
        out["retries"] += retries[0]


def descendants(root: int) -> set[int]:
    """``root`` and every process below it."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found.update(children)
        frontier.extend(children)
    return found


def percentile(values: list[float], fraction: float) -> float:
    values = sorted(values)
    return values[max(0, int(len(values) * fraction) - 1)] * 1000


def run(quick: bool = False) -> list[dict]:
    from benchmarks.bench_rush import cpu_by_process, cpu_used, load_average

    games = 50 if quick else 200
    name = f"live play over HTTP, {games} games (person v greedy)"
    if recreate_database(DATABASE):
        return [row(name, 0, "skipped", "PostgreSQL not reachable at 127.0.0.1:5432")]
    env = {
        **environment(DATABASE, BROKER),
        "DATABASE_POOL_SIZE": str(POOL_SIZE),
        # Every client's wait is held (docs/play.md): threads to spare for the moves.
        "PLAY_WAITS_PER_PROCESS": str(THREADS - 8),
    }
    python(env, "manage.py", "migrate", "-v0")
    pairs = json.loads(python(env, "-c", f"import benchmarks.bench_play as b; b.setup({games})"))
    queues = "bots,default,standings"
    with serving(env, workers=WORKERS, threads=THREADS, queues=queues, concurrency=6) as site:
        port, server, worker = site.port, site.server, site.worker
        cpu_before = cpu_by_process([server.pid, worker.pid], DATABASE)
        out = {"latencies": [], "replies": [], "posted": {}, "retries": 0}
        lock = threading.Lock()
        threads = [
            threading.Thread(target=client, args=(port, g, t, random.Random(g), out, lock))
            for g, t in pairs
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        cpu_after = cpu_by_process([server.pid, worker.pid], DATABASE)
        load = load_average()
        web, bots = descendants(server.pid), descendants(worker.pid)
        database = set(cpu_after) - web - bots
    checked = json.loads(
        python(env, "-c", f"import benchmarks.bench_play as b; b.verify({out['posted']!r})")
    )
    lat, replies = out["latencies"], out["replies"]
    return [
        row(f"{name}, people's moves", len(lat) / elapsed, "moves/s"),
        row(f"{name}, all moves", checked["moves"] / elapsed, "moves/s"),
        row(f"{name}, POST move p50", statistics.median(lat) * 1000, "ms"),
        row(f"{name}, POST move p95", percentile(lat, 0.95), "ms", "<= 100 ms"),
        row(f"{name}, bot reply p50", statistics.median(replies) * 1000, "ms"),
        row(f"{name}, bot reply p95", percentile(replies, 0.95), "ms", "<= 1000 ms"),
        row(
            f"{name}, lost or doubled moves",
            len(checked["faults"]),
            "games",
            f"0 (of {checked['games']}, {elapsed:.0f} s)",
        ),
        row(f"{name}, requests sent again (dropped connections)", out["retries"], "requests"),
        row(
            f"{name}, web CPU per person's move",
            cpu_used(cpu_before, cpu_after, web) / len(lat) * 1000,
            "ms",
            "with its polls",
        ),
        row(
            f"{name}, worker CPU per bot's move",
            cpu_used(cpu_before, cpu_after, bots) / (checked["moves"] - len(lat)) * 1000,
            "ms",
        ),
        row(
            f"{name}, PostgreSQL CPU per move",
            cpu_used(cpu_before, cpu_after, database) / checked["moves"] * 1000,
            "ms",
        ),
        row(f"{name}, load average during the run", load, "1/5 min", "2 cores"),
    ]


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    for r in run(quick="--quick" in sys.argv):
        print(r)
