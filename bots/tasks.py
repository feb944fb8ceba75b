"""Bot tasks, all on the ``bots`` queue. Each takes ids and is idempotent: work is
claimed with a conditional UPDATE, so a redelivered task (acks_late) does nothing once
the work is done or held by a live worker."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from bots import conf
from bots.chunks import do_play_chunk
from bots.ladders import do_run_ladder_round
from bots.matches import do_play_match
from bots.models import Chunk, Match, SourceCheck, WorkStatus
from bots.probes import do_probe_source
from bots.ratings import do_update_bot_ratings
from bots.scheduling import do_fan_out

REQUEUE_LIMIT = 1000


@shared_task(acks_late=True, reject_on_worker_lost=True)
def play_match(match_id: int) -> str:
    return do_play_match(match_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def play_chunk(chunk_id: int) -> int:
    return do_play_chunk(chunk_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def fan_out_batch(batch_id: int) -> bool:
    return do_fan_out(batch_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def probe_source(check_id: int) -> str:
    return do_probe_source(check_id)


@shared_task(acks_late=True)
def update_bot_ratings() -> int:
    return do_update_bot_ratings()


@shared_task
def run_ladder_round(ladder_id: int) -> int | None:
    batch = do_run_ladder_round(ladder_id)
    return batch.pk if batch else None


@shared_task
def requeue_stale_work(include_queued: bool = False) -> int:
    """Send again the matches, chunks and probe games whose worker died (lease expired); with
    ``include_queued`` also the queued ones, whose message a dead worker may have
    taken with it (a broker that deletes on delivery). Duplicates are harmless; at most
    ``REQUEUE_LIMIT`` of each kind are sent per run, oldest first."""
    expired = timezone.now() - timedelta(seconds=conf.MATCH_LEASE_SECONDS)
    statuses = [WorkStatus.RUNNING] + ([WorkStatus.QUEUED] if include_queued else [])
    sent = 0
    for model, task in ((Match, play_match), (Chunk, play_chunk), (SourceCheck, probe_source)):
        stale = model.objects.filter(status__in=statuses).exclude(
            status=WorkStatus.RUNNING, claimed_at__gte=expired
        )
        for pk in stale.order_by("pk").values_list("pk", flat=True)[:REQUEUE_LIMIT]:
            task.delay(pk)
            sent += 1
    return sent
