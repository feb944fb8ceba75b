"""Claims on matches and chunks: conditional UPDATEs that hand a piece of work to one
worker at a time, with a lease a live worker keeps renewing.

The lease is renewed by a heartbeat thread for as long as the attempt is alive, not
between moves: a move may wait on a remote bot for seconds and a search bot's game may
last minutes, and a lease left to expire meanwhile would let ``requeue_stale_work``
hand the same match to a second worker while the first still plays it. Only a dead
worker stops renewing."""

import logging
import threading
import uuid
from datetime import timedelta

from django.db import DatabaseError, connection
from django.db.models import F, Q
from django.utils import timezone

from bots import conf
from bots.models import WorkStatus


class ClaimLost(Exception):
    """Another worker took the work over (our lease expired): store nothing."""


def claimable() -> Q:
    """Queued, or running under a lease nobody renewed in time (its worker died)."""
    expired = timezone.now() - timedelta(seconds=conf.MATCH_LEASE_SECONDS)
    return Q(status=WorkStatus.QUEUED) | Q(status=WorkStatus.RUNNING, claimed_at__lt=expired)


def claim(model, pk: int) -> uuid.UUID | None:
    """Take the row for this worker; None when it is done or held by a live worker."""
    token = uuid.uuid4()
    taken = model.objects.filter(claimable(), pk=pk).update(
        status=WorkStatus.RUNNING,
        claim_token=token,
        attempts=F("attempts") + 1,
        claimed_at=timezone.now(),
    )
    return token if taken else None


log = logging.getLogger(__name__)


class Lease:
    """A claim held by this worker: ``with lease:`` renews it every
    ``conf.HEARTBEAT_SECONDS`` from a thread of its own while the work goes on, and
    ``tick()`` (between moves) stops the work once another worker holds it."""

    def __init__(self, model, pk: int, token: uuid.UUID):
        self.rows = model.objects.filter(pk=pk, claim_token=token, status=WorkStatus.RUNNING)
        self.lost = threading.Event()
        self.stopped = threading.Event()

    def __enter__(self) -> "Lease":
        self.stopped.clear()
        self.heart = threading.Thread(target=self._beat, name="lease-heartbeat", daemon=True)
        self.heart.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stopped.set()
        self.heart.join()

    def _beat(self) -> None:
        try:
            while not self.stopped.wait(conf.HEARTBEAT_SECONDS):
                try:
                    renewed = self.rows.update(claimed_at=timezone.now())
                except DatabaseError:
                    log.warning("could not renew a lease; trying again", exc_info=True)
                    continue
                if not renewed:
                    self.lost.set()
                    return
        finally:
            connection.close()  # this thread's own connection

    def tick(self) -> None:
        if self.lost.is_set():
            raise ClaimLost

    def finish(self, **fields) -> None:
        """Mark the work done (inside the storing transaction) or raise ``ClaimLost``."""
        if not self.rows.update(status=WorkStatus.DONE, **fields):
            raise ClaimLost
