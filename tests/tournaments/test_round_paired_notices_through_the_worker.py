"""A paired round's notices are written and sent by the real Celery worker."""

import pytest

from accounts.models import Notice
from tests.fixtures.worker import wait_for
from tests.tournaments.helpers import enter, make_event
from tournaments.pairing import do_pair_round


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_writes_and_sends_a_paired_rounds_notices(celery_worker, league, organiser):
    event = make_event(league, organiser, table_size=4, review_pairings=False)
    people = enter(event, 8, addresses=True)
    do_pair_round(event, by=organiser)
    told = Notice.objects.filter(subject=f"{event.name}: round 1 is paired")
    wait_for(lambda: told.exclude(sent_at=None).count() == 8, what="the notices written, sent")
    assert set(told.values_list("user", flat=True)) == {entrant.user_id for entrant in people}
    assert all("You play at table " in notice.body for notice in told)
