"""Waiting for a game to change (``GET /api/play/ID/?wait=S`` with ``If-None-Match``):
the answer comes once another client's move commits, 304 at the timeout, a bad ``wait``
is refused, and a spectator waiting sees no hand. On Redis the waiting request is woken
by the move's announcement; without it (SQLite) it reads the game again."""

import threading

import pytest
from django.db import connection
from django.test import Client

from play.models import Game

# Each test counts the waits it holds on its own (``fresh_limits``): a visitor's waits are
# counted by address, and every visitor of a test session is 127.0.0.1, so an earlier
# test's waits still held would answer this test's visitor at once.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_limits")]


def client_of(user) -> Client:
    """A client of a threaded server (a process serving one request at a time holds no
    wait: tests/play/test_wait_limits.py)."""
    client = Client(**{"wsgi.multithread": True})
    if user is not None:
        client.force_login(user)
    return client


def waiting_in_the_background(user, game_id, seconds):
    """Start a long-poll as ``user`` (None: a spectator) from the state it sees now;
    the list its answer will be put in, and the thread."""
    client = client_of(user)
    tag = client.get(f"/api/play/{game_id}/").headers["ETag"]
    answers = []

    def wait():
        try:
            answers.append(
                client.get(f"/api/play/{game_id}/?wait={seconds}", headers={"If-None-Match": tag})
            )
        finally:
            connection.close()

    thread = threading.Thread(target=wait)
    thread.start()
    return answers, thread


def move(user, game_id, move, at):
    response = client_of(user).post(
        f"/api/play/{game_id}/moves/", {"move": move, "at": at}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response


@pytest.mark.parametrize("waiter", ["other_player", "spectator"])
def test_a_waiting_request_answers_once_another_clients_move_commits(
    request, start, player, other_player, waiter
):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    user = None if waiter == "spectator" else request.getfixturevalue(waiter)
    answers, thread = waiting_in_the_background(user, game_id, seconds=30)
    thread.join(timeout=1)
    early = answers[0].status_code if answers else None
    assert thread.is_alive(), f"the request must wait while nothing changes; answered {early}"
    move(player, game_id, "0 draw D1", at=0)
    thread.join(timeout=20)
    assert not thread.is_alive(), "the waiting request must answer once the move is stored"
    (answer,) = answers
    assert answer.status_code == 200
    state = answer.json()
    assert state["moves"] == 1
    if user is None:
        assert state["you"] is None
        assert state["view"]["hand"] is None
        assert state["legal_moves"] == []
    else:
        assert state["you"] == 1
        assert len(state["view"]["hand"]) == 3


def test_a_waiting_request_answers_304_at_its_timeout_with_nothing_changed(
    start, player, other_player
):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    moved = move(player, game_id, "0 draw D1", at=0)
    before = Game.objects.get(pk=game_id)
    client = client_of(player)
    answer = client.get(
        f"/api/play/{game_id}/?wait=1", headers={"If-None-Match": moved.headers["ETag"]}
    )
    assert answer.status_code == 304
    assert answer.headers["ETag"] == moved.headers["ETag"]
    after = Game.objects.get(pk=game_id)
    assert (after.moves, after.updated_at, after.record) == (
        before.moves,
        before.updated_at,
        before.record,
    )


def test_a_request_seeing_an_older_state_is_answered_at_once(start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    client = client_of(other_player)
    old_tag = client.get(f"/api/play/{game_id}/").headers["ETag"]
    move(player, game_id, "0 draw D1", at=0)
    answer = client.get(f"/api/play/{game_id}/?wait=30", headers={"If-None-Match": old_tag})
    assert answer.status_code == 200
    assert answer.json()["moves"] == 1


@pytest.mark.parametrize("wait", ["soon", "-1", "31", "1.5"])
def test_a_bad_wait_is_refused_with_its_reason(start, player, other_player, wait):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    client = client_of(player)
    tag = client.get(f"/api/play/{game_id}/").headers["ETag"]
    answer = client.get(f"/api/play/{game_id}/?wait={wait}", headers={"If-None-Match": tag})
    assert answer.status_code == 400
    assert answer.json()["wait"]
    assert Game.objects.get(pk=game_id).moves == 0
