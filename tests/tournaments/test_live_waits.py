"""An event's live long-poll (``GET /api/events/SLUG/live/?stamp=S&wait=W``) is held
within the same bounds as a game's (``lib.waits``): answered as soon as the event
moves on, at once with Retry-After where it is not held (a visitor on an event that is
not public, a process serving one request at a time), 429 past a person's waits."""

import threading
import time

import pytest
from django.db import connection
from django.test import Client

from standings.computing import do_store_standings
from tests.tournaments.helpers import make_event
from tournaments.models import Round, Visibility
from tournaments.pairing import do_pair_round
from tournaments.round_clock import do_clock

# Each test counts the waits it holds on its own (``fresh_limits``): a visitor's waits are
# counted by address, every test visitor is 127.0.0.1, and an earlier test's waits still
# held got this module's wait answered at once (seen on a PostgreSQL pass).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_limits")]

THREADED = {"wsgi.multithread": True}


@pytest.fixture(autouse=True)
def limits(settings, fresh_limits):
    settings.PLAY_WAITS_PER_PERSON = 1
    settings.PLAY_POLL_AFTER_SECONDS = 7


@pytest.fixture
def timed(league, organiser):
    """A timed round paired, its standings stored now: a standings run a worker makes
    later changes no row, so nothing but the test moves the event's stamp on."""
    event = make_event(league, organiser, players=4, round_minutes=30)
    do_pair_round(event, by=organiser)
    do_store_standings(event)
    return event


def live(client, event, stamp, seconds=5):
    return client.get(f"/api/events/{event.slug}/live/?stamp={stamp}&wait={seconds}")


def test_a_wait_is_answered_when_the_organiser_pauses_the_clock(timed, organiser):
    visitor = Client(**THREADED)
    stamp = visitor.get(f"/api/events/{timed.slug}/live/").json()["stamp"]
    answers = []

    def wait():
        try:
            answers.append(live(visitor, timed, stamp, seconds=20))
        finally:
            connection.close()

    thread = threading.Thread(target=wait)
    thread.start()
    thread.join(timeout=1)
    assert thread.is_alive(), "the wait must be held while nothing changes"
    began = time.monotonic()
    do_clock(Round.objects.get(event=timed), "pause", by=organiser)
    thread.join(timeout=15)
    assert time.monotonic() - began < 10
    answer = answers[0].json()
    assert answer["stamp"] != stamp and answer["clock"]["paused"]
    assert "Retry-After" not in answers[0]


def test_a_visitor_on_an_unlisted_event_is_answered_at_once(timed):
    timed.visibility = Visibility.UNLISTED
    timed.save()
    visitor = Client(**THREADED)
    stamp = visitor.get(f"/api/events/{timed.slug}/live/").json()["stamp"]
    began = time.monotonic()
    answer = live(visitor, timed, stamp, seconds=30)
    assert time.monotonic() - began < 10  # of the 30 s it asked to wait
    assert answer.status_code == 200 and answer["Retry-After"] == "7"


def test_a_process_serving_one_request_at_a_time_holds_no_wait(timed):
    client = Client()  # wsgi.multithread false, as gunicorn's sync workers
    stamp = client.get(f"/api/events/{timed.slug}/live/").json()["stamp"]
    began = time.monotonic()
    answer = live(client, timed, stamp, seconds=30)
    assert time.monotonic() - began < 10 and answer["Retry-After"] == "7"


def test_a_person_past_their_waits_is_refused(timed, player):
    first, second = Client(**THREADED), Client(**THREADED)
    first.force_login(player)
    second.force_login(player)
    stamp = first.get(f"/api/events/{timed.slug}/live/").json()["stamp"]
    thread = threading.Thread(target=lambda: (live(first, timed, stamp, 3), connection.close()))
    thread.start()
    thread.join(timeout=1)
    assert thread.is_alive()
    refused = live(second, timed, stamp)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert "following 1 page at once" in refused.json()["detail"]
    thread.join(timeout=10)
