"""A recorded result reaches the stored standings through the real Celery worker."""

import pytest

from tests.fixtures.worker import wait_for
from tournaments.models import Event, Rating, StandingRow, StandingsRequest
from tournaments.results import SeatOutcome, do_record_result


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_recorded_result_updates_the_standings_through_the_worker(celery_worker, table):
    do_record_result(table, [SeatOutcome(0, 120, 1), SeatOutcome(1, 80, 2)], source="organiser")
    event = table.round.event

    def stored():
        rows = list(StandingRow.objects.filter(event=event).order_by("rank"))
        return rows if len(rows) == 2 else None

    rows = wait_for(stored, timeout=60, what="the standings rows")
    assert [(r.entrant.user.username, r.rank, r.points) for r in rows] == [
        ("pat_player", 1, 3.0),
        ("quinn_player", 2, 1.0),
    ]
    wait_for(
        lambda: Event.objects.filter(pk=event.pk, standings_queued_at=None).exists(),
        what="the task to release its claim once nothing is left",
    )
    assert not StandingsRequest.objects.filter(event=event).exists()
    ratings = Rating.objects.filter(league=event.season.league_id, game=event.game)
    wait_for(lambda: ratings.count() == 2, what="the ratings rebuilt after the standings run")
