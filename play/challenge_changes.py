"""A challenge's or open table's changes, announced when they commit so that its page
follows it on a push stream (``/push/play/challenges/ID/``, docs/push.md).

Its *stamp* is its ``updated_at``: every answer saves the challenge (a seat taken or
given up, an acceptance, a decline or withdrawal, the game started:
``play.challenges``), and every save is announced once its transaction commits.
"""

from django.db import transaction

import lib.changes as changes
from play.models import Challenge

TOPIC = "challenge"


def stamp_text(updated_at) -> str:
    """The stamp as a push stream's event names it, and the page carries it."""
    return f"{updated_at.timestamp():.6f}"


def push_stamp(challenge_id: int) -> str | None:
    stamp = Challenge.objects.filter(pk=challenge_id).values_list("updated_at", flat=True).first()
    return None if stamp is None else stamp_text(stamp)


def when_saved(instance: Challenge, **_signal) -> None:
    """``post_save`` of a challenge (connected in ``PlayConfig.ready``)."""
    challenge_id = instance.pk
    transaction.on_commit(lambda: changes.announce(TOPIC, challenge_id))
