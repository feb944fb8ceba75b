"""Two moves for the same turn at once: the game's row lock lets one apply; the other
finds the game moved on (409) and changes nothing."""

import threading

import pytest
from django.db import connection
from django.test import Client

from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_concurrent_moves_for_the_same_turn_apply_once(start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    barrier = threading.Barrier(2)
    answers = []

    def send(move):
        client = Client()
        client.force_login(player)
        barrier.wait()
        try:
            response = client.post(
                f"/api/play/{game_id}/moves/",
                {"move": move, "at": 0},
                content_type="application/json",
            )
            answers.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(m,)) for m in ("0 draw D1", "0 draw D2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    game = Game.objects.get(pk=game_id)
    assert game.moves == 1
    assert len(game.record["rounds"][0]["moves"]) == 1
