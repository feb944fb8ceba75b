"""The one place an official result is written (from players, an organiser, a record or
a bot match), and what follows from it."""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef

from lib import enqueue
from lib.compiled import CompiledQuery, insert_row
from tournaments import signals
from tournaments.event_settings import points_table
from tournaments.finishing import check_not_finished
from tournaments.forfeit_places import place_forfeits_last, standing_forfeits
from tournaments.models import Event, RatingsRebuild, Result, Round, Season, SeatResult, Table
from tournaments.ranking import request_standings_update

# The reads of every result written (the round-end rush writes 250 in seconds), compiled
# once per process (``lib.compiled``). Unordered where the default ordering would join.
TABLE_LOCK = CompiledQuery(
    lambda table_id: (
        Table.objects.select_for_update(of=("self",))
        .filter(pk=table_id)
        .order_by()
        .values_list("pk")
    ),
    -7,
)
EVENT_SCORING = CompiledQuery(
    lambda event_id: (
        Event.objects.only("status", "points_by_place", "table_size", "round_check_in")
        .filter(pk=event_id)
        .order_by()
    ),
    -7,
)
RESULT_OF_TABLE = CompiledQuery(
    lambda table_id: Result.objects.filter(table_id=table_id).order_by(), -7
)
# "No result" as NOT EXISTS, not as the relation's LEFT JOIN ... IS NULL: PostgreSQL
# answered that by a hash join over every result of the site (1 ms at 4,500 results,
# twice a result), this probes the result's index table by table, the round's only:
# from its last table, as the round is mostly played out from its first (the rush's
# clients take the tables in order), so that an open one is met early.
OPEN_TABLE_OF_ROUND = CompiledQuery(
    lambda round_id: (
        Table.objects.filter(~Exists(Result.objects.filter(table=OuterRef("pk"))))
        .filter(round_id=round_id, is_bye=False)
        .order_by("-number")
        .values_list("pk")[:1]
    ),
    -7,
)


@dataclass(frozen=True)
class SeatOutcome:
    position: int
    score: int
    place: int


def points_for_place(points_by_place: list[float], place: int, sharing: int) -> float:
    """Points for a place shared by ``sharing`` entrants: they split the points of the
    places they cover (two tied for 1st of [4, 2, 1, 0] get 3 each)."""
    covered = [
        points_by_place[i] if i < len(points_by_place) else 0
        for i in range(place - 1, place - 1 + sharing)
    ]
    return sum(covered) / sharing


def do_record_result(
    table: Table,
    outcomes: list[SeatOutcome],
    source: str,
    by=None,
    detail: dict | None = None,
    rules_version: str = "",
    unless_settled: bool = False,
    savepoint: bool = True,
) -> Result | None:
    """Write (or replace) the official result of ``table`` and send the standings
    update on commit. ``outcomes`` has one entry per seat, by position.

    Seats forfeited at the round's check-in are placed last (``forfeit_places``).

    ``unless_settled``: write nothing (and return None) when the table has a result
    already or its event is finished. A site game that ends after an organiser (or the
    players) settled its table leaves their result, and the finished event, as they are.

    ``savepoint=False``: inside the caller's transaction, the result's writes take no
    savepoint of their own (its two statements were a tenth of the statements of a
    confirmation that completes its table), so a refusal here spoils the caller's whole
    transaction: for a caller that never goes on after one (``scoring``'s).
    """
    event = table.round.event
    entrants = {seated.position: seated.entrant_id for seated in table.seating}
    if sorted(o.position for o in outcomes) != sorted(entrants):
        raise ValueError("outcomes must name every seat of the table once")
    with transaction.atomic(savepoint=savepoint):
        lock_table(table)
        # Read after the table's lock, not from ``table``: finishing takes every table's
        # lock before it checks, so either this result lands first or it sees the event
        # finished. The event row itself is not locked: results of other tables go on.
        (current,) = EVENT_SCORING.fetch(event.pk)
        if unless_settled and (
            current.status == Event.Status.FINISHED or Result.objects.filter(table=table).exists()
        ):
            return None
        check_not_finished(current)
        detail = dict(detail or {})
        if current.round_check_in:
            forfeited = standing_forfeits(table.pk)
            outcomes = place_forfeits_last(outcomes, forfeited)
            if forfeited:
                detail["forfeits"] = sorted(forfeited)
        result, replaced = store_result(table, source, by, detail, rules_version)
        store_seat_results(result, outcomes, entrants, points_table(current))
        mark_round_complete(table.round)
        request_standings_update(event)  # the ratings follow with it (standings.computing)
        signals.send_on_commit(
            signals.result_official, event_id=event.pk, table_id=table.pk, replaced=replaced
        )
    return result


def store_seat_results(
    result: Result, outcomes: list[SeatOutcome], entrants: dict, points: list[float]
) -> None:
    """``result``'s seats: each position's entrant, score, place and the points its place
    gives by the event's ``points`` table (a tie shares them)."""
    places = [o.place for o in outcomes]
    SeatResult.objects.bulk_create(
        SeatResult(
            result=result,
            entrant_id=entrants[o.position],
            position=o.position,
            score=o.score,
            place=o.place,
            points=points_for_place(points, o.place, places.count(o.place)),
        )
        for o in outcomes
    )


def do_record_void(table: Table, by, detail: dict) -> Result:
    """An organiser's decision that ``table`` counts for nobody (its game was abandoned):
    its result has no seats, so it gives no points, games or rating to anyone, and its
    round can complete. ``detail`` says why; it is marked ``"void": true``."""
    event = table.round.event
    with transaction.atomic():
        lock_table(table)
        check_not_finished(Event.objects.only("status").get(pk=event.pk))
        result, replaced = store_result(
            table, Result.Source.ORGANISER, by, {**detail, "void": True}, ""
        )
        mark_round_complete(table.round)
        request_standings_update(event)
        signals.send_on_commit(
            signals.result_official, event_id=event.pk, table_id=table.pk, replaced=replaced
        )
    return result


def store_result(
    table: Table, source: str, by, detail: dict, rules_version: str
) -> tuple[Result, bool]:
    """The table's result row, new or replaced (under the table's lock, so a plain read
    then write: no savepoint), without its seats; and whether it replaced one."""
    fields = {"source": source, "recorded_by": by, "detail": detail, "rules_version": rules_version}
    found = RESULT_OF_TABLE.fetch(table.pk)
    result = found[0] if found else None
    if result is None:
        result = Result(table=table, event_id=table.round.event_id, **fields)
        insert_row(result)
        return result, False
    for name, value in fields.items():
        setattr(result, name, value)
    result.save()
    result.seats.all().delete()
    rate_again(table.round.event)
    return result, True


def rate_again(event: Event) -> None:
    """A result already rated may be replaced: the ratings of the event's league and
    game are rebuilt at their next update (``standings.ratings.follow_results``)."""
    league_id = Season.objects.values_list("league_id", flat=True).get(pk=event.season_id)
    RatingsRebuild.objects.bulk_create(
        RatingsRebuild(league_id=league, game=event.game) for league in (league_id, None)
    )


def lock_table(table: Table) -> None:
    """Take the table's row lock (held already when the caller took it), and only that
    row's: without ``of``, PostgreSQL would lock every joined row too."""
    if not TABLE_LOCK.rows(table.pk):
        raise Table.DoesNotExist("Table matching query does not exist.")


def mark_round_complete(round_: Round) -> None:
    """A round whose every played table has a result is complete. Checked again after
    commit: the last two results of a round, written side by side, each see the other's
    table still open. The first to find it complete sends the next round's automatic
    pairing where the event asks for it (``tournaments.tasks.pair_next_round``)."""

    def mark() -> bool:
        if OPEN_TABLE_OF_ROUND.rows(round_.pk):
            return False
        playing = Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRED)
        if playing.update(status=Round.Status.COMPLETE) and round_.event.pairs_automatically:
            enqueue.on_commit("tournaments.tasks.pair_next_round", round_.event_id, round_.number)
        return True

    if not mark():
        transaction.on_commit(mark)
