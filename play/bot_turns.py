"""A bot's turn at a game on the site, played on a worker (the ``bots`` queue).

The bot is asked without any lock held (a remote bot may take seconds); its move is
then applied under the game's row lock only if the game has not moved on meanwhile, so
a task sent twice, or one that raced a timeout, plays nothing twice. The task goes on
while a bot is to move (a turn is several decisions; two bots may follow each other).

Faults follow the referee of bot matches: a remote bot's fault, or an illegal move of
any bot, is counted on its seat and the game's stand-in bot plays that move instead;
after ``FORFEIT_AFTER_FAULTS`` faults the seat forfeits (placed last, the stand-in
plays its moves).
A remote bot is asked ``/move`` with ``"match": "play-ID"`` and attempt 0, its time
bank renewed at each of its turns; its ``/start`` comes first (``play.bot_calls``).
"""

import logging

from django.db import transaction
from django.utils import timezone

from botplay import conf
from botplay.players import BuiltinPlayer, RemotePlayer
from botplay.remote import BotFault
from bots.models import Bot
from games.call_to_glory import IllegalMove
from games.call_to_glory.moves import LOOKUP
from play.bot_calls import ELSEWHERE, SENT, start_remote_bots
from play.engine import rebuild
from play.models import Game, Seat
from play.moving import (
    CHANGED_BY_A_MOVE,
    MAX_MOVES_IN_A_ROW,
    after_commit,
    locked_game,
    play_for,
    seats_of,
    settle,
    stand_in_move,
)

log = logging.getLogger(__name__)


def player_of(bot: Bot, seed: int):
    if bot.kind == Bot.Kind.REMOTE:
        return RemotePlayer(bot)
    return BuiltinPlayer(bot.builtin_key, bot.settings, seed)


def seat_player(game: Game, seat: Seat):
    """Who answers for a bot's seat. A built-in bot is seeded per seat, as in bot matches
    (``arena.make_seat_bots``), and shown its own earlier decisions at this game (from
    the record), so that it remembers and decides as a bot kept for the whole game."""
    if seat.bot.kind == Bot.Kind.REMOTE:
        return player_of(seat.bot, 0)
    player = player_of(seat.bot, game.seed * 7919 + seat.position)
    replay = rebuild({**game.record, "rounds": []}, game.deals)
    for round_ in game.record["rounds"]:
        for move in round_["moves"]:
            if replay.current_player() == seat.position:
                player.policy.recall(replay.view(seat.position), move)
            replay.apply_action(LOOKUP[move][1])
    return player


def ask(game: Game, seat: Seat, state, player) -> str | None:
    """The bot's move, or None when it is at fault."""
    move = None
    try:
        move = player.choose(state, seat.position, {"match": f"play-{game.pk}", "attempt": 0})
        state.clone().apply(move)
        return move
    except BotFault as fault:
        log.info("bot %s at fault in game %s: %s", seat.bot_id, game.pk, fault)
    except IllegalMove as exc:
        log.info("bot %s played %r in game %s: %s", seat.bot_id, move, game.pk, exc)
    finally:
        player.close()
    return None


def decide(game: Game, seats: list[Seat], state) -> list[tuple[int, str | None]]:
    """The bots' next decisions, worked out on a copy of ``state`` with no lock held:
    built-in bots' whole run of decisions (each takes a moment), a remote bot's one (it
    may take seconds, and the game may move on meanwhile). A fault ends the run (its
    default move is drawn under the lock)."""
    work, plan, players = state.clone(), [], {}
    while len(plan) < MAX_MOVES_IN_A_ROW:
        position = work.current_player()
        if position is None or not seats[position].is_bot or seats[position].forfeited:
            break
        if position not in players:
            players[position] = seat_player(game, seats[position])
        move = ask(game, seats[position], work, players[position])
        plan.append((position, move))
        if move is None or seats[position].bot.kind == Bot.Kind.REMOTE:
            break
        work.apply(move)
    return plan


def read_game(game_id: int) -> tuple[Game | None, list[Seat]]:
    """The game and its seats with their bots, read without a lock."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None, []
    return game, list(game.seats.select_related("bot").order_by("position"))


def start_pending(seats: list[Seat]) -> bool:
    return any(s.is_bot and s.bot.kind == Bot.Kind.REMOTE and not s.started for s in seats)


def do_play_bot_turns(game_id: int, at: int) -> int:
    """Play the bots' moves from move ``at`` on; how many were played. Safe to run any
    number of times: a stale task finds the game moved on and does nothing. The remote
    bots' ``/start`` comes first: a task that sends it plays on from where the game is
    then; one that finds it sent elsewhere leaves the turn to that task."""
    game, seats = read_game(game_id)
    if start_pending(seats):
        starting = start_remote_bots(game_id)
        if starting == ELSEWHERE:
            return 0
        if starting == SENT:
            game, seats = read_game(game_id)
            at = game.moves if game is not None else at
    played = 0
    state = None
    for _round_trip in range(MAX_MOVES_IN_A_ROW):
        if game is None or not game.is_playing or game.moves != at:
            break
        if state is None:
            state = rebuild(game.record, game.deals)
        plan = decide(game, seats, state)
        if not plan:
            break
        with transaction.atomic():
            game = locked_game(game_id)
            if not game.is_playing or game.moves != at:
                break
            seats = seats_of(game)
            previous = game.to_move
            for position, move in plan:
                if move is None:
                    seat = seats[position]
                    seat.faults += 1
                    if seat.faults >= conf.FORFEIT_AFTER_FAULTS:
                        seat.forfeited, seat.forfeited_at = True, game.moves
                    seat.save(update_fields=["faults", "forfeited", "forfeited_at"])
                    move = stand_in_move(game, state, position)
                play_for(game, state, move)
            settle(game, seats, state, timezone.now(), previous)
            game.save(update_fields=CHANGED_BY_A_MOVE)
            at = game.moves
            played += len(plan)
            if not game.is_playing or not seats[game.to_move].is_bot:
                after_commit(game, seats, previous)
                break
        game, seats = read_game(game_id)
    return played
