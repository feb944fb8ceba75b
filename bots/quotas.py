"""The budget of bot work a person may have queued at once.

Each bot's *decision* is work for a worker (a built-in search bot at its settings' caps
spends about 0.8 s of CPU on one; a remote bot may take its whole time to answer), so a
person's batches may hold at most ``BOTS_DECISION_BUDGET`` decisions not yet played. A
batch's decisions are estimated when it is scheduled, as its games times their rounds
times their seats times ``DECISIONS_PER_SEAT_ROUND`` (a seat decides about 16 times in
a round: 33 moves at two seats in the rulebook's example round). A batch counts with
the share of its games not yet played until it is done. The check runs under the
person's row lock, before anything is written, so two batches sent at once cannot
both squeeze under the budget."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from bots.models import Batch, WorkStatus
from refusal import Refusal

DECISIONS_PER_SEAT_ROUND = 16


def decisions_of(lineups: list[list], games_per_lineup: int, rounds: int) -> int:
    seats = sum(len(lineup) for lineup in lineups)
    return seats * games_per_lineup * rounds * DECISIONS_PER_SEAT_ROUND


def queued_decisions(user) -> int:
    """The decisions of ``user``'s batches not yet played."""
    played = Count("matches", filter=Q(matches__status__in=[WorkStatus.DONE, WorkStatus.FAILED]))
    batches = (
        Batch.objects.filter(created_by=user)
        .exclude(status=WorkStatus.DONE)
        .annotate(played=played)
        .values_list("decisions", "total", "played")
    )
    return sum(decisions * (total - played) // total for decisions, total, played in batches)


def check_budget(user, decisions: int) -> None:
    """Refuses a batch of ``decisions`` that would take ``user`` over the budget. Takes
    the person's row lock: call it in the transaction that writes the batch."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    budget = settings.BOTS_DECISION_BUDGET
    queued = queued_decisions(user)
    if queued + decisions > budget:
        raise Refusal(
            _(
                "This batch is about %(decisions)s bot decisions and %(queued)s of yours are "
                "still queued: over your budget of %(budget)s queued decisions. Schedule "
                "fewer games or rounds, or wait for your batches to finish."
            )
            % {
                "decisions": number_format(decisions, force_grouping=True),
                "queued": number_format(queued, force_grouping=True),
                "budget": number_format(budget, force_grouping=True),
            },
            field="games",
        )
