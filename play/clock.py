"""The clock: a seat whose time for its turn has run out gets the default move (the
random-move policy plays the rest of its turn for it), and after ``forfeit_after``
timeouts (0: never) it forfeits. Celery beat runs ``enforce_deadlines`` every
``CHECK_SECONDS``; a bot's turn past its deadline (its task was lost) is sent again.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from play.engine import rebuild
from play.models import Game
from play.moving import (
    BOT_TURN_SECONDS,
    CHANGED_BY_A_MOVE,
    MAX_MOVES_IN_A_ROW,
    after_commit,
    default_move,
    locked_game,
    play_for,
    seats_of,
    settle,
)

CHECK_SECONDS = 10
BATCH = 500


def overdue(now=None) -> list[tuple[int, int]]:
    """(game id, moves) of the playing games past their deadline, oldest first."""
    now = now or timezone.now()
    games = Game.objects.filter(status=Game.Status.PLAYING, deadline__lt=now)
    return list(games.order_by("deadline").values_list("pk", "moves")[:BATCH])


def do_time_out(game_id: int, at: int, now=None) -> str:
    """What became of game ``game_id`` past its deadline at move ``at``: "timeout" (the
    default move played), "bot" (the bot's turn sent again) or "moved on"."""
    now = now or timezone.now()
    with transaction.atomic():
        game = locked_game(game_id)
        if not game.is_playing or game.moves != at or game.deadline is None:
            return "moved on"
        if game.deadline >= now:
            return "moved on"
        seats = seats_of(game)
        seat = seats[game.to_move]
        if seat.is_bot:
            game.deadline = now + timedelta(seconds=BOT_TURN_SECONDS)
            game.save(update_fields=["deadline", "updated_at"])
            after_commit(game, seats, previous=game.to_move)
            return "bot"
        seat.timeouts += 1
        seat.forfeited = seat.forfeited or 0 < game.forfeit_after <= seat.timeouts
        seat.save(update_fields=["timeouts", "forfeited"])
        state = rebuild(game.record, game.deals)
        previous = game.to_move
        for _ in range(MAX_MOVES_IN_A_ROW):
            if state.current_player() != seat.position:
                break
            play_for(game, state, default_move(game, state, seat.position))
        settle(game, seats, state, now, previous)
        game.save(update_fields=CHANGED_BY_A_MOVE)
        after_commit(game, seats, previous)
    return "timeout"
