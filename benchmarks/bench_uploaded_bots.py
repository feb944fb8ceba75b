"""Issue 46: a batch of 200 games between an uploaded bot and a built-in bot runs with
the same throughput per core as a remote bot's batch. Both batches are one-round
games of the same example bot (``examples/uploaded_bot/bot.py`` in the bubblewrap
sandbox, ``examples/remote_bot/bot.py`` over HTTP on 127.0.0.1) against the built-in
greedy bot, played by a real worker with one process (one core), DEBUG off.

Figures in docs/benchmarks.md. Run it alone::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/12 \\
    .venv/bin/python -m benchmarks.run --only uploaded_bots
"""

import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRET = "benchmark-secret"
GAMES = 200
WORKER_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuv",
    "BOTS_ALLOW_PRIVATE_ENDPOINTS": "true",  # the remote bot listens on 127.0.0.1
}


def bots_of(owner, remote_url: str):
    """The three bots, made afresh for each run: greedy, the uploaded and the remote."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from bots.models import Bot
    from bots.uploads import do_register_uploaded_bot, read_source

    stamp = time.strftime("%H%M%S")
    greedy = Bot.objects.create(name=f"bench-greedy-{stamp}", owner=owner, builtin_key="greedy")
    source = (ROOT / "examples/uploaded_bot/bot.py").read_bytes()
    uploaded = do_register_uploaded_bot(
        owner,
        Bot(name=f"bench-uploaded-{stamp}"),
        read_source(SimpleUploadedFile("bot.py", source)),
        probe=False,  # the site's own example bot: measured at once, not after its check
    )
    remote = Bot.objects.create(
        name=f"bench-remote-{stamp}",
        owner=owner,
        kind=Bot.Kind.REMOTE,
        endpoint_url=remote_url,
        secret=SECRET,
    )
    return greedy, uploaded, remote


def games_per_minute(owner, lineup, games: int) -> float:
    """One batch of ``games`` one-round games of ``lineup`` on a one-process worker."""
    from bots.models import Batch
    from bots.scheduling import do_schedule_batch
    from tests.fixtures.worker import start_worker, stop_worker, wait_for

    worker = start_worker(env_extra=WORKER_ENV, concurrency=1)
    try:
        started = time.monotonic()
        batch = do_schedule_batch(
            owner, Batch.Kind.SERIES, [lineup], games_per_lineup=games, options={"rounds": 1}
        )
        wait_for(
            lambda: Batch.objects.get(pk=batch.pk).status == "done",
            timeout=3600,
            interval=0.5,
            what="the benchmark's batch",
        )
        elapsed = time.monotonic() - started
    finally:
        stop_worker(worker)
    return games / elapsed * 60


def run(quick: bool = False) -> list[dict]:
    os.environ.setdefault("DEBUG", "true")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tests.bots.servers import start_reference_bot, stop

    call_command("migrate", verbosity=0)
    games = 20 if quick else GAMES
    owner, _ = get_user_model().objects.get_or_create(username="bench-uploads")
    process, url = start_reference_bot(SECRET)
    try:
        greedy, uploaded, remote = bots_of(owner, url)
        remote_rate = games_per_minute(owner, [remote, greedy], games)
        uploaded_rate = games_per_minute(owner, [uploaded, greedy], games)
    finally:
        stop(process)
    return [
        {
            "benchmark": f"remote bot vs greedy, {games} games, 1 worker process",
            "value": remote_rate,
            "unit": "games/min",
            "target": "",
        },
        {
            "benchmark": f"uploaded bot vs greedy, {games} games, 1 worker process",
            "value": uploaded_rate,
            "unit": "games/min",
            "target": ">= 90% of the remote bot's",
        },
        {
            "benchmark": "uploaded / remote throughput per core",
            "value": uploaded_rate / remote_rate * 100,
            "unit": "%",
            "target": ">= 90",
        },
    ]
