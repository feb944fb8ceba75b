"""A batch's progress as its page's push stream follows it (``bots.views.push``).

Every write that moves the progress on announces the batch once it commits
(``announce_progress``, on ``lib.changes``): a worker's first claim starting the
batch (``bots.batches.mark_started``), a match or chunk stored or failed (each calls
``bots.batches.close_batch_on_commit``) and the batch closed. So the push server reads
a followed batch's stamp when a game of it finishes, once per process however many tabs
follow it, and an open batch page costs nothing while nothing changes. A change whose
announcement is lost (Redis away for a moment) is read within ``REFRESH_SECONDS``."""

from django.db import transaction
from django.db.models import Count

import lib.changes as changes
from bots.models import Batch, Chunk, Fault, Match, WorkStatus

TOPIC = "batch"
# A push server reads a followed batch's stamp again this often, whatever it heard.
REFRESH_SECONDS = 60


def announce_progress(batch_id: int) -> None:
    """Tell the batch's open pages, once the current transaction commits."""
    transaction.on_commit(lambda: changes.announce(TOPIC, batch_id))


def batch_stamp(batch_id: int) -> str:
    """Moves on with what the batch page's live part shows (``bots.batches``)."""
    batch = Batch.objects.filter(pk=batch_id).values_list("status", "started_at").first()
    if batch is None:
        return "gone"
    ended = [WorkStatus.DONE, WorkStatus.FAILED]
    matches = Match.objects.filter(batch_id=batch_id, status__in=ended)
    counts = sorted(matches.values_list("status").annotate(n=Count("pk")))
    failed_chunks = Chunk.objects.filter(batch_id=batch_id, status=WorkStatus.FAILED).count()
    faults = Fault.objects.filter(match__batch_id=batch_id).count()
    return f"{batch[0]}-{batch[1] is not None}-{counts}-{failed_chunks}-{faults}"
