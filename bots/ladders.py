"""Standing ladders: a django-celery-beat PeriodicTask (editable on the ladder's page
and in the admin) asks for a ladder round every so often; a round seats the ladder's
bots by rating through the ladder format (neighbours together, at tables of 2 to 4)
and schedules their games as one batch."""

import json
import logging

from django.db import transaction
from django.utils.translation import gettext as _
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from bots.divisions import do_run_division_cycle
from bots.held import check_bots_play_ready
from bots.models import Batch, Ladder, WorkStatus
from bots.scheduling import do_schedule_batch
from lib.refusal import Refusal, attempted
from tournaments.formats import Contender, History, PairingRequest, get_format

TASK = "bots.tasks.run_ladder_round"

log = logging.getLogger(__name__)


def ladder_pairings(bots: list, round_number: int, table_size: int = 2) -> list[list]:
    """The ladder format's round (``tournaments.formats.ladder``) over the bots, their
    rating as points: neighbours at tables of ``table_size``, the few left over sitting
    out in turn. ``round_number`` counts from 0."""
    by_key = {bot.pk: bot for bot in bots}
    contenders = [Contender(key=bot.pk, points=bot.rating) for bot in bots]
    request = PairingRequest(contenders, History(), table_size, round_number + 1, 0)
    tables = get_format("ladder").pair(request)
    return [[by_key[key] for key in table.seats] for table in tables if not table.bye]


def _schedule(every_minutes: int) -> IntervalSchedule:
    schedule, _created = IntervalSchedule.objects.get_or_create(
        every=every_minutes, period=IntervalSchedule.MINUTES
    )
    return schedule


def do_save_ladder(by, ladder: Ladder, bots: list, enabled: bool = True) -> Ladder:
    """Create or change a ladder and its periodic task together."""
    if not 2 <= ladder.table_size <= 4:
        raise Refusal(_("A table seats 2 to 4 bots."), field="table_size")
    if len(bots) < max(2, ladder.table_size):
        raise Refusal(
            _("A ladder at tables of %(size)d needs at least %(size)d bots.")
            % {"size": max(2, ladder.table_size)},
            field="bots",
        )
    check_bots_play_ready(bots)
    with transaction.atomic():
        if ladder.pk is None:
            ladder.created_by = by
            ladder.options = ladder.options or {"rounds": 1}  # quick games, unless set
        ladder.save()
        ladder.bots.set(bots)
        task = ladder.periodic_task or PeriodicTask(task=TASK)
        task.name = f"bot ladder {ladder.pk}: {ladder.name}"[:200]
        task.interval = _schedule(ladder.every_minutes)
        task.args = json.dumps([ladder.pk])
        task.enabled = enabled
        task.save()
        if ladder.periodic_task_id != task.pk:
            ladder.periodic_task = task
            ladder.save(update_fields=["periodic_task"])
    return ladder


def do_run_ladder_round(ladder_id: int) -> Batch | None:
    """Schedule the ladder's next round, unless its previous round is still playing
    (a slow round is not piled on)."""
    ladder = Ladder.objects.filter(pk=ladder_id).first()
    if ladder is None:
        return None
    if ladder.division_size:
        return do_run_division_cycle(ladder)
    if ladder.batches.exclude(status=WorkStatus.DONE).exists():
        return None
    pairs = ladder_pairings(list(ladder.bots.all()), ladder.rounds_played, ladder.table_size)
    if not pairs:
        return None
    scheduled = attempted(_schedule_round, ladder, pairs)
    if scheduled.refusal is not None:  # its author's budget (bots.quotas): tried next run
        log.warning("ladder %s: round not scheduled: %s", ladder.pk, scheduled.refusal.message)
    return scheduled.answer


def _schedule_round(ladder: Ladder, pairs: list) -> Batch:
    with transaction.atomic():
        ladder.rounds_played += 1
        ladder.save(update_fields=["rounds_played"])
        return do_schedule_batch(
            ladder.created_by,
            Batch.Kind.LADDER,
            pairs,
            games_per_lineup=ladder.games_per_pairing,
            options=ladder.options,
            name=f"{ladder.name} – round {ladder.rounds_played}",
            ladder=ladder,
        )
