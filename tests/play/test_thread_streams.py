"""Push streams under a threaded WSGI server (the tests' live server, as runserver and
gunicorn's gthread serve them): each holds a thread until it ends, so a server that
stops ends them all at once (``lib.push.end_thread_streams``) instead of leaving
each to find out at its next heartbeat that its page went."""

import time

import pytest

from lib.push import end_thread_streams
from lib.waits import process_slots_held
from tests.fixtures.worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(start, player, other_player):
    return start(player, [{"username": player.username}, {"username": other_player.username}])


def test_ended_streams_end_at_once_and_give_their_threads_back(
    live_server, streams, game, player, other_player
):
    # The live server lives for the session: a stream an earlier test's page opened as
    # that test ended may still hold its thread until its heartbeat finds the page gone.
    assert end_thread_streams(timeout=10)
    url = f"{live_server.url}/push/play/{game}/"
    following = [streams(url, who) for who in (player, other_player)]
    for stream in following:
        assert stream.status == 200
        assert stream.next_event(10) is not None  # the current stamp, at once
    wait_for(lambda: process_slots_held() == 2, timeout=10, what="both streams to be held")
    began = time.monotonic()
    assert end_thread_streams(timeout=10)
    took = time.monotonic() - began
    assert took < 3, f"the streams took {took:.1f} s to end (a heartbeat is 15 s)"
    assert process_slots_held() == 0
    for stream in following:
        assert stream.next_event(5) is None  # the server closed it
