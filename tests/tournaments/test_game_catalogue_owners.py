"""Whose catalogue game it is (issue 40: a new account's league added 40 games and
could take real games' names for everyone). A game an organiser adds is theirs, listed
for them and their leagues' organisers, until staff make it site-wide; a site-wide
game's name and BoardGameGeek id are unique among site-wide games only, so nobody
squats "Catan" for everyone (docs/games.md, "Whose game it is")."""

import pytest
from django.urls import reverse

from games.models import CatalogueGame
from games.registry import forget_catalogue
from tests.fixtures.personas import make_user
from tournaments.models import League

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


@pytest.fixture
def squatter(django_user_model):
    """A new account with a league of its own."""
    user = make_user(django_user_model, "sam_squatter")
    League.objects.create(name="Sam's", slug="sams", created_by=user)
    return user


def listed(client) -> list[str]:
    return [game["name"] for game in client.get("/api/games/").json() if not game["engine"]]


def test_a_game_an_organiser_adds_is_theirs_and_squats_no_name(
    client_for, squatter, organiser, league, staff, anonymous
):
    squatted = client_for(squatter).post("/api/games/", CATAN, content_type=JSON)
    assert squatted.status_code == 201 and squatted.json()["site_wide"] is False
    assert listed(client_for(anonymous)) == [] and listed(client_for(organiser)) == []
    assert listed(client_for(squatter)) == ["Catan"]
    again = client_for(squatter).post("/api/games/", {**CATAN, "name": "CATAN"}, content_type=JSON)
    assert again.status_code == 409 and again.json()["field"] == "name"

    own = client_for(organiser).post("/api/games/", CATAN, content_type=JSON)
    assert own.status_code == 201, own.json()
    real = client_for(staff).post("/api/games/", CATAN, content_type=JSON)
    assert real.status_code == 201 and real.json()["site_wide"] is True
    assert real.json()["key"] == "catan"  # the plain slug stays for the site-wide game
    assert listed(client_for(anonymous)) == ["Catan"]
    assert CatalogueGame.objects.filter(name="Catan").count() == 3

    late = client_for(squatter).post(
        "/api/games/", {**CATAN, "name": "catan", "bgg_id": None}, content_type=JSON
    )
    assert late.status_code == 409  # a site-wide game's name is nobody's own


def test_staff_make_a_game_site_wide_unless_one_has_its_name(
    client_for, organiser, league, squatter, staff, anonymous
):
    key = client_for(organiser).post("/api/games/", CATAN, content_type=JSON).json()["key"]
    other = client_for(squatter).post("/api/games/", CATAN, content_type=JSON).json()["key"]
    body = {"site_wide": True}
    refused = client_for(organiser).patch(f"/api/games/{key}/", body, content_type=JSON)
    assert refused.status_code == 403
    made = client_for(staff).patch(f"/api/games/{key}/", body, content_type=JSON)
    assert made.status_code == 200 and made.json()["site_wide"] is True
    assert made.json()["key"] == key and listed(client_for(anonymous)) == ["Catan"]
    clash = client_for(staff).patch(f"/api/games/{other}/", body, content_type=JSON)
    assert clash.status_code == 409 and clash.json()["field"] == "name"
    assert not CatalogueGame.objects.get(key=other).site_wide


def test_staff_list_a_game_for_everyone_from_its_page(client_for, organiser, league, staff):
    key = client_for(organiser).post("/api/games/", CATAN, content_type=JSON).json()["key"]
    detail = reverse("game-detail", args=[key])
    assert "List it for everyone" not in client_for(organiser).get(detail).content.decode()
    assert client_for(organiser).post(f"{detail}site-wide/").status_code == 403
    page = client_for(staff).get(detail).content.decode()
    assert "until staff list it for everyone" in page and "List it for everyone" in page
    client_for(staff).post(f"{detail}site-wide/")
    assert CatalogueGame.objects.get(key=key).site_wide


def test_a_leagues_event_form_offers_its_organisers_games_and_the_site_wide_ones(
    client_for, organiser, league, squatter, other_player, staff
):
    client_for(squatter).post("/api/games/", {**CATAN, "name": "Sam's Catan"}, content_type=JSON)
    client_for(staff).post("/api/games/", {**CATAN, "name": "Catan"}, content_type=JSON)
    league.organisers.add(other_player)
    client_for(other_player).post(
        "/api/games/", {**CATAN, "name": "Quinn's Catan", "bgg_id": None}, content_type=JSON
    )
    league.seasons.create(name="Winter")
    form = client_for(organiser).get(f"/leagues/{league.slug}/events/new/").context["form"]
    names = [name for _key, name in form.fields["game"].choices]
    assert "Catan" in names and "Quinn's Catan" in names and "Sam's Catan" not in names
    assert "Quinn's Catan" in listed(client_for(organiser))  # a co-organiser's game


def test_an_event_cannot_play_another_persons_own_game_by_its_key(
    client_for, squatter, organiser, league
):
    key = client_for(squatter).post("/api/games/", CATAN, content_type=JSON).json()["key"]
    season = league.seasons.create(name="Autumn")
    event = {"name": "Borrowed", "slug": "borrowed", "season": season.pk, "game": key}
    event |= {"format": "swiss", "table_size": 3}
    refused = client_for(organiser).post("/api/events/", event, content_type=JSON)
    assert refused.status_code == 400 and refused.json()["field"] == "game"
    assert not league.seasons.get().events.exists()
    theirs = client_for(squatter)
    own_season = League.objects.get(slug="sams").seasons.create(name="Own")
    mine = theirs.post("/api/events/", {**event, "season": own_season.pk}, content_type=JSON)
    assert mine.status_code == 201, mine.json()
