"""The series' and recurring nights' pages: made and changed by the league's organisers
(a refusal shown on its field, nothing changed), read by anyone who may see the league,
linked from the league's page and the event page."""

import pytest

from series.computing import do_store_series
from series.models import RecurringSchedule, Series, SeriesEvent
from tests.series.helpers import event_with_places

pytestmark = pytest.mark.django_db


def rules(**extra):
    data = {
        "name": "Winter Circuit",
        "points_by_place": "10, 6, 3",
        "best_of": "2",
        "minimum_events": "1",
        "qualifying_places": "1",
    }
    return {**data, **extra}


def test_an_organiser_makes_a_series_from_the_league_page(client_for, league, organiser):
    client = client_for(organiser)
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert f"/leagues/{league.slug}/series/new/" in page
    answer = client.post(f"/leagues/{league.slug}/series/new/", rules())
    assert answer.status_code == 302
    series = Series.objects.get()
    assert series.points_by_place == [10, 6, 3] and series.qualifying_places == 1
    assert "/series/winter-circuit/" in client.get(f"/leagues/{league.slug}/").content.decode()


def test_a_missing_place_is_shown_on_its_field_and_nothing_is_made(client_for, league, organiser):
    answer = client_for(organiser).post(
        f"/leagues/{league.slug}/series/new/", rules(points_by_place="10, , 3")
    )
    assert answer.status_code == 400
    assert "Place 2 has no points." in answer.content.decode()
    assert not Series.objects.exists()


def test_the_leaderboard_draws_the_qualification_line(
    client_for, league, organiser, player, other_player, outsider
):
    event = event_with_places(league, organiser, "n1", [(player, 1), (other_player, 2)])
    series = Series.objects.create(
        league=league,
        name="Circuit",
        slug="circuit",
        points_by_place=[10, 6],
        qualifying_places=1,
        created_by=organiser,
    )
    SeriesEvent.objects.create(series=series, event=event)
    do_store_series(series.pk)
    page = client_for(outsider).get("/series/circuit/").content.decode()
    assert "Qualification line" in page
    assert page.index("Pat Player") < page.index("Qualification line") < page.index("Quinn Player")
    assert "Rules" not in page  # the organisers' forms are theirs alone
    event_page = client_for(outsider).get(f"/events/{event.slug}/").content.decode()
    assert "/series/circuit/" in event_page


def test_a_schedule_without_an_end_is_refused_on_its_field(client_for, league, organiser, event):
    data = {
        "name": "Tuesday night",
        "season": event.season_id,
        "model_event": event.slug,
        "first_night": "2099-01-06T19:00",
        "every_weeks": "1",
        "days_ahead": "7",
    }
    client = client_for(organiser)
    answer = client.post(f"/leagues/{league.slug}/recurring/", data)
    assert answer.status_code == 400
    assert "Give the schedule an end" in answer.content.decode()
    answer = client.post(f"/leagues/{league.slug}/recurring/", {**data, "count": "53"})
    assert "at most 52 nights" in answer.content.decode()
    assert not RecurringSchedule.objects.exists()
    answer = client.post(f"/leagues/{league.slug}/recurring/", {**data, "count": "4"})
    assert answer.status_code == 302
    assert RecurringSchedule.objects.get().count == 4
    assert (
        "scheduled recurring nights"
        in client.get(f"/leagues/{league.slug}/recurring/").content.decode()
    )


def test_a_private_events_name_stays_private_on_the_leaderboard(
    client_for, league, organiser, player, outsider
):
    secret = event_with_places(league, organiser, "secret-night", [(player, 1)], name="Secret")
    secret.visibility = "private"
    secret.save()
    series = Series.objects.create(
        league=league, name="Circuit", slug="circuit", points_by_place=[10], created_by=organiser
    )
    SeriesEvent.objects.create(series=series, event=secret)
    do_store_series(series.pk)
    theirs = client_for(outsider).get("/series/circuit/").content.decode()
    assert "Pat Player" in theirs and "Secret" not in theirs and "a private event" in theirs
    assert "Secret" in client_for(organiser).get("/series/circuit/").content.decode()
