"""Registration over the API: a place, or the waitlist with its number; a withdrawal
frees a place for the first on the waitlist, who is told by e-mail. A player registers
and withdraws only themself; nobody registers while registration is closed."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Notice
from standings.computing import compute_standings
from tests.fixtures.personas import make_user
from tests.tournaments.helpers import play
from tournaments.models import Entrant, Event, EventLogEntry

pytestmark = pytest.mark.django_db


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def open_event(event):
    Event.objects.filter(pk=event.pk).update(registration="open", capacity=2)
    event.refresh_from_db()
    return event


def register(user, event):
    return api(user).post(f"/api/events/{event.slug}/register/")


def test_a_place_then_the_waitlist_with_its_number(open_event, player, other_player, outsider):
    assert register(player, open_event).status_code == 201
    assert register(other_player, open_event).json()["status"] == "active"
    waiting = register(outsider, open_event)
    assert waiting.status_code == 202
    assert waiting.json()["status"] == "waitlisted" and waiting.json()["waitlist_place"] == 1
    late = make_user(type(player), "wanda_waiting")
    assert register(late, open_event).json()["waitlist_place"] == 2
    again = register(player, open_event)
    assert again.status_code == 409 and "already" in again.json()["detail"]
    subjects = list(Notice.objects.filter(user=outsider).values_list("subject", flat=True))
    assert subjects == ["Autumn Open: you are on the waitlist"]
    ranked = {row["entrant_id"] for row in compute_standings(open_event)}
    assert ranked == set(open_event.entrants.filter(status="active").values_list("pk", flat=True))


def test_a_withdrawal_gives_the_place_to_the_first_on_the_waitlist(
    open_event, player, other_player, outsider
):
    for user in (player, other_player, outsider):
        register(user, open_event)
    assert api(player).delete(f"/api/events/{open_event.slug}/register/").status_code == 204
    assert not open_event.entrants.filter(user=player).exists()
    moved = open_event.entrants.get(user=outsider)
    assert moved.is_active
    notice = Notice.objects.filter(user=outsider).latest("pk")
    assert notice.subject == "Autumn Open: a place is yours"
    entry = EventLogEntry.objects.get(event=open_event, action=EventLogEntry.Action.PROMOTED)
    assert entry.detail["entrants"] == [moved.name]


def test_an_organiser_dropping_an_entrant_promotes_the_waitlist(
    open_event, organiser, player, other_player, outsider
):
    for user in (player, other_player, outsider):
        register(user, open_event)
    dropped = open_event.entrants.get(user=player)
    answer = api(organiser).post(f"/api/events/{open_event.slug}/entrants/{dropped.pk}/drop/")
    assert answer.status_code == 200
    assert open_event.entrants.get(user=outsider).is_active


def test_closed_or_past_registration_is_refused(event, open_event, player, other_player):
    Event.objects.filter(pk=event.pk).update(registration="closed")
    refused = register(player, event)
    assert refused.status_code == 400 and "closed" in refused.json()["detail"]
    Event.objects.filter(pk=event.pk).update(
        registration="open", registration_closes=timezone.now() - timedelta(minutes=1)
    )
    assert register(other_player, event).status_code == 400
    assert not Entrant.objects.filter(event=event).exists()


def test_anonymous_cannot_register_and_nobody_withdraws_someone_else(
    open_event, player, other_player
):
    assert api().post(f"/api/events/{open_event.slug}/register/").status_code in (401, 403)
    register(player, open_event)
    gone = api(other_player).delete(f"/api/events/{open_event.slug}/register/")
    assert gone.status_code == 404
    assert open_event.entrants.filter(user=player).exists()


def test_a_player_who_withdraws_after_playing_stays_in_the_standings_as_dropped(league, organiser):
    from tests.tournaments.helpers import make_event

    event = make_event(league, organiser, players=8)
    play(event, 1)
    entrant = event.entrants.first()
    assert api(entrant.user).delete(f"/api/events/{event.slug}/register/").status_code == 204
    entrant.refresh_from_db()
    assert entrant.is_dropped and entrant.dropped_after_round == 1


def test_the_home_page_shows_events_open_for_registration_and_the_event_page_registers(
    open_event, player, client_for
):
    client = client_for(player)
    home = client.get("/").content.decode()
    assert "Open for registration" in home and f"/events/{open_event.slug}/#register" in home
    assert "Register" in client.get(f"/events/{open_event.slug}/").content.decode()
    client.post(f"/events/{open_event.slug}/register/")
    page = client.get(f"/events/{open_event.slug}/").content.decode()
    assert "You are entered." in page and "Withdraw" in page
    client.post(f"/events/{open_event.slug}/withdraw/")
    assert not open_event.entrants.filter(user=player).exists()
    anonymous = client_for(None).get(f"/events/{open_event.slug}/").content.decode()
    assert "Log in to register" in anonymous


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_people_racing_for_the_last_place_never_both_get_it(open_event, player, other_player):
    from tests.tournaments.test_concurrent_writes import InThread
    from tournaments.registration import do_register

    Event.objects.filter(pk=open_event.pk).update(capacity=1)
    held = InThread(lambda: do_register(open_event, player), hold=True)
    assert held.ready.wait(20) and held.error is None
    racing = InThread(lambda: do_register(open_event, other_player))
    assert not racing.done.wait(0.5)  # it waits for the event's lock
    held.release()
    racing.finish()
    assert held.error is None and racing.error is None
    statuses = dict(open_event.entrants.values_list("user_id", "status"))
    assert statuses == {player.pk: "active", other_player.pk: "waitlisted"}
