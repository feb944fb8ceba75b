"""Who may see or change declarations: an event's organisers set what is asked, edit and
lock any one; an entrant changes their own before the deadline unless it is locked;
everyone who may see the event reads them when they are public or the event is over,
otherwise each entrant sees only their own (``tournaments.permissions`` decides who may
see the event and who organises it)."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Entrant, Event
from tournaments.permissions import access_event, is_event_organiser


def sees_every_declaration(user, event: Event, rule) -> bool:
    return rule.public or event.is_finished or is_event_organiser(user, event)


def access_event_declarations(user, slug: str) -> Event:
    return access_event(user, slug)


def access_entrant_to_declare(user, slug: str, entrant_id: int) -> tuple[Entrant, bool]:
    """The entrant whose declaration ``user`` changes, and whether ``user`` does it as an
    organiser (who may change any, at any time)."""
    event = access_event(user, slug)
    entrant = get_object_or_404(Entrant.objects.select_related("event"), event=event, pk=entrant_id)
    if is_event_organiser(user, event):
        return entrant, True
    if user.is_authenticated and entrant.user_id == user.pk:
        return entrant, False
    raise PermissionDenied


def access_event_as_declarations_organiser(user, slug: str) -> Event:
    event = access_event(user, slug)
    if not is_event_organiser(user, event):
        raise PermissionDenied
    return event
