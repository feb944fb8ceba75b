"""Moves out of turn, illegal, stale or by outsiders are refused and change nothing;
a game that cannot be started says why."""

import pytest

from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_id(start, player, other_player):
    return start(player, [{"username": player.username}, {"username": other_player.username}])


def snapshot(game_id):
    game = Game.objects.get(pk=game_id)
    return game.moves, game.record, game.to_move, game.deadline


def post_move(client, game_id, move, **extra):
    return client.post(
        f"/api/play/{game_id}/moves/", {"move": move, **extra}, content_type="application/json"
    )


def test_a_move_out_of_turn_is_a_conflict_and_changes_nothing(client_for, game_id, other_player):
    before = snapshot(game_id)
    response = post_move(client_for(other_player), game_id, "1 draw D1")
    assert response.status_code == 409
    assert response.json() == {"detail": "It is not your turn.", "code": "conflict"}
    assert snapshot(game_id) == before


def test_an_illegal_move_gets_the_engines_reason_and_changes_nothing(client_for, game_id, player):
    before = snapshot(game_id)
    response = post_move(client_for(player), game_id, "0 lay 20 2")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "move" and body["code"] == "invalid"
    assert "draw" in body["detail"]  # the engine: a turn begins with two draws
    assert snapshot(game_id) == before
    garbage = post_move(client_for(player), game_id, "0 fly away")
    assert garbage.status_code == 400 and "not a move" in garbage.json()["detail"]
    assert snapshot(game_id) == before


def test_a_move_for_another_seat_is_illegal(client_for, game_id, player):
    before = snapshot(game_id)
    response = post_move(client_for(player), game_id, "1 draw D1")
    assert response.status_code == 400
    assert snapshot(game_id) == before


def test_a_move_against_an_older_state_is_a_conflict(client_for, game_id, player):
    client = client_for(player)
    assert post_move(client, game_id, "0 draw D1", at=0).status_code == 200
    before = snapshot(game_id)
    response = post_move(client, game_id, "0 draw D2", at=0)
    assert response.status_code == 409 and response.json()["field"] == "at"
    assert snapshot(game_id) == before


def test_an_outsider_may_not_move_and_anonymous_must_log_in(
    client_for, game_id, outsider, anonymous
):
    before = snapshot(game_id)
    assert post_move(client_for(outsider), game_id, "0 draw D1").status_code == 403
    assert post_move(client_for(anonymous), game_id, "0 draw D1").status_code in (401, 403)
    assert snapshot(game_id) == before


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"options": {"rounds": 0}}, "options", "rounds"),
        ({"options": {"rounds": 99}}, "options", "at most"),
        ({"options": {"speed": 2}}, "options", "unknown option"),
        ({"seats": [{"username": "pat_player"}]}, "seats", "2 to 4"),
        ({"seats": [{"username": "pat_player"}, {"username": "pat_player"}]}, "seats", "one seat"),
        ({"seats": [{"username": "pat_player"}, {"username": "nobody"}]}, "seats", "no user"),
        ({"seats": [{"username": "pat_player"}, {"bot": "Nobot"}]}, "seats", "no bot"),
        ({"seats": [{"username": "quinn_player"}, {"bot": "Gready"}]}, "seats", "sit at"),
        ({"seats": [{"username": "pat_player"}, {"colour": "red"}]}, "seats", "Each seat"),
        ({"move_seconds": 1}, "move_seconds", "seconds"),
        ({"forfeit_after": 100}, "forfeit_after", "forfeit"),
    ],
)
def test_a_game_that_cannot_start_says_why(
    client_for, player, other_player, greedy_bot, body, field, words
):
    request = {
        "game": "call-to-glory",
        "options": {"rounds": 1},
        "seats": [{"username": "pat_player"}, {"username": "quinn_player"}],
        **body,
    }
    response = client_for(player).post("/api/play/", request, content_type="application/json")
    assert response.status_code == 400, response.content
    assert words in str(response.json())
    assert field in str(response.json())
    assert not Game.objects.exists()


def test_a_walk_in_has_no_account_to_play_with(client_for, player, django_user_model):
    walk_in = django_user_model.objects.create(username="walkin-wendy-abc123", is_active=False)
    walk_in.set_unusable_password()
    walk_in.save()
    response = client_for(player).post(
        "/api/play/",
        {
            "game": "call-to-glory",
            "seats": [{"username": "pat_player"}, {"username": walk_in.username}],
        },
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "no account" in response.json()["detail"]
    assert not Game.objects.exists()
