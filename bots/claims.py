"""Claims on matches and chunks: conditional UPDATEs that hand a piece of work to one
worker at a time, with a lease a live worker keeps renewing."""

import time
import uuid
from datetime import timedelta

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


class Lease:
    """Renews a claim every ``conf.HEARTBEAT_SECONDS`` while the work goes on."""

    def __init__(self, model, pk: int, token: uuid.UUID):
        self.rows = model.objects.filter(pk=pk, claim_token=token, status=WorkStatus.RUNNING)
        self.renewed = time.monotonic()

    def tick(self) -> None:
        if time.monotonic() - self.renewed < conf.HEARTBEAT_SECONDS:
            return
        if not self.rows.update(claimed_at=timezone.now()):
            raise ClaimLost
        self.renewed = time.monotonic()

    def finish(self, **fields) -> None:
        """Mark the work done (inside the storing transaction) or raise ``ClaimLost``."""
        if not self.rows.update(status=WorkStatus.DONE, **fields):
            raise ClaimLost
