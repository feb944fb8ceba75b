"""A remote bot at a table on the site gets the protocol's ``/start`` when the game
begins and ``/end`` when it finishes, once each, signed, in order around its moves, on
the real worker and a real HTTP bot server; a ``/start`` that fails is the bot's fault
(counted on its seat) and the game goes on; a game deleted while played (its round
paired again) sends its started bots ``/end`` with ``"abandoned": true``."""

import pytest

from botplay.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, signature
from games.call_to_glory import validate_record
from play.models import Game
from tests.bots.conftest import REFERENCE_SECRET
from tests.bots.servers import MisbehavingHandler
from tests.fixtures.worker import wait_for
from tests.play.helpers import play_against_the_worker
from tournaments.models import Entrant, Result, Round, Seat, Table
from tournaments.pairing import do_repair_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def calls_of(game_id: int) -> list[dict]:
    return [c for c in MisbehavingHandler.calls if c["message"]["match"] == f"play-{game_id}"]


def actions_of(game_id: int) -> list[str]:
    return [call["action"] for call in calls_of(game_id)]


def signed_by(call: dict, secret: str) -> bool:
    timestamp = int(call["headers"][TIMESTAMP_HEADER])
    return call["headers"][SIGNATURE_HEADER] == signature(secret, timestamp, call["body"])


def ended(game_id: int):
    return "end" in actions_of(game_id)


def test_a_remote_bot_gets_start_before_its_moves_and_end_after_them(
    celery_worker, client_for, start, player, remote_bot, misbehaving_bot_url
):
    # The bot sits first: its /start must come before the game's very first move.
    bot = remote_bot("Polite", f"{misbehaving_bot_url}/polite")
    game_id = start(player, [{"bot": bot.name}, {"username": player.username}])
    play_against_the_worker(client_for(player), game_id)
    wait_for(lambda: ended(game_id), what="the bot's /end")

    game = Game.objects.get(pk=game_id)
    actions = actions_of(game_id)
    assert actions[0] == "start" and actions[-1] == "end"
    assert actions.count("start") == 1 and actions.count("end") == 1
    assert set(actions[1:-1]) == {"move"}
    assert len(actions) - 2 == sum(
        1 for move in game.record["rounds"][0]["moves"] if move.startswith("0 ")
    )
    calls = calls_of(game_id)
    assert all(signed_by(call, REFERENCE_SECRET) for call in calls)
    start_message, end_message = calls[0]["message"], calls[-1]["message"]
    assert start_message["players"] == [bot.name, str(player)]
    assert start_message["options"] == game.options
    assert start_message["seat"] == 0 and start_message["attempt"] == 0
    assert end_message["record"] == game.record and end_message["result"] == game.result
    assert validate_record(end_message["record"])["valid"] is True
    seat = game.seats.get(position=0)
    assert (seat.started, seat.ended, seat.faults) == (True, True, 0)


@pytest.fixture
def remote_table(event, player, remote_bot, misbehaving_bot_url):
    """Round 1 of the event (one round of one table): the player, then a remote bot
    whose /start answers 500."""
    event.rules_options = {"rounds": 1}
    event.save()
    bot = remote_bot("Grumpy", f"{misbehaving_bot_url}/nostart")
    round_ = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=round_, number=1)
    person = Entrant.objects.create(event=event, user=player, name=str(player))
    robot = Entrant.objects.create(event=event, bot=bot, name=bot.name)
    Seat.objects.create(table=table, entrant=person, position=0)
    Seat.objects.create(table=table, entrant=robot, position=1)
    return table


def test_a_failing_start_is_the_bots_fault_and_the_table_plays_on(
    celery_worker, client_for, player, remote_table
):
    client = client_for(player)
    response = client.post(f"/api/tables/{remote_table.pk}/play/")
    assert response.status_code == 201
    game_id = response.json()["id"]
    play_against_the_worker(client, game_id)
    wait_for(lambda: ended(game_id), what="the bot's /end")

    actions = actions_of(game_id)
    assert actions[0] == "start" and actions[-1] == "end"
    assert actions.count("start") == 1 and actions.count("end") == 1
    assert "move" in actions
    game = Game.objects.get(pk=game_id)
    seat = game.seats.get(position=1)
    assert seat.faults == 1 and not seat.forfeited
    assert Result.objects.get(table=remote_table).source == Result.Source.RECORD
    assert validate_record(game.record)["valid"] is True


def test_a_game_deleted_while_played_tells_its_remote_bot_it_is_abandoned(
    celery_worker, client_for, player, organiser, remote_table
):
    response = client_for(player).post(f"/api/tables/{remote_table.pk}/play/")
    game_id = response.json()["id"]
    wait_for(lambda: "start" in actions_of(game_id), what="the bot's /start")

    do_repair_round(remote_table.round, by=organiser)
    wait_for(lambda: ended(game_id), what="the bot's /end")

    assert not Game.objects.filter(pk=game_id).exists()
    calls = calls_of(game_id)
    assert [call["action"] for call in calls] == ["start", "end"]
    end = calls[-1]["message"]
    assert end["abandoned"] is True and end["result"] is None and end["record"] is None
    assert end["seat"] == 1
