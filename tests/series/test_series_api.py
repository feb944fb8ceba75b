"""A series through the API: its organisers create it, add events of any league of
theirs, change its rules naming the version; bad input is refused on its field and
changes nothing; its leaderboard is what the worker stored."""

import pytest

from series.computing import do_store_series
from series.models import LogEntry, Series
from tests.series.helpers import event_with_places
from tournaments.models import EventLogEntry, League

pytestmark = pytest.mark.django_db

TABLE = {"name": "Winter Circuit", "points_by_place": [10, 6, 3], "best_of": 2}


def create(client, league, **extra):
    return client.post(f"/api/leagues/{league.slug}/series/", {**TABLE, **extra}, format="json")


@pytest.fixture
def api(client_for):
    from rest_framework.test import APIClient

    def as_(user):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return as_


def test_an_organiser_creates_a_series_and_it_is_logged(api, league, organiser):
    answer = create(api(organiser), league, minimum_events=2, qualifying_places=4)
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["slug"] == "winter-circuit"
    assert body["points_by_place"] == [10, 6, 3]
    assert body["minimum_events"] == 2 and body["version"] == 1
    entry = LogEntry.objects.get(series__slug="winter-circuit")
    assert entry.action == LogEntry.Action.SERIES_CREATED and entry.actor == organiser


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"points_by_place": [10, -1, 3]}, "points_by_place"),
        ({"points_by_place": [10, None, 3]}, "points_by_place"),
        ({"points_by_place": []}, "points_by_place"),
        ({"best_of": 0}, "best_of"),
        ({"best_of": 2, "minimum_events": 3}, "minimum_events"),
        ({"name": ""}, "name"),
    ],
)
def test_a_bad_series_is_refused_on_its_field_and_nothing_is_made(
    api, league, organiser, change, field
):
    answer = create(api(organiser), league, **change)
    assert answer.status_code == 400
    assert field in str(answer.json())
    assert not Series.objects.exists()


def test_only_the_leagues_organisers_create_one(api, league, outsider):
    assert create(api(outsider), league).status_code == 403
    assert create(api(None), league).status_code in (401, 403)
    assert not Series.objects.exists()


def test_events_join_from_any_league_of_the_organisers(api, league, organiser, player):
    other = League.objects.create(name="Thursday Club", slug="thursday", created_by=organiser)
    here = event_with_places(league, organiser, "tuesday-1", [(player, 1)])
    there = event_with_places(other, organiser, "thursday-1", [(player, 2)])
    client = api(organiser)
    slug = create(client, league).json()["slug"]
    first = client.post(f"/api/series/{slug}/events/", {"event": here.slug, "version": 1})
    assert first.status_code == 200, first.json()
    second = client.post(f"/api/series/{slug}/events/", {"event": there.slug, "version": 2})
    assert second.status_code == 200
    assert sorted(second.json()["events"]) == ["thursday-1", "tuesday-1"]
    assert EventLogEntry.objects.filter(event=there, action="joined series").exists()
    do_store_series(Series.objects.get().pk)
    rows = client.get(f"/api/series/{slug}/").json()["rows"]
    assert [(r["name"], r["points"], r["events"]) for r in rows] == [(str(player), 16.0, 2)]


def test_a_stale_or_foreign_event_is_refused(api, league, organiser, outsider, player):
    theirs = League.objects.create(name="Elsewhere", slug="elsewhere", created_by=outsider)
    foreign = event_with_places(theirs, outsider, "foreign", [(player, 1)])
    mine = event_with_places(league, organiser, "mine", [(player, 1)])
    client = api(organiser)
    slug = create(client, league).json()["slug"]
    refused = client.post(f"/api/series/{slug}/events/", {"event": foreign.slug, "version": 1})
    assert refused.status_code == 400 and refused.json()["field"] == "event"
    stale = client.post(f"/api/series/{slug}/events/", {"event": mine.slug, "version": 7})
    assert stale.status_code == 409 and stale.json()["field"] == "version"
    assert not Series.objects.get().events.exists()


def test_a_change_names_its_version(api, league, organiser):
    client = api(organiser)
    slug = create(client, league).json()["slug"]
    changed = client.patch(f"/api/series/{slug}/", {"version": 1, "best_of": 3}, format="json")
    assert changed.status_code == 200 and changed.json()["best_of"] == 3
    again = client.patch(f"/api/series/{slug}/", {"version": 1, "best_of": 1}, format="json")
    assert again.status_code == 409
    bad = client.patch(
        f"/api/series/{slug}/", {"version": 2, "points_by_place": [5, -2]}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "points_by_place"
    assert Series.objects.get().best_of == 3 and Series.objects.get().points_by_place[1] == 6


def test_the_series_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/").content.decode()
    for path in ("/api/leagues/{slug}/series/", "/api/series/{slug}/events/"):
        assert path in schema
    assert "/api/leagues/{slug}/recurring/" in schema
    assert "/api/events/{slug}/declarations/" in schema
