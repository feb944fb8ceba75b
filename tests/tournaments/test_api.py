"""The API: the public reads what is visible, organisers write, outsiders change nothing."""

import pytest

from standings.computing import do_store_standings
from tests.tournaments.helpers import api, make_event, play
from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db


def test_the_public_reads_standings_and_rounds_with_explanations(league, organiser):
    event = make_event(league, organiser, players=8)
    play(event, 1)
    do_store_standings(event)
    standings = api().get(f"/api/events/{event.slug}/standings/").json()
    assert standings["count"] == 8 and standings["results"][0]["rank"] == 1
    rounds = api().get(f"/api/events/{event.slug}/rounds/").json()
    table = rounds[0]["tables"][0]
    assert (
        table["has_result"] and len(table["seats"]) == 4 and "score_group" in table["explanation"]
    )


def test_private_events_are_neither_listed_nor_readable_by_the_public(league, organiser):
    event = make_event(league, organiser, players=2, visibility="private")
    public = make_event(league, organiser, players=2)
    listed = [e["slug"] for e in api().get("/api/events/").json()["results"]]
    assert listed == [public.slug]
    assert api().get(f"/api/events/{event.slug}/rounds/").status_code == 403
    assert api(organiser).get(f"/api/events/{event.slug}/").status_code == 200


def test_an_organiser_creates_an_event_adds_entrants_and_pairs(league, organiser, player):
    season = Season.objects.create(league=league, name="API")
    client = api(organiser)
    response = client.post(
        "/api/events/",
        {
            "season": season.pk,
            "name": "Api Open",
            "slug": "api-open",
            "format": "swiss",
            "table_size": 3,
            "points_by_place": [3, 1, 0],
            "tiebreak_order": ["wins"],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    for body in [{"username": player.username}, {"walk_in": "Wally"}, {"walk_in": "Wilma"}]:
        assert client.post("/api/events/api-open/entrants/", body, format="json").status_code == 201
    paired = client.post("/api/events/api-open/pair/", {}, format="json")
    assert paired.status_code == 201 and len(paired.json()["tables"]) == 1
    refused = client.post("/api/events/api-open/pair/", {}, format="json")
    assert refused.status_code == 400 and "without a result" in str(refused.json())


def test_bad_event_input_is_named_and_creates_nothing(league, organiser):
    season = Season.objects.create(league=league, name="API")
    response = api(organiser).post(
        "/api/events/",
        {
            "season": season.pk,
            "name": "Bad",
            "slug": "bad",
            "format": "swiss",
            "table_size": 7,
            "tiebreak_order": ["coin"],
            "format_options": {"colour": 1},
        },
        format="json",
    )
    assert response.status_code == 400
    assert {"table_size", "tiebreak_order"} <= set(response.json())
    assert not Event.objects.filter(slug="bad").exists()


def test_a_table_size_the_game_is_not_played_at_is_named(league, organiser):
    """Five seats suit some games (up to six), not Call to Glory (two to four)."""
    season = Season.objects.create(league=league, name="API")
    body = {"season": season.pk, "name": "Five", "slug": "five", "format": "swiss"}
    response = api(organiser).post("/api/events/", {**body, "table_size": 5}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "table_size"
    assert response.json()["detail"] == "A table of Call to Glory seats 2 to 4."
    assert not Event.objects.filter(slug="five").exists()


def test_an_outsider_cannot_create_pair_or_enter_and_nothing_changes(league, organiser, outsider):
    event = make_event(league, organiser, players=4)
    client = api(outsider)
    assert client.post(f"/api/events/{event.slug}/pair/", {}, format="json").status_code == 403
    assert (
        client.post(
            f"/api/events/{event.slug}/entrants/", {"walk_in": "X"}, format="json"
        ).status_code
        == 403
    )
    response = client.post(
        "/api/events/",
        {"season": event.season.pk, "name": "Mine", "slug": "mine", "format": "swiss"},
        format="json",
    )
    assert response.status_code == 403
    assert event.rounds.count() == 0 and event.entrants.count() == 4
    assert not Event.objects.filter(slug="mine").exists()
    assert api().post(f"/api/events/{event.slug}/pair/", {}, format="json").status_code in (
        401,
        403,
    )


def test_an_organiser_swaps_and_repairs_through_the_api_and_an_outsider_cannot(
    league, organiser, outsider
):
    from tournaments.models import Seat
    from tournaments.pairing import do_pair_round

    event = make_event(league, organiser, players=8)
    do_pair_round(event)
    seats = list(Seat.objects.filter(table__round__event=event).order_by("pk"))
    body = {"first": seats[0].pk, "second": seats[-1].pk}
    url = f"/api/events/{event.slug}/rounds/1/"
    assert api(outsider).post(url + "swap/", body, format="json").status_code == 403
    assert api(outsider).post(url + "repair/", {}, format="json").status_code == 403
    assert Seat.objects.get(pk=seats[0].pk).entrant_id == seats[0].entrant_id
    assert api(organiser).post(url + "swap/", body, format="json").status_code == 200
    assert Seat.objects.get(pk=seats[0].pk).entrant_id == seats[-1].entrant_id
    bad = api(organiser).post(url + "swap/", {"first": 10**8, "second": 1}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "first"
    assert api(organiser).post(url + "repair/", {}, format="json").status_code == 200


def test_an_open_league_game_is_logged_through_the_api(league, organiser):
    event = make_event(league, organiser, players=3, format="open")
    a, b, c = event.entrants.values_list("pk", flat=True)
    seats = [{"entrant": a, "score": 9, "place": 1}, {"entrant": b, "score": 5, "place": 2}]
    response = api(organiser).post(
        f"/api/events/{event.slug}/games/", {"seats": seats}, format="json"
    )
    assert response.status_code == 201 and response.json()["round"] == 1
    one = api(organiser).post(
        f"/api/events/{event.slug}/games/", {"seats": seats[:1]}, format="json"
    )
    assert one.status_code == 400 and event.rounds.count() == 1
    rounds = api().get(f"/api/events/{event.slug}/rounds/").json()
    assert [s["place"] for s in rounds[0]["tables"][0]["result"]] == [1, 2]


def test_an_organiser_seeds_entrants_when_adding_them_or_later(league, organiser, outsider):
    event = make_event(league, organiser, players=2)
    client = api(organiser)
    added = client.post(
        f"/api/events/{event.slug}/entrants/", {"walk_in": "Sam", "seed": 1}, format="json"
    )
    assert added.status_code == 201 and added.json()["seed"] == 1

    entrant = event.entrants.exclude(pk=added.json()["id"]).first()
    url = f"/api/events/{event.slug}/entrants/{entrant.pk}/seed/"
    assert client.post(url, {"seed": 2}, format="json").json()["seed"] == 2
    refused = client.post(url, {"seed": 0}, format="json")
    assert refused.status_code == 400 and "seed" in refused.json()
    assert api(outsider).post(url, {"seed": 3}, format="json").status_code == 403
    entrant.refresh_from_db()
    assert entrant.seed == 2
