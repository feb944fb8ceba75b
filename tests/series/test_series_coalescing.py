"""One series task in flight per series: a burst of member events' standings runs sends
one task; the task looks again while requests keep coming and releases its claim when
none came; a claim left by a lost task expires."""

from datetime import timedelta

import pytest
from django.utils import timezone

from series.computing import CLAIM_EXPIRES, request_for_event, schedule_series
from series.models import Series, SeriesEvent, SeriesRow
from series.tasks import update_series
from tests.series.helpers import event_with_places

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(league, organiser, player):
    event = event_with_places(league, organiser, "n1", [(player, 1)])
    made = Series.objects.create(
        league=league, name="Circuit", slug="circuit", points_by_place=[5], created_by=organiser
    )
    SeriesEvent.objects.create(series=made, event=event)
    return made


def claimed(series) -> bool:
    return Series.objects.get(pk=series.pk).queued_at is not None


def test_a_burst_of_standings_runs_sends_one_task(series, django_capture_on_commit_callbacks):
    event = series.events.get()
    with django_capture_on_commit_callbacks(execute=True) as sent:
        for _ in range(5):
            request_for_event(event.pk)
    assert len(sent) == 5 and claimed(series)
    assert schedule_series(series.pk) is False  # the claim is held: the burst sent one


def test_the_task_looks_again_while_asked_and_then_releases_its_claim(series):
    assert schedule_series(series.pk) is True
    Series.objects.filter(pk=series.pk).update(requested_at=timezone.now())
    assert update_series.run(series.pk) == 1
    assert SeriesRow.objects.get(series=series).points == 5.0
    assert not claimed(series)  # nothing asked since it read: released
    assert schedule_series(series.pk) is True


def test_a_claim_left_by_a_lost_task_expires(series):
    stale = timezone.now() - CLAIM_EXPIRES - timedelta(seconds=1)
    Series.objects.filter(pk=series.pk).update(queued_at=stale)
    assert schedule_series(series.pk) is True


def test_a_deleted_member_event_leaves_the_leaderboard(series, django_capture_on_commit_callbacks):
    update_series.run(series.pk)
    assert SeriesRow.objects.filter(series=series).exists()
    with django_capture_on_commit_callbacks(execute=False):
        series.events.get().delete()
    update_series.run(series.pk)
    assert not SeriesRow.objects.filter(series=series).exists()
