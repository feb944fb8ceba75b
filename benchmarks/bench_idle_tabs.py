"""Idle game tabs: what 500 open game pages cost the web server while nobody moves
(250 games between two people each, every person's page open; 100 tabs with
``--quick``), on PostgreSQL and Redis, measured as the CPU the web server's processes
(and PostgreSQL's, for its connections) use over ``WINDOW`` seconds once every tab is
connected, read from ``/proc``.

Two ways of following a game, each as the site serves it:

- **push** (today's game page): each tab holds a server-sent event stream
  (``/push/play/ID/``) on uvicorn serving ``config.asgi``, one process, as docs/push.md
  runs the push server. An idle stream gets a heartbeat every
  ``PUSH_HEARTBEAT_SECONDS`` and nothing else.
- **long-poll** (the game page before issue 32): each tab runs the old page's loop on
  gunicorn with threads as docs/play.md set it up (3 x 80 threads, at most 72 waits held
  per process): ``GET /api/play/ID/?wait=25`` with the ``ETag``, asked again at once
  when a held wait ends, and after ``Retry-After`` when it was not held.

Printed per mode: the web server's CPU (seconds per second, and per tab), PostgreSQL's,
the requests the tabs made in the window, the tabs connected, and the load average.
Its own database (``lw_idle_tabs_bench``, recreated) and Redis database (4)::

    IDLE_BENCH_DATABASE=postgres://postgres@127.0.0.1:5432/lw_mine_idle \\
    IDLE_BENCH_BROKER=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.bench_idle_tabs [--quick] [--only push]

(``IDLE_BENCH_WINDOW`` shortens the window for a trial.)
"""

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.rows import row, show
from benchmarks.server import (
    BIN,
    ROOT,
    database_url,
    environment,
    free_port,
    python,
    recreate_database,
    serving,
    stop,
    wait_until_up,
)

DATABASE = database_url("IDLE_BENCH_DATABASE", "lw_idle_tabs_bench")
BROKER = os.environ.get("IDLE_BENCH_BROKER", "redis://127.0.0.1:6379/4")
# Seconds measured, once every tab is connected.
WINDOW = int(os.environ.get("IDLE_BENCH_WINDOW", "60"))
SETTLE = 10  # seconds after the last tab connected, before the window
WAIT_SECONDS = 25  # the old game page's long-poll
WORKERS, THREADS, POOL_SIZE = 3, 80, 16  # docs/play.md's long-poll server


def setup(people: int) -> None:
    """(In the benchmark's database) ``people`` people, two to a game, nobody moving
    (an hour a turn); prints [[game id, session key]] per person."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from play.starting import Clock, Taker, do_start_game

    User = get_user_model()
    # What logging in records: the first backend that signs people in (axes' only counts).
    signing_in = next(b for b in settings.AUTHENTICATION_BACKENDS if not b.startswith("axes."))
    out = []
    for i in range(0, people, 2):
        pair = [User.objects.create_user(f"idle-{i + n}", password="bench-1") for n in (0, 1)]
        takers = [Taker(user.username, user=user) for user in pair]
        game = do_start_game(pair[0], takers, {"rounds": 1}, Clock(move_seconds=3600), seed=i)
        for user in pair:
            client = Client()
            client.force_login(user, backend=signing_in)
            out.append([game.pk, client.cookies["sessionid"].value])
    print(json.dumps(out))


class Tabs:
    """The open tabs' counts: connected, requests made, refusals."""

    def __init__(self):
        self.connected = 0
        self.requests = 0
        self.refused = 0
        self.counting = False

    def asked(self) -> None:
        if self.counting:
            self.requests += 1


async def push_tab(client, game_id, tabs: Tabs, stop: asyncio.Event) -> None:
    """A game page following its push stream; reconnects as a browser does."""
    import httpx

    last = None
    while not stop.is_set():
        headers = {"Last-Event-ID": last} if last else {}
        try:
            async with client.stream("GET", f"/push/play/{game_id}/", headers=headers) as answer:
                tabs.asked()
                if answer.status_code != 200:
                    tabs.refused += 1
                    await asyncio.sleep(30)
                    continue
                tabs.connected += 1
                try:
                    async for line in answer.aiter_lines():
                        if line.startswith("id: "):
                            last = line[4:]
                        if stop.is_set():
                            break
                finally:
                    tabs.connected -= 1
        except httpx.HTTPError:
            pass
        await asyncio.sleep(3)  # the stream's retry


async def long_poll_tab(client, game_id, tabs: Tabs, stop: asyncio.Event) -> None:
    """The old game page's loop (static/js/play.js before issue 32)."""
    import httpx

    answer = await client.get(f"/api/play/{game_id}/")
    tag = answer.headers["ETag"]
    tabs.connected += 1
    try:
        while not stop.is_set():
            try:
                answer = await client.get(
                    f"/api/play/{game_id}/?wait={WAIT_SECONDS}", headers={"If-None-Match": tag}
                )
            except httpx.HTTPError:
                await asyncio.sleep(3)
                continue
            tabs.asked()
            tag = answer.headers.get("ETag", tag)
            after = answer.headers.get("Retry-After")
            if answer.status_code == 429:
                tabs.refused += 1
            if after:
                await asyncio.sleep(int(after))
    finally:
        tabs.connected -= 1


async def open_tabs(port, pairs, mode, measure) -> dict:
    import httpx

    tabs, stopping = Tabs(), asyncio.Event()
    tab = push_tab if mode == "push" else long_poll_tab
    clients = []
    tasks = []
    for game_id, session in pairs:
        client = httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}",
            cookies={"sessionid": session},
            timeout=httpx.Timeout(WAIT_SECONDS + 30),
        )
        clients.append(client)
        tasks.append(asyncio.create_task(tab(client, game_id, tabs, stopping)))
        await asyncio.sleep(0.01)  # tabs opened over a few seconds, not in one burst
    deadline = time.monotonic() + 60
    while tabs.connected < len(pairs) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    await asyncio.sleep(SETTLE)
    tabs.counting = True
    figures = await asyncio.to_thread(measure)
    tabs.counting = False
    figures.update(connected=tabs.connected, requests=tabs.requests, refused=tabs.refused)
    stopping.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for client in clients:
        await client.aclose()
    return figures


def threads_of(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("Threads:")))


def measured(server, mode: str, pairs, port) -> dict:
    from benchmarks.bench_play import descendants
    from benchmarks.bench_rush import cpu_by_process, cpu_used, uptime

    def measure() -> dict:
        before = cpu_by_process([server.pid], DATABASE)
        time.sleep(WINDOW)
        after = cpu_by_process([server.pid], DATABASE)
        web = descendants(server.pid)
        return {
            "threads": sum(threads_of(pid) for pid in web),
            "web": cpu_used(before, after, web) / WINDOW,
            "database": cpu_used(before, after, set(after) - web) / WINDOW,
            "uptime": uptime(),
        }

    return asyncio.run(open_tabs(port, pairs, mode, measure))


def run(quick: bool = False, only: str | None = None) -> list[dict]:
    people = 100 if quick else 500
    name = f"{people} idle game tabs"
    if recreate_database(DATABASE):
        return [row(name, 0, "skipped", "PostgreSQL not reachable at 127.0.0.1:5432")]
    env = environment(DATABASE, BROKER)
    python(env, "manage.py", "migrate", "-v0")
    made = python(env, "-c", f"import benchmarks.bench_idle_tabs as b; b.setup({people})")
    pairs = json.loads(made)
    rows = []
    for mode in ("long-poll", "push"):
        if only and only != mode:
            continue
        if mode == "push":
            port = free_port()
            server = subprocess.Popen(
                [str(BIN / "uvicorn"), "config.asgi:application", "--port", str(port),
                 "--lifespan", "off", "--no-proxy-headers", "--log-level", "warning"],
                cwd=ROOT, env={**env, "DATABASE_CONN_MAX_AGE": "0"},
            )  # fmt: skip
            try:
                wait_until_up(port)
                figures = measured(server, mode, pairs, port)
            finally:
                stop([server])
        else:
            server_env = {
                **env,
                "DATABASE_POOL_SIZE": str(POOL_SIZE),
                "PLAY_WAITS_PER_PROCESS": str(THREADS - 8),
            }
            with serving(server_env, workers=WORKERS, threads=THREADS) as site:
                figures = measured(site.server, mode, pairs, site.port)
        label = f"{name}, {mode}"
        rows += [
            row(f"{label}: web server CPU", figures["web"] * 100, "% of a core"),
            row(f"{label}: web CPU per tab", figures["web"] / people * 1e6, "µs/s"),
            row(f"{label}: PostgreSQL CPU", figures["database"] * 100, "% of a core"),
            row(f"{label}: web server threads", figures["threads"], "threads"),
            row(f"{label}: requests in {WINDOW} s", figures["requests"], "requests"),
            row(
                f"{label}: tabs connected / refused",
                figures["connected"],
                "tabs",
                f"{figures['refused']} refused",
            ),  # fmt: skip
            row(f"{label}: uptime load", figures["uptime"], "1/5/15 min"),
        ]
        show(rows[-7:])
    return rows


if __name__ == "__main__":
    from benchmarks.run import standalone

    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    standalone(run, quick="--quick" in sys.argv, only=only)
