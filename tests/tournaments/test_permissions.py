"""Only organisers pair, edit and override; everyone else gets 403 and nothing changes."""

import pytest

from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Event, Round, Seat
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(league, organiser):
    event = make_event(league, organiser, players=8, slug="running-event")
    do_pair_round(event)
    return event


def snapshot(event):
    return (
        list(Round.objects.filter(event=event).values_list("number", "override_reason")),
        list(Seat.objects.filter(table__round__event=event).values_list("pk", "entrant_id")),
        list(Entrant.objects.filter(event=event).values_list("pk", "status")),
        Event.objects.filter(pk=event.pk).values_list("name", "status").get(),
    )


def writes(event):
    seats = list(Seat.objects.filter(table__round__event=event).values_list("pk", flat=True))
    entrant = event.entrants.first()
    base = f"/events/{event.slug}"
    return [
        (f"{base}/rounds/pair/", {"override_reason": "because"}),
        (f"{base}/rounds/1/repair/", {}),
        (f"{base}/rounds/1/swap/", {"first": seats[0], "second": seats[-1]}),
        (f"{base}/entrants/", {"walk_in": "Sneaky"}),
        (f"{base}/entrants/{entrant.pk}/drop/", {}),
        (f"/leagues/{event.season.league.slug}/events/new/", {"name": "X", "slug": "x"}),
        (f"/leagues/{event.season.league.slug}/seasons/new/", {"name": "X"}),
    ]


def test_an_outsider_gets_403_on_every_organiser_action_and_nothing_changes(
    running, outsider, client_for
):
    before = snapshot(running)
    client = client_for(outsider)
    for url, data in writes(running):
        assert client.post(url, data).status_code == 403, url
    assert snapshot(running) == before


def test_a_player_of_the_event_cannot_pair_or_edit_either(running, player, client_for):
    Entrant.objects.create(event=running, user=player, name="Pat")
    before = snapshot(running)
    client = client_for(player)
    for url, data in writes(running):
        assert client.post(url, data).status_code == 403, url
    assert snapshot(running) == before


def test_anonymous_visitors_are_sent_to_log_in_and_nothing_changes(running, client):
    before = snapshot(running)
    for url, data in writes(running):
        response = client.post(url, data)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert snapshot(running) == before


def test_the_organiser_pairs_with_an_override_reason(running, organiser, client_for):
    client = client_for(organiser)
    response = client.post(f"/events/{running.slug}/rounds/pair/", {"override_reason": ""})
    assert response.status_code == 400 and running.rounds.count() == 1  # refused: no reason
    assert "give a reason to pair anyway" in response.content.decode()
    response = client.post(
        f"/events/{running.slug}/rounds/pair/", {"override_reason": "late table"}
    )
    assert response["Location"] == f"/events/{running.slug}/rounds/2/"
    assert running.rounds.get(number=2).override_reason == "late table"


def test_a_league_organiser_may_run_the_leagues_events(running, staff, other_player, client_for):
    running.season.league.organisers.add(other_player)
    response = client_for(other_player).post(
        f"/events/{running.slug}/entrants/", {"walk_in": "Wendy"}
    )
    assert response.status_code == 302
    assert running.entrants.filter(name="Wendy").exists()


def test_a_private_event_is_hidden_from_outsiders(running, outsider, client_for):
    running.visibility = "private"
    running.save()
    client = client_for(outsider)
    for url in ["", "rounds/1/", "rounds/1/print/", "rounds/1/board/", "export/standings.csv"]:
        assert client.get(f"/events/{running.slug}/{url}").status_code == 403, url


def test_only_the_creator_names_organisers(running, organiser, other_player, outsider, client_for):
    running.organisers.add(other_player)
    url = f"/events/{running.slug}/organisers/"
    assert client_for(outsider).post(url, {"username": outsider.username}).status_code == 403
    # another organiser may run the event but not hand it on
    assert client_for(other_player).post(url, {"username": outsider.username}).status_code == 403
    assert not running.organisers.filter(pk=outsider.pk).exists()
    assert client_for(organiser).post(url, {"username": outsider.username}).status_code == 302
    assert running.organisers.filter(pk=outsider.pk).exists()
