"""Players register themselves while an event's registration is open: a place while
there is one (``Event.capacity``, empty for no limit), else the waitlist, in the order
they registered. A place that frees (a withdrawal, an entrant dropped, a no-show, more
places) goes to the first on the waitlist, who is told by e-mail. Every change runs
under the event's row lock, so two people never take the last place."""

from django.db import transaction
from django.utils.translation import gettext as _

from refusal import Refusal
from tournaments import event_log
from tournaments.entrants import do_add_entrant, do_drop_entrant
from tournaments.finishing import check_not_finished
from tournaments.models import Entrant, Event
from tournaments.notices import notify_promoted, notify_registered
from tournaments.round_numbers import next_round_number


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
    elif entrant.is_dropped:
        message = _("You withdrew from this event; ask an organiser to enter you again.")
    else:
        message = _("You are entered already.")
    raise Refusal(message, code="conflict")


def has_free_place(event: Event) -> bool:
    if event.capacity is None:
        return True
    return event.entrants.filter(status=Entrant.Status.ACTIVE).count() < event.capacity


def do_register(event: Event, user) -> Entrant:
    """Enter ``user`` (signed in) in a free place, or on the waitlist when full."""
    with transaction.atomic():
        event = lock_event(event)
        check_takes_registrations(event)
        check_not_registered(event, user)
        status = Entrant.Status.ACTIVE if has_free_place(event) else Entrant.Status.WAITLISTED
        entrant = do_add_entrant(event, user=user, status=status)
        notify_registered(entrant)
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
            do_drop_entrant(entrant)
        else:
            entrant.delete()
        promote_waitlist(event, by)


def do_drop(entrant: Entrant, by) -> Entrant:
    """An organiser drops ``entrant`` from the next round on; the place goes to the
    waitlist."""
    with transaction.atomic():
        event = lock_event(entrant.event)
        entrant = do_drop_entrant(entrant)
        promote_waitlist(event, by)
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
