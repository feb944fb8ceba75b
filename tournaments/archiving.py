"""Deleting and archiving events, seasons and leagues. One with no result yet may be
deleted (a test event, a mistake); once a result is recorded it is kept, and archiving
hides it from the home page and the lists instead (reversible)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments import event_log
from tournaments.models import Event, League, Result, Round, Season


def check_no_results(results, what: str) -> None:
    if results.exists():
        raise Refusal(
            _(
                "Results are recorded in %(what)s, so it cannot be deleted. Archive it "
                "instead: it is hidden from the home page and the lists, and can be brought back."
            )
            % {"what": what},
            code="conflict",
        )


def do_delete_event(event: Event) -> None:
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        check_no_results(Result.objects.filter(table__round__event=event), event.name)
        delete_events([event])


def delete_events(events) -> None:
    """Rounds first: a seat protects its entrant, so the event cannot take both at once."""
    Round.objects.filter(event__in=events).delete()
    Event.objects.filter(pk__in=[event.pk for event in events]).delete()


def do_delete_season(season: Season) -> None:
    with transaction.atomic():
        check_no_results(Result.objects.filter(table__round__event__season=season), season.name)
        delete_events(list(season.events.all()))
        season.delete()


def do_delete_league(league: League) -> None:
    with transaction.atomic():
        results = Result.objects.filter(table__round__event__season__league=league)
        check_no_results(results, league.name)
        delete_events(list(Event.objects.filter(season__league=league)))
        league.delete()


def do_archive_event(event: Event, by, archived: bool = True) -> Event:
    """Archive (or, with ``archived=False``, bring back) the event; logged."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.is_archived != archived:
            event.archived_at = timezone.now() if archived else None
            event.save(update_fields=["archived_at"])
            action = event_log.Action.ARCHIVED if archived else event_log.Action.UNARCHIVED
            event_log.log(event, by, action)
    return event


def do_archive_league(league: League, archived: bool = True) -> League:
    League.objects.filter(pk=league.pk).update(archived_at=timezone.now() if archived else None)
    league.refresh_from_db()
    return league


def do_archive_season(season: Season, archived: bool = True) -> Season:
    """An archived season is hidden from lists; brought back, it is closed."""
    season.status = Season.Status.ARCHIVED if archived else Season.Status.CLOSED
    season.save(update_fields=["status"])
    return season
