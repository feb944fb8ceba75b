"""Creating leagues, seasons and events."""

from django.db import transaction

from tournaments.event_settings import SETTINGS, check_event_settings
from tournaments.models import Event, League, Season


def do_create_league(by, **fields) -> League:
    with transaction.atomic():
        league = League.objects.create(created_by=by, **fields)
        league.organisers.add(by)
    return league


def do_create_season(league: League, **fields) -> Season:
    return Season.objects.create(league=league, **fields)


def do_create_event(season: Season, by, **fields) -> Event:
    """Create an event with checked settings (``check_event_settings``); its creator
    organises it."""
    given = {name: fields[name] for name in SETTINGS if name in fields}
    defaults = {name: Event._meta.get_field(name).get_default() for name in SETTINGS}
    fields.update(check_event_settings(**{**defaults, **given}))
    with transaction.atomic():
        event = Event.objects.create(season=season, created_by=by, **fields)
        event.organisers.add(by)
    return event


def do_close_season(season: Season, archive: bool = False) -> Season:
    """Close a season (no more logged games); archiving also hides it from lists."""
    season.status = Season.Status.ARCHIVED if archive else Season.Status.CLOSED
    season.save(update_fields=["status"])
    return season
