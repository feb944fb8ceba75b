"""The one place an official result is written (from players, an organiser, a record or
a bot match), and what follows from it."""

from dataclasses import dataclass

from django.db import transaction

from tournaments.finishing import check_not_finished
from tournaments.models import Event, Result, Round, SeatResult, Table


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
) -> Result:
    """Write (or replace) the official result of ``table`` and send the standings
    update on commit. ``outcomes`` has one entry per seat, by position."""
    event = table.round.event
    seats = {seat.position: seat for seat in table.seats.all()}
    if sorted(o.position for o in outcomes) != sorted(seats):
        raise ValueError("outcomes must name every seat of the table once")
    with transaction.atomic():
        # Read under a lock, not from ``table``: finishing the event may have just won.
        check_not_finished(Event.objects.select_for_update().get(pk=event.pk))
        result, _ = Result.objects.update_or_create(
            table=table,
            defaults={
                "source": source,
                "recorded_by": by,
                "detail": detail or {},
                "rules_version": rules_version,
            },
        )
        result.seats.all().delete()
        places = [o.place for o in outcomes]
        SeatResult.objects.bulk_create(
            SeatResult(
                result=result,
                entrant_id=seats[o.position].entrant_id,
                position=o.position,
                score=o.score,
                place=o.place,
                points=points_for_place(event.points_by_place, o.place, places.count(o.place)),
            )
            for o in outcomes
        )
        mark_round_complete(table.round)
        request_standings_update(event)
        request_ratings_update(event, result)
    return result


def mark_round_complete(round_: Round) -> None:
    """A round whose every played table has a result is complete."""
    if not round_.tables.filter(is_bye=False, result__isnull=True).exists():
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.COMPLETE)


# A burst of results inside this window becomes one standings run (the later tasks
# find the request already covered and skip).
STANDINGS_COUNTDOWN_SECONDS = 0.5


def request_standings_update(event) -> None:
    """Mark the event's standings stale and ask a worker to recompute them once the
    transaction commits."""
    from tournaments.standings import do_request_standings
    from tournaments.tasks import update_standings

    do_request_standings(event.pk)
    transaction.on_commit(
        lambda: update_standings.apply_async((event.pk,), countdown=STANDINGS_COUNTDOWN_SECONDS)
    )


def request_ratings_update(event, result: Result) -> None:
    """Rebuild the ratings after commit; a burst of results rebuilds once (each task
    skips if a later result will send its own)."""
    from tournaments.tasks import update_ratings

    league_id, game, after = event.season.league_id, event.game, result.recorded_at.isoformat()
    transaction.on_commit(
        lambda: update_ratings.apply_async(
            (league_id, game, after), countdown=STANDINGS_COUNTDOWN_SECONDS
        )
    )
