"""What happens in an event, told to the apps above tournaments without importing them
(``integrations`` listens: webhooks, chat messages). Each is sent once the write that
made it commits, with ids only, and a receiver's failure never undoes that write.

- ``round_published``: a round is under way, its pairings seen by players (paired
  straight away, or a draft published): ``event_id``, ``round_id``, ``paired`` (true
  when paired and published at once).
- ``result_official``: a table's official result was written (``tournaments.results``):
  ``event_id``, ``table_id``, ``replaced`` (true when it replaced an earlier one: an
  override).
- ``standings_changed``: a standings run changed the stored rows: ``event_id``.
- ``event_finished``: ``event_id``.
"""

import logging

from django.db import transaction
from django.dispatch import Signal

round_published = Signal()
result_official = Signal()
standings_changed = Signal()
event_finished = Signal()

log = logging.getLogger(__name__)


def send_on_commit(signal: Signal, **ids) -> None:
    """Send ``signal`` with ``ids`` once the caller's transaction commits."""

    def send():
        for receiver, answer in signal.send_robust(sender=None, **ids):
            if isinstance(answer, Exception):
                log.error("%s failed on %s", receiver, ids, exc_info=answer)

    transaction.on_commit(send)
