"""Moves: every move of a game goes through the engine, and two moves at once can never
both apply (the second one finds the game moved on and is refused, or is checked
against the new state). A person's move that writes only the game's row (most do) reads
the game with its seats in one statement, without a lock, and writes the row only if
nobody saved the game meanwhile (a compare-and-set on ``updated_at``, which every save
of a game changes): no transaction, three round trips fewer than under the lock. Every
other change of a game (a move that finds the game saved meanwhile, ends it or keeps a
bot's fault; a bot's turn on a worker, a timeout, leaving) is made in a transaction
holding the game's row lock.

After a move the game is *settled* (``play.settling``).
"""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from games.reasons import told
from lib.compiled import CompiledQuery, save_fields
from lib.refusal import CONFLICT, Refusal
from play.access import can_view_played_game
from play.models import Game, GameSeat
from play.settling import NeedsTheLock, after_commit, settle

# A move changes these (the deals and the settings stay as they were).
CHANGED_BY_A_MOVE = (
    "record",
    "moves",
    "to_move",
    "deadline",
    "bot_claimed_until",
    "bank_ms",
    "status",
    "abandoned_because",
    "stood_in",
    "result",
    "finished_at",
    "replay",
    "updated_at",
)


# Every move reads these two, compiled once (``lib.compiled``): the marker stands for
# the game's id.
GAME_LOCKED = CompiledQuery(lambda game_id: Game.objects.select_for_update().filter(pk=game_id), -7)


SEATS_WITH_BOTS = CompiledQuery(
    lambda game_id: (
        GameSeat.objects.filter(game_id=game_id).select_related("bot").order_by("position")
    ),
    -7,
)


# A person's move reads the game with its seats in one statement, without a lock: one
# game for every seat, made once from the first row.
SEATS_WITH_GAME = CompiledQuery(
    lambda game_id: (
        GameSeat.objects.filter(game_id=game_id).select_related("game", "bot").order_by("position")
    ),
    -7,
    shared="game",
)


def locked_game(game_id: int) -> Game:
    """The game under its row lock (only the game's row: nothing joined is locked);
    404 if there is none."""
    found = GAME_LOCKED.fetch(game_id)
    if not found:
        raise Http404(f"No {Game._meta.object_name} matches the given query.")
    return found[0]


def seats_of(game: Game) -> list[GameSeat]:
    """The game's seats in order, each with its bot (a bot's turn reads it)."""
    seats = SEATS_WITH_BOTS.fetch(game.pk)
    for seat in seats:
        seat.game = game
    return seats


def game_with_seats(game_id: int) -> tuple[Game, list[GameSeat]]:
    """The game and its seats in order, each with its bot, read in one statement (one
    snapshot of both) without a lock; 404 if there is no such game."""
    seats = SEATS_WITH_GAME.fetch(game_id)
    if not seats:
        raise Http404(f"No {Game._meta.object_name} matches the given query.")
    return seats[0].game, seats


def seat_of(user, seats: list[GameSeat]) -> GameSeat | None:
    if not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.pk), None)


def check_playing(game: Game) -> None:
    if not game.is_playing:
        raise Refusal(_("The game is over."), code=CONFLICT)


def check_fresh(game: Game, at) -> None:
    """A move made against an older state (``at``: the moves the client had seen)."""
    if at is not None and at != game.moves:
        raise Refusal(_("The game has moved on since you looked; look again."), "at", code=CONFLICT)


def check_turn(game: Game, seat: GameSeat) -> None:
    if game.to_move != seat.position:
        raise Refusal(_("It is not your turn."), code=CONFLICT)


def stood_in_at(game: Game, move: int) -> int | None:
    """The seat the stand-in played the game's ``move``-th move for, if it did."""
    return next((seat for first, end, seat in game.stood_in if first <= move < end), None)


def apply_checked(game: Game, state, move) -> None:
    try:
        state.apply(move)
    except game.live.illegal_move as exc:
        raise Refusal(told(str(exc), list(state.players)), "move") from None


@dataclass(frozen=True)
class Moved:
    """A game just moved, with the seats and the state the move left: the answer shows
    them instead of reading the seats and replaying the record again."""

    game: Game
    seats: list[GameSeat]
    state: object


def do_move(user, game_id: int, move, at: int | None = None) -> Moved:
    """Play ``move`` (a record move string) for ``user``'s seat, and what the site plays
    at once after it. Refused, with nothing changed: a move out of turn or against an
    older state (409), an illegal move (400, the engine's reason); a user who may not
    see the game or has no seat here gets PermissionDenied.

    Played without the game's lock (the module's docstring): written only if the game
    is as it was read; else, or when its outcome writes more than the game's row, it is
    played again under the lock (``do_locked_move``)."""
    game, seats = game_with_seats(game_id)
    read_at = game.updated_at
    state, seat = played_move(user, game, seats, move, at)
    try:
        new_turn = settle(game, seats, state, timezone.now(), seat.position, locked=False)
    except NeedsTheLock:
        return do_locked_move(user, game_id, move, at)
    if not save_fields(game, CHANGED_BY_A_MOVE, unchanged=("updated_at", read_at)):
        return do_locked_move(user, game_id, move, at)
    after_commit(game, seats, new_turn, by=seat.position)
    return Moved(game, seats, state)


def do_locked_move(user, game_id: int, move, at: int | None) -> Moved:
    """``do_move`` in a transaction holding the game's row lock."""
    with transaction.atomic():
        game = locked_game(game_id)
        seats = seats_of(game)
        state, seat = played_move(user, game, seats, move, at)
        new_turn = settle(game, seats, state, timezone.now(), seat.position)
        save_fields(game, CHANGED_BY_A_MOVE)
        after_commit(game, seats, new_turn, by=seat.position)
    return Moved(game, seats, state)


def played_move(user, game: Game, seats: list[GameSeat], move, at: int | None):
    """The state after ``user``'s ``move`` (refused as ``do_move`` says), and their
    seat; ``game.moves`` counts it."""
    if not can_view_played_game(user, game):
        raise PermissionDenied
    seat = seat_of(user, seats)
    if seat is None:
        raise PermissionDenied(_("You have no seat at this game."))
    check_playing(game)
    check_fresh(game, at)
    check_turn(game, seat)
    if not isinstance(move, str):
        raise Refusal(_("A move is a string like “0 draw D1”."), "move")
    state = game.state()
    apply_checked(game, state, move)
    game.moves += 1
    return state, seat


def do_leave(user, game_id: int) -> Moved:
    """``user`` leaves the game: their seat forfeits at once (the stand-in plays its
    turns to the end; it is placed below everyone who plays on), and when nobody is left
    the game is abandoned. Refused once the game is over or the seat has left."""
    with transaction.atomic():
        game = locked_game(game_id)
        if not can_view_played_game(user, game):
            raise PermissionDenied
        seats = seats_of(game)
        seat = seat_of(user, seats)
        if seat is None:
            raise PermissionDenied(_("You have no seat at this game."))
        check_playing(game)
        if seat.forfeited:
            raise Refusal(_("You have left this game already."), code=CONFLICT)
        seat.forfeited, seat.forfeited_at = True, game.moves
        seat.save(update_fields=["forfeited", "forfeited_at"])
        state = game.state()
        new_turn = settle(game, seats, state, timezone.now(), game.to_move)
        save_fields(game, CHANGED_BY_A_MOVE)
        after_commit(game, seats, new_turn, by=seat.position)
    return Moved(game, seats, state)
