"""Waiting is bounded (lib.waits): a person holds at most ``PLAY_WAITS_PER_PERSON``
waits at once (per account, or per address when not logged in), past which the wait is
refused at once with 429 and Retry-After; a process holds at most
``PLAY_WAITS_PER_PROCESS``, and a process serving one request at a time none, each
answered at once with Retry-After; a visitor waits only on a public game. On the
PostgreSQL + Redis pass the person's waits are counted in Redis."""

import threading
import time

import pytest
from django.db import connection
from django.test import Client

from lib.waits import process_slots_held
from play.models import Game
from tests.fixtures.worker import wait_for
from tournaments.models import Visibility

pytestmark = pytest.mark.django_db(transaction=True)

# The test client speaks as a threaded server does (gunicorn's gthread, runserver).
THREADED = {"wsgi.multithread": True}


@pytest.fixture(autouse=True)
def limits(settings, fresh_limits):
    settings.PLAY_WAITS_PER_PERSON = 2
    settings.PLAY_POLL_AFTER_SECONDS = 7


def a_game(start, player, other_player) -> int:
    return start(player, [{"username": player.username}, {"username": other_player.username}])


def asked(client: Client, game_id: int, seconds: int = 30):
    tag = client.get(f"/api/play/{game_id}/").headers["ETag"]
    return client.get(f"/api/play/{game_id}/?wait={seconds}", headers={"If-None-Match": tag})


def held_in_the_background(client: Client, game_id: int, seconds: int = 12):
    """A wait that the server holds: its thread is still running a moment later (and
    long after: on a loaded machine a wait of 3 s once ended before the test's next
    request, which then found a free place)."""
    answers = []

    def wait():
        try:
            answers.append(asked(client, game_id, seconds))
        finally:
            connection.close()

    thread = threading.Thread(target=wait)
    thread.start()
    thread.join(timeout=1)
    early = answers[0] if answers else None
    assert thread.is_alive(), (
        f"the wait must be held; it was answered {early and early.status_code}: "
        f"{early and early.content[:200]!r}"
    )
    return thread, answers


def answered_by_a_change(game_id: int, held: list) -> list[int]:
    """The held waits end when the game changes (a save is announced once it commits),
    not at their end: the status of each answer."""
    Game.objects.get(pk=game_id).save()
    for thread, _answers in held:
        thread.join(timeout=20)
    return [answers[0].status_code if answers else None for _thread, answers in held]


def answered_at_once(client: Client, game_id: int):
    """Answered well before the 30 s it asked to wait (the margin is for a busy machine:
    parallel test workers on two cores once took 2.5 s for the two requests)."""
    began = time.monotonic()
    answer = asked(client, game_id)
    assert time.monotonic() - began < 10
    return answer


def test_a_person_past_their_waits_is_refused_at_once_with_retry_after(start, player, other_player):
    game_id = a_game(start, player, other_player)
    mine = [Client(**THREADED) for _ in range(3)]
    for client in mine:
        client.force_login(player)
    held = [held_in_the_background(client, game_id) for client in mine[:2]]
    refused = answered_at_once(mine[2], game_id)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "7"
    assert "as many games at once as allowed (2)" in refused.json()["detail"]
    theirs = Client(**THREADED)
    theirs.force_login(other_player)
    held.append(held_in_the_background(theirs, game_id))
    assert answered_by_a_change(game_id, held) == [200, 200, 200]
    again = asked(mine[2], game_id, seconds=1)
    assert again.status_code == 304 and "Retry-After" not in again


def test_visitors_are_counted_per_address(start, player, other_player):
    game_id = a_game(start, player, other_player)
    here = [Client(REMOTE_ADDR="10.7.0.1", **THREADED) for _ in range(3)]
    held = [held_in_the_background(client, game_id) for client in here[:2]]
    assert answered_at_once(here[2], game_id).status_code == 429
    held.append(held_in_the_background(Client(REMOTE_ADDR="10.7.0.2", **THREADED), game_id))
    assert answered_by_a_change(game_id, held) == [200, 200, 200]


@pytest.mark.parametrize("visibility", [Visibility.UNLISTED, Visibility.PRIVATE])
def test_a_visitor_waits_only_on_a_public_game(client_for, table, player, visibility):
    started = client_for(player).post(f"/api/tables/{table.pk}/play/")
    game_id = started.json()["id"]
    event = table.round.event
    visitor = Client(**THREADED)
    if visibility == Visibility.UNLISTED:
        event.visibility = visibility
        event.save()
        answer = answered_at_once(visitor, game_id)
        assert answer.status_code == 304 and answer["Retry-After"] == "7"
    else:
        # Held well past the one second after which the helper looks (a wait of one
        # second could end just before it looked, on a loaded machine).
        thread, answers = held_in_the_background(visitor, game_id, seconds=4)
        thread.join(timeout=20)
        assert answers[0].status_code == 304 and "Retry-After" not in answers[0]
        event.visibility = visibility
        event.save()
        assert visitor.get(f"/api/play/{game_id}/").status_code == 403


def test_a_process_serving_one_request_at_a_time_holds_no_wait(start, player, other_player):
    game_id = a_game(start, player, other_player)
    client = Client()  # wsgi.multithread false, as gunicorn's sync workers
    client.force_login(player)
    answer = answered_at_once(client, game_id)
    assert answer.status_code == 304 and answer["Retry-After"] == "7"


def test_a_threaded_process_holds_at_most_its_share(settings, start, player, other_player):
    # The share is this test's: an earlier test's live server, in this process, ended
    # the push streams its pages held when it ended (tests/fixtures/browser.py), and an
    # earlier test's wait held in the background ends within its 30 s at most (on a
    # loaded machine one was still held when this test began: 4 slots).
    wait_for(lambda: process_slots_held() == 0, timeout=40, what="earlier waits to end")
    settings.PLAY_WAITS_PER_PROCESS = 1
    game_id = a_game(start, player, other_player)
    first, second = Client(**THREADED), Client(**THREADED)
    first.force_login(player)
    second.force_login(other_player)
    held = held_in_the_background(first, game_id)
    answer = answered_at_once(second, game_id)
    assert answer.status_code == 304 and answer["Retry-After"] == "7"
    assert answered_by_a_change(game_id, [held]) == [200]
