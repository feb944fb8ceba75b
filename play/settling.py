"""Settling a game after a move: a game in which no person plays on (every person
forfeited), or which ends without any person having made a move of their own, is
abandoned, with no places and no result; otherwise the moves of seats
that forfeited are played at once by the game's *stand-in* (the built-in bot the event
names), and so are the turns of *quick* built-in bots (the registry's
``LivePlay.plays_at_once``: a greedy bot's turn is a few milliseconds, less than
sending it to a worker costs), in the same transaction; the seat to move and its
deadline are stored, and a finished game gets its result (the table's official
result too), every forfeited seat placed below every seat that played on. Search bots
and remote bots play on the workers (``play.bot_turns``), sent there once the move
commits (``after_commit``).
"""

from datetime import timedelta

from games.declaring import Rules, moves_of, seat_of_move
from games.models import GameRecord
from games.registry import get_game
from lib import enqueue
from lib.compiled import save_fields
from play.bot_decisions import ask, note_fault, plays_at_once, seat_player
from play.models import Game, GameSeat, Pace
from play.rated import rate_friendly_game
from play.vacation import turn_deadline
from scoring import audit, summaries
from scoring.models import AuditEntry
from tournaments import live
from tournaments.models import Result, Table
from tournaments.results import SeatOutcome, do_record_result

# A built-in bot's turn that is not played within this time is sent to the workers
# again (its task was lost).
BOT_TURN_SECONDS = 30
# A remote bot's turn is sent again once its own time for the decision (per move and
# what is left of its bank) and this much more have passed: the task's way to a worker.
BOT_SLACK_SECONDS = 5
# What a game's end writes of every seat (a timeout, a fault or a forfeit kept in
# memory while the turn was played).
SETTLED_SEAT_FIELDS = ("timeouts", "faults", "forfeited", "forfeited_at")
# A seat's moves played in one go at most (a forfeited seat, a bot's turn).
MAX_MOVES_IN_A_ROW = 500


class NeedsTheLock(Exception):
    """A move played without the game's lock whose outcome writes more than the game's
    row (the game ends, a bot's fault is kept): ``settle`` stops before writing, and
    the move is played again under the lock."""


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
    assert move is not None, "a decision without a fault has its move"
    play_for(game, state, move)


def turn_ends(game: Game, seat: GameSeat, now):
    """A bot's decision is due after its own time (``bot_decision_seconds``); a
    person's clock stands still during their vacations in a correspondence game
    (``play.vacation``)."""
    if seat.is_bot:
        return now + timedelta(seconds=bot_decision_seconds(seat.bot))
    if game.pace == Pace.CORRESPONDENCE:
        assert seat.user_id is not None, "a seat is a bot's or a person's"
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
    return any(seat.bot is not None and seat.bot.is_remote for seat in seats)


def save_seats(seats: list[GameSeat], names: tuple[str, ...]) -> None:
    """Each seat's ``names`` written by an UPDATE built once (``lib.compiled``): at the
    end of a game, cheaper in CPU than ``bulk_update``, which composes a CASE per field
    at every call."""
    for seat in seats:
        save_fields(seat, names)


def abandon(game: Game, seats: list[GameSeat], now, because: str = "") -> None:
    """The game ends with no places and no result: nothing is written for its table
    (an organiser enters the result, replays or voids the table). ``because``: an
    organiser's reason; empty when every person forfeited. The caller saves ``game``."""
    save_seats(seats, SETTLED_SEAT_FIELDS)
    game.status = Game.Status.ABANDONED
    game.abandoned_because = because
    game.to_move = None
    game.deadline = None
    game.finished_at = now
    if game.table_id is not None:  # its table waits for an organiser: the desk moves on
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
    save_seats(seats, ("score", "place", *SETTLED_SEAT_FIELDS))
    game.status = Game.Status.FINISHED
    game.result = result
    game.to_move = None
    game.deadline = None
    game.finished_at = now
    game.replay = GameRecord.objects.create(record=game.record, created_by_id=game.created_by_id)
    if game.rated:
        rate_friendly_game(game, seats)
    if game.table_id is not None:
        record_table_result(game, seats)


def record_table_result(game: Game, seats: list[GameSeat]) -> None:
    """The game's result becomes its table's, unless the table was settled while it was
    played (a result entered by hand, or the event finished): that result stands, and
    the game keeps its own. A result with a forfeit names the seats that forfeited (the
    standings mark it) and is written to the audit log."""
    table = game.table
    assert table is not None, "only a game at an event's table has its result recorded"
    forfeited = [seat.name for seat in seats if seat.forfeited]
    detail = {"record": game.record, "played_game": game.pk}
    if forfeited:
        detail["forfeited"] = forfeited
    result = do_record_result(
        table,
        [outcome_of(seat) for seat in seats],
        source=Result.Source.RECORD,
        detail=detail,
        rules_version=rules_version(game),
        unless_settled=True,
    )
    if result is not None and forfeited:
        audit.log(
            table,
            game.created_by,
            AuditEntry.Action.DECIDED_BY_A_FORFEIT,
            after=summaries.summary_of_result(table),
            reason=", ".join(forfeited),
        )


def outcome_of(seat: GameSeat) -> SeatOutcome:
    """A finished game's seat (``finish`` scored and placed it) as its table's."""
    assert seat.score is not None and seat.place is not None, "a finished game's seat"
    return SeatOutcome(seat.position, seat.score, seat.place)


def rules_version(game: Game) -> str:
    kind = get_game(game.game).record_kind
    assert kind is not None, "a game played on the site has records"
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
    game_id, moves = game.pk, game.moves
    if not game.is_playing:
        if has_remote_bot(seats):
            enqueue.on_commit("play.tasks.end_remote_bots", game_id)
        return
    assert game.to_move is not None, "a game being played has a seat to move"
    seat = seats[game.to_move]
    if seat.is_bot or (starting and has_remote_bot(seats)):
        enqueue.on_commit("play.tasks.play_bot_turns", game_id, moves)
    elif new_turn and game.to_move != by and game.pace == Pace.CORRESPONDENCE:
        enqueue.on_commit("play.tasks.notify_turn", game_id, moves)
