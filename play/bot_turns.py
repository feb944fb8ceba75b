"""A bot's turn at a game on the site, played on a worker (the ``bots`` queue).

The bot is asked without any lock held (a remote bot may take seconds); its move is
then applied under the game's row lock only if the game has not moved on meanwhile, so
a task sent twice, or one that raced a timeout, plays nothing twice. The task goes on
while a bot is to move (a turn is several decisions; two bots may follow each other).

Faults follow the referee of bot matches: a remote bot's fault, or an illegal move of
any bot, is counted on its seat and the game's stand-in bot plays that move instead;
after ``FORFEIT_AFTER_FAULTS`` faults the seat forfeits (placed last, the stand-in
plays its moves).
A fault is kept with its evidence (``GameFault``). A remote bot is asked ``/move`` with
``"match": "play-ID"`` and attempt 0; its time bank is whole at the start of each of its
turns and what a decision overruns is taken from it for the rest of the turn
(``Game.bank_ms``); its ``/start`` comes first (``play.bot_calls``). One worker at a time
asks a game's bot (``claim_turn``).
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from botplay import conf
from botplay.players import BuiltinPlayer, RemotePlayer
from botplay.remote import BotFault, stored_evidence
from bots.models import Bot
from games.registry import moves_of
from play.bot_calls import ELSEWHERE, SENT, start_remote_bots
from play.models import Game, GameFault, GameSeat
from play.moving import (
    CHANGED_BY_A_MOVE,
    MAX_MOVES_IN_A_ROW,
    after_commit,
    bot_decision_seconds,
    locked_game,
    play_for,
    seats_of,
    settle,
    stand_in_move,
)

log = logging.getLogger(__name__)


def seat_player(game: Game, seat: GameSeat):
    """Who answers for a bot's seat. A built-in bot is seeded per seat, as in bot matches
    (``arena.make_seat_bots``), and shown its own earlier decisions at this game (from
    the record), so that it remembers and decides as a bot kept for the whole game."""
    if seat.bot.is_remote:
        return RemotePlayer(seat.bot)
    live = game.live
    player = BuiltinPlayer(
        live, seat.bot.builtin_key, seat.bot.settings, game.seed * 7919 + seat.position
    )
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


def decide(game: Game, seats: list[GameSeat], state) -> tuple[list[Decision], int | None]:
    """The bots' next decisions, worked out on a copy of ``state`` with no lock held:
    built-in bots' whole run of decisions (each takes a moment), a remote bot's one (it
    may take seconds, and the game may move on meanwhile), with what is left of its
    bank this turn (else None). A fault ends the run."""
    work, plan, players = state.clone(), [], {}
    while len(plan) < MAX_MOVES_IN_A_ROW:
        position = work.current_player()
        if position is None or not seats[position].is_bot or seats[position].forfeited:
            break
        if position not in players:
            players[position] = seat_player(game, seats[position])
            if seats[position].bot.is_remote and game.bank_ms is not None:
                players[position].bank_ms = float(game.bank_ms)  # the turn's bank goes on
        decision = ask(game, seats[position], work, players[position])
        plan.append(decision)
        if seats[position].bot.is_remote:
            return plan, round(players[position].bank_ms)
        if decision.move is None:
            break
        work.apply(decision.move)
    return plan, None


def claim_turn(game: Game, seat: GameSeat, at: int) -> bool:
    """Take the game's bot turn at move ``at`` for this worker until the bot's decision
    is due (a conditional UPDATE): False while another worker asks the bot, so a turn
    sent twice holds one worker, and beat sends it again only once the claim is over."""
    now = timezone.now()
    until = now + timedelta(seconds=bot_decision_seconds(seat.bot, game.bank_ms))
    free = Q(bot_claimed_until__isnull=True) | Q(bot_claimed_until__lt=now)
    playing = Game.objects.filter(free, pk=game.pk, moves=at, status=Game.Status.PLAYING)
    return bool(playing.update(bot_claimed_until=until))


def note_fault(game: Game, seat: GameSeat, fault: BotFault, state) -> None:
    """Count the fault on the seat (it forfeits after ``FORFEIT_AFTER_FAULTS``) and keep
    it with its evidence, as a bot match does."""
    seat.faults += 1
    if seat.faults >= conf.FORFEIT_AFTER_FAULTS:
        seat.forfeited, seat.forfeited_at = True, game.moves
    seat.save(update_fields=["faults", "forfeited", "forfeited_at"])
    rounds = state.record()["rounds"]
    GameFault.objects.create(
        game=game,
        bot_id=seat.bot_id,
        position=seat.position,
        kind=fault.kind,
        round_number=max(1, len(rounds)),
        move_number=len(rounds[-1]["moves"]) + 1 if rounds else 1,
        evidence=stored_evidence(fault.evidence),
    )


def read_game(game_id: int) -> tuple[Game | None, list[GameSeat]]:
    """The game and its seats with their bots, read without a lock."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None, []
    return game, list(game.seats.select_related("bot").order_by("position"))


def start_pending(seats: list[GameSeat]) -> bool:
    return any(s.is_bot and s.bot.kind == Bot.Kind.REMOTE and not s.started for s in seats)


def do_play_bot_turns(game_id: int, at: int) -> int:
    """Play the bots' moves from move ``at`` on; how many were played. Safe to run any
    number of times: a stale task finds the game moved on and does nothing, and one
    that finds another worker asking the bot (``claim_turn``) leaves it that turn. The
    remote bots' ``/start`` comes first: a task that sends it plays on from where the
    game is then; one that finds it sent elsewhere leaves the turn to that task."""
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
        seat = seats[game.to_move]
        if not seat.is_bot or seat.forfeited or not claim_turn(game, seat, at):
            break
        if state is None:
            state = game.state()
        plan, bank_ms = decide(game, seats, state)
        with transaction.atomic():
            game = locked_game(game_id)
            if not game.is_playing or game.moves != at:
                break
            seats = seats_of(game)
            previous = game.to_move
            for decision in plan:
                move = decision.move
                if decision.fault is not None:
                    note_fault(game, seats[decision.position], decision.fault, state)
                    move = stand_in_move(game, state, decision.position)
                play_for(game, state, move)
            now = timezone.now()
            settle(game, seats, state, now, previous)
            if game.is_playing and game.to_move == previous and bank_ms is not None:
                game.bank_ms = bank_ms  # the remote bot's turn goes on with what is left
                seconds = bot_decision_seconds(seats[previous].bot, bank_ms)
                game.deadline = now + timedelta(seconds=seconds)
            game.save(update_fields=CHANGED_BY_A_MOVE)
            at = game.moves
            played += len(plan)
            if not game.is_playing or not seats[game.to_move].is_bot:
                after_commit(game, seats, previous)
                break
        game, seats = read_game(game_id)
    return played
