"""A batch's progress as its page's push stream follows it (``bots.views.push``): its
matches finish by conditional updates in the workers, which announce nothing, so the
push server reads a followed batch's stamp every ``REFRESH_SECONDS``: once per process
and batch, whatever the number of tabs open on it."""

from django.db.models import Count

from bots.models import Batch, Chunk, Fault, Match, WorkStatus

TOPIC = "batch"
REFRESH_SECONDS = 1


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
