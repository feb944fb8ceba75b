"""Bot matches: built-in random bots playing one-round matches through Celery (a worker
with 2 processes, chunked batches, bulk inserts), and a remote bot's move round trip
on 127.0.0.1 (the reference bot, signed requests, a kept-alive connection).

For the figure that counts, run it on PostgreSQL and Redis::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/5 .venv/bin/python -m benchmarks.run --only bots
"""

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRET = "benchmark-secret"


def matches_per_minute(games: int) -> tuple[float, str]:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from bots.models import Batch, Bot
    from bots.scheduling import do_schedule_batch
    from tests.fixtures.worker import start_worker, stop_worker, wait_for

    owner, _ = get_user_model().objects.get_or_create(username="bench-bots")
    bots = [
        Bot.objects.get_or_create(
            name=f"bench-random-{i}", defaults={"owner": owner, "builtin_key": "random"}
        )[0]
        for i in (1, 2)
    ]
    # The worker runs as in production: DEBUG off (Django then keeps no query log).
    worker = start_worker(
        env_extra={
            "DEBUG": "false",
            "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuv",
        }
    )
    try:
        started = time.monotonic()
        batch = do_schedule_batch(
            owner, Batch.Kind.SERIES, [bots], games_per_lineup=games, options={"rounds": 1}
        )
        wait_for(
            lambda: Batch.objects.get(pk=batch.pk).status == "done",
            timeout=900,
            interval=0.2,
            what="the benchmark's batch",
        )
        elapsed = time.monotonic() - started
    finally:
        stop_worker(worker)
    return games / elapsed * 60, connection.vendor


def move_round_trip(moves: int) -> tuple[float, float]:
    from botplay.remote import RemoteBotClient
    from games.call_to_glory import new_game

    port = 18000 + os.getpid() % 1000
    bot = subprocess.Popen(
        [sys.executable, str(ROOT / "examples/remote_bot/bot.py"), "--port", str(port)],
        env={**os.environ, "LEAGUEWRIGHT_BOT_SECRET": SECRET},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        bot.stdout.readline()
        state = new_game(players=["a", "b"], options={"rounds": 1}, rng=random.Random(1))
        seat = state.current_player()
        view = state.view(seat)
        client = RemoteBotClient(f"http://127.0.0.1:{port}", SECRET)
        client.post("/start", {"match": 1, "seat": seat}, 2)
        times = []
        for _ in range(moves):
            payload = {"match": 1, "seat": seat, "view": view, "legal_moves": state.legal_moves()}
            started = time.perf_counter()
            client.post("/move", payload, 2)
            times.append((time.perf_counter() - started) * 1000)
        client.close()
    finally:
        bot.terminate()
        bot.wait(timeout=10)
        bot.stdout.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def run(quick: bool = False) -> list[dict]:
    os.environ.setdefault("DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    rate, vendor = matches_per_minute(3_000 if quick else 30_000)
    median, p95 = move_round_trip(200 if quick else 2_000)
    return [
        {
            "benchmark": f"built-in 1-round matches via Celery, 2 procs ({vendor})",
            "value": rate,
            "unit": "matches/min",
            "target": ">= 30000 on postgresql",
        },
        {
            "benchmark": "remote bot move round trip, median",
            "value": median,
            "unit": "ms",
            "target": "",
        },
        {"benchmark": "remote bot move round trip, p95", "value": p95, "unit": "ms", "target": ""},
    ]
