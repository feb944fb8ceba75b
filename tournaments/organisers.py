"""Naming and removing an event's organisers: only its creator or staff may
(``can_grant_organiser``), and each change goes into the event's log."""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments import event_log
from tournaments.models import Event
from tournaments.permissions import can_grant_organiser


def check_may_grant(by, event: Event) -> None:
    if not can_grant_organiser(by, event):
        raise PermissionDenied(_("Only the event's creator or staff name its organisers."))


def do_grant_organiser(event: Event, user, by) -> None:
    check_may_grant(by, event)
    if not user.is_active:
        raise Refusal(_("%(name)s cannot organise: the account is not active.") % {"name": user})
    with transaction.atomic():
        if event.organisers.filter(pk=user.pk).exists():
            raise Refusal(
                _("%(name)s already organises this event.") % {"name": user}, field="username"
            )
        event.organisers.add(user)
        event_log.log(event, by, event_log.Action.ORGANISER_GRANTED, user=user.username)


def organisers_to_show(event: Event, by) -> list[tuple]:
    """The event's organisers, each with whether ``by`` may remove them."""
    may_grant = can_grant_organiser(by, event)
    return [
        (person, may_grant and not is_creator(event, person)) for person in event.organisers.all()
    ]


def is_creator(event: Event, user) -> bool:
    """The event's creator always organises it."""
    return user.pk == event.created_by_id


def do_revoke_organiser(event: Event, user, by) -> None:
    check_may_grant(by, event)
    if is_creator(event, user):
        raise Refusal(_("The event's creator always organises it."))
    with transaction.atomic():
        if not event.organisers.filter(pk=user.pk).exists():
            raise Refusal(_("%(name)s does not organise this event.") % {"name": user})
        event.organisers.remove(user)
        event_log.log(event, by, event_log.Action.ORGANISER_REVOKED, user=user.username)
