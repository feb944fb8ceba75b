"""A remote bot's ``/start`` and ``/end`` at a game on the site (docs/bot-protocol.md),
sent by the bots app's remote player (2 s each, signed) on a worker.

- ``/start`` reaches each remote seat once, before its first ``/move``: the game's
  first bot-turn task (sent when the game begins) claims the seat with a conditional
  UPDATE and sends it; a turn task that finds a ``/start`` under way elsewhere leaves
  the turn to the task sending it, which plays on once it is sent. A claim older than
  ``START_CLAIM_SECONDS`` (its worker died) may be taken again.
- ``/end`` reaches each remote seat that did not forfeit once the game is finished
  (claimed the same way), with the result and the finished record. A game deleted
  while played (its table paired again, its event deleted) is *abandoned*: its remote
  bots that were started get ``/end`` with ``"abandoned": true`` and no result or record.

Faults are the bot's, as in matches: a ``/start`` or ``/end`` that fails counts on the
seat like a ``/move`` fault (a ``/start`` fault towards its forfeit); the game goes on.
"""

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from botplay import conf
from botplay.players import RemotePlayer
from botplay.remote import BotFault
from bots.models import Bot
from lib import enqueue
from lib.compiled import save_fields
from play.models import Game, GameSeat
from play.moving import CHANGED_BY_A_MOVE, locked_game, seats_of
from play.settling import after_commit, settle

log = logging.getLogger(__name__)

START_CLAIM_SECONDS = 30

READY, SENT, ELSEWHERE = "ready", "sent", "elsewhere"


def match_id(game_id: int) -> str:
    return f"play-{game_id}"


def remote_seats(game_id: int):
    return GameSeat.objects.filter(game_id=game_id, bot__kind=Bot.Kind.REMOTE).select_related("bot")


def claim_start(seat: GameSeat) -> bool:
    now = timezone.now()
    stale = now - timedelta(seconds=START_CLAIM_SECONDS)
    unclaimed = Q(start_claimed_at__isnull=True) | Q(start_claimed_at__lt=stale)
    claimed = GameSeat.objects.filter(unclaimed, pk=seat.pk, started=False)
    return claimed.update(start_claimed_at=now) == 1


def call(bot: Bot, path: str, info: dict) -> BotFault | None:
    """Send ``/start`` or ``/end``; the bot's fault, or None."""
    player = RemotePlayer(bot)
    try:
        (player.start if path == "/start" else player.end)(info)
    except BotFault as fault:
        log.info("bot %s at fault on %s in %s: %s", bot.pk, path, info["match"], fault)
        return fault
    finally:
        player.close()
    return None


def count_start_fault(game_id: int, position: int) -> None:
    """A ``/start`` fault on the seat, under the game's lock (as a ``/move`` fault is);
    a seat that forfeits on it while to move has its turn played at once."""
    with transaction.atomic():
        game = locked_game(game_id)
        seats = seats_of(game)
        seat = seats[position]
        seat.faults += 1
        seat.forfeited = seat.forfeited or seat.faults >= conf.FORFEIT_AFTER_FAULTS
        seat.save(update_fields=["faults", "forfeited"])
        if seat.forfeited and game.is_playing and game.to_move == position:
            state = game.state()
            new_turn = settle(game, seats, state, timezone.now(), previous=position)
            save_fields(game, CHANGED_BY_A_MOVE)
            after_commit(game, seats, new_turn)
        else:  # the game's stamp moves on: a move that read the seats before is played again
            save_fields(game, ("updated_at",))


def start_remote_bots(game_id: int) -> str:
    """Send ``/start`` to the game's remote seats not started yet: READY (nothing to
    send), SENT (this task sent some) or ELSEWHERE (another task is sending one)."""
    waiting = list(remote_seats(game_id).filter(started=False).order_by("position"))
    if not waiting:
        return READY
    game = Game.objects.get(pk=game_id)
    names = list(game.seats.order_by("position").values_list("name", flat=True))
    for seat in waiting:
        if not claim_start(seat):
            return ELSEWHERE
        info = {"match": match_id(game_id), "attempt": 0, "seat": seat.position}
        fault = call(seat.bot, "/start", {**info, "players": names, "options": game.options})
        if fault is not None:
            count_start_fault(game_id, seat.position)
        GameSeat.objects.filter(pk=seat.pk).update(started=True)
    return SENT


def do_end_remote_bots(game_id: int) -> int:
    """Send ``/end`` to the finished (or abandoned) game's remote seats that did not
    forfeit, each once; how many were sent. An ``/end`` fault counts on the seat (its
    place stays)."""
    game = Game.objects.filter(pk=game_id).exclude(status=Game.Status.PLAYING).first()
    if game is None:
        return 0
    if game.is_abandoned:
        over = {"abandoned": True, "result": None, "record": None}
    else:
        over = {"result": game.result, "record": game.record}
    sent = 0
    for seat in remote_seats(game_id).filter(started=True, forfeited=False, ended=False):
        if not GameSeat.objects.filter(pk=seat.pk, ended=False).update(ended=True):
            continue  # another task sent it
        info = {"match": match_id(game_id), "attempt": 0, "seat": seat.position}
        fault = call(seat.bot, "/end", {**info, **over})
        if fault is not None:
            GameSeat.objects.filter(pk=seat.pk).update(faults=F("faults") + 1)
        sent += 1
    return sent


def abandoned_seats(game: Game) -> list[tuple[int, int]]:
    """(bot id, seat) of the remote bots to tell that ``game`` is abandoned."""
    if not game.is_playing:
        return []
    seats = remote_seats(game.pk).filter(forfeited=False, start_claimed_at__isnull=False)
    return list(seats.values_list("bot_id", "position"))


def do_end_abandoned(game_id: int, seats: list[tuple[int, int]]) -> int:
    """Tell the remote bots of the deleted game ``game_id`` that it is abandoned."""
    sent = 0
    for bot_id, position in seats:
        bot = Bot.objects.filter(pk=bot_id, kind=Bot.Kind.REMOTE).first()
        if bot is None:
            continue
        info = {"match": match_id(game_id), "attempt": 0, "seat": position}
        call(bot, "/end", {**info, "abandoned": True, "result": None, "record": None})
        sent += 1
    return sent


def when_deleted(instance: Game, **_signal) -> None:
    """``pre_delete`` of a game (connected in ``PlayConfig.ready``): its seats still
    exist here; the remote bots are told once the deletion commits."""
    seats = abandoned_seats(instance)
    if seats:
        enqueue.on_commit("play.tasks.end_abandoned", instance.pk, seats)
