"""What a series hears: a member event's standings changed (sent by the standings worker
once its rows are stored), or a membership went (the event deleted with it), so the
series' leaderboard follows."""

from django.db.models.signals import post_delete

from series.computing import request_for_event, request_series_update
from series.models import SeriesEvent
from tournaments import signals


def when_standings_changed(event_id, **_signal):
    request_for_event(event_id)


def when_membership_gone(instance, **_signal):
    request_series_update(instance.series_id)


def connect() -> None:
    signals.standings_changed.connect(when_standings_changed, dispatch_uid="series-standings")
    post_delete.connect(when_membership_gone, sender=SeriesEvent, dispatch_uid="series-gone")
