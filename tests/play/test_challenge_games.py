"""Challenges and open tables are for any game the registry plays live: the API takes
and gives back the game (``game_type``), its options and seats are that game's, the
started game plays it, and the pages and the invitation name it. Pebbles
(tests/games/pebbles.py), declared only in tests, is challenged, accepted, started and
played to its end through real HTTP."""

import pytest

from accounts.models import Notice
from bots.models import Bot
from games import registry
from play.models import Challenge, Game
from tests.games import pebbles
from tests.page_html import as_drawn

pytestmark = pytest.mark.django_db


@pytest.fixture
def pebbles_declared(monkeypatch):
    monkeypatch.setitem(registry.REGISTRY, pebbles.GAME.key, pebbles.GAME)


def post(client, path, body):
    return client.post(path, body, content_type="application/json")


def test_a_pebbles_challenge_is_accepted_started_and_played_to_its_end(
    pebbles_declared, client_for, player, other_player
):
    def ann():
        return client_for(player)

    def ben():
        return client_for(other_player)

    seats = [{"username": player.username}, {"username": other_player.username}]
    sent = post(
        ann(),
        "/api/play/challenges/",
        {"game_type": "pebbles", "seats": seats, "options": {"pile": 3}},
    )
    assert sent.status_code == 201, sent.content
    challenge_id = sent.json()["id"]
    shown = ben().get(f"/api/play/challenges/{challenge_id}/").json()
    assert shown["game_type"] == "pebbles" and shown["options"] == {"pile": 3}
    [invitation] = Notice.objects.filter(user=other_player)
    assert "challenges you to a game of Pebbles (live, 60 seconds a move)" in invitation.body
    [todo] = ben().get("/api/me/todo/").json()["items"]
    assert "challenges you to a game of Pebbles (live, 60 seconds a move)" in todo["text"]
    page = ben().get(f"/play/challenges/{challenge_id}/").content.decode()
    assert "<strong>Pebbles</strong> <span>live, 60 seconds a move</span>" in page

    accepted = post(ben(), f"/api/play/challenges/{challenge_id}/accept/", {})
    assert accepted.status_code == 200 and accepted.json()["status"] == "started"
    game = Game.objects.get(pk=accepted.json()["game"])
    assert game.game == "pebbles" and game.options == {"pile": 3}

    for at, (client, move) in enumerate([(ann, "0 take 2"), (ben, "1 take 1")]):
        moved = post(client(), f"/api/play/{game.pk}/moves/", {"move": move, "at": at})
        assert moved.status_code == 200, moved.content
    game.refresh_from_db()
    assert game.is_finished and game.result == {"totals": [2, 1], "places": [1, 2]}


def test_an_open_pebbles_table_fills_and_starts_its_game(
    pebbles_declared, client_for, player, other_player
):
    opened = post(
        client_for(player),
        "/api/play/tables/",
        {"game_type": "pebbles", "seats": 2, "options": {}},
    )
    assert opened.status_code == 201, opened.content
    lobby = client_for(other_player).get("/play/").content.decode()
    assert "Pebbles · live, 60 seconds a move" in lobby
    listed = client_for(other_player).get("/api/play/tables/").json()
    assert [table["game_type"] for table in listed] == ["pebbles"]
    joined = post(client_for(other_player), f"/api/play/tables/{opened.json()['id']}/join/", {})
    game = Game.objects.get(pk=joined.json()["game"])
    assert game.game == "pebbles" and game.options == {"pile": 7}


@pytest.mark.parametrize(
    "game_type, why",
    [("chess", "There is no game chess."), ("call-to-adventure", "not played on the site")],
)
def test_a_game_unknown_or_not_played_live_is_refused_naming_the_field(
    client_for, player, other_player, game_type, why
):
    seats = [{"username": player.username}, {"username": other_player.username}]
    for path, body in [
        ("/api/play/challenges/", {"game_type": game_type, "seats": seats}),
        ("/api/play/tables/", {"game_type": game_type, "seats": 2}),
    ]:
        refused = post(client_for(player), path, body)
        assert refused.status_code == 400, refused.content
        assert refused.json()["field"] == "game_type" and why in refused.json()["detail"]
    assert not Challenge.objects.exists() and not Notice.objects.exists()


def test_options_and_seats_are_the_games_own(pebbles_declared, client_for, player, other_player):
    seats = [{"username": player.username}, {"username": other_player.username}]
    bad_option = post(
        client_for(player),
        "/api/play/challenges/",
        {"game_type": "pebbles", "seats": seats, "options": {"rounds": 1, "pile": 99}},
    )
    assert bad_option.status_code == 400 and bad_option.json()["field"] == "options"
    assert "pile" in bad_option.json()["detail"]
    glory = post(
        client_for(player), "/api/play/challenges/", {"seats": seats, "options": {"pile": 3}}
    )
    assert glory.status_code == 400 and glory.json()["field"] == "options"
    too_big = post(client_for(player), "/api/play/tables/", {"game_type": "pebbles", "seats": 5})
    assert too_big.status_code == 400 and too_big.json()["field"] == "seats"
    assert "2 to 4 seats" in too_big.json()["detail"]
    assert not Challenge.objects.exists()


def test_a_bot_of_another_game_is_not_seated(pebbles_declared, client_for, player, greedy_bot):
    seats = [{"username": player.username}, {"bot": greedy_bot.name}]
    refused = post(
        client_for(player), "/api/play/challenges/", {"game_type": "pebbles", "seats": seats}
    )
    assert refused.status_code == 400 and refused.json()["field"] == "seats"
    assert "Gready does not play Pebbles." == refused.json()["detail"]
    assert not Game.objects.exists()


def test_the_pages_offer_every_game_played_live_and_make_its_challenge(
    pebbles_declared, client_for, player, other_player, staff
):
    client = client_for(player)
    glory_form = as_drawn(client.get("/play/challenges/new/?with=quinn").content.decode())
    assert "A game of Call to Glory" in glory_form and "Quick Game (one round)" in glory_form
    assert 'href="?game=pebbles&amp;with=quinn">Pebbles</a>' in glory_form
    Bot.objects.create(name="Dicey", owner=staff, game="pebbles", builtin_key="random", public=True)
    form = client.get("/play/challenges/new/?game=pebbles").content.decode()
    assert "A game of Pebbles" in form and "Quick Game" not in form
    assert "Dicey" in form and "Gready" not in form
    sent = client.post(
        "/play/challenges/new/",
        {"game_type": "pebbles", "people": other_player.username, "pace": "live", "unit": 60},
    )
    challenge = Challenge.objects.get()
    assert sent.url == f"/play/challenges/{challenge.pk}/"
    assert challenge.game_type == "pebbles" and challenge.options == {"pile": 7}

    table_form = client.get("/play/open-tables/new/?game=pebbles").content.decode()
    assert "A game of Pebbles" in table_form
    opened = client.post(
        "/play/open-tables/new/",
        {"game_type": "pebbles", "seats": 3, "pace": "live", "unit": 60, "listed": "on"},
    )
    table = Challenge.objects.get(kind=Challenge.Kind.TABLE)
    assert opened.url == f"/play/challenges/{table.pk}/"
    assert (table.game_type, table.size) == ("pebbles", 3)


def test_with_one_game_played_live_the_form_offers_no_choice(client_for, player):
    form = client_for(player).get("/play/challenges/new/").content.decode()
    assert "A game of Call to Glory" in form and "or play:" not in form
    refused = client_for(player).post(
        "/play/open-tables/new/",
        {"game_type": "call-to-adventure", "seats": 2, "rounds": 1, "pace": "live", "unit": 60},
    )
    assert refused.status_code == 400 and not Challenge.objects.exists()


def test_play_now_plays_the_bots_game_against_bots_of_that_game(
    pebbles_declared, client_for, player, staff, greedy_bot
):
    dicey, grabber = (
        Bot.objects.create(name=name, owner=staff, game="pebbles", builtin_key=key, public=True)
        for name, key in (("Dicey", "random"), ("Grabber", "greedy"))
    )
    played = client_for(player).post(
        "/play/new/", {"bot": dicey.pk, "rounds": "4", "opponents": "3"}
    )
    game = Game.objects.get()
    assert played.url == f"/play/{game.pk}/"
    assert game.game == "pebbles" and game.options == {"pile": 7}
    assert [seat.bot for seat in game.seats.all()][1:] == [dicey, dicey, dicey]
    assert grabber not in {seat.bot for seat in game.seats.all()}


def test_the_lobby_offers_each_games_bots_with_that_games_lengths(
    pebbles_declared, client_for, player, staff, greedy_bot
):
    """With one game the lobby is that game's; with more, a "Play now" per game, each
    with its own lengths (Pebbles has one, so no choice) and its own rules page."""
    registry.REGISTRY.pop(pebbles.GAME.key)
    one = client_for(player).get("/play/").content.decode()
    assert "<h1>Play Call to Glory</h1>" in one and "Play Gready</button>" in one
    assert "Quick Game (one round)" in one and "<h3>" not in one.split("people-heading")[0]
    registry.REGISTRY[pebbles.GAME.key] = pebbles.GAME
    Bot.objects.create(name="Dicey", owner=staff, game="pebbles", builtin_key="random", public=True)
    many = client_for(player).get("/play/").content.decode()
    assert "<h1>Play</h1>" in many
    forms = many.split('class="play-now"')[1:]
    glory, pebbles_form = (
        next(f for f in forms if f"<h3>{name}</h3>" in f) for name in ("Call to Glory", "Pebbles")
    )
    assert "Play Gready</button>" in glory and "Quick Game (one round)" in glory
    assert "Play Dicey</button>" in pebbles_form and 'name="rounds"' not in pebbles_form
    assert "How to play Call to Glory: the rules in five minutes" in many
    assert "How to play Pebbles" not in many


def test_a_game_without_a_rules_page_links_none(pebbles_declared, client_for, player, staff):
    dicey = Bot.objects.create(
        name="Dicey", owner=staff, game="pebbles", builtin_key="random", public=True
    )
    client = client_for(player)
    client.post("/play/new/", {"bot": dicey.pk})
    game = Game.objects.get()
    assert "How to play" not in client.get(f"/play/{game.pk}/").content.decode()
    assert client.get("/play/how-to-play/pebbles/").status_code == 404
