"""A worker killed in the middle of a match is the platform's fault: another worker
plays the match again from the start (same seed), it is recorded once, and nothing is
counted against the bots."""

import os
import signal
from pathlib import Path

import pytest

from bots.models import Batch, Match, MatchSeat
from bots.scheduling import do_schedule_batch
from config.celery import app
from games.call_to_glory import validate_record
from tests.fixtures.worker import start_worker, stop_worker, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

LEASE = {"BOTS_MATCH_LEASE_SECONDS": "2"}


def kill_with_children(process) -> None:
    """kill -9 the worker and its pool processes, as a machine dying would."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    for pid in [process.pid, *map(int, children)]:
        os.kill(pid, signal.SIGKILL)
    process.wait()


@pytest.fixture
def only_our_workers(celery_worker):
    """The session's worker stops taking bot matches while this test runs its own."""
    app.control.cancel_consumer("bots", destination=[celery_worker.hostname], reply=True)
    yield
    app.control.add_consumer("bots", destination=[celery_worker.hostname], reply=True)


def test_a_match_whose_worker_is_killed_is_played_again_and_recorded_once(
    only_our_workers, player, builtin_bot, remote_bot, misbehaving_bot_url
):
    # A slow but well-behaved remote bot (30 ms a move) makes the match last seconds.
    slow = remote_bot("Steady", f"{misbehaving_bot_url}/slow", move_timeout_ms=1000)
    first_worker = start_worker(env_extra=LEASE, concurrency=1)
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[slow, builtin_bot()]], seed=11)
    match = batch.matches.get()

    wait_for(
        lambda: Match.objects.filter(pk=match.pk, status="running").exists(),
        what="the first worker to claim the match",
    )
    kill_with_children(first_worker)
    assert Match.objects.get(pk=match.pk).status == "running"

    second_worker = start_worker(env_extra=LEASE, concurrency=1)
    try:
        done = wait_for(
            lambda: Match.objects.filter(pk=match.pk, status="done").first(),
            timeout=60,
            what="the second worker to play the match again",
        )
    finally:
        stop_worker(second_worker)

    assert done.attempts == 2
    assert validate_record(done.record)["valid"] is True
    assert Match.objects.filter(batch=batch).count() == 1
    assert MatchSeat.objects.filter(match=done).count() == 2
    assert done.faults.count() == 0
    assert not done.seats.filter(forfeited=True).exists()
