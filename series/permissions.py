"""Who may see or change a series or a recurring schedule: the organisers of the series'
league change it (``tournaments.permissions.is_league_organiser``); an event joins a
series only when its changer also organises the event; anyone who may see the league
reads the series' leaderboard, which lists only the member events they may see."""

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404

from series.models import RecurringSchedule, Series
from tournaments.models import Event, League
from tournaments.permissions import (
    access_league,
    access_league_as_organiser,
    can_duplicate_event,
    can_view_event,
    is_event_organiser,
    is_league_organiser,
    is_staff,
)


def can_change_series(user, series: Series) -> bool:
    return is_league_organiser(user, series.league)


def access_series(user, slug: str) -> tuple[Series, list[Event]]:
    """The series and its member events ``user`` may see (as its league's page)."""
    series = get_object_or_404(Series.objects.select_related("league"), slug=slug)
    access_league(user, series.league.slug)
    events = [
        event
        for event in series.events.select_related("season__league").order_by("starts_at", "pk")
        if can_view_event(user, event)
    ]
    return series, events


def access_series_as_organiser(user, slug: str) -> Series:
    series = get_object_or_404(Series.objects.select_related("league"), slug=slug)
    if not can_change_series(user, series):
        raise PermissionDenied
    return series


def access_event_for_series(user, slug: str) -> Event:
    """An event to add to (or take from) a series: its changer organises it too, in
    whatever league of theirs it is."""
    event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    if not is_event_organiser(user, event):
        raise PermissionDenied
    return event


def organised_events(user):
    """Every event ``user`` organises, in any league (what ``is_event_organiser`` answers
    for each, in one query): the events a series of theirs may take in."""
    events = Event.objects.select_related("season__league")
    if is_staff(user):
        return events
    if not user.is_authenticated:
        return events.none()
    mine = (
        Q(organisers=user)
        | Q(created_by=user)
        | Q(season__league__organisers=user)
        | Q(season__league__created_by=user)
    )
    return events.filter(mine).distinct()


def access_event_to_duplicate(user, slug: str) -> Event:
    """An event its league's organisers may copy (the copy is the league's)."""
    event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    if not can_duplicate_event(user, event):
        raise PermissionDenied
    return event


def access_league_for_schedules(user, slug: str) -> League:
    return access_league_as_organiser(user, slug)


def access_schedule_as_organiser(user, slug: str, schedule_id: int) -> RecurringSchedule:
    league = access_league_as_organiser(user, slug)
    return get_object_or_404(
        RecurringSchedule.objects.select_related("league", "season", "model_event"),
        league=league,
        pk=schedule_id,
    )
