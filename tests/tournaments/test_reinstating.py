"""Putting a dropped entrant back in: an organiser, from the entrants page or the API,
or a player who withdrew, by registering again. They rejoin from the next round with
their results kept and the rounds they missed unplayed; logged; refused (409) on a
finished event or a full one, and to anyone but an organiser."""

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, play
from tournaments.models import Entrant, Event, EventLogEntry, SeatResult
from tournaments.registration import do_drop, do_withdraw

pytestmark = pytest.mark.django_db


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def reinstate(user, entrant):
    return api(user).post(f"/api/events/{entrant.event.slug}/entrants/{entrant.pk}/reinstate/")


def rounds_played(entrant) -> set[int]:
    played = SeatResult.objects.filter(entrant=entrant)
    return set(played.values_list("result__table__round__number", flat=True))


@pytest.fixture
def swiss(league, organiser):
    """A Swiss of 7 at tables of 4, round 1 played."""
    event = make_event(league, organiser, players=7, late_entry_points=1.5)
    play(event, 1)
    return event


def test_a_dropped_entrant_rejoins_from_the_next_round_and_missed_rounds_stay_unplayed(
    swiss, organiser
):
    cat = swiss.entrants.order_by("name").first()
    do_drop(cat, organiser)
    play(swiss, 1)  # round 2, without them
    answer = reinstate(organiser, cat)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "active" and answer.json()["joined_round"] == 3
    assert answer.json()["dropped_after_round"] is None and answer.json()["drop_reason"] == ""
    assert answer.json()["start_points"] == 0  # played: no late-entry points for a missed round
    entry = EventLogEntry.objects.get(event=swiss, action=EventLogEntry.Action.REINSTATED)
    assert entry.actor == organiser
    assert entry.detail == {"entrant": cat.name, "round": 3, "waitlisted": False}
    play(swiss, 1)  # round 3, with them
    assert rounds_played(cat) == {1, 3}
    assert swiss.rounds.get(number=2).tables.filter(seats__entrant=cat).count() == 0


def test_one_dropped_before_they_played_comes_back_as_a_late_entrant(league, organiser):
    event = make_event(league, organiser, players=8, late_entry_points=1.5)
    cat = event.entrants.order_by("name").first()
    do_drop(cat, organiser)
    play(event, 1)
    answer = reinstate(organiser, cat)
    assert answer.status_code == 200
    assert (answer.json()["joined_round"], answer.json()["start_points"]) == (2, 1.5)


def test_a_finished_event_refuses_a_reinstatement(swiss, organiser, client_for):
    cat = swiss.entrants.order_by("name").first()
    do_drop(cat, organiser)
    Event.objects.filter(pk=swiss.pk).update(status=Event.Status.FINISHED)
    refused = reinstate(organiser, cat)
    assert refused.status_code == 409 and "finished" in refused.json()["detail"]
    page = client_for(organiser).post(
        f"/events/{swiss.slug}/entrants/{cat.pk}/reinstate/", follow=True
    )
    assert "The event is finished" in page.content.decode()
    assert Entrant.objects.get(pk=cat.pk).is_dropped
    assert not EventLogEntry.objects.filter(action=EventLogEntry.Action.REINSTATED).exists()


def test_only_an_organiser_reinstates(swiss, organiser, outsider, client_for):
    cat = swiss.entrants.order_by("name").first()
    do_drop(cat, organiser)
    assert reinstate(outsider, cat).status_code == 403
    assert reinstate(cat.user, cat).status_code == 403  # not even themself
    assert reinstate(None, cat).status_code in (401, 403)
    page = client_for(outsider).post(f"/events/{swiss.slug}/entrants/{cat.pk}/reinstate/")
    assert page.status_code == 403
    assert Entrant.objects.get(pk=cat.pk).is_dropped


def test_an_entrant_not_dropped_is_not_reinstated(swiss, organiser):
    cat = swiss.entrants.order_by("name").first()
    refused = reinstate(organiser, cat)
    assert refused.status_code == 409 and f"{cat.name} is not dropped" in refused.json()["detail"]


@pytest.fixture
def full(event, player, other_player, outsider):
    """Two places, registration open: player and other_player in, outsider waiting."""
    Event.objects.filter(pk=event.pk).update(registration="open", capacity=2)
    event.refresh_from_db()
    for user in (player, other_player, outsider):
        api(user).post(f"/api/events/{event.slug}/register/")
    return event


def test_a_full_event_refuses_the_organiser_naming_who_and_the_places(
    full, organiser, player, outsider
):
    pat = full.entrants.get(user=player)
    do_drop(pat, organiser)
    assert full.entrants.get(user=outsider).is_active  # the waitlist took the place
    refused = reinstate(organiser, pat)
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith(
        "The event is full (2 places): Pat Player can come back once a place frees."
    )
    assert Entrant.objects.get(pk=pat.pk).is_dropped
    Event.objects.filter(pk=full.pk).update(capacity=3)
    assert reinstate(organiser, pat).json()["status"] == "active"


def test_a_player_who_withdrew_registers_again_and_is_reinstated(league, organiser):
    event = make_event(league, organiser, players=8, registration="open")
    play(event, 1)
    cat = event.entrants.order_by("name").first()
    assert api(cat.user).delete(f"/api/events/{event.slug}/register/").status_code == 204
    cat.refresh_from_db()
    assert cat.drop_reason == Entrant.DropReason.WITHDREW
    again = api(cat.user).post(f"/api/events/{event.slug}/register/")
    assert again.status_code == 201 and again.json()["status"] == "active"
    cat.refresh_from_db()
    assert (cat.joined_round, cat.dropped_after_round, rounds_played(cat)) == (2, None, {1})
    entry = EventLogEntry.objects.get(event=event, action=EventLogEntry.Action.REINSTATED)
    assert entry.actor == cat.user


def test_a_player_who_withdrew_from_a_full_event_goes_last_on_its_waitlist(
    league, organiser, outsider, other_player
):
    event = make_event(league, organiser, players=4, registration="open", capacity=4)
    play(event, 1)
    cat = event.entrants.order_by("name").first()
    do_withdraw(cat, cat.user)
    api(outsider).post(f"/api/events/{event.slug}/register/")  # takes the freed place
    api(other_player).post(f"/api/events/{event.slug}/register/")  # waits, first
    again = api(cat.user).post(f"/api/events/{event.slug}/register/")
    assert again.status_code == 202
    assert again.json()["status"] == "waitlisted" and again.json()["waitlist_place"] == 2


def test_a_player_dropped_by_an_organiser_asks_an_organiser(league, organiser):
    event = make_event(league, organiser, players=8, registration="open")
    play(event, 1)
    cat = event.entrants.order_by("name").first()
    do_drop(cat, organiser)
    refused = api(cat.user).post(f"/api/events/{event.slug}/register/")
    assert refused.status_code == 409 and "ask an organiser" in refused.json()["detail"]
    assert Entrant.objects.get(pk=cat.pk).is_dropped


def test_the_entrants_page_puts_a_dropped_entrant_back_in(swiss, organiser, client_for):
    cat = swiss.entrants.order_by("name").first()
    do_drop(cat, organiser)
    client = client_for(organiser)
    page = client.get(f"/events/{swiss.slug}/entrants/").content.decode()
    assert f"Put {cat.name} back in" in page
    answer = client.post(f"/events/{swiss.slug}/entrants/{cat.pk}/reinstate/", follow=True)
    assert f"{cat.name} is back in from round 2." in answer.content.decode()
    assert Entrant.objects.get(pk=cat.pk).is_active


def test_the_event_page_tells_a_dropped_player_why_and_lets_one_who_withdrew_come_back(
    league, organiser, client_for
):
    event = make_event(league, organiser, players=8, registration="open")
    play(event, 1)
    cat, dan = event.entrants.order_by("name")[:2]
    do_withdraw(cat, cat.user)
    do_drop(dan, organiser)
    theirs = client_for(dan.user).get(f"/events/{event.slug}/").content.decode()
    assert "You were dropped from this event; an organiser can put you back in." in theirs
    assert "Register again" not in theirs
    client = client_for(cat.user)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "You have withdrawn from this event." in page and "Register again" in page
    back = client.post(f"/events/{event.slug}/register/", follow=True).content.decode()
    assert "You are entered." in back and "Register again" not in back
    assert Entrant.objects.get(pk=cat.pk).joined_round == 2


def test_dropping_a_dropped_entrant_again_keeps_why_and_when_they_left(swiss, organiser):
    cat = swiss.entrants.order_by("name").first()
    do_withdraw(cat, cat.user)
    play(swiss, 1)
    again = api(organiser).post(f"/api/events/{swiss.slug}/entrants/{cat.pk}/drop/")
    assert again.status_code == 409 and f"{cat.name} is dropped already." in again.json()["detail"]
    cat.refresh_from_db()
    assert (cat.drop_reason, cat.dropped_after_round) == (Entrant.DropReason.WITHDREW, 1)
