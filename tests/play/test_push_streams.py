"""Push streams (``lib.push``) served as ``bin/run`` and production's push server
serve them: uvicorn, real HTTP, the tests' database, Redis on the PostgreSQL pass and
the files under ``var/changes/`` on the embedded one. An event arrives once a write
commits; whoever may not see is refused before any stream starts; a person's streams
are bounded, and a stream ends at its lifetime with the browser told when to come back.
The results desk hears every audited entry (a batch's progress: tests/bots/
test_batch_push.py).
"""

import time

import pytest

from play.changes import push_stamp
from scoring import audit
from tests.fixtures.asgi import uvicorn_serving
from tests.play.test_long_poll import move
from tournaments.models import Visibility
from tournaments.round_clock import do_clock

pytestmark = pytest.mark.django_db(transaction=True)

LIFETIME = 8
SERVED = {
    "PUSH_STREAMS_PER_PERSON": "2",
    "PUSH_STREAM_SECONDS": str(LIFETIME),
    "PUSH_HEARTBEAT_SECONDS": "1",
}


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), uvicorn_serving(**SERVED) as url:
        yield url


@pytest.fixture
def game(start, player, other_player):
    return start(player, [{"username": player.username}, {"username": other_player.username}])


@pytest.mark.parametrize("follower", ["other_player", "visitor"])
def test_a_move_reaches_a_stream_once_it_commits(request, server, streams, game, player, follower):
    user = None if follower == "visitor" else request.getfixturevalue(follower)
    stream = streams(f"{server}/push/play/{game}/", user)
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.next(5) == ["retry: 3000"]
    first = stream.next_event()  # no stamp named: the current one, at once
    assert first["event"] == "changed" and first["id"] == push_stamp(game)
    began = time.monotonic()
    move(player, game, "0 draw D1", at=0)
    moved = stream.next_event()
    assert moved["id"] == push_stamp(game) != first["id"]
    assert moved["data"] == moved["id"]
    assert time.monotonic() - began < 5


def test_a_stream_naming_the_current_stamp_waits_and_an_older_one_is_told_at_once(
    server, streams, game, player, other_player
):
    current = push_stamp(game)
    waiting = streams(f"{server}/push/play/{game}/?since={current}", other_player)
    assert waiting.next(5) == ["retry: 3000"]
    assert waiting.next(5) == [": still here"]  # a heartbeat, no event
    move(player, game, "0 draw D1", at=0)
    assert waiting.next_event()["id"] == push_stamp(game)
    # A browser reconnecting names the last stamp it had: the one before the move.
    again = streams(f"{server}/push/play/{game}/", player, {"Last-Event-ID": current})
    assert again.next_event()["id"] == push_stamp(game)


def test_a_private_events_pages_are_refused_to_an_outsider_and_a_visitor(
    server, streams, table, player, outsider, organiser, client_for
):
    event = table.round.event
    event.visibility = Visibility.PRIVATE
    event.save()
    answer = client_for(player).post(f"/api/tables/{table.pk}/play/")
    assert answer.status_code == 201, answer.content
    game = answer.json()["id"]
    paths = [
        f"/push/play/{game}/",
        f"/push/events/{event.slug}/",
        f"/push/events/{event.slug}/rounds/1/",
    ]
    for path in paths:
        for user in (outsider, None):
            refused = streams(f"{server}{path}", user)
            assert refused.status == 403, (path, user, refused.status)
            assert "event-stream" not in refused.headers["content-type"]
        allowed = streams(f"{server}{path}", player)
        assert allowed.status == 200
        allowed.close()
    desk = f"{server}/push/scoring/events/{event.slug}/desk/"
    assert streams(desk, player).status == 403
    assert streams(desk, organiser).status == 200


def test_a_person_has_at_most_their_streams_and_gets_one_back_when_one_closes(
    server, streams, game, player
):
    url = f"{server}/push/play/{game}/"
    first, second = streams(url, player), streams(url, player)
    assert (first.status, second.status) == (200, 200)
    third = streams(url, player)
    assert third.status == 429
    assert int(third.headers["Retry-After"]) > 0
    first.close()
    time.sleep(1)
    assert streams(url, player).status == 200


def test_a_stream_ends_at_its_lifetime_with_heartbeats_meanwhile(server, streams, game, player):
    stream = streams(f"{server}/push/play/{game}/?since={push_stamp(game)}", player)
    began = time.monotonic()
    blocks = []
    while (block := stream.next(LIFETIME + 5)) is not None:
        blocks.append(block)
    lasted = time.monotonic() - began
    assert 0.8 * LIFETIME - 1 <= lasted <= LIFETIME + 2
    assert blocks[0] == ["retry: 3000"]
    assert blocks[1:] and all(block == [": still here"] for block in blocks[1:])


def test_a_clock_change_reaches_the_events_and_the_rounds_streams(
    server, streams, table, player, organiser
):
    event_stream = streams(f"{server}/push/events/{table.round.event.slug}/", player)
    round_stream = streams(f"{server}/push/events/{table.round.event.slug}/rounds/1/", player)
    before = (event_stream.next_event()["id"], round_stream.next_event()["id"])
    do_clock(table.round, "start", by=organiser, minutes=30)
    after = (event_stream.next_event()["id"], round_stream.next_event()["id"])
    assert after[0] != before[0] and after[1] != before[1]


def test_an_audited_entry_reaches_the_results_desks_stream(
    server, streams, table, player, organiser
):
    desk = streams(f"{server}/push/scoring/events/{table.round.event.slug}/desk/", organiser)
    before = desk.next_event()["id"]
    audit.log(table, player, "submitted")
    assert desk.next_event()["id"] != before
