"""A game the registry declares, and nothing else names, is scheduled in a bot batch,
replayed, played on the site with its own stand-in and beginner bot, and offered on the
bot form: ``bots`` and ``play`` ask the registry for everything a game does (Pebbles,
tests/games/pebbles.py, exists only here)."""

import pytest
from django.db import connection

from bots.chunks import do_play_chunk
from bots.forms import BotForm
from bots.matches import do_play_match
from bots.models import Batch, Bot, Match
from bots.scheduling import do_schedule_batch
from games import registry
from games.declaring import Rules
from lib.refusal import Refusal
from play.bot_turns import do_play_bot_turns
from play.hints import offers_hints
from play.models import Game
from play.reading import sight_of
from play.starting import Taker, do_start_game
from tests.games import pebbles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True, scope="module")
def connection_closed_after(django_db_blocker):
    """The engines' tests beside these expect no database connection left open."""
    yield
    with django_db_blocker.unblock():
        connection.close()


@pytest.fixture(autouse=True)
def pebbles_declared(monkeypatch):
    monkeypatch.setitem(registry.REGISTRY, pebbles.GAME.key, pebbles.GAME)


def pebbles_bot(owner, name, key):
    return Bot.objects.create(name=name, owner=owner, game="pebbles", builtin_key=key)


def test_a_series_of_pebbles_is_played_in_chunks_with_the_games_own_bots(player):
    greedy, randy = pebbles_bot(player, "Grabber", "greedy"), pebbles_bot(player, "Dicey", "random")
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[greedy, randy]], games_per_lineup=4, options={"pile": 9}
    )
    assert batch.game == "pebbles" and batch.chunked
    for chunk in batch.chunks.all():
        do_play_chunk(chunk.pk)
    matches = list(Match.objects.filter(batch=batch).order_by("number"))
    assert len(matches) == 4
    for match in matches:
        assert match.record["format"] == "pebbles/1"
        assert sum(match.result["totals"]) == 9
        assert pebbles.score(match.record, Rules())["valid"]
    first_seats = [match.seats.get(position=0).bot_id for match in matches]
    assert first_seats == [greedy.pk, randy.pk, greedy.pk, randy.pk]  # the seats rotate
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.position)
        assert [seat.score for seat in seats] == match.result["totals"]
        assert [seat.place for seat in seats] == match.result["places"]


def test_a_single_pebbles_match_is_played_by_the_match_task(player):
    lineup = [pebbles_bot(player, "Grabber", "greedy"), pebbles_bot(player, "Dicey", "random")]
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options={"pile": 5})
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    assert match.status == "done" and sum(match.result["totals"]) == 5


@pytest.mark.parametrize("options", [{}, None])
def test_a_batch_without_options_is_played_with_the_games_defaults(player, options):
    lineup = [pebbles_bot(player, "Grabber", "greedy"), pebbles_bot(player, "Dicey", "random")]
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options=options)
    assert batch.options == {"pile": 7}  # what the workers play with
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    assert sum(match.result["totals"]) == 7


def test_a_batch_refuses_bots_of_two_games(player):
    glory = Bot.objects.create(name="Randy", owner=player, builtin_key="random")
    with pytest.raises(Refusal, match="different games"):
        do_schedule_batch(
            player, Batch.Kind.SINGLE, [[glory, pebbles_bot(player, "Dicey", "random")]]
        )


def test_a_person_plays_pebbles_against_a_bot_on_the_site(player, client_for):
    bot = pebbles_bot(player, "Grabber", "greedy")
    game = do_start_game(
        player,
        [Taker("Pat", user=player), Taker(bot.name, bot=bot)],
        {"pile": 4},
        game="pebbles",
    )
    client = client_for(player)
    page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200
    assert b"Take 1" in page.content and b"Take 2" in page.content

    refused = client.post(
        f"/api/play/{game.pk}/moves/",
        {"move": "0 take 3", "at": 0},
        content_type="application/json",
    )
    assert refused.status_code == 400
    assert "not a legal move" in refused.json()["detail"]

    moved = client.post(
        f"/api/play/{game.pk}/moves/",
        {"move": "0 take 1", "at": 0},
        content_type="application/json",
    )
    assert moved.status_code == 200, moved.content
    assert do_play_bot_turns(game.pk, 1) == 1  # the greedy taker takes 2: one is left
    state = client.get(f"/api/play/{game.pk}/").json()
    assert state["legal_moves"] == ["0 take 1"]

    client.post(
        f"/api/play/{game.pk}/moves/",
        {"move": "0 take 1", "at": 2},
        content_type="application/json",
    )
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished
    assert game.result == {"totals": [2, 2], "places": [1, 1]}
    assert "Grabber took 2" in client.get(f"/play/{game.pk}/").content.decode()


def test_a_pebbles_match_is_replayed_move_by_move(player, client_for):
    lineup = [pebbles_bot(player, "Grabber", "greedy"), pebbles_bot(player, "Dicey", "random")]
    match = do_schedule_batch(
        player, Batch.Kind.SINGLE, [lineup], options={"pile": 5}
    ).matches.get()
    do_play_match(match.pk)
    page = client_for(player).get(f"/bots/matches/{match.pk}/?step=1")
    assert page.status_code == 200
    html = page.content.decode()
    steps = len(Match.objects.get(pk=match.pk).record["rounds"][0]["moves"])
    assert f"1 / {steps}" in html
    assert "Grabber took 2" in html  # the game's own words for its moves


def test_a_game_on_the_site_gets_the_games_own_stand_in(player):
    bot = pebbles_bot(player, "Grabber", "greedy")
    game = do_start_game(
        player, [Taker("Pat", user=player), Taker(bot.name, bot=bot)], {}, game="pebbles"
    )
    assert game.stand_in == "random"  # Pebbles' first stand-in (Call to Glory's is greedy)


def test_a_first_game_against_the_games_beginner_bot_offers_hints(player):
    beginner, other = pebbles_bot(player, "Dicey", "random"), pebbles_bot(player, "G", "greedy")
    first = do_start_game(
        player, [Taker("Pat", user=player), Taker("Dicey", bot=beginner)], {}, game="pebbles"
    )
    assert offers_hints(sight_of(first, player))
    against_another = do_start_game(
        player, [Taker("Pat", user=player), Taker("G", bot=other)], {}, game="pebbles"
    )
    assert not offers_hints(sight_of(against_another, player))


def test_the_bot_form_offers_the_built_in_bots_of_every_game_it_plays(player):
    form = BotForm()
    assert ("pebbles", "Pebbles") in form.fields["game"].choices
    groups = dict(form.fields["builtin_key"].choices[1:])
    assert [key for key, _label in groups["Pebbles"]] == ["greedy", "random"]
    assert "search" in [key for key, _label in groups["Call to Glory"]]

    refused = BotForm(
        {
            "name": "Deep",
            "game": "pebbles",
            "kind": "builtin",
            "builtin_key": "search",
            "move_timeout_ms": 500,
            "time_bank_ms": 5000,
        }
    )
    assert not refused.is_valid()
    assert "There is no built-in bot 'search'." in refused.errors["builtin_key"]


def test_a_bot_the_game_declares_quick_answers_in_the_persons_request(player, client_for):
    dicey = pebbles_bot(player, "Dicey", "random")
    game = do_start_game(
        player, [Taker("Pat", user=player), Taker(dicey.name, bot=dicey)], {}, game="pebbles"
    )
    body = {"move": "0 take 1", "at": 0}
    path = f"/api/play/{game.pk}/moves/"
    moved = client_for(player).post(path, body, content_type="application/json")
    assert moved.status_code == 200, moved.content
    assert moved.json()["moves"] == 2 and moved.json()["to_move"] == 0
    assert Game.objects.get(pk=game.pk).record["rounds"][0]["moves"][1].startswith("1 take ")
