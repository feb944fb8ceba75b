"""A bot's turn at a game on the site, played on a worker (the ``bots`` queue).

The bot is asked without any lock held (a remote bot may take seconds); its move is
then applied under the game's row lock only if the game has not moved on meanwhile, so
a task sent twice, or one that raced a timeout, plays nothing twice. The task goes on
while a bot is to move (a turn is several decisions; two bots may follow each other).

A built-in bot that decides in a moment (``quick`` in the registry's ``LivePlay.bots``)
is not sent here: its turn is played in the request that made it due
(``play.settling.settle``); the workers play the others (search bots, remote bots).
Faults follow the referee of bot matches (``play.bot_decisions``). A remote bot is
asked ``/move`` with ``"match": "play-ID"`` and attempt 0; its time bank is whole at
the start of each of its turns and what a decision overruns is taken from it for the
rest of the turn (``Game.bank_ms``); its ``/start`` comes first (``play.bot_calls``).
One worker at a time asks a game's bot (``claim_turn``).
"""

from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bots.models import Bot
from lib.compiled import save_fields
from play.bot_calls import ELSEWHERE, SENT, start_remote_bots
from play.bot_decisions import Decision, ask, note_fault, seat_player
from play.models import Game, GameSeat
from play.moving import CHANGED_BY_A_MOVE, locked_game, seats_of
from play.settling import (
    MAX_MOVES_IN_A_ROW,
    after_commit,
    bot_decision_seconds,
    play_for,
    settle,
    stand_in_move,
)


def decide(game: Game, seats: list[GameSeat], state) -> tuple[list[Decision], int | None]:
    """The bots' next decisions, worked out on a copy of ``state`` with no lock held:
    built-in bots' whole run of decisions (each takes a moment), a remote bot's one (it
    may take seconds, and the game may move on meanwhile), with what is left of its
    bank this turn (else None). A fault ends the run."""
    work, players = state.clone(), {}
    plan: list[Decision] = []
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


def read_game(game_id: int) -> tuple[Game | None, list[GameSeat]]:
    """The game and its seats with their bots, read without a lock."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None, []
    return game, list(game.seats.select_related("bot").order_by("position"))


def start_pending(seats: list[GameSeat]) -> bool:
    return any(s.bot is not None and s.bot.kind == Bot.Kind.REMOTE and not s.started for s in seats)


def play_plan(game: Game, seats: list[GameSeat], state, plan: list[Decision]) -> None:
    """The decisions worked out (``decide``), played under the game's lock: at a fault
    the fault is kept and the stand-in plays instead."""
    for decision in plan:
        move = decision.move
        if decision.fault is not None:
            note_fault(game, seats[decision.position], decision.fault, state)
            move = stand_in_move(game, state, decision.position)
        assert move is not None, "a decision without a fault has its move"
        play_for(game, state, move)


def keep_the_bank(game: Game, seat: GameSeat, bank_ms: int, now) -> None:
    """The remote bot's turn goes on with what is left of its bank."""
    game.bank_ms = bank_ms
    game.deadline = now + timedelta(seconds=bot_decision_seconds(seat.bot, bank_ms))


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
        if game is None or not game.is_playing or game.moves != at or game.to_move is None:
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
            play_plan(game, seats, state, plan)
            now = timezone.now()
            new_turn = settle(game, seats, state, now, previous)
            if previous is not None and game.to_move == previous and bank_ms is not None:
                keep_the_bank(game, seats[previous], bank_ms, now)
            save_fields(game, CHANGED_BY_A_MOVE)
            at = game.moves
            played += len(plan)
            if game.to_move is None or not seats[game.to_move].is_bot:
                after_commit(game, seats, new_turn)
                break
        game, seats = read_game(game_id)
    return played
