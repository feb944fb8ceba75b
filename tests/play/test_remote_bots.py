"""Remote bots at a table on the site, over the signed protocol, on the real worker:
the reference bot plays its turns; a bot that answers garbage is faulted, a random
legal move played for it each time, and after three faults it forfeits and is placed
last while the person plays on to the end."""

import pytest

from games.call_to_glory import validate_record
from play.models import Game
from tests.play.helpers import play_against_the_worker

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def test_a_person_plays_the_reference_remote_bot(
    celery_worker, client_for, start, player, remote_bot, reference_bot_url
):
    bot = remote_bot("Reference", reference_bot_url)
    game_id = start(player, [{"bot": bot.name}, {"username": player.username}])
    play_against_the_worker(client_for(player), game_id)
    game = Game.objects.get(pk=game_id)
    assert validate_record(game.record)["valid"] is True
    seat = game.seats.get(position=0)
    assert seat.faults == 0 and not seat.forfeited


def test_a_remote_bot_that_answers_garbage_forfeits_and_is_placed_last(
    celery_worker, client_for, start, player, remote_bot, misbehaving_bot_url
):
    bot = remote_bot("Garbage", f"{misbehaving_bot_url}/garbage")
    game_id = start(player, [{"username": player.username}, {"bot": bot.name}])
    play_against_the_worker(client_for(player), game_id)
    game = Game.objects.get(pk=game_id)
    assert validate_record(game.record)["valid"] is True
    seat = game.seats.get(position=1)
    assert seat.forfeited and seat.faults == 3 and seat.place == 2
    assert game.seats.get(position=0).place == 1
