"""A move sent with an API token, as an app or the benchmark sends it, takes the lean
path (the token, the game under its lock and its seats read by queries compiled once,
``lib.compiled``) and keeps every guarantee: a token unknown or of an inactive
person is refused, the rate limits refuse a move past them, a stale move is refused,
a game that does not exist is a 404, and the seats come with their bots."""

import pytest
from django.db import DatabaseError, transaction
from django.db.models.signals import post_save
from django.test import Client
from rest_framework.authtoken.models import Token

from lib.compiled import save_fields
from play.api.games import PlayedSeatSerializer
from play.models import Game
from play.moving import CHANGED_BY_A_MOVE, game_with_seats, locked_game, seats_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_id(start, player, greedy_bot):
    return start(player, [{"username": player.username}, {"bot": greedy_bot.name}])


def by_token(user) -> Client:
    token, _created = Token.objects.get_or_create(user=user)
    return Client(headers={"Authorization": f"Token {token.key}"})


def post_move(client, game_id, move, **extra):
    return client.post(
        f"/api/play/{game_id}/moves/", {"move": move, **extra}, content_type="application/json"
    )


def first_move(client, game_id) -> dict:
    return client.get(f"/api/play/{game_id}/").json()


def test_a_move_by_token_is_played_and_answers_the_new_state(game_id, player):
    client = by_token(player)
    state = first_move(client, game_id)
    answer = post_move(client, game_id, state["legal_moves"][0], at=state["moves"])
    assert answer.status_code == 200, answer.content
    assert answer.json()["moves"] == state["moves"] + 1 == Game.objects.get(pk=game_id).moves
    assert answer.json()["you"] == 0 and answer.json()["seats"][1]["bot"] is True
    # The seats written out are the serializer's that documents them (and lists games).
    listed = client.get("/api/play/").json()[0]
    assert answer.json()["seats"] == listed["seats"]
    assert set(answer.json()["seats"][0]) == set(PlayedSeatSerializer().fields)


def test_an_unknown_token_and_an_inactive_persons_token_are_refused(game_id, player):
    state = first_move(by_token(player), game_id)
    unknown = Client(headers={"Authorization": "Token " + "0" * 40})
    refused = post_move(unknown, game_id, state["legal_moves"][0])
    assert refused.status_code in (401, 403) and "token" in refused.json()["detail"].lower()
    client = by_token(player)
    player.is_active = False
    player.save(update_fields=["is_active"])
    refused = post_move(client, game_id, state["legal_moves"][0])
    assert refused.status_code in (401, 403) and "inactive" in refused.json()["detail"]
    assert Game.objects.get(pk=game_id).moves == state["moves"]


def test_the_rate_limit_refuses_a_move_past_it_and_changes_nothing(
    game_id, player, settings, fresh_limits
):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "writes": "1/min"}
    client = by_token(player)
    state = first_move(client, game_id)
    assert post_move(client, game_id, state["legal_moves"][0], at=state["moves"]).status_code == 200
    state = first_move(client, game_id)
    refused = post_move(client, game_id, state["legal_moves"][0], at=state["moves"])
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Game.objects.get(pk=game_id).moves == state["moves"]


def test_a_stale_move_is_refused_and_changes_nothing(game_id, player):
    client = by_token(player)
    state = first_move(client, game_id)
    assert post_move(client, game_id, state["legal_moves"][0], at=state["moves"]).status_code == 200
    game = Game.objects.get(pk=game_id)
    refused = post_move(client, game_id, state["legal_moves"][0], at=state["moves"])
    assert refused.status_code == 409 and refused.json()["field"] == "at"
    assert Game.objects.get(pk=game_id).record == game.record


def test_a_game_that_does_not_exist_is_not_found(player):
    client = by_token(player)
    assert post_move(client, 987654, "0 draw D1").status_code == 404
    assert client.get("/api/play/987654/").status_code == 404


def test_the_compiled_reads_give_the_game_and_its_seats_with_their_bots(game_id, greedy_bot):
    with transaction.atomic():
        game = locked_game(game_id)
        seats = seats_of(game)
    assert game == Game.objects.get(pk=game_id) and game.record == game.state().record()
    assert [seat.position for seat in seats] == [0, 1]
    assert seats[1].bot == greedy_bot and seats[1].bot.builtin_key == "greedy"
    assert seats[0].bot is None and seats[0].game is game


def test_the_unlocked_read_gives_every_seat_one_game_as_the_orm_reads_it(game_id, greedy_bot):
    game, seats = game_with_seats(game_id)
    read = Game.objects.get(pk=game_id)
    assert all(seat.game is game for seat in seats)
    assert (game.pk, game.record, game.deals, game.updated_at, game.options) == (
        read.pk,
        read.record,
        read.deals,
        read.updated_at,
        read.options,
    )
    assert [seat.pk for seat in seats] == [seat.pk for seat in read.seats.order_by("position")]
    assert seats[1].bot == greedy_bot and seats[0].bot is None


def test_a_moved_game_is_saved_as_django_saves_it(game_id):
    heard = []

    def saved(sender, instance, created, update_fields, **_signal):
        heard.append((instance.pk, created, update_fields))

    post_save.connect(saved, sender=Game, dispatch_uid="test-saved")
    try:
        before = Game.objects.get(pk=game_id)
        with transaction.atomic():
            game = locked_game(game_id)
            game.to_move = 1
            save_fields(game, CHANGED_BY_A_MOVE)
    finally:
        post_save.disconnect(dispatch_uid="test-saved", sender=Game)
    after = Game.objects.get(pk=game_id)
    assert after.to_move == 1 and after.updated_at > before.updated_at
    assert after.record == before.record and after.deals == before.deals
    assert heard == [(game_id, False, frozenset(CHANGED_BY_A_MOVE))]
    Game.objects.filter(pk=game_id).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"), transaction.atomic():
        save_fields(game, CHANGED_BY_A_MOVE)
