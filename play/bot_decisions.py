"""A bot's decision at a game on the site, wherever it is asked for (a worker's bot
turn, ``play.bot_turns``; a quick built-in bot's turn in the request that made it due,
``play.settling.settle``): who answers for the seat, asking it, and the fault that stands
instead of a bad answer.

Faults follow the referee of bot matches: a remote bot's fault, or an illegal move of
any bot, is counted on its seat and the game's stand-in bot plays that move instead;
after ``FORFEIT_AFTER_FAULTS`` faults the seat forfeits (placed last, the stand-in
plays its moves). A fault is kept with its evidence (``GameFault``).
"""

import logging
from dataclasses import dataclass

from botplay import conf
from botplay.players import BuiltinPlayer, RemotePlayer
from botplay.remote import BotFault, stored_evidence
from games.declaring import moves_of, seat_of_move
from play.models import Game, GameFault, GameSeat

log = logging.getLogger(__name__)


def plays_at_once(game: Game, seat: GameSeat) -> bool:
    """Whether ``seat`` is a built-in bot that decides in a moment (the registry's
    ``LivePlay.plays_at_once``): its turn is played in the request that made it due."""
    bot = seat.bot
    return bot is not None and not bot.is_remote and game.live.plays_at_once(bot.builtin_key)


def seat_player(game: Game, seat: GameSeat):
    """Who answers for a bot's seat. A built-in bot is seeded per seat, as in bot matches
    (``arena.make_seat_bots``), and shown its own earlier decisions at this game (from
    the record), so that it remembers and decides as a bot kept for the whole game. A
    bot without memory (``remembers`` false) is shown only its moves, and the record
    need not be replayed (a move starts with its seat's number)."""
    bot = seat.bot
    assert bot is not None, "only a bot's seat has a player"
    if bot.is_remote:
        return RemotePlayer(bot)
    live = game.live
    player = BuiltinPlayer(live, bot.builtin_key, bot.settings, game.seed * 7919 + seat.position)
    if not getattr(player.policy, "remembers", True):
        for move in moves_of(game.record):
            if seat_of_move(move) == seat.position:
                player.policy.recall(None, move)
        return player
    replay = game.state(moves=0)
    for move in moves_of(game.record):
        if replay.current_player() == seat.position:
            player.policy.recall(replay.view(seat.position), move)
        live.apply_stored(replay, move)
    return player


@dataclass
class Decision:
    """A bot's decision: its move, or the fault that stands instead (the stand-in plays
    then, under the lock)."""

    position: int
    move: str | None
    fault: BotFault | None = None


def ask(game: Game, seat: GameSeat, state, player) -> Decision:
    """``player``'s decision for ``seat`` in ``state`` (left as it was)."""
    move = None
    try:
        move = player.choose(state, seat.position, {"match": f"play-{game.pk}", "attempt": 0})
        state.clone().apply(move)
        return Decision(seat.position, move)
    except BotFault as fault:
        log.info("bot %s at fault in game %s: %s", seat.bot_id, game.pk, fault)
        return Decision(seat.position, None, fault)
    except game.live.illegal_move as exc:
        log.info("bot %s played %r in game %s: %s", seat.bot_id, move, game.pk, exc)
        return Decision(seat.position, None, BotFault("illegal", f"{move!r}: {exc}"))
    finally:
        player.close()


def note_fault(game: Game, seat: GameSeat, fault: BotFault, state) -> None:
    """Count the fault on the seat (it forfeits after ``FORFEIT_AFTER_FAULTS``) and keep
    it with its evidence, as a bot match does."""
    seat.faults += 1
    if seat.faults >= conf.FORFEIT_AFTER_FAULTS:
        seat.forfeited, seat.forfeited_at = True, game.moves
    seat.save(update_fields=["faults", "forfeited", "forfeited_at"])
    rounds = state.record()["rounds"]
    assert seat.bot_id is not None, "only a bot's seat is at fault"
    GameFault.objects.create(
        game=game,
        bot_id=seat.bot_id,
        position=seat.position,
        kind=fault.kind,
        round_number=max(1, len(rounds)),
        move_number=len(rounds[-1]["moves"]) + 1 if rounds else 1,
        evidence=stored_evidence(fault.evidence),
    )
