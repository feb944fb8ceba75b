"""Recurring nights: a schedule with an end (at most 52 nights) creates each night's event
ahead of its date, a copy of the model event's settings with its own date, once; a bad
schedule is refused on its field and creates nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from series.models import LogEntry, RecurringSchedule
from series.recurring import do_create_due_nights
from tournaments.models import Event, EventLogEntry

pytestmark = pytest.mark.django_db


def body(event, **extra):
    first = timezone.now() + timedelta(days=20)
    data = {
        "name": "Tuesday night",
        "season": event.season_id,
        "model_event": event.slug,
        "first_night": first.isoformat(),
        "every_weeks": 2,
        "days_ahead": 7,
    }
    return {**data, **extra}


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({}, "count"),
        ({"count": 53}, "count"),
        ({"until": (timezone.localdate() + timedelta(days=800)).isoformat()}, "until"),
        ({"count": 3, "every_weeks": 0}, "every_weeks"),
        ({"count": 3, "model_event": "nope"}, "model_event"),
        ({"count": 3, "first_night": "2001-01-01T19:00:00Z"}, "first_night"),
    ],
)
def test_a_bad_schedule_is_refused_on_its_field(league, organiser, event, extra, field):
    answer = api(organiser).post(
        f"/api/leagues/{league.slug}/recurring/", body(event, **extra), format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert answer.json()["field"] == field
    assert not RecurringSchedule.objects.exists()
    assert Event.objects.count() == 1


def test_only_organisers_schedule(league, outsider, event):
    answer = api(outsider).post(
        f"/api/leagues/{league.slug}/recurring/", body(event, count=2), format="json"
    )
    assert answer.status_code == 403
    assert not RecurringSchedule.objects.exists()


def test_each_night_is_created_ahead_once_with_its_own_date(league, organiser, event):
    event.round_minutes = 45
    event.save()
    answer = api(organiser).post(
        f"/api/leagues/{league.slug}/recurring/", body(event, count=3), format="json"
    )
    assert answer.status_code == 201, answer.json()
    schedule = RecurringSchedule.objects.get()
    assert schedule.nights_created == 0  # 20 days away, made 7 days ahead
    now = schedule.first_night - timedelta(days=6)
    assert do_create_due_nights(now) == 1
    assert do_create_due_nights(now) == 0  # once
    night = Event.objects.exclude(pk=event.pk).get()
    assert night.starts_at == schedule.first_night
    assert night.round_minutes == 45 and night.table_size == event.table_size
    assert night.season_id == event.season_id
    assert EventLogEntry.objects.filter(event=night, action="scheduled").exists()
    later = schedule.first_night + timedelta(weeks=10)
    assert do_create_due_nights(later) == 2  # a missed beat is caught up, up to the end
    assert do_create_due_nights(later + timedelta(weeks=10)) == 0
    dates = sorted(Event.objects.exclude(pk=event.pk).values_list("starts_at", flat=True))
    assert [d - dates[0] for d in dates] == [timedelta(0), timedelta(weeks=2), timedelta(weeks=4)]
    assert LogEntry.objects.filter(action=LogEntry.Action.NIGHT_CREATED).count() == 3
    listed = api(organiser).get(f"/api/leagues/{league.slug}/recurring/").json()
    assert len(listed[0]["nights"]) == 3


def test_a_stopped_schedule_makes_no_more(league, organiser, event):
    client = api(organiser)
    made = client.post(
        f"/api/leagues/{league.slug}/recurring/", body(event, count=3), format="json"
    ).json()
    stale = client.post(f"/api/leagues/{league.slug}/recurring/{made['id']}/stop/", {"version": 9})
    assert stale.status_code == 409
    stop = client.post(f"/api/leagues/{league.slug}/recurring/{made['id']}/stop/", {"version": 1})
    assert stop.status_code == 200 and stop.json()["active"] is False
    assert do_create_due_nights(timezone.now() + timedelta(weeks=20)) == 0
