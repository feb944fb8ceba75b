"""A batch's page follows its progress on a push stream that is told when a game of the
batch finishes (``bots.batch_changes``): no reading again every second, so an open
batch page costs nothing while nothing changes. The server reads a followed batch again
only every minute, so a stream that moves on within seconds was told. Served by
uvicorn on the tests' database (Redis on the PostgreSQL pass, the files of
``var/changes/`` on the embedded one)."""

import time

import pytest

from bots.batch_changes import REFRESH_SECONDS, batch_stamp
from bots.chunks import do_play_chunk
from bots.matches import do_play_match
from bots.models import Batch
from bots.scheduling import do_schedule_batch
from tests.fixtures.asgi import Stream, uvicorn_serving

# The test plays the batch's games itself: the session's worker, if one runs, must not.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("worker_paused")]

SERVED = {"PUSH_STREAM_SECONDS": "30", "PUSH_HEARTBEAT_SECONDS": "1"}


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), uvicorn_serving(**SERVED) as url:
        yield url


def until_stamp(stream: Stream, stamp: str, seconds: float = 5) -> None:
    """The stream's events until one names ``stamp``; fails after ``seconds``."""
    ends = time.monotonic() + seconds
    while (left := ends - time.monotonic()) > 0:
        event = stream.next_event(left)
        assert event is not None, "the stream ended"
        if event["id"] == stamp:
            return
    raise AssertionError(f"{stamp} never came")


def test_a_finished_game_reaches_the_batchs_stream_at_once(server, streams, player, builtin_bot):
    batch = do_schedule_batch(
        player, Batch.Kind.SINGLE, [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
    )
    stream = streams(f"{server}/push/bots/batches/{batch.pk}/", player)
    before = stream.next_event()["id"]
    assert before == batch_stamp(batch.pk)

    assert REFRESH_SECONDS >= 60  # so only an announcement moves it on within seconds
    began = time.monotonic()
    assert do_play_match(batch.matches.get().pk) == "done"
    after = batch_stamp(batch.pk)
    assert after != before and after.startswith("done-")  # played, and the batch closed
    until_stamp(stream, after)
    assert time.monotonic() - began < 5


def test_a_stored_chunk_of_games_reaches_the_batchs_stream(server, streams, player, builtin_bot):
    lineup = [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
    batch = do_schedule_batch(player, Batch.Kind.SERIES, lineup, games_per_lineup=4, seed=3)
    stream = streams(f"{server}/push/bots/batches/{batch.pk}/", player)
    before = stream.next_event()["id"]

    assert do_play_chunk(batch.chunks.get().pk) == 4
    after = batch_stamp(batch.pk)
    assert after != before
    until_stamp(stream, after)


def test_a_batch_where_nothing_happens_sends_only_heartbeats(server, streams, player, builtin_bot):
    batch = do_schedule_batch(
        player, Batch.Kind.SINGLE, [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
    )
    stream = streams(f"{server}/push/bots/batches/{batch.pk}/", player)
    stream.next_event()
    for _ in range(3):
        assert stream.next(3) == [": still here"]
