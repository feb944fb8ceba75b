"""The games over the API: every game listed, the catalogue's added by organisers (their
own until staff make them site-wide), renamed and deleted by whoever added one (or
staff), never deleted while an event plays it (tournaments/api/game_catalogue.py)."""

import pytest

from games.models import CatalogueGame
from games.registry import forget_catalogue
from tournaments.models import Season

pytestmark = pytest.mark.django_db
JSON = "application/json"

CATAN = {
    "name": "Catan",
    "min_players": 3,
    "max_players": 4,
    "scoring": "high",
    "ties": "share",
    "bgg_id": 13,
}


@pytest.fixture(autouse=True)
def fresh_catalogue():
    forget_catalogue()
    yield
    forget_catalogue()


def test_an_organiser_adds_a_game_their_own_and_anyone_reads_it_by_its_key(
    client_for, organiser, league, anonymous
):
    answer = client_for(organiser).post("/api/games/", CATAN, content_type=JSON)
    assert answer.status_code == 201, answer.content
    key = answer.json()["key"]
    assert key.startswith("catan-") and answer.json()["engine"] is False
    assert answer.json()["site_wide"] is False
    games = client_for(organiser).get("/api/games/").json()
    assert [game["key"] for game in games] == ["call-to-glory", "call-to-adventure", key]
    assert games[0]["engine"] is True and games[0]["scoring"] is None
    listed = [game["key"] for game in client_for(anonymous).get("/api/games/").json()]
    assert listed == ["call-to-glory", "call-to-adventure"]
    catan = client_for(anonymous).get(f"/api/games/{key}/").json()
    assert [kind["kind"] for kind in catan["entry_kinds"]] == ["scores/1", "places/1"]
    assert catan["table_sizes"] == [3, 4] and catan["bgg_id"] == 13
    glory = client_for(anonymous).get("/api/games/call-to-glory/").json()
    assert "call-to-glory/1" in [kind["kind"] for kind in glory["entry_kinds"]]
    found = client_for(organiser).get("/api/games/", {"q": "cat"}).json()
    assert [game["key"] for game in found] == [key]
    assert client_for(anonymous).get("/api/games/chess/").status_code == 404


def test_only_organisers_and_staff_add_games(client_for, outsider, anonymous, staff):
    assert client_for(outsider).post("/api/games/", CATAN, content_type=JSON).status_code == 403
    assert client_for(anonymous).post("/api/games/", CATAN, content_type=JSON).status_code in (
        401,
        403,
    )
    assert not CatalogueGame.objects.exists()
    assert client_for(staff).post("/api/games/", CATAN, content_type=JSON).status_code == 201


def test_a_name_taken_in_any_case_is_a_conflict(client_for, organiser, league):
    client = client_for(organiser)
    client.post("/api/games/", CATAN, content_type=JSON)
    answer = client.post(
        "/api/games/", {**CATAN, "name": "CATAN", "bgg_id": None}, content_type=JSON
    )
    assert answer.status_code == 409 and answer.json()["field"] == "name"
    answer = client.post(
        "/api/games/", {**CATAN, "name": "Catan 2", "max_players": 9}, content_type=JSON
    )
    assert answer.status_code == 400 and "max_players" in answer.json()
    answer = client.post(
        "/api/games/",
        {**CATAN, "name": "Catan 2", "min_players": 4, "max_players": 3},
        content_type=JSON,
    )
    assert answer.status_code == 400 and answer.json()["field"] == "min_players"
    assert CatalogueGame.objects.count() == 1


def test_whoever_added_a_game_renames_it_and_deletes_it_unless_an_event_plays_it(
    client_for, organiser, league, outsider, staff, event
):
    key = client_for(organiser).post("/api/games/", CATAN, content_type=JSON).json()["key"]
    url = f"/api/games/{key}/"
    rename = {"name": "Settlers of Catan"}
    assert client_for(outsider).patch(url, rename, content_type=JSON).status_code == 403
    answer = client_for(organiser).patch(url, rename, content_type=JSON)
    assert answer.status_code == 200 and answer.json()["name"] == "Settlers of Catan"
    assert answer.json()["key"] == key
    event.game, event.table_size = key, 3
    event.save()
    refused = client_for(staff).delete(url)
    assert refused.status_code == 409 and "only be renamed" in refused.json()["detail"]
    assert CatalogueGame.objects.filter(key=key).exists()
    event.game = "call-to-glory"
    event.save()
    assert client_for(outsider).delete(url).status_code == 403
    assert client_for(organiser).delete(url).status_code == 204
    assert not CatalogueGame.objects.exists()
    engine_game = client_for(staff).patch("/api/games/call-to-glory/", rename, content_type=JSON)
    assert engine_game.status_code == 403
    assert "Call to Glory comes with its rules engine" in engine_game.json()["detail"]


def test_an_event_of_a_catalogue_game_seats_the_tables_the_game_allows(
    client_for, organiser, league
):
    season = Season.objects.create(league=league, name="Autumn")
    client = client_for(organiser)
    added = client.post(
        "/api/games/",
        {**CATAN, "name": "Carcassonne", "max_players": 5, "min_players": 2, "bgg_id": 822},
        content_type=JSON,
    )
    body = {
        "season": season.pk,
        "name": "Tuesday",
        "slug": "tuesday",
        "game": added.json()["key"],
        "format": "swiss",
    }
    answer = client.post("/api/events/", {**body, "table_size": 5}, content_type=JSON)
    assert answer.status_code == 201, answer.content
    answer = client.post(
        "/api/events/", {**body, "slug": "six", "table_size": 6}, content_type=JSON
    )
    assert answer.status_code == 400 and answer.json()["field"] == "table_size"
    answer = client.post("/api/events/", {**body, "slug": "x", "game": "chess"}, content_type=JSON)
    assert answer.status_code == 400 and answer.json()["field"] == "game"
    answer = client.post(
        "/api/events/",
        {**body, "slug": "g", "game": "call-to-glory", "table_size": 5},
        content_type=JSON,
    )
    assert answer.status_code == 400 and answer.json()["field"] == "table_size"
