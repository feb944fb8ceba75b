"""A member event's result reaches the series' leaderboard through the real worker: the
event's standings task stores its rows, its signal asks for the series, and the series'
task (coalesced, one in flight) stores the leaderboard; nothing is computed on a page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_celery_results.models import TaskResult

from series.computing import compute_rows
from series.models import Series, SeriesEvent, SeriesRow
from tests.fixtures.worker import wait_for
from tests.tournaments.helpers import make_event, play
from tournaments.models import Event, StandingsRequest
from tournaments.results import SeatOutcome, do_record_result


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_result_updates_the_series_through_the_worker(celery_worker, table, organiser, client):
    event = table.round.event
    series = Series.objects.create(
        league=event.season.league,
        name="Circuit",
        slug="circuit",
        points_by_place=[25, 18],
        created_by=organiser,
    )
    SeriesEvent.objects.create(series=series, event=event)
    do_record_result(table, [SeatOutcome(0, 120, 1), SeatOutcome(1, 80, 2)], source="organiser")

    def stored():
        rows = list(SeriesRow.objects.filter(series=series).order_by("rank"))
        return rows if len(rows) == 2 else None

    rows = wait_for(stored, timeout=60, what="the series' leaderboard")
    assert [(r.name, r.rank, r.points) for r in rows] == [
        ("Pat Player", 1, 25.0),
        ("Quinn Player", 2, 18.0),
    ]
    wait_for(
        lambda: Series.objects.filter(pk=series.pk, queued_at=None).exists(),
        what="the series' task to release its claim",
    )
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/series/circuit/")
    assert page.status_code == 200 and "Pat Player" in page.content.decode()
    assert not any("UPDATE" in q["sql"] or "INSERT" in q["sql"] for q in queries.captured_queries)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_burst_of_results_in_two_events_is_coalesced(celery_worker, league, organiser):
    """Two rounds of two member events recorded at once: the series' leaderboard ends as
    computed from both events' final standings, in no more series runs than standings
    runs that stored a change."""
    first = make_event(league, organiser, players=12, slug="first-night")
    second = make_event(league, organiser, players=8, slug="second-night")
    series = Series.objects.create(
        league=league,
        name="Circuit",
        slug="circuit",
        points_by_place=[10, 8, 6, 5, 4, 3, 2, 1],
        created_by=organiser,
    )
    for event in (first, second):
        SeriesEvent.objects.create(series=series, event=event)
    play(first, 2)
    play(second, 2)

    def settled():
        events = Event.objects.filter(pk__in=[first.pk, second.pk])
        if events.exclude(standings_queued_at=None).exists() or StandingsRequest.objects.exists():
            return False
        if Series.objects.filter(pk=series.pk).exclude(queued_at=None).exists():
            return False
        stored = list(SeriesRow.objects.filter(series=series).values_list("person", "points"))
        expected = [(line["person"], line["points"]) for line in compute_rows(series)]
        return len(expected) == 20 and sorted(stored) == sorted(expected)

    wait_for(settled, timeout=240, what="the series to follow both events' standings")
    runs = TaskResult.objects.filter(task_name="series.tasks.update_series").count()
    # Each series run covers at least one change of a member event's stored standings
    # (and a burst's are covered by one): never more series runs than such changes.
    # Counted by the events' standings versions, which every stored change moves, in
    # the worker's task or in a request (pairing stores them when none are stored yet):
    # counting the task's runs alone missed the request's and failed at random.
    events = Event.objects.filter(pk__in=[first.pk, second.pk])
    changes = sum(events.values_list("standings_version", flat=True))
    assert 1 <= runs <= changes
