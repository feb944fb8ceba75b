from celery import shared_task

from tournaments.models import Event
from tournaments.standings import do_store_standings


@shared_task(acks_late=True)
def update_standings(event_id: int) -> int:
    """Recompute an event's standings from its results. Idempotent: it replaces the
    stored rows with what the results say, however often it runs."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    return do_store_standings(event)
