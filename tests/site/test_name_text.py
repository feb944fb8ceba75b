"""Every name people give is plain text (issue 40): a right-to-left override (U+202E),
a control or other hidden character is refused in a person's display name, a league's,
a season's, an event's, an entrant's and their club's, a bot's and a catalogue game's,
on the page and through the API alike, naming the field, and nothing is saved; a
service, an import or a command cannot save one either (``games.names``)."""

import pytest

from accounts.models import User
from bots.models import Bot
from games.catalogue_games import do_add_catalogue_game
from games.models import CatalogueGame
from games.names import hidden_character
from lib.refusal import Refusal
from tournaments.models import Entrant, Event, League, Season

pytestmark = pytest.mark.django_db

OVERRIDE = "Carcassonne\u202enoc.live"
JSON = "application/json"


@pytest.mark.parametrize(
    "text, hidden",
    [
        (OVERRIDE, "\u202e"),
        ("Ann\u200b Archer", "\u200b"),
        ("two\u2028lines", "\u2028"),
        ("bell\x07", "\x07"),
        ("\u2066isolated\u2069", "\u2066"),
        ("Anna-Lena Müller", None),
        ("Zoë 🎲", None),
        ("family 👩\u200d👩\u200d👧", None),  # a zero-width joiner joins an emoji
        ("می\u200cخواهم", None),  # a zero-width non-joiner, in Persian
        ("Ёлка и Ёж", None),
    ],
)
def test_what_a_name_may_hold(text, hidden):
    assert hidden_character(text) == hidden


def message_of(response) -> str:
    return response.content.decode()


def test_sign_up_and_the_profile_refuse_a_hidden_character(client, client_for, player):
    body = {
        "username": "newbie",
        "display_name": OVERRIDE,
        "email": "newbie@example.org",
        "password1": "a-long-enough-passphrase",
        "password2": "a-long-enough-passphrase",
    }
    page = client.post("/accounts/signup/", body)
    assert page.status_code == 400 and "U+202E" in page.context["form"].errors["display_name"][0]
    assert not User.objects.filter(username="newbie").exists()
    profile = client_for(player).post(
        "/accounts/profile/", {"display_name": OVERRIDE, "email": player.email}
    )
    assert "U+202E" in profile.context["form"].errors["display_name"][0]
    player.refresh_from_db()
    assert player.display_name != OVERRIDE


def test_a_league_season_and_event_refuse_it_on_the_page(client_for, organiser, league):
    client = client_for(organiser)
    page = client.post("/leagues/new/", {"name": OVERRIDE, "slug": "x", "visibility": "public"})
    assert "U+202E" in page.context["form"].errors["name"][0]
    assert not League.objects.filter(slug="x").exists()
    page = client.post(f"/leagues/{league.slug}/seasons/new/", {"name": OVERRIDE})
    assert page.status_code == 400 and "U+202E" in message_of(page)
    assert not Season.objects.exists()
    season = Season.objects.create(league=league, name="Winter")
    page = client.post(
        f"/leagues/{league.slug}/events/new/",
        {"season": season.pk, "name": OVERRIDE, "slug": "x", "game": "call-to-glory",
         "format": "swiss", "table_size": 4, "rounds_planned": 4, "visibility": "public",
         "seed": 5, "late_entry_points": 0, "points_text": "4, 2, 1, 0"},
    )  # fmt: skip
    assert page.status_code == 400 and "U+202E" in page.context["form"].errors["name"][0]
    assert not Event.objects.exists()


def test_a_league_season_and_event_refuse_it_through_the_api(client_for, organiser, league):
    client = client_for(organiser)
    answer = client.post("/api/leagues/", {"name": OVERRIDE, "slug": "x"}, content_type=JSON)
    assert answer.status_code == 400 and "U+202E" in answer.json()["name"][0]
    answer = client.post(
        f"/api/leagues/{league.slug}/seasons/",
        {"league": league.pk, "name": OVERRIDE},
        content_type=JSON,
    )
    assert answer.status_code == 400 and "U+202E" in answer.json()["name"][0]
    season = Season.objects.create(league=league, name="Winter")
    answer = client.post(
        "/api/events/",
        {"season": season.pk, "name": OVERRIDE, "slug": "x", "format": "swiss", "table_size": 2},
        content_type=JSON,
    )
    assert answer.status_code == 400 and "U+202E" in str(answer.json()["name"])
    assert League.objects.count() == 1 and Season.objects.count() == 1
    assert not Event.objects.exists()


def test_an_entrant_and_a_club_refuse_it_on_the_page_the_api_and_the_import(
    client_for, organiser, event
):
    client = client_for(organiser)
    url = f"/events/{event.slug}/entrants/"
    page = client.post(url, {"walk_in": OVERRIDE})
    assert page.status_code == 400 and "U+202E" in message_of(page)
    page = client.post(url, {"walk_in": "Ann", "club": OVERRIDE})
    assert page.status_code == 400 and "U+202E" in message_of(page)
    answer = client.post(f"/api/{url[1:]}", {"walk_in": OVERRIDE}, content_type=JSON)
    assert answer.status_code == 400 and answer.json()["field"] == "walk_in"
    answer = client.post(f"/api/{url[1:]}", {"walk_in": "Ann", "club": OVERRIDE}, content_type=JSON)
    assert answer.status_code == 400 and answer.json()["field"] == "club"
    csv = f"name,club\nAnn,\n{OVERRIDE},\nCat,{OVERRIDE}\n"
    answer = client.post(f"/api/{url[1:]}import/", {"csv": csv}, content_type=JSON)
    assert answer.status_code == 400
    assert [row["row"] for row in answer.json()["error"]["rows"]] == [3, 4]
    assert not Entrant.objects.exists()


def test_a_bot_refuses_it_on_the_page_and_through_the_api(client_for, player):
    page = client_for(player).post(
        "/bots/new/",
        {"name": OVERRIDE, "kind": "builtin", "builtin_key": "random", "settings": "{}",
         "move_timeout_ms": 500, "time_bank_ms": 5000},
    )  # fmt: skip
    assert page.status_code == 400 and "U+202E" in message_of(page)
    answer = client_for(player).post(
        "/api/bots/", {"name": OVERRIDE, "kind": "builtin", "builtin_key": "random"},
        content_type=JSON,
    )  # fmt: skip
    assert answer.status_code == 400 and "U+202E" in str(answer.json())
    assert not Bot.objects.exists()


GAME = {"min_players": 2, "max_players": 4, "scoring": "high", "ties": "share"}


def test_a_catalogue_game_refuses_it_on_the_page_and_through_the_api(client_for, organiser, league):
    client = client_for(organiser)
    page = client.post("/games/add/", {"name": OVERRIDE, **GAME})
    assert page.status_code == 400 and "U+202E" in page.context["form"].errors["name"][0]
    answer = client.post("/api/games/", {"name": OVERRIDE, **GAME}, content_type=JSON)
    assert answer.status_code == 400 and answer.json()["field"] == "name"
    assert not CatalogueGame.objects.exists()


@pytest.mark.parametrize(
    "save, field",
    [
        (lambda org: League.objects.create(name=OVERRIDE, slug="x", created_by=org), "name"),
        (lambda org: User.objects.create(username="x", display_name=OVERRIDE), "display_name"),
        (lambda org: do_add_catalogue_game(None, name=OVERRIDE, **GAME), "name"),
    ],
)
def test_no_service_import_or_command_saves_one(organiser, save, field):
    """A command or an import writes through the models: the check runs before every
    save of a model's name fields."""
    with pytest.raises(Refusal) as refused:
        save(organiser)
    assert refused.value.field == field and "U+202E" in str(refused.value.message)
    assert not League.objects.filter(slug="x").exists()
    assert not User.objects.filter(username="x").exists()


def test_a_save_of_other_fields_does_not_check_the_names(player):
    """An old row with such a name still takes its other changes (a login's time)."""
    User.objects.filter(pk=player.pk).update(display_name=OVERRIDE)
    player.refresh_from_db()
    player.email = "new@example.org"
    player.save(update_fields=["email"])
    assert User.objects.get(pk=player.pk).email == "new@example.org"
