"""Check-in: with ``Event.check_in`` on, players say they are here before round 1 (from
``check_in_opens`` minutes before ``starts_at``), or an organiser checks them in. Round
1 is not paired while entrants are missing unless the organiser drops the no-shows (one
action, logged; their places go to checked-in people on the waitlist) or gives a reason
to pair anyway."""

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments import event_log
from tournaments.models import Entrant, Event
from tournaments.ranking import store_entrants_change
from tournaments.registration import lock_event, promote_waitlist


def check_takes_check_ins(event: Event) -> None:
    if not event.check_in:
        raise Refusal(_("This event has no check-in."))
    if event.rounds.filter(draft=False).exists():
        raise Refusal(_("Round 1 is under way: check-in is over."), code="conflict")
    opens = event.check_in_opens_at
    if opens is not None and opens > timezone.now():
        raise Refusal(
            _("Check-in opens at %(time)s.")
            % {"time": date_format(timezone.localtime(opens), "SHORT_DATETIME_FORMAT")},
            code="conflict",
        )


def do_check_in(entrant: Entrant, by) -> Entrant:
    """Mark ``entrant`` here (once; checking in again changes nothing)."""
    check_takes_check_ins(entrant.event)
    if entrant.is_dropped:
        raise Refusal(_("%(name)s has withdrawn.") % {"name": entrant.name})
    with transaction.atomic():
        updated = Entrant.objects.filter(pk=entrant.pk, checked_in_at__isnull=True).update(
            checked_in_at=timezone.now()
        )
        if updated and by is not None and by.pk != entrant.user_id:
            event_log.log(entrant.event, by, event_log.Action.CHECKED_IN, entrant=entrant.name)
    entrant.refresh_from_db()
    return entrant


def no_shows(event: Event) -> list[Entrant]:
    """Active entrants not checked in, while round 1 waits on check-in."""
    if not event.check_in or event.rounds.exists():
        return []
    missing = event.entrants.filter(status=Entrant.Status.ACTIVE, checked_in_at__isnull=True)
    return list(missing.order_by("name"))


def no_shows_refusal(missing: list[Entrant]) -> Refusal:
    """Round 1 waits for everyone to check in, unless a reason is given."""
    return Refusal(
        _("Not checked in: %(names)s. Drop the no-shows, or give a reason to pair round 1 anyway.")
        % {"names": ", ".join(e.name for e in missing)},
        code="conflict",
    )


def drop_no_shows(event: Event, by) -> list[Entrant]:
    """Drop the entrants who did not check in (they stay listed as such, and an
    organiser may put one back), log their names and give their places to the
    checked-in waitlist. The caller holds the event's lock."""
    missing = no_shows(event)
    if missing:
        Entrant.objects.filter(pk__in=[e.pk for e in missing]).update(
            status=Entrant.Status.DROPPED,
            dropped_after_round=0,
            drop_reason=Entrant.DropReason.NO_SHOW,
        )
        event_log.log(
            event, by, event_log.Action.NO_SHOWS_DROPPED, entrants=[e.name for e in missing]
        )
        promote_waitlist(event, by, checked_in_only=True)
        store_entrants_change(event)
    return missing


def do_drop_no_shows(event: Event, by) -> list[Entrant]:
    with transaction.atomic():
        return drop_no_shows(lock_event(event), by)
