"""A task sent on commit from a request crosses the broker to a worker process, whose
effect lands in the database. Runs on both passes (filesystem broker + SQLite, and
Redis + PostgreSQL)."""

import pytest

from tests.fixtures.worker import wait_for
from tournaments.models import Result, SeatResult, StandingRow

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_recompute_request_reaches_the_worker_and_the_standings_are_stored(
    celery_worker, client_for, organiser, table
):
    result = Result.objects.create(
        table=table, event=table.round.event, source=Result.Source.ORGANISER
    )
    for seat, score, place, points in [(0, 60, 1, 3), (1, 36, 2, 1)]:
        entrant = table.seats.get(position=seat).entrant
        SeatResult.objects.create(
            result=result,
            entrant=entrant,
            position=seat,
            score=score,
            place=place,
            points=points,
        )
    event = table.round.event

    response = client_for(organiser).post(f"/events/{event.slug}/standings/recompute/")
    assert response.status_code == 302

    rows = wait_for(
        lambda: list(StandingRow.objects.filter(event=event).order_by("rank")),
        what="the worker to store the standings",
    )
    assert [(row.entrant.name, row.rank, row.points) for row in rows] == [
        ("Pat Player", 1, 3.0),
        ("Quinn Player", 2, 1.0),
    ]


def test_healthz_lists_the_running_worker_to_staff_and_counts_it_for_others(
    celery_worker, client_for, staff
):
    seen = []
    client = client_for(staff)

    def health_naming_the_worker():
        seen.append(client.get("/healthz").json())
        return seen[-1] if celery_worker.hostname in seen[-1]["workers"] else None

    try:
        data = wait_for(health_naming_the_worker, timeout=20, what="healthz to list the worker")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; the last answer was {seen[-1]}") from None
    assert data["database"] == "ok"
    assert data["broker"] == "ok"
    public = client_for(None).get("/healthz").json()
    assert "workers" not in public and public["worker_count"] >= 1
