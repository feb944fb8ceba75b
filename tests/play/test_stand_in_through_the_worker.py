"""The clock on the real worker: beat's ``enforce_deadlines`` finds a person past their
time, and the greedy bot (the stand-in by default) plays their turn, which the game
notes as played by the bot for them and the game page says so."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.call_to_glory import validate_record
from games.call_to_glory.bots import make_bot
from play.models import Game
from play.tasks import enforce_deadlines
from tests.fixtures.worker import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def test_a_timed_out_persons_turn_is_played_by_the_greedy_bot_on_the_worker(
    celery_worker, client_for, start, player, other_player
):
    game_id = start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        move_seconds=10,
    )
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    enforce_deadlines.delay()
    game = wait_for(
        lambda: g if (g := Game.objects.get(pk=game_id)).to_move == 1 else None,
        timeout=30,
        what="the worker to time the first player out",
    )

    moves = game.record["rounds"][0]["moves"]
    assert game.seats.get(position=0).timeouts == 1 and not game.seats.get(position=0).forfeited
    assert game.stood_in == [[0, len(moves), 0]]
    replay = game.state(moves=0)
    for number, move in enumerate(moves):
        assert move == make_bot("greedy", seed=game.seed * 1009 + number).choose(replay.view(0))
        replay.apply(move)
    assert validate_record(game.record)["valid"] is True

    page = client_for(player).get(f"/play/{game_id}/").content.decode()
    assert "Time ran out: the bot played your turn for you." in page
    assert f"(played by the bot for {player})" in page
    watching = client_for(other_player).get(f"/play/{game_id}/").content.decode()
    assert "Time ran out" not in watching and f"(played by the bot for {player})" in watching
