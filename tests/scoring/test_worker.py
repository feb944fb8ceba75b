"""A confirmation's standings update reaches the real Celery worker."""

import pytest

from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.fixtures.worker import wait_for
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import StandingRow


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_last_confirmation_moves_the_standings_through_the_worker(
    celery_worker, one_round_table, player, other_player
):
    submission = do_submit_result(
        one_round_table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player
    )
    event = one_round_table.round.event
    assert not StandingRow.objects.filter(event=event).exists()

    do_confirm_result(submission, other_player)

    def stored():
        rows = list(StandingRow.objects.filter(event=event).order_by("rank"))
        return rows if len(rows) == 2 and rows[0].games == 1 else None

    rows = wait_for(stored, timeout=60, what="the standings after the confirmation")
    assert [(r.entrant.user.username, r.rank, r.points) for r in rows] == [
        ("pat_player", 1, 3.0),
        ("quinn_player", 2, 1.0),
    ]
