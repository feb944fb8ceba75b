"""Duplicating an event: a new event in the same season (or another open one of its
league) with the same settings, its own name and date, and, when asked, the same
entrants (the active ones, entered again: no results, no rounds). A league's organiser
duplicates; the new event's log says which event it came from."""

from django.db import transaction
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from series.recurring import COPIED, free_slug
from tournaments import event_log
from tournaments.entrants import do_add_entrant
from tournaments.leagues import do_create_event
from tournaments.models import Entrant, Event, Season


def check_season(event: Event, season_id) -> Season:
    if season_id is None:
        season = event.season
    else:
        season = Season.objects.filter(league_id=event.season.league_id, pk=season_id).first()
    if season is None or not season.is_open:
        raise Refusal(_("Choose an open season of this league."), field="season")
    return season


def do_duplicate_event(
    event: Event, by, name, starts_at=None, season=None, entrants: bool = False
) -> Event:
    """The copy, with ``entrants`` (the active ones) entered again when asked."""
    name = str(name or "").strip()
    if not name:
        raise Refusal(_("Give the new event a name."), field="name")
    target = check_season(event, season)
    fields = {key: getattr(event, key) for key in COPIED}
    if starts_at and event.registration_closes and event.starts_at:
        fields["registration_closes"] = starts_at - (event.starts_at - event.registration_closes)
    with transaction.atomic():
        copy = do_create_event(
            target, by, **fields, name=name[:120], slug=free_slug(name), starts_at=starts_at
        )
        if entrants:
            active = event.entrants.filter(status=Entrant.Status.ACTIVE).order_by("pk")
            for entrant in active.select_related("user", "bot"):
                do_add_entrant(
                    copy,
                    user=entrant.user,
                    bot=entrant.bot,
                    name=entrant.name,
                    by=by,
                    club=entrant.club,
                    seed=entrant.seed,
                )
        event_log.log(copy, by, event_log.Action.DUPLICATED, source=event.name, entrants=entrants)
    return copy
