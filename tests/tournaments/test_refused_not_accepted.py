"""What the site once took and should have refused, now a 4xx (or the form's error)
naming the field, with nothing stored: starting points of 1.7e308 (the standings could
never add them up again), a name longer than an entrant's (once cut silently), a
tie-break the form has no menu for (once dropped silently), and a logged game whose
places contradict its scores."""

import pytest

from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Event, Season

pytestmark = pytest.mark.django_db

HUGE = 1.7e308


def test_starting_points_beyond_the_cap_are_refused_by_the_api(client_for, organiser, event):
    response = client_for(organiser).post(
        f"/api/events/{event.slug}/entrants/",
        {"walk_in": "Wanda", "start_points": HUGE},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "start_points"
    assert not Entrant.objects.exists()


def test_starting_points_beyond_the_cap_are_the_entrant_forms_error(client_for, organiser, event):
    response = client_for(organiser).post(
        f"/events/{event.slug}/entrants/", {"walk_in": "Wanda", "start_points": "1.7e308"}
    )
    assert response.status_code == 400
    assert "Points must be a number from -1000000 to 1000000" in response.content.decode()
    assert not Entrant.objects.exists()


def test_late_entry_points_beyond_the_cap_are_refused_on_create_and_edit(
    client_for, organiser, event
):
    client = client_for(organiser)
    body = {"season": event.season.pk, "name": "Big", "slug": "big", "format": "swiss",
            "late_entry_points": HUGE}  # fmt: skip
    response = client.post("/api/events/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["field"] == "late_entry_points"
    assert not Event.objects.filter(slug="big").exists()
    response = client.patch(
        f"/api/events/{event.slug}/", {"late_entry_points": -HUGE}, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["field"] == "late_entry_points"
    event.refresh_from_db()
    assert event.late_entry_points == 0


def test_a_person_whose_name_is_longer_than_an_entrants_is_refused_not_cut(
    client_for, organiser, event, django_user_model
):
    long_name = "l" * 120
    django_user_model.objects.create_user(username=long_name, password="x")
    response = client_for(organiser).post(
        f"/api/events/{event.slug}/entrants/",
        {"username": long_name},
        content_type="application/json",
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "username" and "shorter display name" in answer["detail"]
    assert not Entrant.objects.exists()


def event_form(season, **tiebreaks):
    return {
        "season": season.pk, "name": "Ties", "slug": "ties", "game": "call-to-glory",
        "format": "swiss", "table_size": 4, "rounds_planned": 4, "visibility": "public",
        "seed": 0, "late_entry_points": 0, "points_text": "4, 2, 1, 0",
        "option_call_to_glory_rounds": "1", **tiebreaks,
    }  # fmt: skip


@pytest.mark.parametrize(
    "sent", [{"tiebreaks_0": "wins", "tiebreaks_20": "coin"}, {"tiebreaks": "coin"}]
)
def test_a_tie_break_the_form_has_no_menu_for_is_refused_not_dropped(
    client_for, organiser, league, sent
):
    season = Season.objects.create(league=league, name="S")
    response = client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/", event_form(season, **sent)
    )
    assert response.status_code == 400
    assert "coin" in str(response.context["form"].errors["tiebreaks"])
    assert not Event.objects.filter(slug="ties").exists()


def test_the_tie_break_menus_still_work(client_for, organiser, league):
    season = Season.objects.create(league=league, name="S")
    response = client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/",
        event_form(season, tiebreaks_0="wins", tiebreaks_1="", tiebreaks_2="score_total"),
    )
    assert response.status_code == 302
    assert Event.objects.get(slug="ties").tiebreak_order == ["wins", "score_total"]


@pytest.mark.parametrize(
    "places, scores, why",
    [
        ((2, 1), (90, 10), "placed above a score of 90"),
        ((1, 1, 2), (5, 5, 1), "does not fit"),
        ((1, 3), (9, 1), "does not fit"),
    ],
)
def test_a_logged_game_whose_places_contradict_its_scores_is_refused(
    client_for, organiser, league, places, scores, why
):
    event = make_event(league, organiser, players=3, format="open")
    entrants = list(event.entrants.values_list("pk", flat=True))
    seats = [
        {"entrant": e, "score": s, "place": p}
        for e, s, p in zip(entrants[: len(places)], scores, places, strict=True)
    ]
    response = client_for(organiser).post(
        f"/api/events/{event.slug}/games/", {"seats": seats}, content_type="application/json"
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "seats" and why in answer["detail"]
    assert event.rounds.count() == 0


def test_a_logged_game_with_a_tie_is_taken(client_for, organiser, league):
    event = make_event(league, organiser, players=3, format="open")
    a, b, c = event.entrants.values_list("pk", flat=True)
    seats = [{"entrant": a, "score": 5, "place": 1}, {"entrant": b, "score": 5, "place": 1},
             {"entrant": c, "score": 2, "place": 3}]  # fmt: skip
    response = client_for(organiser).post(
        f"/api/events/{event.slug}/games/", {"seats": seats}, content_type="application/json"
    )
    assert response.status_code == 201
