"""The Games pages: every game listed with a search that works without JavaScript,
organisers add one (from the event form too, which then offers it), whoever added a
game renames it or deletes it unless an event plays it."""

from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.catalogue_games import do_add_catalogue_game
from games.models import CatalogueGame
from games.registry import forget_catalogue
from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_catalogue():
    forget_catalogue()
    yield
    forget_catalogue()


def catan(by=None):
    return do_add_catalogue_game(
        by, name="Catan", min_players=3, max_players=4, scoring="high", ties="share"
    )


def test_every_page_links_to_the_games_and_they_are_searched_on_the_server(client_for, anonymous):
    catan()
    client = client_for(anonymous)
    home = client.get("/").content.decode()
    assert f'href="{reverse("game-list")}"' in home
    games = client.get(reverse("game-list")).content.decode()
    assert "Call to Glory" in games and "Catan" in games and "3 to 4 players" in games
    assert "Add a game" not in games
    found = client.get(reverse("game-list"), {"q": "CAT"}).content.decode()
    assert "Catan" in found and "Call to Glory" not in found
    nothing = client.get(reverse("game-list"), {"q": "chess"}).content.decode()
    assert "No game has that in its name." in nothing


def test_an_organiser_adds_a_game_from_the_event_form_and_comes_back_to_it(
    client_for, organiser, league
):
    Season.objects.create(league=league, name="Autumn")
    client = client_for(organiser)
    event_form_url = reverse("event-create", args=[league.slug])
    form = client.get(event_form_url).content.decode()
    assert "A game not in the list?" in form
    add_url = f"{reverse('game-add')}?{urlencode({'next': event_form_url})}"
    assert f'href="{add_url}"' in form
    added = client.post(
        add_url,
        {
            "name": "Carcassonne",
            "min_players": "2",
            "max_players": "5",
            "scoring": "high",
            "ties": "share",
            "bgg_id": "822",
            "next": event_form_url,
        },
    )
    key = CatalogueGame.objects.get().key
    assert added.status_code == 302 and added["Location"] == f"{event_form_url}?game={key}"
    form = client.get(added["Location"]).content.decode()
    assert f'<option value="{key}" selected>Carcassonne</option>' in form
    season = league.seasons.get()
    made = client.post(
        event_form_url,
        {
            "season": season.pk,
            "name": "Carcassonne nights",
            "slug": "carcassonne-nights",
            "game": key,
            "format": "swiss",
            "table_size": "5",
            "rounds_planned": "4",
            "visibility": "public",
            "seed": "1",
            "late_entry_points": "0",
            "points_text": "",
            "check_in_opens": "60",
        },
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    event = Event.objects.get(slug="carcassonne-nights")
    assert (event.game, event.table_size, event.points_by_place) == (
        key,
        5,
        [5, 3, 2, 1, 0],
    )
    detail = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Carcassonne" in detail and "tables of 5" in detail


def test_a_name_taken_is_refused_beside_the_name(client_for, organiser, league):
    catan()
    answer = client_for(organiser).post(
        reverse("game-add"),
        {
            "name": "catan",
            "min_players": "3",
            "max_players": "4",
            "scoring": "high",
            "ties": "share",
        },
    )
    assert (
        answer.status_code == 409
        and "There is a game named catan already." in answer.content.decode()
    )
    assert CatalogueGame.objects.count() == 1


def test_only_organisers_add_games(client_for, outsider, anonymous):
    assert client_for(outsider).get(reverse("game-add")).status_code == 403
    assert client_for(anonymous).get(reverse("game-add")).status_code == 302


def test_whoever_added_a_game_renames_it_and_deletes_it_unless_an_event_plays_it(
    client_for, organiser, league, outsider, event
):
    key = catan(organiser).key
    detail = reverse("game-detail", args=[key])
    assert "Rename" not in client_for(outsider).get(detail).content.decode()
    assert (
        client_for(outsider).post(reverse("game-rename", args=[key]), {"name": "X"}).status_code
        == 403
    )
    client = client_for(organiser)
    assert "Delete the game" in client.get(detail).content.decode()
    client.post(reverse("game-rename", args=[key]), {"name": "Settlers of Catan"})
    assert CatalogueGame.objects.get().name == "Settlers of Catan"
    event.game, event.table_size = key, 3
    event.save()
    page = client.get(detail).content.decode()
    assert "it can only be renamed, not deleted" in page and "Delete the game" not in page
    client.post(reverse("game-delete", args=[key]))
    assert CatalogueGame.objects.exists()
    event.game = "call-to-glory"
    event.save()
    assert client.post(reverse("game-delete", args=[key])).status_code == 302
    assert not CatalogueGame.objects.exists()
    assert client.get(detail).status_code == 404


def test_an_event_page_of_a_catalogue_game_reads_the_game_once(client_for, event, anonymous):
    catan()
    event.game, event.table_size = "catan", 3
    event.save()
    forget_catalogue()
    client = client_for(anonymous)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("event-detail", args=[event.slug]))
    assert page.status_code == 200 and "Catan" in page.content.decode()
    games_read = [q for q in queries.captured_queries if "games_cataloguegame" in q["sql"]]
    assert len(games_read) == 1
