"""Duplicating an event: its league's organisers copy its settings, with its entrants if
asked (no rounds, no results); a bad name or season is refused on its field and nothing
is made; the copy's log says where it came from."""

import pytest
from rest_framework.test import APIClient

from tournaments.models import Event, EventLogEntry, Season

pytestmark = pytest.mark.django_db


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_copy_keeps_the_settings_and_if_asked_the_entrants(table, organiser):
    event = table.round.event
    Event.objects.filter(pk=event.pk).update(round_minutes=50, tiebreak_order=["wins"])
    answer = api(organiser).post(
        f"/api/events/{event.slug}/duplicate/",
        {"name": "Winter Open", "entrants": True, "starts_at": "2099-01-05T19:00:00Z"},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    copy = Event.objects.get(slug=answer.json()["slug"])
    assert (copy.round_minutes, copy.tiebreak_order, copy.table_size) == (50, ["wins"], 2)
    assert copy.season_id == event.season_id and copy.starts_at.year == 2099
    assert sorted(copy.entrants.values_list("name", flat=True)) == ["Pat Player", "Quinn Player"]
    assert not copy.rounds.exists()
    logged = EventLogEntry.objects.get(event=copy, action="duplicated")
    assert logged.detail["source"] == event.name


def test_without_entrants_none_are_copied(table, organiser):
    event = table.round.event
    answer = api(organiser).post(f"/api/events/{event.slug}/duplicate/", {"name": "Copy"})
    assert answer.status_code == 201
    assert not Event.objects.get(slug=answer.json()["slug"]).entrants.exists()


def test_a_bad_copy_is_refused_on_its_field(event, organiser, outsider):
    closed = Season.objects.create(league=event.season.league, name="Old", status="closed")
    url = f"/api/events/{event.slug}/duplicate/"
    blank = api(organiser).post(url, {"name": " "})
    assert blank.status_code == 400 and "name" in blank.json()
    refused = api(organiser).post(url, {"name": "Copy", "season": closed.pk})
    assert refused.status_code == 400 and refused.json()["field"] == "season"
    assert api(outsider).post(url, {"name": "Copy"}).status_code == 403
    assert Event.objects.count() == 1


def test_the_page_copies_from_the_organisers_tools(client_for, event, organiser):
    client = client_for(organiser)
    assert (
        f"/events/{event.slug}/duplicate/" in client.get(f"/events/{event.slug}/").content.decode()
    )
    answer = client.post(
        f"/events/{event.slug}/duplicate/", {"name": "Next Open", "season": event.season_id}
    )
    assert answer.status_code == 302
    assert Event.objects.filter(name="Next Open").exists()


def test_an_organiser_of_the_event_alone_is_not_offered_the_copy(client_for, event, outsider):
    event.organisers.add(outsider)
    client = client_for(outsider)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Edit event" in page
    assert f"/events/{event.slug}/duplicate/" not in page
    assert client.get(f"/events/{event.slug}/duplicate/").status_code == 403
