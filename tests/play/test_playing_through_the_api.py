"""Two people play a Quick Game to its end through the API, each move taken from the
legal moves the API offers to the seat to move; the record validates."""

import pytest

from games.call_to_glory import validate_record
from play.models import Game

pytestmark = pytest.mark.django_db


def test_two_people_play_a_one_round_game_to_the_end(client, start, player, other_player, outsider):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    people = {0: player, 1: other_player}
    moves = 0
    while True:
        client.force_login(people[0])
        state = client.get(f"/api/play/{game_id}/").json()
        if state["status"] == "finished":
            break
        mover = people[state["to_move"]]
        client.force_login(mover)
        mine = client.get(f"/api/play/{game_id}/").json()
        assert mine["you"] == state["to_move"]
        assert mine["legal_moves"], "the seat to move is offered its moves"
        response = client.post(
            f"/api/play/{game_id}/moves/",
            {"move": mine["legal_moves"][-1], "at": mine["moves"]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
        moves += 1
    game = Game.objects.get(pk=game_id)
    assert game.moves == moves > 10
    record = client.get(f"/api/play/{game_id}/record/").json()
    checked = validate_record(record)
    assert checked["valid"] is True and "complete" not in checked
    assert record["players"] == [str(player), str(other_player)]
    assert sorted(s.place for s in game.seats.all()) in ([1, 2], [1, 1])
    assert checked["totals"] == [s.score for s in game.seats.order_by("position")]
    assert game.replay.record == record


def test_the_other_player_is_never_offered_moves(client_for, start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    state = client_for(other_player).get(f"/api/play/{game_id}/").json()
    assert state["to_move"] == 0 and state["you"] == 1
    assert state["legal_moves"] == []
    assert "legal_moves" not in state["view"]
    assert len(state["view"]["hand"]) == 3


def test_a_spectator_sees_no_hand_and_no_hidden_task(client_for, start, player, other_player):
    game_id = start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        options={"rounds": 1, "imperial_tasks": True},
    )
    for viewer in (None, other_player):
        state = client_for(viewer).get(f"/api/play/{game_id}/").json()
        assert state["legal_moves"] == []
    spectator = client_for(None).get(f"/api/play/{game_id}/").json()
    assert spectator["you"] is None
    assert spectator["view"]["hand"] is None
    assert spectator["view"]["tasks"]["own"] is None
    assert spectator["view"]["hand_sizes"] == [3, 3]
    seated = client_for(other_player).get(f"/api/play/{game_id}/").json()
    assert len(seated["view"]["tasks"]["own"]) == 3


def test_the_record_is_not_given_while_the_game_is_played(client_for, start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    response = client_for(other_player).get(f"/api/play/{game_id}/record/")
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"


def test_my_games_lists_the_games_waiting_for_my_move_first(
    client_for, start, player, other_player
):
    waiting = start(player, [{"username": player.username}, {"username": other_player.username}])
    mine = start(other_player, [{"username": other_player.username}, {"username": player.username}])
    over = start(player, [{"username": player.username}, {"username": other_player.username}])
    Game.objects.filter(pk=over).update(status=Game.Status.FINISHED, to_move=None)
    listed = client_for(other_player).get("/api/play/").json()
    assert [g["id"] for g in listed] == [mine, waiting, over]
    assert [g["my_turn"] for g in listed] == [True, False, False]


def test_polling_with_the_etag_answers_304_until_the_game_moves(
    client_for, start, player, other_player
):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    watcher = client_for(other_player)
    first = watcher.get(f"/api/play/{game_id}/")
    tag = first["ETag"]
    again = watcher.get(f"/api/play/{game_id}/", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b""
    client_for(player).post(
        f"/api/play/{game_id}/moves/", {"move": "0 draw D1"}, content_type="application/json"
    )
    watcher = client_for(other_player)
    moved = watcher.get(f"/api/play/{game_id}/", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved.json()["moves"] == 1
    assert moved["ETag"] != tag
