from celery import shared_task

from series.computing import run_series_task
from series.recurring import do_create_due_nights


@shared_task(acks_late=True)
def update_series(series_id: int) -> int | None:
    """Store a series' leaderboard from its member events' standings, one task in flight
    per series (``series.computing``). Idempotent."""
    return run_series_task(series_id)


@shared_task(acks_late=True)
def create_recurring_nights() -> int:
    """Sent by Celery beat: create every schedule's nights that are due (``days_ahead``
    of their date). Idempotent: a night's event is created once."""
    return do_create_due_nights()
