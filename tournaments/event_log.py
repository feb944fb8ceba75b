"""Writing the event's log (``EventLogEntry``): one call per organiser action, inside
the action's transaction."""

from tournaments.models import Event, EventLogEntry

Action = EventLogEntry.Action


def log(event: Event, actor, action: str, **detail) -> EventLogEntry:
    actor = actor if actor is not None and actor.is_authenticated else None
    return EventLogEntry.objects.create(event=event, actor=actor, action=action, detail=detail)
