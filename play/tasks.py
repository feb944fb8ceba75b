"""Tasks of games on the site. Each takes ids and the move number it was sent at, so a
task sent twice, or late, finds the game moved on and does nothing. Their results are
not stored (the game is): a bot's turn costs the worker no result-backend writes."""

from celery import shared_task

from play.bot_calls import do_end_abandoned, do_end_remote_bots
from play.bot_turns import do_play_bot_turns
from play.clock import do_time_out, overdue
from play.notify import do_notify_turn


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turns(game_id: int, at: int) -> int:
    """On the bots queue: the bots' moves of game ``game_id`` from move ``at`` on."""
    return do_play_bot_turns(game_id, at)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def end_remote_bots(game_id: int) -> int:
    """On the bots queue: ``/end`` to the finished game's remote bots."""
    return do_end_remote_bots(game_id)


@shared_task(ignore_result=True)
def end_abandoned(game_id: int, seats: list) -> int:
    """On the bots queue: ``/end`` to the remote bots of a game deleted while played."""
    return do_end_abandoned(game_id, [tuple(seat) for seat in seats])


@shared_task(ignore_result=True)
def notify_turn(game_id: int, at: int) -> bool:
    return do_notify_turn(game_id, at)


@shared_task
def enforce_deadlines() -> int:
    """Run by beat: the default move for every seat past its time (see play.clock)."""
    return sum(do_time_out(game_id, at) in ("timeout", "bot") for game_id, at in overdue())
