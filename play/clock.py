"""The clock: when a person's time for their turn has run out, the game's stand-in (the
built-in bot the event names) plays the rest of that turn for them, noted as played by
the bot for them; after ``forfeit_after`` timeouts (0: never) the seat forfeits, and the
stand-in plays it to the end (placed below every seat that played on), unless nobody
plays on: then the game is abandoned (``play.settling.settle``). Celery beat runs
``enforce_deadlines`` every ``CHECK_SECONDS``; a bot's turn past its own deadline (a
remote bot's: its time per move and bank, and a slack) is sent again only when no
worker is asking the bot (``Game.bot_claimed_until``): its task was lost.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from lib.compiled import save_fields
from play.models import Game
from play.moving import CHANGED_BY_A_MOVE, locked_game, seats_of
from play.settling import after_commit, bot_decision_seconds, settle, stand_in_for

CHECK_SECONDS = 10
BATCH = 500


def overdue(now=None) -> list[tuple[int, int]]:
    """(game id, moves) of the playing games past their deadline, oldest first."""
    now = now or timezone.now()
    games = Game.objects.filter(status=Game.Status.PLAYING, deadline__lt=now)
    return list(games.order_by("deadline").values_list("pk", "moves")[:BATCH])


def do_time_out(game_id: int, at: int, now=None) -> str:
    """What became of game ``game_id`` past its deadline at move ``at``: "timeout" (the
    stand-in played the turn, or the seat forfeited), "bot" (the bot's turn sent again),
    "in flight" (a worker is asking the bot) or "moved on"."""
    now = now or timezone.now()
    with transaction.atomic():
        game = locked_game(game_id)
        if not game.is_playing or game.moves != at or game.deadline is None:
            return "moved on"
        if game.deadline >= now:
            return "moved on"
        seats = seats_of(game)
        assert game.to_move is not None, "a game being played has a seat to move"
        seat = seats[game.to_move]
        if seat.is_bot:
            if game.bot_claimed_until is not None and game.bot_claimed_until >= now:
                return "in flight"
            game.deadline = now + timedelta(seconds=bot_decision_seconds(seat.bot, game.bank_ms))
            save_fields(game, ("deadline", "updated_at"))
            after_commit(game, seats, new_turn=False)
            return "bot"
        seat.timeouts += 1
        if 0 < game.forfeit_after <= seat.timeouts:
            seat.forfeited, seat.forfeited_at = True, game.moves
        seat.save(update_fields=["timeouts", "forfeited", "forfeited_at"])
        state = game.state()
        previous = game.to_move
        if not seat.forfeited:  # a forfeited seat's turn is settle's to play, or to end
            stand_in_for(game, state, seat)
        new_turn = settle(game, seats, state, now, previous)
        save_fields(game, CHANGED_BY_A_MOVE)
        after_commit(game, seats, new_turn)
    return "timeout"
