"""Players register themselves while an event's registration is open: a place while
there is one (``Event.capacity``, empty for no limit), else the waitlist, in the order
they registered. A place that frees (a withdrawal, an entrant dropped, a no-show, more
places) goes to the first on the waitlist, who is told by e-mail. A dropped entrant is
put back in by an organiser, or by registering again when they withdrew themself
(``do_reinstate``). Every change runs under the event's row lock, so two people never
take the last place, and stores the standings that list the entrants
(``tournaments.ranking.store_entrants_change``)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log
from tournaments.entrants import do_add_entrant, do_drop_entrant
from tournaments.finishing import check_not_finished
from tournaments.models import Entrant, Event
from tournaments.notices import notify_promoted, notify_registered
from tournaments.ranking import store_entrants_change
from tournaments.round_numbers import next_round_number

WITHDREW = Entrant.DropReason.WITHDREW


def lock_event(event: Event) -> Event:
    return (
        Event.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=event.pk)
    )


def check_takes_registrations(event: Event) -> None:
    if not event.takes_registrations:
        raise Refusal(_("Registration for %(event)s is closed.") % {"event": event.name})


def check_not_registered(event: Event, user) -> None:
    entrant = event.entrants.filter(user=user).first()
    if entrant is None:
        return
    if entrant.is_waitlisted:
        message = _("You are on the waitlist already, place %(n)s.") % {"n": entrant.waitlist_place}
    elif entrant.is_no_show:
        message = _("You were dropped for not checking in; ask an organiser to put you back in.")
    elif entrant.is_dropped:
        message = _("You were dropped from this event; ask an organiser to put you back in.")
    else:
        message = _("You are entered already.")
    raise Refusal(message, code="conflict")


def has_free_place(event: Event) -> bool:
    if event.capacity is None:
        return True
    return event.entrants.filter(status=Entrant.Status.ACTIVE).count() < event.capacity


def do_register(event: Event, user) -> Entrant:
    """Enter ``user`` (signed in) in a free place, or on the waitlist when full. One who
    withdrew registers again as a player would expect: they are reinstated (their
    results kept), on the waitlist when the event is full. One dropped by an organiser
    (or for not checking in) asks an organiser: it was not their choice to leave."""
    with transaction.atomic():
        event = lock_event(event)
        check_takes_registrations(event)
        entry = event.entrants.filter(user=user).first()
        if entry is not None and entry.is_dropped and entry.drop_reason == WITHDREW:
            entrant = do_reinstate(entry, user, waitlist_when_full=True)
        else:
            check_not_registered(event, user)
            free = has_free_place(event)
            status = Entrant.Status.ACTIVE if free else Entrant.Status.WAITLISTED
            entrant = do_add_entrant(event, user=user, status=status)
        notify_registered(entrant)
    return entrant


def check_reinstatable(entrant: Entrant) -> None:
    if not entrant.is_dropped:
        raise Refusal(
            _("%(name)s is not dropped: they are %(status)s.")
            % {"name": entrant.name, "status": entrant.get_status_display()},
            code=CONFLICT,
        )


def full_refusal(event: Event, entrant: Entrant) -> Refusal:
    """An organiser puts a dropped entrant back only into a free place: those on the
    waitlist were there first."""
    return Refusal(
        ngettext(
            "The event is full (%(n)s place): %(name)s can come back once a place "
            "frees. Raise the capacity, or drop someone first.",
            "The event is full (%(n)s places): %(name)s can come back once a place "
            "frees. Raise the capacity, or drop someone first.",
            event.capacity,
        )
        % {"n": event.capacity, "name": entrant.name},
        code=CONFLICT,
    )


def do_reinstate(entrant: Entrant, by, waitlist_when_full: bool = False) -> Entrant:
    """Put a dropped ``entrant`` back in from the next round, as a late entrant joins
    it: their results stay, and the rounds they missed stay unplayed (nothing is
    invented for them). Their starting points stay once they have sat at a table (a
    missed round scores nothing: not playing is never rewarded); one who never sat
    (a no-show) starts as a late entrant would, with the event's late-entry points
    after round 1. A full event refuses it (409, naming them), or, for a player who
    registers again (``waitlist_when_full``), puts them last on its waitlist like any
    registration. A finished event refuses it (409). Logged."""
    with transaction.atomic():
        event = lock_event(entrant.event)
        check_not_finished(event)
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        check_reinstatable(entrant)
        joined = next_round_number(event)
        if has_free_place(event):
            entrant.status = Entrant.Status.ACTIVE
        elif waitlist_when_full:
            entrant.status = Entrant.Status.WAITLISTED
            entrant.registered_at = timezone.now()
        else:
            raise full_refusal(event, entrant)
        if not entrant.seats.exists() and joined > 1:
            entrant.start_points = event.late_entry_points
        entrant.joined_round, entrant.dropped_after_round = joined, None
        entrant.drop_reason = Entrant.DropReason.NONE
        entrant.save(
            update_fields=[
                "status",
                "registered_at",
                "start_points",
                "joined_round",
                "dropped_after_round",
                "drop_reason",
            ]
        )
        event_log.log(
            event,
            by,
            event_log.Action.REINSTATED,
            entrant=entrant.name,
            round=joined,
            waitlisted=entrant.is_waitlisted,
        )
        store_entrants_change(event)
    return entrant


def do_withdraw(entrant: Entrant, by) -> None:
    """Take ``entrant`` out: before they sat at a table the entry is removed, after it
    they are dropped (their results stay). A freed place goes to the waitlist."""
    with transaction.atomic():
        event = lock_event(entrant.event)
        check_not_finished(event)
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        if entrant.is_dropped:
            raise Refusal(_("%(name)s has withdrawn already.") % {"name": entrant.name})
        if entrant.seats.exists():
            do_drop_entrant(entrant, WITHDREW)
        else:
            entrant.delete()
        promote_waitlist(event, by)
        store_entrants_change(event)


def do_drop(entrant: Entrant, by) -> Entrant:
    """An organiser drops ``entrant`` from the next round on; the place goes to the
    waitlist."""
    with transaction.atomic():
        event = lock_event(entrant.event)
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        if entrant.is_dropped:  # dropping again would overwrite why and when
            raise Refusal(_("%(name)s is dropped already.") % {"name": entrant.name}, code=CONFLICT)
        entrant = do_drop_entrant(entrant, Entrant.DropReason.ORGANISER)
        promote_waitlist(event, by)
        store_entrants_change(event)
    return entrant


def promote_waitlist(event: Event, by, checked_in_only: bool = False) -> list[Entrant]:
    """Give the free places to the first on the waitlist (only those who checked in,
    when ``checked_in_only``: a no-show's place goes to someone who is here), tell them,
    and write who moved up to the event's log. The caller holds the event's lock."""
    waiting = event.entrants.filter(status=Entrant.Status.WAITLISTED)
    if checked_in_only:
        waiting = waiting.filter(checked_in_at__isnull=False)
    waiting = waiting.order_by("registered_at", "pk")
    if event.capacity is not None:
        free = event.capacity - event.entrants.filter(status=Entrant.Status.ACTIVE).count()
        waiting = waiting[: max(free, 0)]
    promoted = list(waiting)
    if not promoted:
        return []
    Entrant.objects.filter(pk__in=[e.pk for e in promoted]).update(
        status=Entrant.Status.ACTIVE, joined_round=next_round_number(event)
    )
    event_log.log(event, by, event_log.Action.PROMOTED, entrants=[e.name for e in promoted])
    notify_promoted(event, promoted)
    return promoted
