"""The bots' API takes the game a bot and a batch play (``game``, the default game when
left out): the registry's game with its own built-in bots, and a 400 naming ``game``
for a game unknown or without bots. Pebbles (tests/games/pebbles.py) is declared only
in tests."""

import pytest

from bots.chunks import do_play_chunk
from bots.models import Batch, Bot
from games import registry
from tests.games import pebbles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def pebbles_declared(monkeypatch):
    monkeypatch.setitem(registry.REGISTRY, pebbles.GAME.key, pebbles.GAME)


def post(client, path, body):
    return client.post(path, body, content_type="application/json")


def test_a_bot_registered_for_a_game_is_one_of_that_games_built_in_bots(client_for, player):
    made = post(
        client_for(player),
        "/api/bots/",
        {"name": "Grabber", "game": "pebbles", "kind": "builtin", "builtin_key": "greedy"},
    )
    assert made.status_code == 201, made.content
    assert made.json()["game"] == "pebbles" and Bot.objects.get(name="Grabber").game == "pebbles"
    glorious = post(
        client_for(player), "/api/bots/", {"name": "G", "kind": "builtin", "builtin_key": "search"}
    )
    assert glorious.status_code == 201 and glorious.json()["game"] == "call-to-glory"

    no_search = post(
        client_for(player),
        "/api/bots/",
        {"name": "Deep", "game": "pebbles", "kind": "builtin", "builtin_key": "search"},
    )
    assert no_search.status_code == 400 and no_search.json()["field"] == "builtin_key"
    assert not Bot.objects.filter(name="Deep").exists()


@pytest.mark.parametrize(
    "game, why", [("chess", "Unknown game chess."), ("call-to-adventure", "has no bots")]
)
def test_a_game_unknown_or_without_bots_is_refused_naming_the_field(
    client_for, player, builtin_bot, game, why
):
    registered = post(
        client_for(player),
        "/api/bots/",
        {"name": "Odd", "game": game, "kind": "builtin", "builtin_key": "random"},
    )
    assert registered.status_code == 400
    assert registered.json()["field"] == "game" and why in registered.json()["detail"]
    a, b = builtin_bot("A"), builtin_bot("B")
    body = {"schedule": "single", "bots": [a.pk, b.pk], "game": game}
    scheduled = post(client_for(player), "/api/bot-batches/", body)
    assert scheduled.status_code == 400
    assert scheduled.json()["field"] == "game" and why in scheduled.json()["detail"]
    assert not Bot.objects.filter(name="Odd").exists() and not Batch.objects.exists()


def test_a_batch_of_a_games_bots_is_scheduled_for_that_game_and_played(client_for, player):
    bots = [
        Bot.objects.create(name=name, owner=player, game="pebbles", builtin_key=key)
        for name, key in (("Grabber", "greedy"), ("Dicey", "random"))
    ]
    ids = [bot.pk for bot in bots]
    body = {"schedule": "series", "bots": ids, "games": 2}
    refused = post(client_for(player), "/api/bot-batches/", body)  # the default game's
    assert refused.status_code == 400 and refused.json()["field"] == "bots"
    assert refused.json()["detail"] == "Grabber does not play Call to Glory."

    scheduled = post(client_for(player), "/api/bot-batches/", {**body, "game": "pebbles"})
    assert scheduled.status_code == 201, scheduled.content
    assert scheduled.json()["game"] == "pebbles" and scheduled.json()["options"] == {"pile": 7}
    batch = Batch.objects.get(pk=scheduled.json()["id"])
    do_play_chunk(batch.chunks.get().pk)
    progress = client_for(player).get(f"/api/bot-batches/{batch.pk}/").json()
    assert (progress["done"], progress["total"]) == (2, 2)
    assert all(sum(match.result["totals"]) == 7 for match in batch.matches.all())
