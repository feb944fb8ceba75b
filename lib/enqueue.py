"""Work sent to the Celery workers from the apps' services, by the task's name, once the
transaction commits. An app's ``tasks`` module imports its services; the services send
its tasks through here and never import it (no circle). tests/site/test_enqueue.py
checks that every name sent is a task the workers know."""

from celery import current_app
from django.db import transaction


def on_commit(task: str, *args) -> None:
    """Send ``task`` (its dotted name, ``"bots.tasks.play_match"``) with ``args`` once the
    current transaction commits; at once outside a transaction."""
    transaction.on_commit(lambda: current_app.send_task(task, args))


def now(task: str, *args, countdown: float = 0) -> None:
    """Send ``task`` with ``args`` at once (within a transaction too: for work that must
    go even if it rolls back, or that runs ``countdown`` seconds later anyway)."""
    current_app.send_task(task, args, countdown=countdown)
