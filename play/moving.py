"""Moves: every move of a game goes through the engine, and two moves at once can never
both apply (the second one finds the game moved on and is refused, or is checked
against the new state). A person's move that writes only the game's row (most do) reads
the game with its seats in one statement, without a lock, and writes the row only if
nobody saved the game meanwhile (a compare-and-set on ``updated_at``, which every save
of a game changes): no transaction, three round trips fewer than under the lock. Every
other change of a game (a move that finds the game saved meanwhile, ends it or keeps a
bot's fault; a bot's turn on a worker, a timeout, leaving) is made in a transaction
holding the game's row lock.

After a move the game is *settled*: a game in which no person plays on (every person
forfeited), or which ends without any person having made a move of their own, is
abandoned, with no places and no result; otherwise the moves of seats
that forfeited are played at once by the game's *stand-in* (the built-in bot the event
names), and so are the turns of *quick* built-in bots (the registry's
``LivePlay.plays_at_once``: a greedy bot's turn is a few milliseconds, less than
sending it to a worker costs), in the same transaction; the seat to move and its
deadline are stored, and a finished game gets its result (the table's official
result too), every forfeited seat placed below every seat that played on. Search bots
and remote bots play on the workers (``play.bot_turns``).
"""

from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from config.compiled import CompiledQuery, save_fields
from games.models import GameRecord
from games.reasons import told
from games.registry import moves_of, seat_of_move
from play.bot_decisions import ask, note_fault, plays_at_once, seat_player
from play.models import Game, GameSeat, Pace
from play.rated import rate_friendly_game
from play.vacation import turn_deadline
from refusal import CONFLICT, Refusal
from tournaments.permissions import can_view_played_game

# A built-in bot's turn that is not played within this time is sent to the workers
# again (its task was lost).
BOT_TURN_SECONDS = 30
# A remote bot's turn is sent again once its own time for the decision (per move and
# what is left of its bank) and this much more have passed: the task's way to a worker.
BOT_SLACK_SECONDS = 5
# A seat's moves played in one go at most (a forfeited seat, a bot's turn).
MAX_MOVES_IN_A_ROW = 500


# The audit log's action for a table's result decided by a game with a forfeit (its
# reason: who forfeited; its actor: who started the game).
FORFEIT_ACTION = "decided by a forfeit"

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


# Every move reads these two, compiled once (``config.compiled``): the marker stands for
# the game's id.
GAME_LOCKED = CompiledQuery(lambda game_id: Game.objects.select_for_update().filter(pk=game_id), -7)
SEATS_WITH_BOTS = CompiledQuery(
    lambda game_id: (
        GameSeat.objects.filter(game_id=game_id).select_related("bot").order_by("position")
    ),
    -7,
)
# A person's move reads the game with its seats in one statement, without a lock.
SEATS_WITH_GAME = CompiledQuery(
    lambda game_id: (
        GameSeat.objects.filter(game_id=game_id).select_related("game", "bot").order_by("position")
    ),
    -7,
)


class NeedsTheLock(Exception):
    """A move played without the game's lock whose outcome writes more than the game's
    row (the game ends, a bot's fault is kept): ``settle`` stops before writing, and
    the move is played again under the lock."""


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
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return game, seats


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


def stand_in_move(game: Game, state, seat: int) -> str:
    """The stand-in's choice for ``seat`` (a person who ran out of time or forfeited, a
    bot at fault), seeded by the game and the move. It sees only the seat's view."""
    bot = game.live.make_bot(game.stand_in, seed=game.seed * 1009 + game.moves)
    return bot.choose(state.view(seat))


def stand_in_for(game: Game, state, seat: GameSeat) -> None:
    """The stand-in plays ``seat``'s turn to its end; a person's moves are noted as
    played by the bot for them (``Game.stood_in``)."""
    first = game.moves
    for _step in range(MAX_MOVES_IN_A_ROW):
        if state.current_player() != seat.position:
            break
        play_for(game, state, stand_in_move(game, state, seat.position))
    if not seat.is_bot and game.moves > first:
        note_stood_in(game, first, seat.position)


def note_stood_in(game: Game, first: int, position: int) -> None:
    last = game.stood_in[-1] if game.stood_in else None
    if last is not None and last[1] == first and last[2] == position:
        last[1] = game.moves
    else:
        game.stood_in = [*game.stood_in, [first, game.moves, position]]


def stood_in_at(game: Game, move: int) -> int | None:
    """The seat the stand-in played the game's ``move``-th move for, if it did."""
    return next((seat for first, end, seat in game.stood_in if first <= move < end), None)


def apply_checked(game: Game, state, move) -> None:
    try:
        state.apply(move)
    except game.live.illegal_move as exc:
        raise Refusal(told(exc.reason, list(state.players)), "move") from None


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


def play_for(game: Game, state, move: str) -> None:
    """Apply a move the site chose for a seat (a bot's, a default or a forfeit move)."""
    state.apply(move)
    game.moves += 1


def nobody_plays_on(seats: list[GameSeat]) -> bool:
    return all(seat.forfeited for seat in seats if not seat.is_bot)


def no_person_moved(game: Game, seats: list[GameSeat]) -> bool:
    """Whether every move of the people at the game was the stand-in's (they never
    forfeited, but were never there): such a game decides nothing either."""
    people = {seat.position for seat in seats if not seat.is_bot}
    theirs = sum(seat_of_move(move) in people for move in moves_of(game.record))
    return theirs == sum(end - first for first, end, _seat in game.stood_in)


def settle(game: Game, seats: list[GameSeat], state, now, previous, locked=True) -> bool:
    """Abandon the game if no person plays on, else play what the site plays at once
    (``play_on``), then store where the game stands (the caller saves ``game``; seats
    are saved here). ``previous``: the seat that was to move (None: a new game).
    Whether a new turn began: the seat to move changed, or other seats moved since
    (a quick bot's turn between two of a person's), so its clock starts again.
    Without the game's lock (``locked`` false) it writes nothing: NeedsTheLock where it
    would (the game ends, a bot's fault)."""
    if nobody_plays_on(seats):
        needs_the_lock(locked)
        game.record = state.record()
        abandon(game, seats, now)
        return False
    others_moved = play_on(game, seats, state, previous, locked)
    game.record = state.record()
    if state.is_over():
        needs_the_lock(locked)
        if no_person_moved(game, seats):
            abandon(game, seats, now)
        else:
            finish(game, seats, state, now)
        return False
    game.to_move = state.current_player()
    game.bot_claimed_until = None  # a worker's claim was on the move before
    new_turn = game.to_move != previous or others_moved
    if new_turn:
        game.bank_ms = None  # a new turn: a remote bot's bank is whole again
        game.deadline = turn_ends(game, seats[game.to_move], now)
    return new_turn


def needs_the_lock(locked: bool) -> None:
    if not locked:
        raise NeedsTheLock


def play_on(game: Game, seats: list[GameSeat], state, previous, locked=True) -> bool:
    """The moves the site plays at once (in memory: the caller saves the game): a
    forfeited seat's turns (the stand-in's) and a quick built-in bot's (``plays_at_once``), until a
    person, or a bot the workers play, is to move, or the game is over. Whether a seat
    other than ``previous`` moved."""
    players, others_moved = {}, False
    for _step in range(MAX_MOVES_IN_A_ROW):
        position = state.current_player()
        if position is None:
            break
        seat = seats[position]
        if seat.forfeited:
            stand_in_for(game, state, seat)
        elif plays_at_once(game, seat):
            if position not in players:
                game.record = state.record()  # the bot recalls its decisions up to now
                players[position] = seat_player(game, seat)
            play_decision(game, seat, state, players[position], locked)
        else:
            break
        others_moved = others_moved or position != previous
    return others_moved


def play_decision(game: Game, seat: GameSeat, state, player, locked=True) -> None:
    """A bot's decision, asked and played; at a fault (an illegal move) the stand-in
    plays instead (``play.bot_decisions``), the fault kept under the game's lock."""
    decision = ask(game, seat, state, player)
    move = decision.move
    if decision.fault is not None:
        needs_the_lock(locked)
        note_fault(game, seat, decision.fault, state)
        move = stand_in_move(game, state, seat.position)
    play_for(game, state, move)


def turn_ends(game: Game, seat: GameSeat, now):
    """A bot's decision is due after its own time (``bot_decision_seconds``); a
    person's clock stands still during their vacations in a correspondence game
    (``play.vacation``)."""
    if seat.is_bot:
        return now + timedelta(seconds=bot_decision_seconds(seat.bot))
    if game.pace == Pace.CORRESPONDENCE:
        return turn_deadline(seat.user_id, now, game.move_seconds)
    return now + timedelta(seconds=game.move_seconds)


def bot_decision_seconds(bot, bank_ms: int | None = None) -> float:
    """How long a bot's next decision may take before its turn is sent again: a remote
    bot's time per move, what is left of its bank this turn (``bank_ms``; None: all of
    it) and ``BOT_SLACK_SECONDS``; a built-in bot's ``BOT_TURN_SECONDS``."""
    if not bot.is_remote:
        return BOT_TURN_SECONDS
    bank = bot.time_bank_ms if bank_ms is None else bank_ms
    return (bot.move_timeout_ms + bank) / 1000 + BOT_SLACK_SECONDS


def has_remote_bot(seats: list[GameSeat]) -> bool:
    return any(seat.is_bot and seat.bot.is_remote for seat in seats)


def abandon(game: Game, seats: list[GameSeat], now, because: str = "") -> None:
    """The game ends with no places and no result: nothing is written for its table
    (an organiser enters the result, replays or voids the table). ``because``: an
    organiser's reason; empty when every person forfeited. The caller saves ``game``."""
    GameSeat.objects.bulk_update(seats, ["timeouts", "faults", "forfeited", "forfeited_at"])
    game.status = Game.Status.ABANDONED
    game.abandoned_because = because
    game.to_move = None
    game.deadline = None
    game.finished_at = now
    if game.table_id is not None:  # its table waits for an organiser: the desk moves on
        from tournaments import live
        from tournaments.models import Table

        event_id = Table.objects.filter(pk=game.table_id).values_list("round__event_id")
        live.announce_change(event_id.get()[0])


def forfeit_places(engine_places: list[int], seats: list[GameSeat]) -> list[int]:
    """The engine's places among the seats that played on; below them every forfeited
    seat, alone, the one that forfeited later above (competition ranking: 1, 1, 3, 4; a
    seat that forfeited before ``forfeited_at`` was kept counts as the earliest)."""
    keys = [
        (1, -(seat.forfeited_at or 0)) if seat.forfeited else (0, place)
        for seat, place in zip(seats, engine_places, strict=True)
    ]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def finish(game: Game, seats: list[GameSeat], state, now) -> None:
    """The result: the engine's, with every forfeited seat placed below those that
    played on; for an event's table it becomes the official result."""
    result = state.result()
    places = forfeit_places(result["places"], seats)
    for seat in seats:
        seat.score = result["totals"][seat.position]
        seat.place = places[seat.position]
    GameSeat.objects.bulk_update(
        seats, ["score", "place", "timeouts", "faults", "forfeited", "forfeited_at"]
    )
    game.status = Game.Status.FINISHED
    game.result = result
    game.to_move = None
    game.deadline = None
    game.finished_at = now
    game.replay = GameRecord.objects.create(record=game.record, created_by=game.created_by)
    if game.rated:
        rate_friendly_game(game, seats)
    if game.table_id is not None:
        record_table_result(game, seats)


def record_table_result(game: Game, seats: list[GameSeat]) -> None:
    """The game's result becomes its table's, unless the table was settled while it was
    played (a result entered by hand, or the event finished): that result stands, and
    the game keeps its own. A result with a forfeit names the seats that forfeited (the
    standings mark it) and is written to the audit log."""
    from scoring import audit
    from tournaments.models import Result
    from tournaments.results import SeatOutcome, do_record_result

    forfeited = [seat.name for seat in seats if seat.forfeited]
    detail = {"record": game.record, "played_game": game.pk}
    if forfeited:
        detail["forfeited"] = forfeited
    result = do_record_result(
        game.table,
        [SeatOutcome(s.position, s.score, s.place) for s in seats],
        source=Result.Source.RECORD,
        detail=detail,
        rules_version=rules_version(game),
        unless_settled=True,
    )
    if result is not None and forfeited:
        audit.log(
            game.table,
            game.created_by,
            FORFEIT_ACTION,
            after=audit.summary_of_result(game.table),
            reason=", ".join(forfeited),
        )


def rules_version(game: Game) -> str:
    from games.registry import Rules, get_game

    kind = get_game(game.game).record_kind
    return kind.rules_version(game.record, Rules(options=game.options))


def after_commit(
    game: Game, seats: list[GameSeat], new_turn: bool, by: int | None = None, starting=False
) -> None:
    """What follows a stored move once it commits: a bot's turn goes to the workers (so
    does a new game's first move, ``starting``, when a remote bot sits there: its
    ``/start`` is sent then); a person whose correspondence turn begins (``new_turn``,
    as ``settle`` says) is told by e-mail, unless they made this request's move
    (``by``: their seat) and see their turn in its answer; a finished game's remote
    bots get ``/end``."""
    from play.tasks import end_remote_bots, notify_turn, play_bot_turns

    game_id, moves = game.pk, game.moves
    if not game.is_playing:
        if has_remote_bot(seats):
            transaction.on_commit(lambda: end_remote_bots.delay(game_id))
        return
    seat = seats[game.to_move]
    if seat.is_bot or (starting and has_remote_bot(seats)):
        transaction.on_commit(lambda: play_bot_turns.delay(game_id, moves))
    elif new_turn and game.to_move != by and game.pace == Pace.CORRESPONDENCE:
        transaction.on_commit(lambda: notify_turn.delay(game_id, moves))
