"""A quick built-in bot (``quick`` in the registry's ``LivePlay.bots``: greedy, easy,
random) plays its turn in the request of the move that made it due, in the same
transaction and under the same lock: the answer to a person's move shows their turn
again, with no worker running. A search bot still waits for a worker. The move still
names the state it was based on, the clock of the person's new turn starts again, and
what a move costs in queries is pinned."""

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from bots.models import Bot
from games.call_to_glory import validate_record
from games.call_to_glory.bots import make_bot
from games.declaring import moves_of
from games.registry import REGISTRY
from play.bot_decisions import seat_player
from play.bot_turns import do_play_bot_turns
from play.demo import play_out
from play.models import Game
from play.starting import Taker, do_start_game

pytestmark = pytest.mark.django_db


def move(client, game_id, state, pick=-1, **headers):
    return client.post(
        f"/api/play/{game_id}/moves/",
        {"move": state["legal_moves"][pick], "at": state["moves"]},
        content_type="application/json",
        **headers,
    )


def movers(game_id) -> list[int]:
    record = Game.objects.get(pk=game_id).record
    return [int(m.split()[0]) for r in record["rounds"] for m in r["moves"]]


def test_every_answer_to_a_move_shows_the_greedy_bots_reply_and_the_game_ends_valid(
    start, client_for, player, greedy_bot
):
    game_id = start(player, [{"username": player.username}, {"bot": greedy_bot.name}])
    client = client_for(player)
    state = client.get(f"/api/play/{game_id}/").json()
    turns = 0
    while state["status"] == "playing":
        assert state["to_move"] == 0 and state["legal_moves"], state
        before = state["moves"]
        response = move(client, game_id, state)
        assert response.status_code == 200, response.content
        state = response.json()
        turns += state["moves"] > before + 1  # the bot answered in the same request
    assert turns >= 3
    game = Game.objects.get(pk=game_id)
    assert game.is_finished and validate_record(game.record)["valid"] is True
    assert "complete" not in validate_record(game.record)
    assert 1 in movers(game_id) and game.seats.get(position=1).faults == 0
    assert response.headers["ETag"] == client.get(f"/api/play/{game_id}/").headers["ETag"]


def test_a_game_whose_quick_bot_sits_first_starts_with_its_turn_played(
    start, client_for, player, greedy_bot
):
    game_id = start(player, [{"bot": greedy_bot.name}, {"username": player.username}])
    state = client_for(player).get(f"/api/play/{game_id}/").json()
    assert state["to_move"] == 1 and state["legal_moves"] and state["moves"] >= 2
    assert set(movers(game_id)) == {0}


def test_a_retry_of_a_move_the_bot_answered_is_refused_and_changes_nothing(
    start, client_for, player, greedy_bot
):
    game_id = start(player, [{"username": player.username}, {"bot": greedy_bot.name}])
    client = client_for(player)
    state = client.get(f"/api/play/{game_id}/").json()
    while True:  # to the move that ends the person's turn
        sent = {"move": state["legal_moves"][-1], "at": state["moves"]}
        response = client.post(f"/api/play/{game_id}/moves/", sent, content_type="application/json")
        answered = response.json()
        if answered["moves"] > state["moves"] + 1:
            break
        state = answered
    record = Game.objects.get(pk=game_id).record
    again = client.post(f"/api/play/{game_id}/moves/", sent, content_type="application/json")
    assert again.status_code == 409 and again.json()["field"] == "at"
    assert Game.objects.get(pk=game_id).record == record


def test_the_persons_clock_starts_again_after_the_bots_reply(start, client_for, player, greedy_bot):
    game_id = start(
        player, [{"username": player.username}, {"bot": greedy_bot.name}], move_seconds=60
    )
    client = client_for(player)
    state = client.get(f"/api/play/{game_id}/").json()
    almost_out = timezone.now() + timedelta(seconds=5)
    Game.objects.filter(pk=game_id).update(deadline=almost_out)
    while True:
        answered = move(client, game_id, state).json()
        if answered["moves"] > state["moves"] + 1:
            break
        assert Game.objects.get(pk=game_id).deadline == almost_out  # the same turn
        state = answered
    game = Game.objects.get(pk=game_id)
    assert game.to_move == 0
    assert game.deadline > timezone.now() + timedelta(seconds=55)


def test_a_person_who_left_is_played_by_the_stand_in_in_the_same_request(
    start, client_for, player, other_player, greedy_bot
):
    seats = [
        {"username": player.username},
        {"bot": greedy_bot.name},
        {"username": other_player.username},
    ]
    game_id = start(player, seats)
    assert client_for(other_player).post(f"/api/play/{game_id}/leave/").status_code == 200
    client = client_for(player)
    state = client.get(f"/api/play/{game_id}/").json()
    while state["status"] == "playing":
        state = move(client, game_id, state).json()
        assert state["status"] != "playing" or state["to_move"] == 0
    game = Game.objects.get(pk=game_id)
    assert game.is_finished and {0, 1, 2} <= set(movers(game_id))
    assert [s.place for s in game.seats.order_by("position")][2] == 3  # the leaver is last


def test_a_search_bots_turn_is_left_to_the_workers(start, client_for, player, search_bot):
    game_id = start(player, [{"username": player.username}, {"bot": search_bot.name}])
    client = client_for(player)
    state = client.get(f"/api/play/{game_id}/").json()
    while state["legal_moves"]:
        state = move(client, game_id, state).json()
    assert state["to_move"] == 1 and set(movers(game_id)) == {0}
    assert do_play_bot_turns(game_id, state["moves"]) >= 1
    assert client.get(f"/api/play/{game_id}/").json()["to_move"] == 0


def test_which_bots_play_at_once_is_each_bots_own_declaration():
    for game in REGISTRY.values():
        if game.live is None:
            continue
        live = game.live
        # The stand-in decides under the game's lock: it is always a quick bot.
        assert all(live.plays_at_once(key) for key in live.stand_ins), game.key
        assert not live.plays_at_once("no such bot")
    glory = REGISTRY["call-to-glory"].live
    assert [key for key in glory.bots if glory.plays_at_once(key)] == [
        "easy",
        "medium",
        "random",
        "greedy",
    ]


def test_a_move_and_the_bots_reply_take_a_pinned_number_of_queries(
    start, player, greedy_bot, django_assert_num_queries
):
    game_id = start(player, [{"username": player.username}, {"bot": greedy_bot.name}])
    client = Client()  # with the API token only, as an app or the benchmark sends it
    token = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=player).key}"}
    state = client.get(f"/api/play/{game_id}/", **token).json()
    ends_turn, within_turn = [], []
    while state["status"] == "playing" and not (ends_turn and within_turn):
        # The token with its user, the game with its seats and their bots (one read, no
        # lock, no transaction), and the update of the game if it is as it was read.
        with django_assert_num_queries(3) as captured:
            answer = move(client, game_id, state, **token).json()
        (ends_turn if answer["moves"] > state["moves"] + 1 else within_turn).append(captured)
        state = answer
    assert ends_turn and within_turn


@pytest.mark.parametrize("key", ["easy", "greedy"])
def test_a_bot_without_memory_recalls_its_decisions_without_replaying_the_record(
    staff, player, key
):
    bot = Bot.objects.create(name=key, owner=staff, builtin_key=key)
    game = do_start_game(
        player, [Taker(str(player), user=player), Taker(bot.name, bot=bot)], {"rounds": 1}
    )
    play_out(game, random.Random(5))
    game.refresh_from_db()
    seat = game.seats.get(position=1)
    shown = seat_player(game, seat).policy  # shown only its moves
    replayed = make_bot(key, seed=game.seed * 7919 + 1)  # shown every view, as with memory
    replay = game.state(moves=0)
    for move in moves_of(game.record):
        if replay.current_player() == 1:
            replayed.recall(replay.view(1), move)
        replay.apply(move)
    assert not shown.remembers and shown.decisions == replayed.decisions >= 10
    assert shown.rng.getstate() == replayed.rng.getstate()


def test_the_last_move_stores_every_seats_end_and_the_replay_in_pinned_queries(
    start, player, greedy_bot
):
    game_id = start(player, [{"username": player.username}, {"bot": greedy_bot.name}])
    client = Client()
    token = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=player).key}"}
    state = client.get(f"/api/play/{game_id}/", **token).json()
    while state["status"] == "playing":
        with CaptureQueriesContext(connection) as captured:
            state = move(client, game_id, state, **token).json()
    # The token, the game read without the lock, then in a savepoint under the lock: the
    # game, its seats, each seat's end (an UPDATE a seat), the replay, the game; its
    # author is the game's creator by id (no query for the user).
    sql = [query["sql"] for query in captured.captured_queries]
    assert len(sql) == 10, sql
    assert sum(q.startswith('UPDATE "play_gameseat"') for q in sql) == 2, sql
    assert not any('"accounts_user"' in q for q in sql[1:]), sql
    game = Game.objects.select_related("replay").get(pk=game_id)
    assert game.is_finished and game.replay.created_by_id == player.pk
    assert game.replay.record == game.record
    stored = {seat.position: (seat.score, seat.place) for seat in game.seats.all()}
    assert stored == {
        position: (game.result["totals"][position], place)
        for position, place in enumerate(game.result["places"])
    }
