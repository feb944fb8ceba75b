"""Seasons over the API: read by anyone who sees the league, added and closed by its
organisers (an event is created in a season by its id)."""

import pytest

from tournaments.models import Season

pytestmark = pytest.mark.django_db


def test_an_organiser_adds_a_season_everyone_reads_it_and_an_event_is_made_in_it(
    client_for, league, organiser, anonymous
):
    client = client_for(organiser)
    made = client.post(
        f"/api/leagues/{league.slug}/seasons/",
        {"name": "Spring", "starts_on": "2026-03-01"},
        content_type="application/json",
    )
    assert made.status_code == 201
    assert made.json()["status"] == "open" and made.json()["league"] == league.slug
    listed = client_for(anonymous).get(f"/api/leagues/{league.slug}/seasons/").json()
    assert [season["name"] for season in listed] == ["Spring"]
    event = client_for(organiser).post(
        "/api/events/",
        {"name": "Spring Open", "slug": "spring-open", "season": made.json()["id"],
         "format": "swiss", "game": "call-to-glory"},
        content_type="application/json",
    )  # fmt: skip
    assert event.status_code == 201, event.json()
    closed = client.post(
        f"/api/leagues/{league.slug}/seasons/{made.json()['id']}/close/",
        {},
        content_type="application/json",
    )
    assert closed.json()["status"] == "closed"


def test_others_cannot_add_or_close_a_season_and_a_bad_season_is_refused(
    client_for, league, organiser, outsider, anonymous
):
    season = Season.objects.create(league=league, name="Autumn")
    for user in (outsider, anonymous):
        client = client_for(user)
        added = client.post(f"/api/leagues/{league.slug}/seasons/", {"name": "Mine"})
        closed = client.post(f"/api/leagues/{league.slug}/seasons/{season.pk}/close/")
        assert added.status_code == closed.status_code == 403
    backwards = client_for(organiser).post(
        f"/api/leagues/{league.slug}/seasons/",
        {"name": "Odd", "starts_on": "2026-05-01", "ends_on": "2026-04-01"},
        content_type="application/json",
    )
    assert backwards.status_code == 400
    assert list(league.seasons.values_list("name", "status")) == [("Autumn", "open")]
