"""A bot author's bot is in everyone's Play now only once its author made it public
(on the bot's page or through the API); a new bot is private; the migration kept the
site's plain built-in bots public and made authors' experiments private; the site's
bots' names are said in the reader's language."""

import importlib

import pytest
from django.apps import apps
from django.test import Client

from bots.models import Bot
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def site_bot(staff):
    return Bot.objects.create(
        name="Easy bot", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="easy", public=True
    )


@pytest.fixture
def test_bot(player):
    """The author's private experiment (player is its author). ``client_for`` logs one
    client in as each persona in turn, so each request asks for its persona again."""
    return Bot.objects.create(
        name="Botty test", owner=player, kind=Bot.Kind.BUILTIN, builtin_key="greedy"
    )


def offered(client) -> bool:
    return "Play Botty test" in client.get("/play/").content.decode()


def test_a_private_bot_is_in_play_now_for_its_author_only(
    client_for, site_bot, test_bot, player, other_player
):
    assert offered(client_for(player))
    assert not offered(client_for(other_player))
    assert "Play Easy bot" in client_for(other_player).get("/play/").content.decode()
    assert not offered(Client())


def test_nobody_else_starts_a_game_against_a_private_bot(
    client_for, site_bot, test_bot, player, other_player
):
    other = client_for(other_player)
    assert other.post("/play/new/", {"bot": test_bot.pk, "rounds": "1"}).status_code == 404
    body = {
        "game": "call-to-glory",
        "seats": [{"username": other_player.username}, {"bot": "Botty test"}],
    }
    refused = other.post("/api/play/", body, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["field"] == "seats"
    assert "private" in refused.json()["detail"]
    assert not Game.objects.exists()
    mine = client_for(player).post("/play/new/", {"bot": test_bot.pk, "rounds": "1"})
    assert mine.status_code == 302 and Game.objects.count() == 1


def test_a_new_bot_is_private_and_its_author_makes_it_public_through_the_api(
    client_for, player, other_player
):
    made = client_for(player).post(
        "/api/bots/",
        {"name": "Botty test", "kind": "builtin", "builtin_key": "greedy"},
        content_type="application/json",
    )
    assert made.status_code == 201 and made.json()["public"] is False
    bot_id = made.json()["id"]
    stranger = client_for(other_player).patch(
        f"/api/bots/{bot_id}/", {"public": True}, content_type="application/json"
    )
    assert stranger.status_code == 403 and not offered(client_for(other_player))
    for _ in range(2):  # a retry does the same again
        answer = client_for(player).patch(
            f"/api/bots/{bot_id}/", {"public": True}, content_type="application/json"
        )
        assert answer.status_code == 200 and answer.json()["public"] is True
    assert offered(client_for(other_player))


def test_its_author_makes_it_public_and_private_on_the_bots_page(
    client_for, test_bot, player, other_player
):
    assert (
        client_for(other_player)
        .post(f"/bots/{test_bot.pk}/public/", {"public": "true"})
        .status_code
        == 403
    )
    page = client_for(player).get(f"/bots/{test_bot.pk}/").content.decode()
    assert "Make it public" in page
    made_public = client_for(player).post(f"/bots/{test_bot.pk}/public/", {"public": "true"})
    assert made_public.status_code == 302
    assert offered(client_for(other_player))
    client_for(player).post(f"/bots/{test_bot.pk}/public/", {"public": "false"})
    assert not offered(client_for(other_player))
    assert "Make it public" in client_for(player).get(f"/bots/{test_bot.pk}/").content.decode()


def test_the_migration_keeps_the_plain_built_in_bots_public(staff, player):
    plain = Bot.objects.create(name="Medium bot", owner=staff, builtin_key="medium")
    tuned = Bot.objects.create(
        name="Tuned", owner=player, builtin_key="search", settings={"iterations": 20}
    )
    remote = Bot.objects.create(
        name="Remy", owner=player, kind=Bot.Kind.REMOTE, endpoint_url="https://bots.example/"
    )
    migration = importlib.import_module("bots.migrations.0008_bot_public")
    migration.make_the_plain_builtin_bots_public(apps, None)
    assert Bot.objects.get(pk=plain.pk).public
    assert not Bot.objects.get(pk=tuned.pk).public
    assert not Bot.objects.get(pk=remote.pk).public


@pytest.mark.parametrize(
    "language, name, play",
    [
        ("de", "Leichter Bot", "Spielen gegen: Leichter Bot"),
        ("ru", "Лёгкий бот", "Играть: Лёгкий бот"),
    ],
)
def test_the_site_bots_names_are_translated(language, name, play, site_bot, player):
    client = Client(headers={"accept-language": language})
    client.force_login(player)
    assert play in client.get("/play/").content.decode()
    client.post("/play/new/", {"bot": site_bot.pk, "rounds": "1"})
    board = client.get(f"/play/{Game.objects.get().pk}/").content.decode()
    assert f"<strong>{name}</strong>" in board and "Easy bot" not in board
