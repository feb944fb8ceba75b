"""Live play over HTTP, open loop: games in progress at once for ``SECONDS`` (500
games for 120 s; 100 for 60 s with ``--quick``; ``PLAY_BENCH_GAMES`` and
``PLAY_BENCH_SECONDS`` to choose), each a Quick Game between a person and the built-in
greedy bot, served by gunicorn on PostgreSQL with a real Celery worker through Redis.
Each person has ``GAMES_EACH`` games and starts the next when one ends, so that as many
games are played at every moment of the run; at its end the clients stop where they
are.

The load model (docs/benchmarks.md, "Live play"): each person thinks before each of
their decisions for a time drawn from a log-normal distribution (median
``THINK_MEDIAN`` s, shape ``THINK_SIGMA``), so a move is *due* when the person has seen
their turn and thought; it is sent then and timed from that moment (a move sent late
because the client fell behind counts its lateness: open loop). While the bot is to
move the client waits for the game to change (a long-poll, ``GET /api/play/ID/?wait=S``
with the ``ETag``), as the game page does; a wait the server does not hold is asked
again after its ``Retry-After``. Printed: people's moves and all moves per second,
``POST /api/play/ID/moves/`` p50/p95/p99 (from its due time), the bot's reply
(from the due time of the move that ended the person's turn until the person sees
their turn again, the POST's own time included), errors, and the check that no move
was lost or doubled (every record validates, finished or not, and holds exactly the
moves the clients were told were played), with the CPU each part of the site spent.

The figures are ``benchmarks.load``'s ``Run`` (the percentiles every open-loop benchmark
prints), but not its dispatcher, which sends requests at a rate fixed beforehand: a
person's next move is due only once they have seen the answer to the last one and
thought, so each person's thread schedules its own moves.

gunicorn runs as ``gunicorn.conf.py`` says (3 processes of 80 threads, a 75 s
keep-alive) with a pool of ``POOL_SIZE`` PostgreSQL connections per process (a waiting
request holds none), as the README and docs/play.md tell a deployer; an older checkout
without that file gets the same processes and threads, and gunicorn's own defaults
for the rest.

Its own database (``lw_play_bench``, recreated) and Redis database (6); on a shared
machine give each run its own, and ``PLAY_BENCH_CODE_ROOT`` serves another checkout
(an older commit exported with ``git archive``) to measure before and after::

    PLAY_BENCH_DATABASE=postgres://postgres@127.0.0.1:5432/lw_mine_play \\
    PLAY_BENCH_BROKER=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.run --only bench_play
"""

import json
import math
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from http.client import HTTPConnection, HTTPException
from pathlib import Path

from benchmarks.load import Run
from benchmarks.rows import row
from benchmarks.server import (
    ROOT,
    database_url,
    environment,
    gc_pauses,
    keepalive_of,
    python,
    recreate_database,
    served_config,
    served_times,
    serving,
)

DATABASE = database_url("PLAY_BENCH_DATABASE", "lw_play_bench")
BROKER = os.environ.get("PLAY_BENCH_BROKER", "redis://127.0.0.1:6379/6")
CODE = Path(os.environ.get("PLAY_BENCH_CODE_ROOT", ROOT))
# A person's thinking time before each decision: log-normal, median 2 s (mean 2.4 s).
THINK_MEDIAN, THINK_SIGMA = 2.0, 0.6
# Seconds a client's long-poll waits at most (then asks again).
WAIT_SECONDS = 25
GAMES_EACH = 4
SERVED = served_config()
WORKERS, THREADS, POOL_SIZE = SERVED["workers"], SERVED["threads"], 16
# A browser keeps an idle connection for minutes (Chrome 300 s, Firefox 115 s): the
# server's keep-alive (gunicorn.conf.py's, 2 s in a checkout without one) is the
# shorter, so a person idle for longer than it opens a new connection first, as a
# browser whose connection the server closed does, instead of sending on a closed one.
IDLE_SECONDS = keepalive_of(CODE) - 0.5
BOT_PROCESSES = 6


def setup(people: int) -> None:
    """(In the benchmark's database) people with API tokens, the greedy bot, and
    ``GAMES_EACH`` Quick Games each against it, the person to move first; prints
    [[token, [game ids]]]."""
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
    for i in range(people):
        user = User.objects.create_user(username=f"bench-{i}", password="bench-password-1")
        takers = [Taker(user.username, user=user), Taker(bot.name, bot=bot)]
        clock = Clock(move_seconds=3600)
        games = [
            do_start_game(user, takers, {"rounds": 1}, clock, seed=i * GAMES_EACH + n).pk
            for n in range(GAMES_EACH)
        ]
        out.append([Token.objects.create(user=user).key, games])
    print(json.dumps(out))


def verify(posted: dict) -> None:
    """(In the benchmark's database) every game's record valid (a game under way when
    the run ended too) and holding exactly the person's moves the clients saw
    accepted; prints the totals."""
    import django

    django.setup()
    from games.call_to_glory import validate_record
    from play.models import Game

    faults, total, finished = [], 0, 0
    for game in Game.objects.all():
        moves = [m for r in game.record["rounds"] for m in r["moves"]]
        total += len(moves)
        checked = validate_record(game.record)
        mine = sum(m.startswith("0 ") for m in moves)
        finished += game.is_finished
        if game.is_finished and "complete" in checked:
            faults.append(f"game {game.pk}: finished, its record not complete")
        elif not checked["valid"] or game.status not in ("playing", "finished"):
            faults.append(f"game {game.pk}: {game.status}, record {checked}"[:300])
        elif mine != posted.get(str(game.pk), 0):
            faults.append(
                f"game {game.pk}: {mine} moves of the person, {posted.get(str(game.pk))} sent"
            )
    print(json.dumps({"faults": faults, "moves": total, "finished": finished}))


def think(rng: random.Random) -> float:
    return rng.lognormvariate(math.log(THINK_MEDIAN), THINK_SIGMA)


class Person:
    """One person at one game, on a kept-alive connection with an API token."""

    def __init__(self, port: int, token: str, games: list[int], rng: random.Random):
        self.port, self.games, self.rng = port, games, rng
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.conn = HTTPConnection("127.0.0.1", port, timeout=120)
        self.last_answer = time.perf_counter()
        self.latencies, self.replies, self.errors, self.late = [], [], [], []
        self.posted = {}
        self.retries = self.waits_not_held = 0
        self.connections = 1

    def call(self, method, path, body=None, tag=None):
        """(status, payload, ETag, Retry-After). A dropped connection is opened again
        and the request sent again: a move carries ``at``, so a move sent twice is
        refused (409), never played twice."""
        if time.perf_counter() - self.last_answer > IDLE_SECONDS:
            self.conn.close()
            self.conn = HTTPConnection("127.0.0.1", self.port, timeout=120)
            self.connections += 1
        for _attempt in range(5):
            try:
                extra = {"If-None-Match": tag} if tag else {}
                self.conn.request(method, path, body=body, headers={**self.headers, **extra})
                response = self.conn.getresponse()
                data = response.read()
                break
            except (OSError, HTTPException):
                self.retries += 1
                self.conn.close()
                self.conn = HTTPConnection("127.0.0.1", self.port, timeout=120)
        else:
            raise RuntimeError(f"{method} {path}: no answer after 5 tries")
        self.last_answer = time.perf_counter()
        return (
            response.status,
            data,
            response.getheader("ETag"),
            response.getheader("Retry-After"),
        )

    def play(self, first_due: float, end: float) -> None:
        """The person's games one after the other until ``end``."""
        due = first_due
        for game_id in self.games:
            due = self.play_game(game_id, due, end)
            if due is None:
                return

    def play_game(self, game_id: int, due: float, end: float) -> float | None:
        """One game from its first move, due at ``due``, to its end (then the next
        game's first move is due after a thought), or until ``end`` (None)."""
        path = f"/api/play/{game_id}/"
        status, data, tag, _retry = self.call("GET", path)
        state = json.loads(data)
        self.posted[str(game_id)] = 0
        turn_ended_at = None
        while state["status"] == "playing":
            if state["legal_moves"]:
                if turn_ended_at is not None:
                    self.replies.append(time.perf_counter() - turn_ended_at)
                    turn_ended_at = None
                if due >= end:
                    return None
                time.sleep(max(0.0, due - time.perf_counter()))
                self.late.append(time.perf_counter() - due)
                body = json.dumps(
                    {"move": self.rng.choice(state["legal_moves"]), "at": state["moves"]}
                )
                status, data, answer_tag, _retry = self.call("POST", path + "moves/", body)
                done = time.perf_counter()
                self.posted[str(game_id)] += status in (200, 409)
                if status == 409:  # sent twice after a dropped connection: it was played
                    self.errors.append("409 after a dropped connection")
                    status, data, tag, _retry = self.call("GET", path)
                    state = json.loads(data)
                    continue
                if status != 200:
                    self.errors.append(f"POST {status} {data[:200]!r}")
                    return None
                self.latencies.append(done - due)
                seen, (state, tag) = state["moves"], (json.loads(data), answer_tag)
                if state["legal_moves"] and state["moves"] > seen + 1:
                    self.replies.append(done - due)  # the bot answered in the request
                if state["legal_moves"]:
                    due = done + think(self.rng)
                else:
                    turn_ended_at = due
            else:
                if time.perf_counter() >= end:
                    return None
                status, data, fresh_tag, retry = self.call(
                    "GET", f"{path}?wait={WAIT_SECONDS}", tag=tag
                )
                if status == 200:
                    state, tag = json.loads(data), fresh_tag
                    if state["legal_moves"]:
                        due = time.perf_counter() + think(self.rng)
                elif status != 304:
                    self.errors.append(f"GET {status} {data[:200]!r}")
                    return None
                if retry:
                    self.waits_not_held += 1
                    time.sleep(float(retry))
        return time.perf_counter() + think(self.rng)


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


def games_wanted(quick: bool) -> tuple[int, float]:
    """Games at once and seconds they are played for."""
    games = int(os.environ.get("PLAY_BENCH_GAMES", 100 if quick else 500))
    return games, float(os.environ.get("PLAY_BENCH_SECONDS", 60 if quick else 120))


def run(quick: bool = False) -> list[dict]:
    from benchmarks.bench_rush import cpu_by_process, cpu_used, load_average

    games, seconds = games_wanted(quick)
    name = f"live play, {games} games (person v greedy)"
    if recreate_database(DATABASE):
        return [row(name, 0, "skipped", "PostgreSQL not reachable at 127.0.0.1:5432")]
    env = {**environment(DATABASE, BROKER), "DATABASE_POOL_SIZE": str(POOL_SIZE)}
    python(env, "manage.py", "migrate", "-v0", code=CODE)
    setup_code = f"import benchmarks.bench_play as b; b.setup({games})"
    pairs = json.loads(python(env, "-c", setup_code, code=CODE))
    queues = "bots,default,standings"
    probe = Path(tempfile.mkdtemp(prefix="bench-play-"))
    site = serving(
        env,
        workers=WORKERS,
        threads=THREADS,
        queues=queues,
        concurrency=BOT_PROCESSES,
        code=CODE,
        probe=probe,
    )
    with site as site:
        server, worker = site.server, site.worker
        people = [Person(site.port, t, g, random.Random(g[0])) for t, g in pairs]
        cpu_before = cpu_by_process([server.pid, worker.pid, os.getpid()], DATABASE)
        load_before = load_average()
        started = time.perf_counter()
        end = started + seconds
        threads = [
            threading.Thread(target=p.play, args=(started + think(p.rng), end)) for p in people
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        cpu_after = cpu_by_process([server.pid, worker.pid, os.getpid()], DATABASE)
        load = load_average()
        web, bots = descendants(server.pid), descendants(worker.pid)
        database = set(cpu_after) - web - bots - {os.getpid()}
    posted = {game: count for p in people for game, count in p.posted.items()}
    checked = json.loads(
        python(env, "-c", f"import benchmarks.bench_play as b; b.verify({posted!r})", code=CODE)
    )
    lat = [s for p in people for s in p.latencies]
    replies = [s for p in people for s in p.replies]
    errors = [e for p in people for e in p.errors]
    moves = checked["moves"]
    failures = Counter(" ".join(error.split()[:2]) for error in errors)
    posts = Run(len(lat) + len(errors), seconds, elapsed, latencies=lat, failures=failures)
    bot = Run(len(replies), seconds, elapsed, latencies=replies)
    late = Run(len(lat), seconds, elapsed, latencies=[s for p in people for s in p.late])
    served = Run(
        len(lat),
        seconds,
        elapsed,
        latencies=[s for method, path, _, s in served_times(probe) if path.endswith("/moves/")],
    )
    pauses = gc_pauses(probe)
    full = [wall for generation, wall, _cpu in pauses if generation == 2]

    def per_move(pids, count):
        return cpu_used(cpu_before, cpu_after, pids) / max(1, count) * 1000

    return [
        row(f"{name}, people's moves", len(lat) / elapsed, "moves/s", f"{elapsed:.0f} s run"),
        row(f"{name}, games finished", checked["finished"], "games"),
        row(f"{name}, all moves", moves / elapsed, "moves/s"),
        *posts.rows(f"{name}, POST move", "<= 150 ms"),
        row(f"{name}, bot reply p50", bot.p50, "ms"),
        row(f"{name}, bot reply p95", bot.p95, "ms", "<= 500 ms"),
        row(f"{name}, errors", len(errors), "requests", "; ".join(errors[:3]) or "0"),
        row(
            f"{name}, lost or doubled moves, invalid records",
            len(checked["faults"]),
            "games",
            "0",
        ),
        row(f"{name}, requests sent again", sum(p.retries for p in people), "requests"),
        row(
            f"{name}, connections opened per person's move",
            sum(p.connections for p in people) / max(1, len(lat)),
            "",
            f"keep-alive {IDLE_SECONDS + 0.5:.0f} s",
        ),
        row(
            f"{name}, POST move in the application p50 / p95 / p99",
            f"{served.p50:.0f} / {served.p95:.0f} / {served.p99:.0f}",
            "ms",
            "gunicorn's access log",
        ),
        row(
            f"{name}, POST move sent late (client) p50 / p95 / p99",
            f"{late.p50:.0f} / {late.p95:.0f} / {late.p99:.0f}",
            "ms",
        ),
        row(
            f"{name}, web GC: collections, full ones (longest), wall / CPU time",
            f"{len(pauses)}, {len(full)} ({max(full, default=0) * 1000:.0f} ms), "
            f"{sum(p[1] for p in pauses):.2f} / {sum(p[2] for p in pauses):.2f} s",
            "",
            "benchmarks/gunicorn_probe.py",
        ),
        row(f"{name}, waits not held", sum(p.waits_not_held for p in people), "waits"),
        row(f"{name}, web CPU per person's move", per_move(web, len(lat)), "ms", "with waits"),
        row(f"{name}, worker CPU per bot's move", per_move(bots, moves - len(lat)), "ms"),
        row(f"{name}, PostgreSQL CPU per move", per_move(database, moves), "ms"),
        row(f"{name}, client CPU per person's move", per_move({os.getpid()}, len(lat)), "ms"),
        row(f"{name}, load average before / during", f"{load_before} / {load}", "1/5 min"),
    ]


if __name__ == "__main__":
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in sys.argv)
