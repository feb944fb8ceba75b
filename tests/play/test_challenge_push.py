"""A challenge's and an open table's push stream (``/push/play/challenges/ID/``) under
uvicorn, real HTTP: every answer (an acceptance, a seat taken, a decline, the game
started) reaches whoever may see it once it commits; whoever may not (an outsider, a
visitor, anyone without the share link of a table not listed) is refused before any
stream starts."""

import time

import pytest

from play.challenge_changes import push_stamp
from play.models import Challenge
from tests.play.test_push_streams import server  # noqa: F401 (uvicorn)

pytestmark = pytest.mark.django_db(transaction=True)


def post(client, path, body=None):
    return client.post(path, body or {}, content_type="application/json")


@pytest.fixture
def challenge(client_for, player, other_player, outsider):
    """Pat challenges Quinn and Oscar."""
    seats = [{"username": u.username} for u in (player, other_player, outsider)]
    sent = post(client_for(player), "/api/play/challenges/", {"seats": seats})
    assert sent.status_code == 201, sent.content
    return sent.json()["id"]


def test_each_answer_reaches_the_challenges_stream_once_it_commits(
    server,  # noqa: F811
    streams,
    challenge,
    client_for,
    player,
    other_player,
    outsider,
):
    since = push_stamp(challenge)
    stream = streams(f"{server}/push/play/challenges/{challenge}/?since={since}", player)
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.next(5) == ["retry: 3000"]
    assert stream.next(5) == [": still here"]  # the stamp it named is the current one
    for who in (other_player, outsider):
        began = time.monotonic()
        answered = post(client_for(who), f"/api/play/challenges/{challenge}/accept/")
        assert answered.status_code == 200
        event = stream.next_event()
        assert event["event"] == "changed" and event["id"] == push_stamp(challenge)
        assert time.monotonic() - began < 5
    assert Challenge.objects.get(pk=challenge).status == Challenge.Status.STARTED


def test_a_seat_taken_and_a_withdrawal_reach_an_open_tables_stream(
    server,  # noqa: F811
    streams,
    client_for,
    player,
    other_player,
):
    opened = post(client_for(player), "/api/play/tables/", {"seats": 3})
    table = opened.json()["id"]
    stream = streams(f"{server}/push/play/challenges/{table}/", other_player)
    first = stream.next_event()  # no stamp named: the current one at once
    assert first["id"] == push_stamp(table)
    post(client_for(other_player), f"/api/play/tables/{table}/join/")
    joined = stream.next_event()
    assert joined["id"] == push_stamp(table) != first["id"]
    post(client_for(player), f"/api/play/tables/{table}/leave/")
    assert stream.next_event()["id"] == push_stamp(table) != joined["id"]
    assert Challenge.objects.get(pk=table).status == Challenge.Status.WITHDRAWN


def test_whoever_may_not_see_it_is_refused_and_a_table_not_listed_needs_its_link(
    server,  # noqa: F811
    streams,
    challenge,
    client_for,
    player,
    other_player,
    staff,
):
    url = f"{server}/push/play/challenges/{challenge}/"
    for user in (staff, None):  # not invited; a visitor
        refused = streams(url, user)
        assert refused.status == 403, (user, refused.status)
        assert "event-stream" not in refused.headers["content-type"]
    assert streams(f"{server}/push/play/challenges/999999/", player).status == 404

    opened = post(client_for(player), "/api/play/tables/", {"seats": 2, "listed": False})
    table = Challenge.objects.get(pk=opened.json()["id"])
    by_id = f"{server}/push/play/challenges/{table.pk}/"
    assert streams(by_id, other_player).status == 403
    assert streams(f"{by_id}?token=not-the-token", other_player).status == 403
    with_link = streams(f"{by_id}?token={table.token}", other_player)
    assert with_link.status == 200
    assert with_link.next_event()["id"] == push_stamp(table.pk)
