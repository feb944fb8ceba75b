"""An event's settings are checked once (``check_event_settings``) for the form, the API
and the service: the game's own options from the registry, the format's options, points
by place and the tie-break order. A bad value is a 400 naming it and creates nothing."""

import pytest
from rest_framework.test import APIClient

from lib.refusal import Refusal
from tournaments.event_editing import do_edit_event
from tournaments.event_settings import check_event_settings
from tournaments.leagues import do_create_event
from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db


def create(organiser, season, **given):
    client = APIClient()
    client.force_authenticate(organiser)
    body = {"season": season.pk, "name": "E", "slug": "e", "format": "swiss", **given}
    return client.post("/api/events/", body, format="json")


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"points_by_place": "4, 2"}, "points_by_place"),
        ({"points_by_place": {"first": 4}}, "points_by_place"),
        ({"points_by_place": 4}, "points_by_place"),
        ({"points_by_place": [4, True]}, "points_by_place"),
        ({"points_by_place": [1e300]}, "points_by_place"),
        ({"points_by_place": [6, 5, 4, 2, 1, 0, 0]}, "points_by_place"),
        ({"tiebreak_order": [1]}, "tiebreak_order"),
        ({"tiebreak_order": "wins"}, "tiebreak_order"),
        ({"tiebreak_order": ["wins", "wins"]}, "tiebreak_order"),
        ({"rules_options": {"rounds": 9}}, "rules_options"),
        ({"rules_options": {"ninja": "yes"}}, "rules_options"),
        ({"rules_options": {"speed": 1}}, "rules_options"),
        ({"rules_options": [1]}, "rules_options"),
        ({"format_options": "fill"}, "format_options"),
        ({"format_options": {"fill": 3}}, "format_options"),
        ({"format": "knockout", "format_options": {"advance": "2"}}, "format_options"),
        ({"game": "call-to-adventure", "rules_options": {"rounds": 1}}, "rules_options"),
    ],
)
def test_a_bad_setting_through_the_api_is_a_400_naming_it(organiser, league, given, field):
    season = Season.objects.create(league=league, name="S")
    response = create(organiser, season, **given)
    assert response.status_code == 400, response.content
    assert field in str(response.json())
    assert not Event.objects.filter(slug="e").exists()


def test_the_games_options_are_stored_through_the_api(organiser, league):
    season = Season.objects.create(league=league, name="S")
    response = create(organiser, season, rules_options={"rounds": 1, "ninja": True})
    assert response.status_code == 201, response.json()
    assert Event.objects.get(slug="e").rules_options == {"rounds": 1, "ninja": True}


def test_the_service_refuses_what_the_form_and_api_would(organiser, league):
    season = Season.objects.create(league=league, name="S")
    with pytest.raises(Refusal) as refused:
        do_create_event(season, organiser, name="E", slug="e", points_by_place=[float("nan")])
    assert refused.value.field == "points_by_place"
    with pytest.raises(Refusal):
        check_event_settings(game="chess", format="swiss")
    assert not Event.objects.exists()


FORM = {
    "name": "Quick",
    "slug": "quick",
    "game": "call-to-glory",
    "format": "swiss",
    "table_size": 4,
    "rounds_planned": 3,
    "visibility": "public",
    "seed": 0,
    "late_entry_points": 0,
    "points_text": "4, 2, 1, 0",
}


def test_the_event_form_sets_the_games_options(organiser, league, client_for):
    season = Season.objects.create(league=league, name="S")
    page = client_for(organiser).get(f"/leagues/{league.slug}/events/new/").content.decode()
    assert "Quick Game" in page and "The Power of the Ninja" in page and "Imperial Tasks" in page
    client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/",
        {
            **FORM,
            "season": season.pk,
            "option_call_to_glory_rounds": "1",
            "option_call_to_glory_ninja": "on",
        },
    )
    event = Event.objects.get(slug="quick")
    assert event.rules_options == {"rounds": 1, "imperial_tasks": False, "ninja": True}


def test_the_event_form_refuses_points_that_are_not_finite(organiser, league, client_for):
    season = Season.objects.create(league=league, name="S")
    response = client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/",
        {**FORM, "season": season.pk, "points_text": "nan, 1"},
    )
    assert response.status_code == 400
    assert "points_text" in response.context["form"].errors
    assert not Event.objects.filter(slug="quick").exists()


def test_points_for_more_places_than_a_table_has_are_refused(league, organiser):
    season = league.seasons.create(name="Points")
    client = APIClient()
    client.force_authenticate(organiser)
    event = {"name": "Duel", "slug": "duel", "season": season.pk, "format": "swiss"}
    event |= {"table_size": 2, "points_by_place": [5, 4, 3, 2, 1]}
    refused = client.post("/api/events/", event, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "points_by_place"
    assert "a table of 2 has 2 places" in refused.json()["detail"]
    assert not Event.objects.filter(slug="duel").exists()
    made = client.post("/api/events/", {**event, "points_by_place": [3, 0]}, format="json")
    assert made.status_code == 201
    duel = Event.objects.get(slug="duel")
    with pytest.raises(Refusal):
        do_edit_event(duel, organiser, points_by_place=[3, 1, 0])
    Event.objects.filter(pk=duel.pk).update(points_by_place=[4, 2, 1, 0])  # made before
    duel.refresh_from_db()
    assert do_edit_event(duel, organiser, rounds_planned=4).rounds_planned == 4
