"""What happens to bot work, told to the apps above bots without importing them
(``integrations`` listens: a bot author's webhooks). Sent once the write that made it
commits, with ids only; a receiver's failure never undoes that write.

- ``batch_finished``: every game of a batch is played or failed and the batch is
  closed: ``batch_id``.
"""

import logging

from django.db import transaction
from django.dispatch import Signal

batch_finished = Signal()

log = logging.getLogger(__name__)


def send_on_commit(signal: Signal, **ids) -> None:
    """Send ``signal`` with ``ids`` once the caller's transaction commits."""

    def send():
        for receiver, answer in signal.send_robust(sender=None, **ids):
            if isinstance(answer, Exception):
                log.error("%s failed on %s", receiver, ids, exc_info=answer)

    transaction.on_commit(send)
