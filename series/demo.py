"""Demo data: the Tuesday Club's circuit over its Autumn Open, its leaderboard stored as
the worker would, and its weekly nights scheduled from next month. Idempotent."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from series.computing import do_store_series
from series.models import RecurringSchedule, Series, SeriesEvent
from tournaments.models import Event, League


def load_demo() -> str:
    league = League.objects.filter(slug="tuesday-club").first()
    event = Event.objects.filter(slug="autumn-open-2026").first()
    olivia = get_user_model().objects.filter(username="olivia").first()
    if league is None or event is None or olivia is None:
        return "no series: the tournaments demo is not loaded"
    series, _ = Series.objects.get_or_create(
        slug="tuesday-circuit",
        defaults={
            "league": league,
            "name": "Tuesday Circuit",
            "points_by_place": [10, 8, 6, 5, 4, 3, 2, 1],
            "best_of": 4,
            "minimum_events": 1,
            "qualifying_places": 4,
            "created_by": olivia,
        },
    )
    SeriesEvent.objects.get_or_create(series=series, event=event)
    do_store_series(series.pk)
    if not RecurringSchedule.objects.filter(league=league).exists():
        RecurringSchedule.objects.create(
            league=league,
            season=event.season,
            model_event=event,
            name="Tuesday night",
            first_night=(timezone.now() + timedelta(days=30)).replace(minute=0, second=0),
            every_weeks=1,
            count=8,
            created_by=olivia,
        )
    return "a series and a weekly schedule"
