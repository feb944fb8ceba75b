"""Remote bots in live games keep their own deadline (issue 29): a bot that answers
late is asked each decision once, however often its turn is sent again, holds one
worker process while another table's bot plays on, and each late answer is a fault
kept with its evidence; its time bank is whole at the start of each of its turns and
spent over the turn's decisions (docs/bot-protocol.md). The bots are real HTTP
servers on 127.0.0.1; the worker is the real one."""

from datetime import timedelta
from itertools import pairwise

import pytest
from django.utils import timezone

from play.bot_turns import do_play_bot_turns
from play.clock import do_time_out
from play.models import Game, GameFault
from play.tasks import enforce_deadlines, play_bot_turns
from tests.bots.servers import MisbehavingHandler
from tests.fixtures.worker import wait_for

MOVE_MS = 2500  # the sleepy bot answers later: a timeout each decision


def moves_asked(game_id: int, behaviour: str) -> list[dict]:
    """The ``/move`` messages the bot of that behaviour got for the game (a game's id
    may come again in a later test on SQLite: the behaviour tells them apart)."""
    return [
        call["message"]
        for call in list(MisbehavingHandler.calls)
        if (call["behaviour"], call["action"]) == (behaviour, "move")
        and call["message"].get("match") == f"play-{game_id}"
    ]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_late_bot_is_asked_once_a_decision_holds_one_worker_and_is_faulted(
    celery_worker, start, player, remote_bot, misbehaving_bot_url, greedy_bot
):
    sleepy = remote_bot(
        "Sleepy", f"{misbehaving_bot_url}/sleepy", move_timeout_ms=MOVE_MS, time_bank_ms=0
    )
    game_id = start(player, [{"bot": sleepy.name}, {"username": player.username}])
    wait_for(lambda: moves_asked(game_id, "sleepy"), timeout=20, what="the bot to be asked")

    # Its turn sent again while it is asked: by a second task, and by beat with the
    # deadline past. Neither asks the bot again nor takes the second worker process.
    play_bot_turns.delay(game_id, 0)
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_time_out(game_id, 0) == "in flight"
    assert enforce_deadlines() == 0
    other = start(player, [{"bot": greedy_bot.name}, {"username": player.username}])
    wait_for(
        lambda: Game.objects.get(pk=other).moves > 0,
        timeout=MOVE_MS / 1000 - 0.5,
        what="the other table's bot to move while the late bot is asked",
    )

    faults = wait_for(
        lambda: list(GameFault.objects.filter(game=game_id)) or None,
        timeout=20,
        what="the late answer's fault",
    )
    assert faults[0].kind == "timeout" and faults[0].bot_id == sleepy.pk
    assert f"no answer within {MOVE_MS} ms" in faults[0].evidence
    assert faults[0].round_number == 1 and faults[0].move_number == 1
    seat = wait_for(
        lambda: (s := Game.objects.get(pk=game_id).seats.get(position=0)).forfeited and s,
        timeout=60,
        what="the late bot to forfeit after three faults",
    )
    assert seat.faults == 3 == GameFault.objects.filter(game=game_id).count()
    assert len(moves_asked(game_id, "sleepy")) == 3  # each decision asked once


@pytest.mark.django_db
def test_a_bots_turn_past_its_deadline_with_nobody_asking_is_sent_again(
    start, player, remote_bot, misbehaving_bot_url
):
    bot = remote_bot("Lost", f"{misbehaving_bot_url}/random", move_timeout_ms=MOVE_MS)
    game_id = start(player, [{"bot": bot.name}, {"username": player.username}])
    game = Game.objects.get(pk=game_id)
    remote_seconds = (MOVE_MS + bot.time_bank_ms) / 1000
    assert game.deadline - game.created_at >= timedelta(seconds=remote_seconds)
    assert do_time_out(game_id, 0, now=game.deadline - timedelta(seconds=1)) == "moved on"
    assert do_time_out(game_id, 0, now=game.deadline + timedelta(seconds=1)) == "bot"


@pytest.mark.django_db
def test_the_time_bank_is_whole_each_turn_and_spent_over_its_decisions(
    start, client_for, player, remote_bot, misbehaving_bot_url
):
    """The ``sleep`` bot answers in 0.3 s against 50 ms a move: each decision takes
    about 250 ms from the bank, which is whole again at its next turn."""
    bot = remote_bot("Dozy", f"{misbehaving_bot_url}/sleep", move_timeout_ms=50, time_bank_ms=5000)
    game_id = start(player, [{"bot": bot.name}, {"username": player.username}])
    do_play_bot_turns(game_id, 0)
    first_turn = [message["time_bank_ms"] for message in moves_asked(game_id, "sleep")]
    assert first_turn[0] == 5000
    assert len(first_turn) >= 2, "a turn of one decision tells nothing"
    assert all(later <= earlier - 200 for earlier, later in pairwise(first_turn))
    game = Game.objects.get(pk=game_id)
    assert game.seats.get(position=0).faults == 0
    state = client_for(player).get(f"/api/play/{game_id}/").json()
    client_for(player).post(
        f"/api/play/{game_id}/moves/",
        {"move": state["legal_moves"][-1], "at": state["moves"]},
        content_type="application/json",
    )
    game.refresh_from_db()
    while game.to_move == 1:  # the person's turn may be several decisions too
        state = client_for(player).get(f"/api/play/{game_id}/").json()
        client_for(player).post(
            f"/api/play/{game_id}/moves/",
            {"move": state["legal_moves"][-1], "at": state["moves"]},
            content_type="application/json",
        )
        game.refresh_from_db()
    do_play_bot_turns(game_id, game.moves)
    assert moves_asked(game_id, "sleep")[len(first_turn)]["time_bank_ms"] == 5000  # whole again
